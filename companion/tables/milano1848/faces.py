"""What each Milano card's face shows, for the sticker sheets: the right sticker on the right card."""

from __future__ import annotations

from companion.assets import edition
from companion.games.milano1848.edition import FIRST_PLAYER_CARD, zone_card_id
from companion.i18n import _
from companion.tables.milano1848.helps import help_name
from companion.tables.milano1848.icons import icon_name


def card_faces() -> dict[str, str]:
    """Card id -> its face, as the sheet prints it beside the sticker (" / " between lines): a Zone
    card's zone, an Austria card's icon, an Italy card's icon and Help (from the edition)."""
    cards = edition("milano1848")
    faces = {zone_card_id(z): _("Zone {zone}").format(zone=z) for z in range(1, cards.board.zones + 1)}
    faces |= {card: _("Austria") + " / " + icon_name(icon) for card, icon in cards.austria.items()}
    faces |= {card: f"{icon_name(icon)} / {help_name(help_)}" for card, (icon, help_) in cards.italy.items()}
    return faces | {FIRST_PLAYER_CARD: _("First Player")}
