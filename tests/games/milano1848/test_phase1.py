"""Phase 1 actions: each refusal says why in one sentence; each effect follows the text."""

from __future__ import annotations

import pytest

from companion.games.milano1848 import actions as a
from companion.games.milano1848.errors import CardNeeded, IllegalActionError
from companion.games.milano1848.state import ACT, ANSWER, AUSTRIAN_TURN, CHOOSE_PATRIOT

from .table import Cards, Table, build


def _refused(table: Table, action: a.Action, message: str) -> None:
    before = table.state.copy()
    with pytest.raises(IllegalActionError) as info:
        table.play(action)
    assert str(info.value) == message
    assert table.state == before


def test_move_is_refused_while_radetzky_shares_the_zone():
    table = Table(build(radetzky=7, zones={7: 1}, patriots=[{"zone": 7, "hand": []}] + [{"zone": 1}] * 3))
    _refused(table, a.Move(6), "Move refused: Radetzky is in zone 7 with your Patriot.")
    _refused(table, a.FightSoldiers(), "Fight refused: Radetzky is in zone 7 with your Patriot.")


def test_barriers_are_ignored_in_basic_and_block_in_advanced():
    basic = Table(build(patriots=[{"zone": 9}] + [{"zone": 1}] * 3))
    basic.play(a.Move(14))
    assert basic.state.patriots[0].zone == 14
    advanced = Table(build(mode="advanced", patriots=[{"zone": 9}] + [{"zone": 1}] * 3))
    _refused(advanced, a.Move(14), "Move refused: a Barrier lies between zone 9 and zone 14.")
    _refused(advanced, a.Move(3), "Move refused: zone 3 is not adjacent to zone 9.")


def test_conquer_needs_available_no_soldiers_and_no_radetzky():
    def table(**kw):
        return Table(build(patriots=[{"zone": 5}] + [{"zone": 1}] * 3, **kw))

    _refused(table(), a.Conquer(), "Conquer refused: zone 5 is not Available.")
    _refused(table(available=[5], zones={5: 2}), a.Conquer(), "Conquer refused: zone 5 still has 2 Soldiers.")
    _refused(table(available=[5], radetzky=5), a.Conquer(), "Conquer refused: Radetzky is in zone 5.")
    ok = table(available=[5])
    events = ok.play(a.Conquer())
    assert ok.state.owner[5] == "italy" and ok.state.available == [] and events[0].kind == "italy-conquers"


def test_three_actions_then_the_turn_passes_clockwise():
    table = Table(build(first_player=2, active=2, patriots=[{"zone": 1}] * 4))
    for zone in (2, 3, 4):
        table.play(a.Move(zone))
    assert table.state.active == 3 and table.state.actions_left == 3
    table.play(a.EndTurn())
    assert table.state.active == 0
    table.play(a.EndTurn())
    table.play(a.EndTurn())
    assert table.state.step == AUSTRIAN_TURN


def test_a_fight_needs_an_answer_and_continue_needs_a_card():
    cards = Cards()
    table = Table(
        build(
            zones={5: 3},
            patriots=[{"zone": 5, "hand": cards.italy("swords")}] + [{"zone": 1}] * 3,
            austria={"deck": cards.austria("map", "map"), "discard": []},
        )
    )
    table.play(a.FightSoldiers())
    _refused(
        table,
        a.Move(4),
        "Move refused: the game is waiting for an Italy card to answer the revealed Austria card.",
    )
    table.play(a.Answer((table.state.hands[0][0],)))
    _refused(
        table,
        a.Continue(),
        "Continue refused: no card is left to answer with; stop to remove the 1 Soldier in the Lens.",
    )


def test_a_tie_with_no_card_left_loses_the_fight():
    cards = Cards()
    table = Table(
        build(
            zones={5: 3},
            patriots=[{"zone": 5, "hand": cards.italy("map")}] + [{"zone": 1}] * 3,
            austria={"deck": cards.austria("map"), "discard": []},
        )
    )
    table.play(a.FightSoldiers())
    table.play(a.Answer((table.state.hands[0][0],)))
    assert table.kinds() == ["clash", "fight-lost"] and table.state.soldiers[5] == 3


