"""The die's faces one after another (spec 6 of Italia): a round's dice each tumble and land in
turn, then the hit totals each held, the last staying; a new decision shows what is left at once;
a game that asks nothing of the kind still shows its faces at once."""

from __future__ import annotations

from companion.assets import edition
from companion.games.italia.actions import CloseBattle, OpenBattle, RollRound
from companion.games.italia.battle import Battle, Side
from companion.games.italia.game import Game, Options
from companion.reveal import HOLD_S, TUMBLE_MS
from companion.session import Devices, Session
from hardware.sim.die import SimDie


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Box(SimDie):
    """The simulated die, remembering every face it was given and how (rolled for ms, or shown)."""

    def __init__(self) -> None:
        super().__init__()
        self.given: list[tuple[str, int]] = []

    def show(self, face):
        super().show(face)
        self.given.append((face.name, 0))

    def roll(self, face, ms=800):
        super().roll(face, ms)
        self.given.append((face.name, ms))


class Tray:
    """The printer: the tickets handed to it (a battle's report when it closes)."""

    def __init__(self) -> None:
        self.tickets: list[object] = []

    def submit(self, ticket: object) -> None:
        self.tickets.append(ticket)


def session(clock: Clock) -> tuple[Session, Box]:
    game = Game(edition("italia"), Options("I", 5))
    game.play(OpenBattle(Battle(Side("celts", {"infantry": 2}), Side("etruscans", {"infantry": 2}))))
    box = Box()
    played = Session(game, Devices(box, Tray()))
    played.reveal._clock = clock
    return played, box


def test_a_rounds_dice_tumble_one_after_another_then_the_totals_and_the_last_stays():
    clock = Clock()
    played, box = session(clock)
    played.do(RollRound(values=()))  # the companion's die: 4 dice
    assert box.given == [(box.given[0][0], TUMBLE_MS)]  # the first die tumbles; nothing else yet
    for _ in range(100):
        clock.now += 0.1
        played.poll()
    names = [name for name, _ms in box.given]
    assert [ms for _n, ms in box.given] == [TUMBLE_MS] * 4 + [0, 0, 0]
    assert names[4] != "blank" and names[5] == "blank" and box.face.name == names[6]
    assert all(name.startswith("number-") for name in names[:4])


def test_each_face_waits_for_the_last_one_to_land_and_be_held():
    clock = Clock()
    played, box = session(clock)
    played.do(RollRound())
    clock.now += TUMBLE_MS / 1000 + HOLD_S - 0.01
    played.poll()
    assert len(box.given) == 1
    clock.now += 0.02
    played.poll()
    assert len(box.given) == 2


def test_the_table_moving_on_shows_at_once_what_was_left():
    clock = Clock()
    played, box = session(clock)
    while played.state.battle.attacker.count() and played.state.battle.defender.count():
        played.do(RollRound(values=(10, 10, 1, 1)))  # the table's dice: the totals only, no tumble
    assert all(ms == 0 for _n, ms in box.given)
    assert played.reveal.pending == 2 and box.face.name == "number-2"  # the attacker's 2 hits, held
    played.do(CloseBattle())
    assert played.reveal.pending == 0
    assert [n for n, _ms in box.given[-2:]] == ["blank", "number-0"]  # the defender's 0 hits, at once
