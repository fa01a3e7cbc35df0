"""Autoplay: a bot taps the app's own buttons (a board tap where the game wants one), which is how
the whole app is tested and how `companion run --autoplay` measures it. The bot and where it taps
are the game's (its table module's `bot` and `next_tap`)."""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from typing import Any


class Stopped(Exception):
    """The game cannot go on (its decision was refused); the message is the screen's sentence."""


@dataclass
class RunStats:
    frames_ms: list[float] = field(default_factory=list)  # frames drawn: input, the action it played, drawing
    render_ms: list[float] = field(default_factory=list)  # drawing alone
    idle: int = 0  # frames with nothing to redraw
    taps: int = 0
    direct: int = 0  # bot actions the screen could not reach with taps: played straight (should stay 0)

    def summary(self) -> str:
        frame, render = _median_p99(self.frames_ms), _median_p99(self.render_ms)
        return (
            f"{len(self.frames_ms)} frames drawn: median {frame[0]:.1f} ms, p99 {frame[1]:.1f} ms "
            f"(drawing alone: median {render[0]:.1f} ms, p99 {render[1]:.1f} ms), {self.idle} idle; "
            f"{self.taps} taps, {self.direct} actions without a button"
        )


def _median_p99(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return (statistics.median(ordered), ordered[int(len(ordered) * 0.99)]) if ordered else (0.0, 0.0)


def play_through(app: Any, rounds: int, seed: int, bot: Any = None) -> RunStats:
    """A bot (the game's own unless given) plays through the app's own buttons until the game ends
    or `rounds` are over."""
    from companion.tables import find_table

    rng = random.Random(seed)
    module = find_table(app.session.table.game_id)
    app.animate = False  # a bot does not watch
    app.draw()
    while not app.session.over and module.round_of(app.session.state) <= rounds:
        action = (bot or module.bot)(app.session.state, rng)
        decisions = len(app.session.game.records)
        for _ in range(12):  # the taps of one decision: a button, or a card then zones, ...
            target = module.next_tap(app, action)
            if target is None:
                break
            app.stats.taps += 1
            app.pygame.event.post(app.pygame.event.Event(app.pygame.MOUSEBUTTONDOWN, pos=target, button=1))
            app.frame()
            if len(app.session.game.records) != decisions:
                break
        if len(app.session.game.records) == decisions:  # no button for it yet, or the tap missed
            module.forget_choice(app.game.view)
            app.stats.direct += 1
            if not app.session.do(action):  # refused (a full card, a bot's mistake): asking again would spin
                raise Stopped(app.session.message or "the bot's action changed nothing")
            app.frame()
    return app.stats  # type: ignore[no-any-return]


def buttons_by_marker(app: Any) -> dict[Any, tuple[int, int]]:
    """Where each enabled button on screen is, by its marker (the action it plays, for most)."""
    return {button.action: button.rect.center for button in app.buttons if button.enabled}
