"""Driving a test game to a chosen activation (fixtures.py holds the invented values)."""

from __future__ import annotations

from companion.games.novara1849 import Activate, Draw, Game, Pass, Readings, Select, TurnFacts
from companion.games.novara1849.results import Crt

from .fixtures import TEXT_ONLY_CRT, game


def activation(
    chit: str,
    side: str,
    night: bool = False,
    seed: int = 7,
    readings: Readings | None = None,
    crt: Crt | None = TEXT_ONLY_CRT,
    **activate: object,
) -> Game:
    """A game on turn 2 whose only chits are `chit` and the two Independent chits, with `chit` activated."""
    g = game(seed, crt, first_turn=2, **({"readings": readings} if readings else {}))
    g.play(TurnFacts(night, 4, 1))
    formations = () if chit.endswith("independent") else (chit,)
    g.play(Select(side, formations))
    g.play(Select("sardinia" if side == "austria" else "austria", ()))
    while True:
        g.play(Draw())
        if g.state.current == chit:
            g.play(Activate(**activate))  # type: ignore[arg-type]
            return g
        g.play(Pass())


def finish_turn(g: Game) -> None:
    while g.state.cup:
        g.play(Draw())
        g.play(Pass())


def draw_until(g: Game, chit: str) -> None:
    """Pass every chit drawn before `chit`, then leave `chit` drawn, waiting for Activate or Pass."""
    while g.state.current != chit:
        if g.state.current:
            g.play(Pass())
        g.play(Draw())
