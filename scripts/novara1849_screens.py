"""The Road to Novara's screens for scripts/screenshots.py: the scripted players (companion.tables.
novara1849.autoplay) tap through two turns (with the Fog of War's dummy markers, whose reminders the
hand-over and the losses show) and each screen is taken as a player meets it, filled in, just before the
tap that plays it (Radetzky's Command Factor typed in on turn 2: "factor"); then the table's own cup and
dice, the ledger and the victory; the Hidden Forces Display and the 6th Division variant.
Saved as docs/screenshots/novara1849-<screen>[-it].png."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.assets import edition
from companion.games.novara1849 import Concede, Game, scenario
from companion.session import Devices, Session
from companion.tables.novara1849 import autoplay, bot
from companion.tables.novara1849.choices import Choices
from companion.ui import theme
from companion.ui.app import App
from hardware.printer import PrintService
from hardware.sim.die import SimDie
from hardware.sim.printer import SimPrinter

Shoot = Callable[[Any, str], None]


def novara_screens(suffix: str, shoot: Shoot, size: tuple[int, int]) -> None:
    """Every screen of the game, in the language in use, at this size."""
    with tempfile.TemporaryDirectory() as spool:
        service = PrintService(SimPrinter(), Path(spool) / "q.jsonl")
        try:
            _start(shoot, size, suffix)
            _companion_cup(shoot, size, suffix, service)
            _table_cup(shoot, size, suffix, service)
            _optional_rules(shoot, size, suffix, service)
        finally:
            service.close()


def _start(shoot: Shoot, size: tuple[int, int], suffix: str) -> None:
    """The start screen with the game chosen, then the players' screen (two armies, no names)."""
    app = App(None, size, headless=True, new_session=lambda game, options: None)
    app.lobby.start_screen.game = "novara1849"
    try:
        shoot(app, f"novara1849-start{suffix}")
        app.draw()
        next(b for b in app.buttons if b.colour == theme.ALERT).on_tap()  # New game
        shoot(app, f"novara1849-players{suffix}")
    finally:
        app.close()


def _app(
    size: tuple[int, int],
    service: PrintService,
    choices: Choices | None = None,
    fog: str = "",
    name: str = "campaign",
    sixth_division: bool = False,
) -> App:
    options = scenario(name, seed=3, fog=fog, sixth_division=sixth_division)
    session = Session(Game(edition("novara1849"), options), Devices(SimDie(), service))
    chosen = {"novara1849": choices or Choices()}
    session.die_player.pace = 0  # the die rests on each script's last face at once: the same pictures
    app = App(session, size, headless=True, new_session=lambda game, options: None, choices=chosen)
    app.draw()
    return app


def _companion_cup(shoot: Shoot, size: tuple[int, int], suffix: str, service: PrintService) -> None:
    app, taken = _app(size, service, fog="dummies"), set()  # the Fog of War's reminders shown too
    rng = random.Random(3)
    try:
        while app.session.state.turn <= 2:
            action = bot(app.session.state, rng)
            decisions = len(app.session.game.records)
            while len(app.session.game.records) == decisions:
                markers = autoplay._markers(app.game.view.draft, app.session.state, action)
                name = _screen(app, markers)
                if name and name not in taken:
                    taken.add(name)
                    shoot(app, f"novara1849-{name}{suffix}")
                app.tap(autoplay.next_tap(app, action))  # type: ignore[arg-type]
                app.draw()
        _tap(app, ("ledger",))
        shoot(app, f"novara1849-ledger{suffix}")
        _tap(app, ("back",))
        app.session.do(Concede("sardinia"))
        app.draw()
        shoot(app, f"novara1849-victory{suffix}")
    finally:
        app.close()


