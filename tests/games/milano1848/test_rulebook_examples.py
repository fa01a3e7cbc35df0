"""The rulebook's Examples 1-12, each reproducing its numbers and outcome."""

from __future__ import annotations

from itertools import combinations

import pytest

from companion.games.milano1848 import actions as a
from companion.games.milano1848.errors import IllegalActionError
from companion.games.milano1848.game import Game
from companion.games.milano1848.setup import Options
from companion.games.milano1848.state import ACT, AUSTRIA, CONTINUE, PROMOTE

from .table import Cards, Table, build, example_7_table


def test_example_1_four_player_setup_puts_15_soldiers_on_the_board(edition):
    state = Game(edition, Options(players=4, seed=11)).state
    counts = sorted(n for n in state.soldiers if n)
    assert counts == [1] * 4 + [2] * 4 + [3]
    assert state.soldiers[state.radetzky] == 3
    assert state.reserve == 47 - 15
    assert state.available == [state.radetzky]
    assert sorted(state.zone_deck) == sorted(set(range(1, 17)) - {state.radetzky})
    assert [len(h) for h in state.hands] == [4, 4, 4, 4]


def _fighter(cards: Cards, hand: list[str], austria: list[str], soldiers: int = 3) -> Table:
    return Table(
        build(
            zones={5: soldiers},
            radetzky=16,
            patriots=[{"zone": 5, "hand": cards.italy(*hand)}] + [{"zone": 1, "hand": []}] * 3,
            austria={"deck": cards.austria(*austria), "discard": []},
        )
    )


def test_example_2_two_wins_a_tie_then_stop_removes_two_soldiers():
    cards = Cards()
    table = _fighter(cards, ["swords", "map", "map", "cannonball"], ["map", "map", "swords"])
    swords, map1, map2, cannonball = table.state.hands[0]
    table.play(a.FightSoldiers())
    table.play(a.Answer((swords,)))
    assert table.state.fight.lens == 1 and table.state.step == CONTINUE
    table.play(a.Continue())
    table.play(a.Answer((map1,)))  # tie: a new Austria card is revealed at once
    assert table.kinds() == ["clash", "revealed"]
    table.play(a.Answer((cannonball,)))
    assert table.state.fight.lens == 2
    table.play(a.Stop())
    assert table.state.soldiers[5] == 1
    assert table.state.reserve == 47 - 3 + 2  # 4 players: 47 Soldiers
    assert table.state.hands[0] == [map2]
    assert sorted(table.state.italy.discard) == sorted([swords, map1, cannonball])
    assert len(table.state.austria.discard) == 3
    assert table.state.actions_left == 2


def test_example_3_a_loss_after_a_tie_returns_the_lens_to_the_zone():
    cards = Cards()
    table = _fighter(cards, ["swords", "swords", "map", "map"], ["map", "swords", "swords"])
    s1, s2, m1, m2 = table.state.hands[0]
    table.play(a.FightSoldiers())
    table.play(a.Answer((s1,)))
    table.play(a.Continue())
    table.play(a.Answer((s2,)))  # tie
    table.play(a.Answer((m1,)))  # loses to Swords but must still be played
    assert table.state.fight is None and table.state.step == ACT
    assert table.state.soldiers[5] == 3
    assert table.state.hands[0] == [m2]
    assert len(table.state.italy.discard) == 3


def _radetzky(cards: Cards, hands: list[list[str]]) -> Table:
    patriots = [{"zone": 7, "hand": cards.italy(*h)} for h in hands]
    patriots += [{"zone": 1, "hand": []}] * (4 - len(patriots))
    return Table(
        build(
            zones={7: 2},
            castle=5,
            radetzky=7,
            patriots=patriots,
            zone_deck=[4] + [z for z in range(1, 17) if z != 4],
            austria={"deck": cards.austria("swords", "swords", "map"), "discard": []},
        )
    )


def test_example_4_alone_against_radetzky_every_answer_loses():
    cards = Cards()
    table = _radetzky(cards, [["swords", "swords", "map", "cannonball"]])
    table.play(a.FightRadetzky())
    for trio in combinations(table.state.hands[0], 3):
        outcome = Table(table.state.copy())
        outcome.play(a.Answer(trio))
        assert outcome.kinds()[-1] == "fight-lost"
        assert outcome.state.radetzky == 7 and outcome.state.castle == 5
        assert len(outcome.state.italy.discard) == 3


def test_example_5_two_patriots_defeat_radetzky():
    cards = Cards()
    table = _radetzky(cards, [["swords", "swords", "map", "cannonball"], ["cannonball", "map"]])
    luciano, gabrio = table.state.hands[0], table.state.hands[1]
    table.play(a.FightRadetzky())
    table.play(a.Answer((luciano[3], luciano[0], gabrio[0])))
    state = table.state
    assert state.castle == 2 and state.reserve == 47 - 7 + 3
    assert state.radetzky == 4 and 4 in state.available
    assert state.soldiers[4] == 0  # Radetzky moves without Soldiers
    assert state.soldiers[7] == 2


