"""What the die receives for an Italia round (spec 6): each die the companion rolled tumbles and lands
in turn, then the hit totals, the last staying; the table's own dice only the totals, no tumble. The
special rolls (D4-D7: a naval attack order's ties, elephant fear, Foederati and legion switching) each
die in turn, a die that takes its unit away followed by the cross, over the real pty link to the fake
box (the firmware's own logic)."""

from __future__ import annotations

import time
from dataclasses import replace

from companion.assets import edition
from companion.games.italia.actions import (
    CampaignMove,
    OpenBattle,
    OpenSeaBattle,
    RollRound,
    RollSeaRound,
    SeaAttackOrder,
    StartCampaign,
    SwitchLegions,
)
from companion.games.italia.battle import Battle, Side
from companion.games.italia.game import Game, Options
from companion.games.italia.naval import Fleet, Navy, SeaBattle
from companion.session import Devices, Session
from companion.tables.italia.die_box import TUMBLE_MS
from hardware.sim.die import SimDie
from tests.companion.fake_box import heard, until


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


def _battle(scenario: str, attacker: Side, defender: Side) -> Game:
    game = Game(edition("italia"), Options(scenario, 5))
    game.play(OpenBattle(Battle(attacker, defender)))
    return game


def test_elephant_fear_shows_each_roman_die_a_deserter_followed_by_the_cross_then_the_round(box, on_box):
    """D5 (§13.3): the Romans' first battle against elephants, deserting on 8-10, before round 1."""
    game = _battle(
        "I",
        Side("carthaginians", {"elephant": 1, "infantry": 2}),
        Side("romans", {"infantry": 1, "legion": 2}),
    )
    session = on_box(game)
    start = len(box.heard)
    assert session.do(RollRound(), [9, 2, 10, 3, 3, 3, 3])  # fear: infantry 9, legions 2 and 10
    until(lambda: len(heard(box, start)) >= 12)
    assert heard(box, start) == [
        "roll:number-9:800",
        "cross",  # the infantry deserts
        "roll:number-2:800",
        "roll:number-0:800",  # a 10, the d10's "0"
        "cross",  # a legion deserts
        *["roll:number-3:800"] * 4,  # the round: 3 Carthaginian dice, the Romans' last legion's
        "number-0",
        "blank",
        "number-0",
    ]


def test_foederati_switching_shows_each_die_a_switch_followed_by_the_cross(box, on_box):
    """D6 (§14.1): Roman Foederati against the Ostrogoths switch on 9-10."""
    game = _battle(
        "II", Side("western-romans", {"foederati": 2, "legion": 1}), Side("ostrogoths", {"infantry": 2})
    )
    session = on_box(game)
    start = len(box.heard)
    values = [4, 9] + [2] * 5  # one Foederati switches: 2 Roman dice and 3 Ostrogoth dice
    assert session.do(RollRound(), values)
    until(lambda: "blank" in heard(box, start) and heard(box, start)[-1] == "number-0")
    said = heard(box, start)
    assert said[:3] == ["roll:number-4:800", "roll:number-9:800", "cross"]
    assert said[3:] == [*["roll:number-2:800"] * 5, "number-0", "blank", "number-0"]


def test_legion_switching_on_turn_ten_shows_each_die_a_legion_that_joins_followed_by_the_cross(box, on_box):
    """D7 (§13.4): three Roman legions with Sulla, joining him on 7-10."""
    game = Game(replace(edition("italia"), nations={}), Options("I", 5))
    game.state = replace(game.state, turn=10, at=0, gold={"optimates": 2, "populares": 0, "romans": 1})
    game.play(StartCampaign("Sulla", "rome", gold=0))
    game.play(CampaignMove("etruria"))
    session = on_box(game)
    start = len(box.heard)
    assert session.do(SwitchLegions(3, ("Sulla",)), [7, 3, 10])
    until(lambda: heard(box, start).count("cross") == 2)
    assert heard(box, start) == [
        "roll:number-7:800",
        "cross",
        "roll:number-3:800",
        "roll:number-0:800",
        "cross",
    ]


def test_a_naval_attack_orders_tie_and_a_naval_round_show_their_dice(box, on_box):
    """D4 (§10.8.1): two nations with two fleets each roll off, each die in turn; D3: a naval round."""
    session = on_box(Game(edition("italia"), Options("I", 5)))
    start = len(box.heard)
    assert session.do(SeaAttackOrder("romans", {"greeks": 2, "carthaginians": 2}), [3, 8])
    until(lambda: len(heard(box, start)) == 2)
    assert heard(box, start) == ["roll:number-3:800", "roll:number-8:800"]  # the Greeks go first
    fleets = SeaBattle(Navy("greeks", (Fleet("a1"),)), Navy("romans", (Fleet("d1"),)))
    assert session.do(OpenSeaBattle(fleets))
    start = len(box.heard)
    assert session.do(RollSeaRound(), [10, 1])
    until(lambda: len(heard(box, start)) == 5)
    assert heard(box, start) == ["roll:number-0:800", "roll:number-1:800", "number-1", "blank", "number-0"]
