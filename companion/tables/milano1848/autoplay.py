"""Where a player taps next toward a Milano 1848 decision, given what the screen shows now: the
app's autoplay (companion.ui.autoplay) taps there."""

from __future__ import annotations

from typing import Any

from companion.games.milano1848 import actions as a
from companion.ui.autoplay import buttons_by_marker


def next_tap(app: Any, action: a.Action) -> tuple[int, int] | None:
    view = app.game.view
    if view.needs_setup(app.session):
        return app.buttons[0].rect.center  # type: ignore[no-any-return]  # Next, then Done: the table is set up
    by_action = buttons_by_marker(app)
    if action in by_action:
        return by_action[action]
    if isinstance(action, (a.UseHelp, a.Strengthen)):
        return _help_tap(app, action, by_action)
    if isinstance(action, (a.PlacePatriot, a.Move, a.Promote)):
        return zone_centre(app, action.zone)
    if isinstance(action, a.Answer) and len(action.cards) == 3:
        missing = [c for c in action.cards if c not in view.panel.selected]
        return by_action.get(("pick", missing[0])) if missing else None
    return None


def _help_tap(
    app: Any, action: a.UseHelp | a.Strengthen, by_action: dict[Any, tuple[int, int]]
) -> tuple[int, int] | None:
    """A Help: its card, then its zones on the board; a Strengthen: the tile, then the cards."""
    helps = app.game.view.panel.helps
    if isinstance(action, a.UseHelp):
        if not helps.mode:
            return by_action.get(("mode", "card"))
        if helps.mode == "card":
            return by_action.get(("help-card", action.card))
        chosen = len(helps.zones)
        return (
            zone_centre(app, action.zones[chosen]) if chosen < len(action.zones) else by_action.get(("go",))
        )
    if not helps.mode:
        return by_action.get(("mode", "tile"))
    if helps.mode == "tile":
        return by_action.get(("tile", action.help))
    missing = [c for c in action.cards if c not in helps.cards]
    return by_action.get(("stack", missing[0])) if missing else by_action.get(("place",))


def zone_centre(app: Any, zone: int) -> tuple[int, int]:
    x, y = app.game.view.board.centres[zone]
    return int(x), int(y)
