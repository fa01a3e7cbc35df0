"""The Road to Novara's words on screen: sides, unit types, chits, and the combat preview's lines with
each reason in the table's language (unit and place names stay as printed)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from companion.games.vocabulary import Sentence
from companion.i18n import _, decimal, translate

SIDES = ("austria", "sardinia")


def side_name(side: str) -> str:
    return {"austria": _("Austrians"), "sardinia": _("Sardinians"), "draw": _("nobody (a draw)")}.get(
        side, side
    )


def player_name(side: str) -> str:
    return {"austria": _("the Austrian player"), "sardinia": _("the Sardinian player")}.get(side, side)


def side_adjective(side: str) -> str:
    return {"austria": _("Austrian"), "sardinia": _("Sardinian")}.get(side, side)


def first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def kind_names() -> dict[str, str]:
    return {
        "infantry": _("Inf."),
        "light-infantry": _("Light"),
        "cavalry": _("Cav."),
        "artillery": _("Art."),
        "horse-artillery": _("H. art."),
        "pontoon": _("Pont."),
    }


def chit_label(edition: Any, chit: str) -> str:
    """A chit as the table knows it: the formation's printed label, a Higher Commander, an Independent."""
    if chit.endswith("-independent"):
        return _("{side}: Independent").format(side=side_name(chit.removesuffix("-independent")))
    if chit in ("radetzky", "chrzanowski"):
        return chit.title()
    formation = edition.formations.get(chit)
    label = getattr(formation, "label", "")
    return f"{chit} {label}".strip() if label and label != chit else chit


def number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else decimal(float(value), 1)


def place(name: str) -> str:
    """A terrain or hexside: its name as the players' chart prints it, or the chart itself."""
    return _("your chart") if name == "chart" else name


def reason(why: object) -> str:
    """An engine's reason (a Sentence: its template and values) in the table's language; a terrain or
    hexside the players took from their chart ("chart") is named as such."""
    return translate(_charted(why))


def _charted(why: object) -> object:
    if not isinstance(why, Sentence):
        return why
    named = {
        key: place(v) if key == "name" and isinstance(v, str) else _charted(v)
        for key, v in why.values.items()
    }
    return Sentence(why.template, **named)


def preview_lines(preview: Any) -> list[str]:
    """The preview before the roll, line by line: sums, exact ratio, base column, each shift and each
    die modifier with its reason, the final column."""
    lines = [
        _("Attack {a}, defence {d}: ratio {ratio}, column {column}.").format(
            a=number(preview.attack),
            d=number(preview.defence),
            ratio=decimal(float(preview.ratio), 2),
            column=preview.base_column,
        )
    ]
    for why, n in preview.shifts:
        lines.append(
            (_("{n} right: {why}") if n > 0 else _("{n} left: {why}")).format(n=abs(n), why=reason(why))
        )
    lines.append(_("Final column {column}.").format(column=preview.final_column))
    lines += [_("Die {n:+d}: {why}").format(n=n, why=reason(why)) for why, n in preview.die_modifiers]
    return lines


def parts_line(parts: Any) -> str:
    """Each unit's factor in a combat (halved out of supply)."""
    return ", ".join(f"{name}: {number(value)}" + (" (½)" if note else "") for name, value, note in parts)