def test_strength_in_unity_lets_any_patriot_in_the_zone_answer():
    cards = Cards()
    other = cards.italy("cannonball")
    table = Table(
        build(
            zones={5: 3},
            patriots=[
                {"zone": 5, "hand": cards.italy("map")},
                {"zone": 5, "hand": other},
                {"zone": 1, "hand": cards.italy("swords")},
                {"zone": 1},
            ],
            austria={"deck": cards.austria("swords"), "discard": []},
        )
    )
    table.play(a.FightSoldiers())
    _refused(
        table,
        a.Answer((table.state.hands[2][0],)),
        "Answer refused: italy-01 is not in a hand that can play it.",
    )
    table.play(a.Answer((other[0],)))
    assert table.state.fight.lens == 1 and table.state.hands[1] == []


def test_the_fight_ends_by_itself_when_the_zone_is_empty():
    cards = Cards()
    table = Table(
        build(
            zones={5: 1},
            patriots=[{"zone": 5, "hand": cards.italy("swords", "map")}] + [{"zone": 1}] * 3,
            austria={"deck": cards.austria("map"), "discard": []},
        )
    )
    table.play(a.FightSoldiers())
    table.play(a.Answer((table.state.hands[0][0],)))
    assert table.state.step == ACT and table.state.soldiers[5] == 0 and table.kinds()[-1] == "fight-won"


def test_fight_radetzky_needs_three_cards_in_the_zone():
    cards = Cards()
    table = Table(
        build(
            radetzky=5,
            zones={5: 1},
            patriots=[{"zone": 5, "hand": cards.italy("swords", "map")}] + [{"zone": 1}] * 3,
        )
    )
    _refused(
        table,
        a.FightRadetzky(),
        "Fight Radetzky refused: the Patriots here hold fewer than the 3 cards the fight needs.",
    )


def test_refresh_draws_to_four_and_reshuffles_the_discards():
    cards = Cards()
    discard = cards.italy("map", "map", "swords")
    table = Table(
        build(
            patriots=[{"zone": 1, "hand": cards.italy("map")}] + [{"zone": 1}] * 3,
            italy={"deck": cards.italy("swords"), "discard": discard + cards.rest("italy")},
        )
    )
    table.play(a.Refresh())  # 1 card from the deck, then the 58 discards are shuffled into a new deck
    assert len(table.state.hands[0]) == 4
    assert table.state.italy.discard == [] and table.state.italy.size == 58 - 2
    assert table.state.shuffles == 1


def test_helps_exist_only_in_the_advanced_game():
    cards = Cards()
    table = Table(build(patriots=[{"zone": 1, "hand": cards.italy("map/martinitt")}] + [{"zone": 1}] * 3))
    _refused(
        table, a.UseHelp(table.state.hands[0][0]), "Help refused: Helps are used only in the Advanced game."
    )


def _advanced(hand: list[str], **kw) -> Table:
    cards = Cards()
    fields = {
        "mode": "advanced",
        "patriots": [{"zone": 5, "hand": cards.italy(*hand)}] + [{"zone": 1}] * 3,
        "italy": {"deck": cards.italy("swords", "map", "cannonball", "map"), "discard": []},
    }
    fields.update(kw)
    return Table(build(**fields))


@pytest.mark.parametrize("heroic, drawn", [(False, 2), (True, 3)])
def test_martinitt_draws_two_or_three_and_the_hand_may_exceed_four(heroic, drawn):
    table = _advanced(["map/martinitt", "map", "map", "map"], heroic={"martinitt": heroic})
    table.play(a.UseHelp(table.state.hands[0][0]))
    assert len(table.state.hands[0]) == 3 + drawn


def test_barricade_limit_is_the_player_count_and_heroic_removes_a_soldier():
    table = _advanced(
        ["map/barricade", "map/barricade"],
        players=3,
        barricades=[1, 2],
        zones={7: 2},
        patriots=[{"zone": 5, "hand": Cards().italy("map/barricade", "map/barricade")}] + [{"zone": 1}] * 2,
        heroic={"barricade": True},
    )
    table.play(a.UseHelp(table.state.hands[0][0], (7,)))
    assert table.state.soldiers[7] == 1 and table.state.barricades == [1, 2, 7]
    _refused(
        table,
        a.UseHelp(table.state.hands[0][0], (8,)),
        "Help refused: all 3 Mobile Barricade tiles allowed are in play.",
    )


