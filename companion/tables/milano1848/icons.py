"""Names of the game's icons and sides in the table's language."""

from __future__ import annotations

from companion.i18n import _


def icon_name(icon: str) -> str:
    return {"swords": _("Swords"), "map": _("Map"), "cannonball": _("Cannon")}[icon]


def side_name(side: str) -> str:
    return {"italy": _("Italy"), "austria": _("Austria")}.get(side, side)
