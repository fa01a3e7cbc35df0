"""Italy '43-'45's words on screen, in the table's language: the factions, the operations, the special
activities, the civic actions, the choices on a card, the areas' fields."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from companion.i18n import _


def faction_name(faction: str) -> str:
    names = {"ger": _("Germany"), "rsi": _("RSI"), "cln": _("CLN"), "aut": _("Autonomous")}
    return names.get(faction, faction)


def player_name(faction: str, names: Sequence[str]) -> str:
    """The faction, and who plays it when a name was typed that is not the faction's own ("Germany (Ada)");
    `names` in FACTIONS' order, as the game's options keep them."""
    from companion.games.italy4345.model import FACTIONS, NAMES

    name = names[FACTIONS.index(faction)] if len(names) == len(FACTIONS) and faction in FACTIONS else ""
    if not name or name in (faction_name(faction), NAMES.get(faction)):  # NAMES: an older record's default
        return faction_name(faction)
    return f"{faction_name(faction)} ({name})"


def faction_short(faction: str) -> str:
    """A faction on a small key (the resources' row)."""
    names = {"ger": _("Ger."), "rsi": _("RSI"), "cln": _("CLN"), "aut": _("Aut.")}
    return names.get(faction, faction)


def choice_name(choice: str) -> str:
    names = {
        "pass": _("Pass"),
        "event": _("Event"),
        "op": _("Operation"),
        "op+sa": _("Op + SA"),
        "limop": _("Limited Op"),
    }
    return names.get(choice, choice)


def op_name(op: str) -> str:
    """An operation, a special activity or a civic action (§7, §8, §6.2.4)."""
    names = {
        "conscription": _("Conscription"),
        "propaganda": _("Propaganda"),
        "mobilize": _("Mobilize"),
        "assault": _("Assault"),
        "reinforce": _("Reinforce"),
        "retaliate": _("Retaliate"),
        "deploy": _("Deploy"),
        "attack": _("Attack"),
        "enlist": _("Enlist"),
        "revolt": _("Revolt"),
        "move": _("Move"),
        "shooting": _("Shooting"),
        "gathering": _("Gathering"),
        "liberation": _("Liberation"),
        "march": _("March"),
        "clash": _("Clash"),
        "police": _("Police"),
        "seizure": _("Seizure"),
        "punitive": _("Punitive"),
        "convoys": _("Convoys"),
        "repairs": _("Repairs"),
        "repair": _("Repair"),
        "counteroffensive": _("Counteroffensive"),
        "expropriation": _("Expropriation"),
        "sabotage": _("Sabotage"),
        "clandestinity": _("Clandestinity"),
        "confiscation": _("Confiscation"),
        "forced_march": _("Forced march"),
        "ambush": _("Ambush"),
    }
    return names.get(op, op)


def piece_name(piece: str) -> str:
    """An area's field on the adjust and battle pages."""
    names = {
        "aa": _("Anglo-Am."),
        "ger": _("German"),
        "rsi": _("RSI troops"),
        "aut_troops": _("Aut. troops"),
        "aut_hidden": _("Aut. brig."),
        "cln_hidden": _("CLN brig."),
        "bases": _("Bases"),
    }
    return names.get(piece, piece)


def term_name(term: str) -> str:
    """A score's term (§5) on a small key."""
    names = {
        "production": _("prod."),
        "population": _("pop."),
        "troops": _("troops"),
        "bases": _("bases"),
        "areas": _("areas"),
        "cities": _("cities"),
        "tokens": _("tokens"),
        "sabotage": _("sabot."),
    }
    return names.get(term, term)


def symbol_name(symbol: str) -> str:
    names = {
        "marines": _("Marines"),
        "royal_army": _("Royal Army"),
        "stukas": _("Stukas"),
        "bomb": _("Bomb"),
    }
    return names.get(symbol, symbol)


def terrain_name(kind: str) -> str:
    names = {"city": _("City"), "countryside": _("Countryside"), "mountain": _("Mountain")}
    return names.get(kind, kind)


def area_name(area: str) -> str:
    """An area's id as the players say it (the owner's map names its own; these are the text's)."""
    special = {
        "rds": _("Regno del Sud"),
        "france": _("France"),
        "switzerland": _("Switzerland"),
        "ndh": _("NDH"),
        "reich": _("Reich"),
        "bozen": _("Bozen"),
    }
    return special.get(area, area.replace("_", " ").capitalize())


def card_name(card: str | None) -> str:
    if not card:
        return _("no card yet")
    kind, number = card.split("-")
    if kind == "offensive":
        return _("Offensive card {n}").format(n=int(number))
    return _("Event {n}").format(n=int(number))


def told(sentence: object, areas: Collection[str] = ()) -> str:
    """An engine sentence in the table's language, its card and area ids said as the players say them (in
    the sentences it holds too: a refusal's reason); `areas`: the map's other area ids it may name (the
    countryside and mountain areas of the owner's map), said so too."""
    from companion.i18n import translate

    return translate(_said(sentence, areas))


def _said(value: object, areas: Collection[str] = ()) -> object:
    from companion.games.italy4345.deck import CARD_IDS
    from companion.games.italy4345.errors import Sentence
    from companion.games.italy4345.model import CITIES, SPECIALS

    if isinstance(value, Sentence):
        values = getattr(value, "values", {})
        said = {k: _said(v, areas) for k, v in values.items()}
        return Sentence(value.template, **said) if values else value
    if value in CARD_IDS:
        return card_name(str(value))
    if isinstance(value, str) and value.count(".") and not value.endswith(".toml"):  # an answer's key
        parts = value.split(".")[1:]
        return " ".join(_key_part(p) for p in parts if p not in ("arrows", "type"))
    if value in CITIES or value in SPECIALS or isinstance(value, str) and value in areas:
        return area_name(str(value))
    return value


def _key_part(part: str) -> str:
    """A part of an answer's key as the players say it: a card, an area, a disk's side or a city's value."""
    from companion.games.italy4345.facts import CITY_WORDS
    from companion.i18n import translate

    if part in CITY_WORDS:
        return translate(CITY_WORDS[part])
    return str(_said(part)).replace("_", " ")
