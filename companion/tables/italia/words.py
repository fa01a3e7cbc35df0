"""Italia's words on screen, in the table's language: nations, unit types, the modifiers of a die,
terrains, cities, colours. The engine speaks ids and English reasons; these turn them into the
catalog's words, so a screen line is built from the engine's structured data, never from its text."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.italia.battle import Group, unit_type
from companion.games.italia.departure import FREED, LEAVES, REPLACED, STAYS
from companion.games.italia.fight import EarlyRoll
from companion.games.vocabulary import Sentence
from companion.i18n import _, ngettext, translate

PLAYER_COLOURS: dict[str, tuple[int, int, int]] = {  # the game's four colours (§3.0), on screen
    "red": (200, 70, 60),
    "yellow": (225, 180, 30),
    "blue": (70, 120, 200),
    "green": (50, 150, 90),
}


def _nation_names() -> dict[str, str]:
    return {
        "celts": _("Celts"),
        "etruscans": _("Etruscans"),
        "epirotes": _("Epirotes"),
        "greeks": _("Greeks"),
        "samnites": _("Samnites"),
        "carthaginians": _("Carthaginians"),
        "numidians": _("Numidians"),
        "illyrians": _("Illyrians"),
        "cimbri": _("Cimbri"),
        "romans": _("Romans"),
        "optimates": _("Optimates"),
        "populares": _("Populares"),
        "visigoths": _("Visigoths"),
        "western-romans": _("Western Romans"),
        "sardinians": _("Sardinians"),
        "berbers": _("Berbers"),
        "vandals": _("Vandals"),
        "romans-of-africa": _("Romans of Africa"),
        "huns": _("Huns"),
        "foederati": _("Foederati"),
        "ostrogoths": _("Ostrogoths"),
        "byzantium": _("Byzantium"),
        "patrimonium": _("Patrimonium"),
        "burgundians": _("Burgundians"),
        "lombards": _("Lombards"),
        "avars": _("Avars"),
        "arabs": _("Arabs"),
        "franks": _("Franks"),
    }


def nation_name(nation: str) -> str:
    return _nation_names().get(nation, nation.replace("-", " ").title())


def told(sentence: object) -> str:
    """An engine sentence (a refusal) in the table's language, the nations in it named as the screen
    names them ("Greeks", not "greeks"; a list of them too), a unit key as its type."""
    return translate(_named(sentence, _nation_names()))


def _named(value: object, names: dict[str, str]) -> object:
    if not isinstance(value, Sentence):
        if isinstance(value, str) and value and all(part in names for part in value.split(", ")):
            return ", ".join(names[part] for part in value.split(", "))
        return value
    values = {k: _named(v, names) for k, v in value.values.items()}
    key, count = values.get("key"), values.get("n", 1)
    if isinstance(key, str) and isinstance(count, int):
        values["key"] = unit_name(key, count)
    return Sentence(value.template, **values)


def departure_words(sentences: Sequence[object]) -> list[str]:
    """What the end of a game turn did to the nations whose last turn it was, in short lines (§12.4,
    A53): who left the board, whose pieces stay, who replaces whom, who is free again."""
    said: dict[str, list[Sentence]] = {}
    for sentence in sentences:
        if isinstance(sentence, Sentence):
            said.setdefault(sentence.template, []).append(sentence)
    lines = []
    for template, line in (
        (LEAVES, _("Off the board: {nations}")),
        (STAYS, _("Pieces stay on the board: {nations}")),
        (FREED, _("Free again: {nations}")),
    ):
        if said.get(template):
            lines.append(
                line.format(nations=", ".join(nation_name(str(s.values["nation"])) for s in said[template]))
            )
    for sentence in said.get(REPLACED, []):
        heir, nation = nation_name(str(sentence.values["heir"])), nation_name(str(sentence.values["nation"]))
        lines.append(_("{heir} replace the {nation}").format(heir=heir, nation=nation))
    return lines


def unit_name(key: str, count: int = 1) -> str:
    """A unit type (or a key like "legion:sea") as the table says it, singular or plural."""
    kind = unit_type(key)
    forms = {
        "infantry": ngettext("infantry", "infantry", count),
        "foederati": ngettext("foederati", "foederati", count),
        "legion": ngettext("legion", "legions", count),
        "consular": ngettext("consular legion", "consular legions", count),
        "cavalry": ngettext("cavalry", "cavalry", count),
        "elephant": ngettext("elephant", "elephants", count),
        "fleet": ngettext("fleet", "fleets", count),
    }
    name = forms.get(kind, kind)
    return name + " " + _("(by sea)") if key.endswith(":sea") else name


def counted(units: dict[str, int]) -> str:
    """ "3 legions, 1 elephant" (nothing: "none")."""
    parts = [f"{n} {unit_name(k, n)}" for k, n in sorted(units.items()) if n]
    return ", ".join(parts) if parts else _("none")


def reason(text: str) -> str:
    """A modifier's reason as the engine names it ("mountain", "2 leaders", "landing")."""
    words = {
        "mountain": _("mountain"),
        "swamp": _("swamp"),
        "city": _("city"),
        "leader": _("leader"),
        "naval supremacy": _("naval supremacy"),
        "landing": _("landing"),
    }
    count, _space, rest = text.partition(" ")
    if rest == "leaders" and count.isdigit():
        return ngettext("{count} leader", "{count} leaders", int(count)).format(count=count)
    return words.get(text, text)