def test_noblewoman_respects_barriers_and_conquered_zones_and_heroic_empties_the_castle():
    table = _advanced(
        ["map/noblewoman"] * 3, zones={9: 2, 10: {"owner": "austria"}}, castle=4, heroic={"noblewoman": True}
    )
    card = table.state.hands[0][0]
    _refused(
        table,
        a.UseHelp(card, (9, 14)),
        "Help refused: zone 14 is not reachable from zone 9 (not adjacent, or a Barrier is between).",
    )
    _refused(table, a.UseHelp(card, (9, 10)), "Help refused: zone 10 is already conquered.")
    table.play(a.UseHelp(card, (9, 8)))
    assert table.state.soldiers[8] == 1 and table.state.soldiers[9] == 1 and table.state.castle == 3


def test_balloon_and_rifle_are_refused_beside_radetzky():
    table = _advanced(["map/balloon", "map/rifle", "map"], radetzky=5, zones={5: 2})
    balloon, rifle, _ = table.state.hands[0]
    _refused(table, a.UseHelp(balloon, (4,)), "Help refused: Radetzky is in zone 5 with your Patriot.")
    _refused(table, a.UseHelp(rifle), "Help refused: Radetzky is in zone 5 with your Patriot.")


def test_heroic_balloon_stops_where_it_meets_radetzky():
    table = _advanced(["map/balloon"], radetzky=6, heroic={"balloon": True})
    _refused(
        table,
        a.UseHelp(table.state.hands[0][0], (6, 7)),
        "Help refused: the first move reaches Radetzky in zone 6, so the second cannot be made.",
    )


def test_rifle_tie_reveals_two_again():
    cards = Cards()
    table = Table(
        build(
            mode="advanced",
            zones={5: 2},
            patriots=[{"zone": 5, "hand": cards.italy("map/rifle", "map", "swords")}] + [{"zone": 1}] * 3,
            austria={"deck": cards.austria("map", "swords", "map", "swords"), "discard": []},
        )
    )
    rifle, map_, _ = table.state.hands[0]
    table.play(a.UseHelp(rifle))
    table.play(a.Answer((map_,)))  # Map ties Map and loses to Swords: beats none, ties one
    assert table.state.step == ANSWER and len(table.state.fight.revealed) == 2


def _solitaire_rifle(rifle_face: str, revealed_already: bool) -> Table:
    """Solitaire, Advanced: the Rifle is the last card in hand; a second Patriot stands in the zone."""
    cards = Cards()
    return Table(
        build(
            mode="advanced",
            players=1,
            zones={5: 2},
            step="act",
            active=0,
            actions_left=3,
            patriots=[{"zone": 5, "hand": cards.italy(rifle_face)}, {"zone": 5}, {"zone": 1}],
            pool_from=[1] if revealed_already else [],
            austria={"deck": cards.austria("map", "map"), "discard": []},
        )
    )


def test_solitaire_rifle_as_the_last_card_is_answered_by_the_other_patriots_revealed_cards():
    table = _solitaire_rifle("map/rifle", revealed_already=False)
    rifle = table.state.hands[0][0]
    assert a.FightSoldiers() in table.state_legal() and a.UseHelp(rifle) in table.state_legal()
    table.play(a.UseHelp(rifle))
    assert len(table.state.pool) == 3 and len(table.state.fight.revealed) == 2  # rule 3.a, then the Rifle


def test_solitaire_rifle_as_the_last_card_is_refused_when_no_card_could_come():
    table = _solitaire_rifle("map/rifle", revealed_already=True)  # 3.b: its cards came (and went) this turn
    rifle = table.state.hands[0][0]
    assert a.UseHelp(rifle) not in table.state_legal()
    _refused(table, a.UseHelp(rifle), "Help refused: no card would be left to answer the Austrian cards.")


@pytest.mark.parametrize(
    "players, help_, needed", [(2, "rifle", 3), (4, "rifle", 4), (4, "barricade", 5), (1, "noblewoman", 4)]
)
def test_strengthen_requirement_is_the_player_count_or_one_more(players, help_, needed):
    patriots = [{"zone": 5, "hand": Cards().italy(*["swords"] * (needed + 1))}] + [{"zone": 1}] * 2
    patriots += [{"zone": 1}] * (max(players, 3) - 3)
    table = Table(build(mode="advanced", players=players, patriots=patriots))
    hand = tuple(table.state.hands[0])
    _refused(
        table,
        a.Strengthen(help_, hand),
        f"Strengthen refused: the {help_} tile needs only {needed} more cards.",
    )
    table.play(a.Strengthen(help_, hand[: needed - 1]))
    assert not table.state.heroic[help_]
    table.play(a.Strengthen(help_, hand[needed - 1 : needed]))
    assert table.state.heroic[help_] and table.state.tiles[help_] == []


