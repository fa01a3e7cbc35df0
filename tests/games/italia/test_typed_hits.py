"""The table's own d10s typed as hits per group (spec 6) and the elephant's victims named before the
roll (reading A4): refused in one sentence when they cannot be, replayed exactly, and (hypothesis)
units are conserved and hits never exceed dice over random battles and random typed hits."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.assets import edition
from companion.games import find_game
from companion.games.italia.actions import OpenBattle, RollRound, action_from_dict, action_to_dict
from companion.games.italia.battle import Battle, Side
from companion.games.italia.fight import over, pre_round_dice
from companion.games.italia.game import Game, Options
from companion.games.italia.preview import preview
from companion.games.italia.rounds import tramples
from companion.games.vocabulary import DataError, IllegalActionError

from .test_battle_properties import accounted, battles

RULES = find_game("italia")


def opened(battle: Battle, seed: int = 3) -> Game:
    game = RULES.new_game(edition("italia"), Options("I", seed))
    assert isinstance(game, Game)
    game.play(OpenBattle(battle))
    return game


def test_hits_typed_per_group_take_units_and_roll_no_die():
    game = opened(Battle(Side("celts", {"infantry": 3}), Side("romans", {"legion": 2}), zone="Verona"))
    game.play(RollRound(hits=(2, 1)))  # 3 Celtic dice: 2 hits; 2 Roman dice: 1 hit
    assert game.records[-1].drawn == ()
    battle = game.state.battle
    assert battle is not None
    assert battle.attacker.units == {"infantry": 2} and battle.defender.units == {}
    log = game.state.ledger.rounds[-1]
    assert [(t.side, t.hits, t.dice, t.values) for t in log.throws] == [
        ("attacker", 2, 3, ()),
        ("defender", 1, 2, ()),
    ]


def test_more_hits_than_a_groups_dice_is_refused_in_one_sentence_and_changes_nothing():
    game = opened(Battle(Side("celts", {"infantry": 3}), Side("romans", {"legion": 2})))
    state = game.state
    with pytest.raises(IllegalActionError, match=r"^2 legion dice make 0 to 2 hits"):
        game.play(RollRound(hits=(1, 3)))
    with pytest.raises(IllegalActionError, match="2 groups of dice"):
        game.play(RollRound(hits=(1,)))
    with pytest.raises(IllegalActionError, match="not both"):
        game.play(RollRound(values=(1, 1, 1, 1, 1), hits=(1, 1)))
    with pytest.raises(IllegalActionError, match="only for elephants"):
        game.play(RollRound(hits=(1, 1), nines=(1, 0)))
    assert game.state == state and not game.records[1:]


def test_elephants_typed_9s_force_the_victims_the_side_named_first():
    both = Battle(Side("carthaginians", {"elephant": 2}), Side("celts", {"infantry": 2, "legion": 2}))
    game = opened(both)  # the elephants aim at the most numerous key: infantry (a tie: the first)
    with pytest.raises(IllegalActionError, match="do not agree"):
        game.play(RollRound(hits=(0, 0, 0), nines=(1, 0, 0)))  # a 9 of an elephant at 5+ is a hit
    game.play(RollRound(hits=(1, 0, 0), nines=(1, 0, 0), first={"defender": ("legion",)}))
    battle = game.state.battle
    assert battle is not None
    assert battle.defender.units == {"infantry": 1, "legion": 1}  # 1 infantry hit, 1 legion sent out
    assert battle.defender.tally.retreated == {"legion": 1}


def test_the_cheapest_go_when_the_side_names_none():
    game = opened(Battle(Side("carthaginians", {"elephant": 2}), Side("celts", {"infantry": 2, "legion": 2})))
    game.play(RollRound(hits=(1, 0, 0), nines=(1, 0, 0)))
    battle = game.state.battle
    assert battle is not None and battle.defender.tally.retreated == {"infantry": 1}


def test_hits_typed_are_refused_while_fear_must_roll_first():
    game = opened(Battle(Side("carthaginians", {"elephant": 1}), Side("romans", {"legion": 2})))
    with pytest.raises(IllegalActionError, match="one by one"):
        game.play(RollRound(hits=(0, 0)))


def test_the_typed_round_and_the_victims_round_trip_through_the_record():
    action = RollRound(hits=(2, 0), nines=(1, 0), first={"defender": ("legion", "infantry")})
    assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action
    bad = action_to_dict(action)
    bad["hits"] = [1, True, "2"]
    with pytest.raises(DataError, match="action.hits"):
        action_from_dict(bad)
    bad = action_to_dict(action)
    bad["first"] = {"umpire": ["legion"]}
    with pytest.raises(DataError, match="action.first"):
        action_from_dict(bad)


@st.composite
def typed_round(draw: st.DrawFn, game: Game) -> RollRound:
    """Hits and 9s a table could type for the round's groups (some beyond what the dice allow)."""
    battle = game.state.battle
    assert battle is not None
    hits, nines = [], []
    for g in preview(battle).groups:
        made = draw(st.integers(0, g.dice + 1))
        nine = draw(st.integers(0, made if g.needed <= 9 else g.dice)) if tramples(g) else 0
        hits.append(made)
        nines.append(max(nine, made) if g.needed > 9 and tramples(g) else nine)
    first = {w: tuple(draw(st.permutations(sorted(battle.side(w).units)))) for w in ("attacker", "defender")}
    return RollRound(hits=tuple(hits), nines=tuple(nines), first=first)


@settings(max_examples=200, deadline=None)
@given(battles(), st.data())
def test_random_typed_rounds_conserve_units_never_exceed_dice_and_replay(battle: Battle, data: st.DataObject):
    try:
        game = opened(battle)
    except IllegalActionError:
        return
    start = {w: battle.side(w).count() + battle.side(w).leaders for w in ("attacker", "defender")}
    for _ in range(4):
        now = game.state.battle
        if now is None or over(now) or pre_round_dice(now, game.state.elephant_battles):
            break
        action = data.draw(typed_round(game))
        groups = preview(now).groups
        try:
            game.play(action)
        except IllegalActionError:
            assert any(h > g.dice for h, g in zip(action.hits, groups, strict=True))
            continue
        assert all(t.hits <= t.dice for t in game.state.ledger.rounds[-1].throws)
        after = game.state.battle
        assert after is not None
        for which in ("attacker", "defender"):
            joined = after.side(which).tally.total("joined")
            assert start[which] + joined == accounted(after.side(which))
    lines = [json.loads(json.dumps(r.to_dict())) for r in game.records]
    assert RULES.replay(edition("italia"), game.header(), lines).state == game.state


def test_a_group_that_needs_a_ten_takes_its_hits_without_9s_unless_it_is_elephants():
    hard = Battle(
        Side("romans", {"infantry": 1}), Side("celts", {"infantry": 1}), terrain="mountain", city="intact"
    )
    game = opened(hard)  # the Roman infantry needs 10 (7, mountain -1, city -2)
    game.play(RollRound(hits=(1, 0)))
    battle = game.state.battle
    assert battle is not None and battle.defender.units == {}