def group_line(group: Group) -> str:
    """ "3 x Legion hits on 7+: 6, mountain -1, city -2, leader +2", from the group's terms."""
    parts = "".join(f", {reason(t.reason)} {t.value:+d}" for t in group.terms)
    return _("{count} x {unit} hit on {needed}+: {points}{parts}").format(
        count=group.dice,
        unit=unit_name(group.unit, group.dice).capitalize(),
        needed=group.needed,
        points=group.points,
        parts=parts,
    )


def early_line(roll: EarlyRoll) -> str:
    """A roll before the first round, as the pad and the battle page list it (typed first)."""
    if roll.kind == "fear":
        said = ngettext(
            "{count} die for elephant fear: a unit deserts on {needed}+",
            "{count} dice for elephant fear: a unit deserts on {needed}+",
            roll.dice,
        )
    else:
        said = ngettext(
            "{count} die for the Foederati: one switches sides on {needed}+",
            "{count} dice for the Foederati: one switches sides on {needed}+",
            roll.dice,
        )
    return said.format(count=roll.dice, needed=roll.needed)


def terrain_name(terrain: str) -> str:
    return {
        "standard": _("clear"),
        "mountain": _("mountain"),
        "swamp": _("swamp"),
        "borderland": _("borderland"),
    }.get(terrain, terrain)


def city_name(city: str) -> str:
    return {"none": _("no city"), "intact": _("intact city"), "ruin": _("ruined city")}.get(city, city)


def colour_name(colour: str) -> str:
    return {"red": _("red"), "yellow": _("yellow"), "blue": _("blue"), "green": _("green")}.get(
        colour, colour
    )


def side_name(which: str) -> str:
    return _("Attacker") if which == "attacker" else _("Defender")


def outcome(how: str) -> str:
    """How a battle ended (fight.Aftermath.how)."""
    return {
        "cleared": _("the attacker cleared the zone"),
        "held": _("the defender held the zone"),
        "both destroyed": _("both sides were destroyed"),
        "submitted": _("the defender submitted"),
        "raided": _("the raid ruined the city"),
        "raid failed": _("the raid failed"),
    }.get(how, how)


def source_name(source: str) -> str:
    """What a line of the score pad is for (the engine's sources, ledger.SOURCES)."""
    return {
        "zones": _("zones"),
        "cities": _("cities"),
        "region": _("region"),
        "eliminations": _("eliminations"),
        "loot": _("loot"),
        "major battle": _("major battle"),
        "leader": _("leader"),
        "other": _("other"),
    }.get(source, source)