def test_strengthen_cards_must_match_the_tile():
    cards = Cards()
    table = Table(
        build(
            mode="advanced",
            tiles={"rifle": cards.italy("map")},
            patriots=[{"zone": 5, "hand": cards.italy("swords", "swords")}] + [{"zone": 1}] * 3,
        )
    )
    _refused(
        table,
        a.Strengthen("rifle", tuple(table.state.hands[0])),
        "Strengthen refused: all cards under a tile must show the same top icon.",
    )


def test_table_decks_ask_for_the_revealed_card_and_refuse_an_impossible_one():
    cards = Cards()
    table = Table(
        build(
            zones={5: 3},
            patriots=[{"zone": 5, "hand": ["?", "?"]}] + [{"zone": 1}] * 3,
            austria={"deck": None, "discard": ["austria-01"]},
            italy={"deck": None, "discard": []},
        )
    )
    with pytest.raises(CardNeeded):
        table.play(a.FightSoldiers())
    with pytest.raises(IllegalActionError, match="not in the austria deck"):
        table.play(a.FightSoldiers(), [("austria", "austria-01")])
    table.play(a.FightSoldiers(), [("austria", "austria-12")])
    table.play(a.Answer(cards.italy("swords")))  # an unseen card, named as it is played
    assert table.state.fight.lens == 1 and table.state.hands[0] == ["?"]


def test_solitaire_chooses_the_patriot_order():
    table = Table(build(players=1, step="choose", active=None, actions_left=0, patriots=[{"zone": 1}] * 3))
    table.play(a.ChoosePatriot(2))
    table.play(a.EndTurn())
    assert table.state.step == CHOOSE_PATRIOT
    _refused(table, a.ChoosePatriot(2), "Choice refused: Luciano has already played this round.")
    table.play(a.ChoosePatriot(0))
    table.play(a.EndTurn())
    assert table.state.active == 1 and table.state.step == ACT  # the last one needs no choice


def test_martinitt_card_is_discarded_after_its_draws_so_a_reshuffle_cannot_return_it():
    cards = Cards()
    martinitt = cards.italy("cannonball/martinitt")[0]
    table = Table(
        build(
            mode="advanced",
            patriots=[{"zone": 5, "hand": [martinitt]}] + [{"zone": 1}] * 3,
            italy={"deck": [], "discard": cards.rest("italy")},
        )
    )
    table.play(a.UseHelp(martinitt))
    assert len(table.state.hands[0]) == 2 and martinitt not in table.state.hands[0]
    assert table.state.italy.discard == [martinitt] and table.state.shuffles == 1


def test_table_decks_an_unseen_card_leaves_the_hand_of_the_patriot_who_played_it():
    cards = Cards()
    table = Table(
        build(
            zones={5: 3},
            patriots=[
                {"zone": 5, "hand": ["?"]},
                {"zone": 5, "hand": ["?", "?"]},
                {"zone": 2, "hand": ["?"]},
                {"zone": 1, "hand": []},
            ],
            austria={"deck": None, "discard": []},
            italy={"deck": None, "discard": []},
        )
    )
    table.play(a.FightSoldiers(), [("austria", "austria-12")])
    swords = cards.italy("swords")[0]
    _refused(
        table,
        a.Answer((swords,), (2,)),
        "Answer refused: name, for each card, a Patriot in the fight's zone.",
    )
    table.play(a.Answer((swords,), (1,)))
    assert [len(h) for h in table.state.hands] == [1, 1, 1, 0]


def test_a_deck_is_reshuffled_when_a_card_is_drawn_from_it_empty_and_a_fight_keeps_its_cards():
    cards = Cards()
    first = cards.austria("map")[0]
    discard = cards.rest("austria")
    hand = cards.italy("map", "map")
    table = Table(
        build(
            zones={5: 3},
            patriots=[{"zone": 5, "hand": hand}] + [{"zone": 1}] * 3,
            austria={"deck": [first], "discard": discard},
        )
    )
    table.play(a.FightSoldiers())
    assert table.state.austria.size == 0 and table.state.austria.discard == discard  # not reshuffled yet
    table.play(a.Answer((table.state.hands[0][0],)))  # a tie: the next card comes from the discards
    assert table.state.fight.revealed[0] in discard and table.state.fight.used_austria == [first]
    assert table.state.austria.discard == [] and table.state.austria.size == 32 - 1
