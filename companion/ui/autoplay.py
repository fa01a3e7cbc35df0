"""Autoplay: a bot taps the app's own buttons (a board tap for zones), which is how the whole app
is tested and how `companion run --autoplay` measures it."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.games.milano1848 import actions as a
from companion.games.milano1848.state import State

Bot = Callable[[State, random.Random], a.Action]


@dataclass
class RunStats:
    frames_ms: list[float] = field(default_factory=list)  # frames drawn: input, the action it played, drawing
    render_ms: list[float] = field(default_factory=list)  # drawing alone
    idle: int = 0  # frames with nothing to redraw
    taps: int = 0
    direct: int = 0  # bot actions the screen could not reach with taps: played straight (should stay 0)

    def summary(self) -> str:
        frame, render = _median_p99(self.frames_ms), _median_p99(self.render_ms)
        return (f"{len(self.frames_ms)} frames drawn: median {frame[0]:.1f} ms, p99 {frame[1]:.1f} ms "
                f"(drawing alone: median {render[0]:.1f} ms, p99 {render[1]:.1f} ms), {self.idle} idle; "
                f"{self.taps} taps, {self.direct} actions without a button")


def _median_p99(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return (statistics.median(ordered), ordered[int(len(ordered) * 0.99)]) if ordered else (0.0, 0.0)


def play_through(app: Any, rounds: int, seed: int, bot: Bot) -> RunStats:
    """A bot plays through the app's own buttons until the game ends or `rounds` are over."""
    rng = random.Random(seed)
    app.animate = False  # a bot does not watch
    app.draw()
    while not app.session.over and app.session.state.round <= rounds:
        action = bot(app.session.state, rng)
        decisions = len(app.session.game.records)
        for _ in range(12):  # the taps of one decision: a button, or a card then zones, ...
            target = next_tap(app, action)
            if target is None:
                break
            app.stats.taps += 1
            app.pygame.event.post(app.pygame.event.Event(app.pygame.MOUSEBUTTONDOWN, pos=target, button=1))
            app.frame()
            if len(app.session.game.records) != decisions:
                break
        if len(app.session.game.records) == decisions:  # no button for it yet, or the tap missed
            app.panel.helps.reset()
            app.stats.direct += 1
            app.session.do(action)
            app.frame()
    return app.stats  # type: ignore[no-any-return]


def next_tap(app: Any, action: a.Action) -> tuple[int, int] | None:
    """Where a player taps next toward this action, given what the screen shows now."""
    if app._needs_setup():
        return app.buttons[0].rect.center  # type: ignore[no-any-return]  # Done: the table is set up
    by_action: dict[Any, tuple[int, int]] = {button.action: button.rect.center for button in app.buttons if button.enabled}
    if action in by_action:
        return by_action[action]
    if isinstance(action, (a.UseHelp, a.Strengthen)):
        return _help_tap(app, action, by_action)
    if isinstance(action, (a.PlacePatriot, a.Move, a.Promote)):
        return zone_centre(app, action.zone)
    if isinstance(action, a.Answer) and len(action.cards) == 3:
        missing = [c for c in action.cards if c not in app.panel.selected]
        return by_action.get(("pick", missing[0])) if missing else None
    return None


def _help_tap(app: Any, action: a.UseHelp | a.Strengthen, by_action: dict[Any, tuple[int, int]]) -> tuple[int, int] | None:
    """A Help: its card, then its zones on the board; a Strengthen: the tile, then the cards."""
    helps = app.panel.helps
    if isinstance(action, a.UseHelp):
        if not helps.mode:
            return by_action.get(("mode", "card"))
        if helps.mode == "card":
            return by_action.get(("help-card", action.card))
        chosen = len(helps.zones)
        return zone_centre(app, action.zones[chosen]) if chosen < len(action.zones) else by_action.get(("go",))
    if not helps.mode:
        return by_action.get(("mode", "tile"))
    if helps.mode == "tile":
        return by_action.get(("tile", action.help))
    missing = [c for c in action.cards if c not in helps.cards]
    return by_action.get(("stack", missing[0])) if missing else by_action.get(("place",))


def zone_centre(app: Any, zone: int) -> tuple[int, int]:
    x, y = app.board.centres[zone]
    return int(x), int(y)