def test_example_6_zone_3_falls_zone_6_holds(edition):
    table = Table(
        build(
            zones={3: 4, 6: 5},
            step="austria",
            active=None,
            actions_left=0,
            done=[True] * 4,
            patriots=[
                {"zone": 6, "hand": []},
                {"zone": 6, "hand": []},
                {"zone": 1, "hand": []},
                {"zone": 1, "hand": []},
            ],
            zone_deck=list(range(1, 17)),
        )
    )
    table.play(a.AustrianTurn())
    assert table.state.owner[3] == AUSTRIA and table.state.owner[6] is None
    assert 3 not in table.state.zone_deck


def test_example_7_a_whole_austrian_turn():
    table = example_7_table()
    before = table.state.soldiers[:]
    events = table.play(a.AustrianTurn(), [("zone", 16)])  # 2.B reshuffled the deck: the table draws 16
    poured = [e.zone for e in events if e.kind == "pour-out"]
    assert poured == [1, 2, 3, 5, 6, 7, 8, 9, 10, 11]
    assert [e.zone for e in events if e.kind == "austria-conquers"] == [1, 2]
    state = table.state
    assert state.owner[5] is None
    reinforced = [e.zone for e in events if e.kind == "reinforce"]
    assert reinforced[:9] == [3, 5, 6, 7, 8, 9, 10, 11, 13]
    assert state.radetzky == 16 and 16 in state.available
    assert reinforced[9:] == [16, 13, 15]
    assert state.soldiers[11] == before[11] + 2  # poured out and reinforced, but not next to Radetzky
    assert state.soldiers[12] == 0
    assert state.castle == 1
    assert state.round == 2 and state.first_player == 1


def _cube_fight(not_available: list[int]) -> Table:
    cards = Cards()
    return Table(
        build(
            mode="advanced",
            combat_cube=7,
            zones={5: 3},
            radetzky=16,
            not_available=not_available,
            zone_deck=[z for z in range(1, 17) if z not in not_available and z != 16],
            available=[16],
            patriots=[{"zone": 5, "hand": cards.italy("swords", "swords", "swords")}]
            + [{"zone": 1, "hand": []}] * 3,
            austria={"deck": cards.austria("map", "map", "map"), "discard": []},
        )
    )


def _win_three(table: Table) -> None:
    table.play(a.FightSoldiers())
    for card in list(table.state.hands[0]):
        if table.state.step == CONTINUE:
            table.play(a.Continue())
        table.play(a.Answer((card,)))


def test_example_8_the_combat_cube_passes_the_track_and_promotes_a_zone():
    table = _cube_fight([9, 14])
    _win_three(table)  # the zone is empty after the third win: the fight stops by itself
    assert table.state.step == PROMOTE
    table.play(a.Promote(14))
    assert table.state.available == [16, 14] and table.state.not_available == [9]
    assert table.state.cube == 2  # 8.2: "with the third movement, the cube reaches the second space"
    assert table.state.step == ACT


def test_example_8_with_one_not_available_card_it_is_promoted_without_asking():
    table = _cube_fight([9])
    _win_three(table)
    assert table.state.available == [16, 9] and table.state.cube == 2


@pytest.mark.parametrize("space, after", [(4, 3), (2, 1), (1, 1)])
def test_combat_cube_steps_back_on_a_loss_but_not_past_the_track_start(space, after):
    cards = Cards()
    table = Table(
        build(
            mode="advanced",
            combat_cube=space,
            zones={5: 3},
            patriots=[{"zone": 5, "hand": cards.italy("map")}] + [{"zone": 1, "hand": []}] * 3,
            austria={"deck": cards.austria("swords"), "discard": []},
        )
    )
    table.play(a.FightSoldiers())
    table.play(a.Answer((table.state.hands[0][0],)))
    assert table.state.cube == after and table.state.soldiers[5] == 3  # below the 4-player start space


def _balloon(heroic: bool) -> Table:
    cards = Cards()
    return Table(
        build(
            mode="advanced",
            radetzky=16,
            heroic={"balloon": heroic},
            patriots=[{"zone": 9, "hand": cards.italy("map/balloon")}] + [{"zone": 1, "hand": []}] * 3,
        )
    )


def test_example_9_hot_air_balloon_ignores_barriers():
    table = _balloon(heroic=False)
    card = table.state.hands[0][0]
    table.play(a.UseHelp(card, (14,)))  # a Barrier lies between 9 and 14
    assert table.state.patriots[0].zone == 14
    with pytest.raises(IllegalActionError, match="moves 1 zone"):
        Table(_balloon(heroic=False).state).play(a.UseHelp(card, (14, 6)))
    heroic = _balloon(heroic=True)
    heroic.play(a.UseHelp(card, (14, 6)))
    assert heroic.state.patriots[0].zone == 6


