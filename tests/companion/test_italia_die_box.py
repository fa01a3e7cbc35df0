"""What the die receives for an Italia round (spec 6): each die the companion rolled tumbles and lands
in turn, then the hit totals, the last staying; the table's own dice only the totals, no tumble."""

from __future__ import annotations

import time

from companion.assets import edition
from companion.games.italia.actions import OpenBattle, RollRound
from companion.games.italia.battle import Battle, Side
from companion.games.italia.game import Game, Options
from companion.session import Devices, Session
from companion.tables.italia.table import TUMBLE_MS
from hardware.sim.die import SimDie


class Box(SimDie):
    """The simulated die, remembering every face it was given and how (rolled for ms, or shown)."""

    def __init__(self) -> None:
        super().__init__()
        self.given: list[tuple[str, int]] = []

    def show(self, face):  # type: ignore[no-untyped-def]
        super().show(face)
        self.given.append((face.name, 0))

    def roll(self, face, ms=800):  # type: ignore[no-untyped-def]
        super().roll(face, ms)
        self.given.append((face.name, ms))


class Tray:
    def submit(self, ticket: object) -> None:
        pass


def session() -> tuple[Session, Box]:
    game = Game(edition("italia"), Options("I", 5))
    game.play(OpenBattle(Battle(Side("celts", {"infantry": 2}), Side("etruscans", {"infantry": 2}))))
    box = Box()
    played = Session(game, Devices(box, Tray()))  # type: ignore[arg-type]
    played.die_player.pace = 0.01  # the order is what counts
    return played, box


def settled(played: Session) -> None:
    deadline = time.monotonic() + 10
    while played.die_player.playing:
        assert time.monotonic() < deadline, "the die's script never ended"
        time.sleep(0.01)


def test_a_rounds_dice_tumble_one_after_another_then_the_totals_and_the_last_stays():
    played, box = session()
    played.do(RollRound(values=()))  # the companion's die: 4 dice
    settled(played)
    names = [name for name, _ms in box.given]
    assert [ms for _n, ms in box.given] == [TUMBLE_MS] * 4 + [0, 0, 0]
    assert all(name.startswith("number-") for name in names[:4])
    assert names[5] == "blank" and box.face.name == names[6]


def test_the_tables_own_dice_show_the_totals_only():
    played, box = session()
    played.do(RollRound(values=(10, 10, 1, 1)))
    settled(played)
    assert box.given == [("number-2", 0), ("blank", 0), ("number-0", 0)]