def _table_cup(shoot: Shoot, size: tuple[int, int], suffix: str, service: PrintService) -> None:
    """The table's own cup (every chit offered: the cup's contents stay secret) and its own dice."""
    choices = Choices()
    choices.table_cup = choices.table_dice = True
    app, rng = _app(size, service, choices), random.Random(3)
    try:
        while app.session.state.phase != "draw":
            app.session.do(autoplay.typed_in(app.session.state, bot(app.session.state, rng)))
        app.session.do(bot(app.session.state, rng))  # II Corps by surprise
        app.draw()
        _tap(app, ("charge",))
        for marker in (("charger", "A-II cav 2"), ("target", "S-1 inf 4"), ("die", 5)):
            _tap(app, marker)
        shoot(app, f"novara1849-dice{suffix}")
        _tap(app, ("cancel",))
        _tap(app, ("end-activation",))
        _tap(app, ("draw",))
        shoot(app, f"novara1849-chits{suffix}")
    finally:
        app.close()


def _optional_rules(shoot: Shoot, size: tuple[int, int], suffix: str, service: PrintService) -> None:
    """The Hidden Forces Display (handed over, then its owner filling box A; a chit moving two dummies)
    in the campaign, and the 6th Division entering in Mortara (turn 5)."""
    for options, until in (({"fog": "hidden"}, 2), ({"name": "mortara", "sixth_division": True}, 5)):
        app, rng, taken = _app(size, service, **options), random.Random(3), set()  # type: ignore[arg-type]
        try:
            while app.session.state.turn <= until:
                action = bot(app.session.state, rng)
                decisions = len(app.session.game.records)
                while len(app.session.game.records) == decisions:
                    markers = autoplay._markers(app.game.view.draft, app.session.state, action)
                    name = _optional_screen(markers)
                    if name and name not in taken:
                        taken.add(name)
                        shoot(app, f"novara1849-{name}{suffix}")
                    app.tap(autoplay.next_tap(app, action))  # type: ignore[arg-type]
                    app.draw()
        finally:
            app.close()


def _optional_screen(markers: list[object]) -> str:
    head = markers[0] if markers else None
    if isinstance(head, tuple) and head[:1] == ("hand-display",):
        return "display-handover"
    named = {("dummies",): "dummies", ("sixth",): "sixth"}
    if isinstance(head, tuple) and head[:1] == ("hide",):
        return "display"
    return named.get(head, "") if isinstance(head, tuple) else ""


def _tap(app: App, marker: object) -> None:
    view = app.game.view
    view.build(app.session)
    found = [b for b in [*app.buttons, *view.moment.sheet.spots] if b.action == marker]
    app.tap(found[0].rect.center)
    app.draw()


def _screen(app: App, markers: list[object]) -> str:
    """The screen's name when it is filled in and its decision is the next tap."""
    state, draft = app.session.state, app.game.view.draft
    head = markers[0] if markers else None
    named = {("enter-unit",): "unit", ("facts",): "facts", ("supply",): "night", ("apply",): "losses"}
    if isinstance(head, tuple) and head in named:
        return named[head]
    if head == ("roll",) and draft.mode in ("combat", "charge", "bombard"):
        return draft.mode
    if isinstance(head, tuple) and head[:1] == ("hand",) and draft.handed != head[1]:
        return "handover"
    if isinstance(head, tuple) and head[:1] == ("hand",) and ("factor",) == tuple(markers[-1])[:1]:  # type: ignore[arg-type]
        return "factor"
    if isinstance(head, tuple) and head[:1] == ("select",):
        return "select"
    if state.phase == "draw" and state.cup and head == ("draw",):
        return "cup"
    if state.phase == "decide" and head in (("activate",), ("forced",)) and state.turn == 1:
        return "chit" if state.current == "S-1" else ""
    if state.phase == "activation" and state.active is not None and state.active.attrition_due:
        return "activation"
    if isinstance(head, tuple) and head[:1] == ("result",):
        return "result"
    if isinstance(head, tuple) and head[:1] == ("recover",):
        return "recovery"
    return ""