def test_example_10_rifle_reveals_two_and_one_beaten_card_is_enough():
    cards = Cards()
    table = Table(
        build(
            mode="advanced",
            zones={5: 2},
            patriots=[{"zone": 5, "hand": cards.italy("map/rifle", "swords", "swords", "cannonball")}]
            + [{"zone": 1, "hand": []}] * 3,
            austria={"deck": cards.austria("swords", "map", "swords", "cannonball"), "discard": []},
        )
    )
    rifle, swords, _, cannonball = table.state.hands[0]
    table.play(a.UseHelp(rifle))
    assert len(table.state.fight.revealed) == 2
    table.play(a.Answer((swords,)))
    table.play(a.Continue())
    assert len(table.state.fight.revealed) == 2
    table.play(a.Answer((cannonball,)))
    assert table.state.soldiers[5] == 0 and table.state.fight is None
    assert table.state.actions_left == 2


def test_example_11_two_players_strengthen_the_rifle_to_heroic_then_it_reveals_three():
    cards = Cards()
    gabrio = cards.italy("swords", "swords")
    bartolomeo = cards.italy("swords", "swords", "map/rifle")
    table = Table(
        build(
            mode="advanced",
            zones={3: 2},
            patriots=[
                {"zone": 1, "hand": gabrio},
                {"zone": 3, "hand": bartolomeo},
                {"zone": 1, "hand": []},
                {"zone": 1, "hand": []},
            ],
            actions_left=1,
            austria={"deck": cards.austria("map", "map", "map"), "discard": []},
            italy={"deck": cards.italy("cannonball", "cannonball", "map"), "discard": []},
        )
    )
    table.play(a.Strengthen("rifle", tuple(gabrio)))
    assert table.state.active == 1 and table.state.tiles["rifle"] == gabrio
    table.play(a.Strengthen("rifle", tuple(bartolomeo[:2])))
    assert table.state.heroic["rifle"] and table.state.tiles["rifle"] == []
    assert set(gabrio + bartolomeo[:2]) <= set(table.state.italy.discard)
    table.play(a.Refresh())
    assert len(table.state.hands[1]) == 4
    table.play(a.UseHelp(bartolomeo[2]))
    assert len(table.state.fight.revealed) == 3


def test_example_12_solitaire_reveals_three_cards_once_per_turn_for_the_other_patriot():
    cards = Cards()
    hand = cards.italy("swords", "map", "map", "cannonball")
    austria = cards.austria("map", "map", "swords", "cannonball", "map", "swords", "map")
    pool = cards.italy("swords", "cannonball", "map")
    refill = cards.italy("swords", "swords", "cannonball", "map", "map", "cannonball", "swords", "map")
    table = Table(
        build(
            players=1,
            zones={5: 6},
            step="choose",
            active=None,
            actions_left=0,
            patriots=[{"zone": 5, "hand": hand}, {"zone": 5}, {"zone": 1}],
            austria={"deck": austria, "discard": []},
            italy={"deck": pool + refill, "discard": []},
        )
    )
    table.play(a.ChoosePatriot(0))
    table.play(a.FightSoldiers())
    assert table.state.pool == pool
    for card in (hand[0], pool[2], pool[0], hand[1]):  # win, tie, tie, win: 2 Soldiers, 4 cards
        if table.state.step == CONTINUE:
            table.play(a.Continue())
        table.play(a.Answer((card,)))
    assert table.state.fight.lens == 2
    table.play(a.Stop())
    assert table.state.soldiers[5] == 4
    table.play(a.Refresh())
    assert table.state.pool == [pool[1]]  # no new cards: they are revealed once per turn
    assert len(table.state.hands[0]) == 4
    hand_now = table.state.hands[0]
    win_map, win_swords = _winners(hand_now)
    table.play(a.FightSoldiers())
    table.play(a.Answer((win_map,)))
    table.play(a.Continue())
    table.play(a.Answer((win_swords,)))
    table.play(a.Stop())
    assert table.state.soldiers[5] == 2
    assert table.state.pool == [] and pool[1] in table.state.italy.discard  # laid down: the last card goes
    assert len(table.state.hands[0]) == 4  # the hand is refilled after each Patriot's turn
    assert table.state.step == "choose"
    table.play(a.ChoosePatriot(1))
    table.play(a.FightSoldiers())
    assert len(table.state.pool) == 3  # a new turn: the blue Patriot's cards are revealed anew


def _winners(hand: list[str]) -> tuple[str, str]:
    from .table import EDITION

    icons = {EDITION.italy[c][0]: c for c in hand}
    return icons["swords"], icons["cannonball"]
