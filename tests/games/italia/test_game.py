"""The Italia game object: the registry finds it, its data loads, a turn and a battle are played,
undo never re-rolls a seen die, the record replays to the same state, the state file round-trips."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.assets import edition
from companion.games import find_game
from companion.games.italia.actions import (
    Buy,
    CloseBattle,
    CollectIncome,
    Convert,
    EndNationTurn,
    OpenBattle,
    Rebuild,
    Retreat,
    RollRound,
    action_from_dict,
    action_to_dict,
)
from companion.games.italia.battle import Battle, Side
from companion.games.italia.game import Game, Options, active
from companion.games.vocabulary import DataError, IllegalActionError

RULES = find_game("italia")


def new_game(seed: int = 7) -> Game:
    game = RULES.new_game(edition("italia"), Options("I", seed))
    assert isinstance(game, Game)
    return game


def test_the_registry_finds_italia_by_id_and_by_record_format():
    assert find_game("companion/italia-record") is RULES
    assert RULES.title == "Italia"


def test_the_shipped_data_loads_and_holds_the_texts_map_facts():
    data = edition("italia")
    assert data.board.zones["ravenna"].terrain == "swamp"
    assert data.board.zones["samnium"].terrain == "mountain"
    assert not data.board.zones["corsica"].city_allowed
    assert frozenset({"messana", "rhegium"}) in data.board.adjacent
    assert not data.board.complete  # the owner completes the adjacency from their board


def test_a_nations_turn_income_purchase_and_the_next_nation():
    game = new_game()
    assert active(game.scenario, game.state) == "celts"
    game.play(CollectIncome(zones=3, cities=1))
    assert game.state.gold["celts"] == 4
    with pytest.raises(IllegalActionError, match="costs 8 gold and 4 are there"):
        game.play(Buy("celts", {"infantry": 2}))
    game.play(Buy("celts", {"infantry": 1}))
    assert game.state.gold["celts"] == 0
    game.play(EndNationTurn())
    assert active(game.scenario, game.state) == "etruscans"


def test_a_master_pushed_over_ten_must_buy_before_play_goes_on():
    game = new_game()
    game.state = replace(game.state, masters={"celts": "romans"}, gold={"romans": 9})  # E5
    game.play(CollectIncome(zones=4, cities=1))
    assert game.state.gold == {"celts": 3, "romans": 11}
    with pytest.raises(IllegalActionError, match="must buy units first"):
        game.play(EndNationTurn())
    with pytest.raises(IllegalActionError, match="not cities"):
        game.play(Buy("romans", {}, {"standard": 1}))
    game.play(Buy("romans", {"legion": 1}))
    assert game.state.gold["romans"] == 7
    game.play(EndNationTurn())


def battle() -> Battle:
    return Battle(Side("celts", {"infantry": 3}), Side("illyrians", {"infantry": 3}), zone="Verona")


def test_undo_never_rerolls_a_seen_die_and_replay_repeats_the_game():
    game = new_game(seed=11)
    game.play(OpenBattle(battle()))
    game.play(RollRound())
    seen = game.records[-1].drawn
    assert len(seen) == 6 and all(1 <= v <= 10 for v in seen)
    game.undo()
    game.play(RollRound())
    assert game.records[-1].drawn == seen
    while game.state.battle is not None and "close-battle" not in [a.kind for a in game.legal_actions()]:
        game.play(RollRound())
    game.play(CloseBattle())
    lines = [json.loads(json.dumps(r.to_dict())) for r in game.records]
    again = RULES.replay(edition("italia"), game.header(), lines)
    assert again.state == game.state


def test_the_tables_own_dice_and_a_retreat():
    game = new_game()
    game.play(OpenBattle(Battle(Side("romans", {"legion": 1}), Side("etruscans", {"infantry": 2}))))
    game.play(RollRound(values=(6, 5, 5)))  # Combat Example 2
    game.play(Retreat("defender", {"infantry": 1}))
    assert [a.kind for a in game.legal_actions()] == ["close-battle"]
    game.play(CloseBattle())
    assert game.state.battle is None


def test_the_state_file_round_trips_mid_battle():
    game = new_game()
    game.play(OpenBattle(battle()))
    game.play(RollRound(values=(1, 1, 1, 10, 1, 1)))
    text = RULES.dumps(game.state)
    assert RULES.loads(text, edition("italia")) == game.state
    assert RULES.standing(game.state) == (1, None)
    assert RULES.describe(game.state)[1] == "battle: celts attack Verona"
    with pytest.raises(DataError, match="format"):
        RULES.loads('{"format": "something else"}', edition("italia"))


def test_actions_round_trip_and_bad_ones_name_the_field():
    for action in (
        CollectIncome(3, 1, ("ravenna",)),
        Buy("romans", {"legion": 2}),
        OpenBattle(battle()),
        RollRound({"attacker": (("infantry", "infantry", 3),)}, (1, 2, 3)),
        Retreat("attacker", {"infantry": 1}),
    ):
        assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action
    with pytest.raises(DataError, match="action.battle.terrain"):
        data = action_to_dict(OpenBattle(battle()))
        data["battle"]["terrain"] = "lava"
        action_from_dict(data)
    with pytest.raises(DataError, match="action.kind"):
        action_from_dict({"kind": "teleport"})


def test_the_patrimonium_converts_at_most_twice_a_game():
    game = RULES.new_game(edition("italia"), Options("II", 3))
    fights = Battle(Side("lombards", {"infantry": 3}), Side("patrimonium", {"infantry": 1}))
    for _ in range(2):
        game.play(OpenBattle(fights))
        game.play(Convert("infantry"))
        game.play(RollRound(values=(10, 10, 1, 1)))  # the converted one rolls for the Patrimonium
        game.play(CloseBattle())
    game.play(OpenBattle(fights))
    with pytest.raises(IllegalActionError, match="twice a game"):
        game.play(Convert("infantry"))


def test_a_raid_needs_an_intact_city_and_the_defender_rebuilds_after_it():
    game = new_game()
    raid = Battle(
        Side("samnites", {"infantry": 3}), Side("greeks", {"infantry": 2}), zone="Apulia", mode="raid"
    )
    with pytest.raises(IllegalActionError, match="only against an intact city"):
        game.play(OpenBattle(raid))
    game.play(OpenBattle(replace(raid, city="intact")))
    game.play(RollRound(values=(4, 8, 9, 5, 7)))  # Combat Example 3
    assert game.state.battle is not None and game.state.battle.city == "ruin"
    game.play(Rebuild("defender", "infantry"))
    assert game.state.battle.city == "intact" and game.state.battle.defender.units == {"infantry": 1}
    game.play(CloseBattle())


def test_a_nation_buys_only_the_unit_types_the_rulebook_gives_it():
    """§2.2.1: legions for the Romans, Populares and Optimates, consular legions for the Romans and
    Populares, elephants for the Carthaginians and Epirotes (Italia I); no infantry for the Romans."""
    from companion.games.italia.clerk import fields

    game = new_game()
    game.play(CollectIncome(zones=3, cities=3))
    for units in ({"legion": 1}, {"elephant": 1}, {"consular": 1}):
        with pytest.raises(IllegalActionError, match=r"the celts have no .* \(§2\.2\.1\)"):
            game.play(Buy("celts", units))
    assert game.state.gold["celts"] == 6  # nothing spent by a refused purchase
    assert [
        u for u in ("infantry", "legion", "consular", "elephant", "fleet") if fields("I", "romans", u)
    ] == [
        "legion",
        "consular",
        "fleet",
    ]
    assert fields("I", "epirotes", "elephant") and not fields("II", "vandals", "elephant")
    assert fields("II", "western-romans", "foederati") and fields("II", "vandals", "cavalry")
