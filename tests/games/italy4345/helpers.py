"""Editions for the tests: the shipped templates (level L0: the text's numbers only), and a full fixture
edition (level L2) whose every value is INVENTED for tests (fixtures/*.toml say so), never the game's."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from companion.assets import assets_dir
from companion.games.italy4345 import Game, Options, Step
from companion.games.italy4345.edition import Edition, load
from companion.games.italy4345.model import Offensive

FIXTURES = Path(__file__).parent / "fixtures"


def _read(folder: Path, name: str) -> str:
    path = folder / name
    if not path.exists():
        raise OSError(f"{path} is absent")
    return path.read_text()


@cache
def text_edition() -> Edition:
    """What the repository ships: the rulebook's numbers, every other file a template of "?"."""
    folder = assets_dir() / "italy4345"
    return load(lambda name: _read(folder, name), lambda name: str(folder / name))


@cache
def fixture_edition() -> Edition:
    """rules.toml from the repository, the rest INVENTED (tests/games/italy4345/fixtures)."""
    folder = assets_dir() / "italy4345"

    def read(name: str) -> str:
        return _read(folder if name == "rules.toml" else FIXTURES, name)

    return load(read, lambda name: str(FIXTURES / name), allow_fixture=True)


def card(
    order: tuple[str, ...] = ("ger", "rsi", "cln", "aut"),
    symbols: tuple[str, ...] = (),
    marines: int = 0,
    bomb: tuple[str, ...] = (),
) -> dict[str, object]:
    """An answer for a card's order and symbols (the values are the test's, not a real card's)."""
    return {"order": list(order), "symbols": list(symbols), "marines": marines, "bomb": list(bomb)}


def l0_game(**options: object) -> Game:
    return Game(text_edition(), Options(**options))  # type: ignore[arg-type]


def s(area: str, n: int = 0, to: str = "", pick: tuple[str, ...] = ()) -> Step:
    return Step(area, n, to, pick)


def revealed(game: Game, number: int, **facts: object) -> Game:
    """Turn event-NN with the order and symbols given (answered as the table would at its first reveal)."""
    from companion.games.italy4345 import Answer, Reveal

    name = f"event-{number:02d}"
    game.play(Answer(f"events.{name}", card(**facts)))  # type: ignore[arg-type]
    game.play(Reveal(name))
    return game


def acting(
    faction: str,
    changes: tuple[tuple[str, str, object], ...] = (),
    resources: int = 10,
    game: Game | None = None,
) -> Game:
    """An L0 game where `faction` acts first on a fresh card, after the table set the pieces given."""
    from companion.games.italy4345 import Adjust

    game = game or l0_game()
    game.play(Adjust("set-up", changes, resources=((faction, resources),)))
    order = (faction, *(f for f in ("ger", "rsi", "cln", "aut") if f != faction))
    return revealed(game, 1 + game.state.card_index, order=order)


def battle_in_napoli(liberated_around: bool) -> Game:
    """Napoli holds 9 Anglo-American and 4 German troops at step B, the rest of the board empty; with
    `liberated_around` every neighbour is liberated, so the Axis have nowhere to withdraw."""
    edition = fixture_edition()
    game = Game(edition, Options())
    state = game.state
    for area in state.areas.values():
        area.ger = area.rsi = area.aa = area.aut_troops = 0
        area.cln_brigades, area.aut_brigades = [0, 0], [0, 0]
    board = edition.board
    assert board is not None
    for near in board.neighbours["napoli"]:
        state.areas[near].liberated = liberated_around or board.types[near] == "special"
    state.areas["napoli"].ger, state.areas["napoli"].aa = 4, 9
    state.offensive = Offensive("offensive-1", 1, step="B", front=["napoli"])
    state.step = "offensive"
    return game
