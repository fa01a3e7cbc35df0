"""Properties of the resolver over random battles (hypothesis): units are conserved, hits never
exceed dice, thresholds stay in 2-10, a replay from the recorded dice equals the live battle."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.italia.battle import FATES, Battle, Side
from companion.games.italia.dice import Dice
from companion.games.italia.fight import Fought, Step, fight
from companion.games.vocabulary import IllegalActionError

TYPES = ("infantry", "legion", "consular", "cavalry", "elephant", "foederati", "infantry:sea", "legion:sea")
NATIONS = ("romans", "celts", "ostrogoths", "foederati", "carthaginians")


@st.composite
def sides(draw: st.DrawFn, nation: str) -> Side:
    kinds = draw(st.lists(st.sampled_from(TYPES), min_size=1, max_size=3, unique=True))
    units = {k: draw(st.integers(1, 5)) for k in kinds}
    return Side(nation, units, leaders=draw(st.integers(0, 2)), fleets=draw(st.integers(0, 4)))


@st.composite
def battles(draw: st.DrawFn) -> Battle:
    a, d = draw(st.lists(st.sampled_from(NATIONS), min_size=2, max_size=2, unique=True))
    return Battle(
        draw(sides(a)),
        draw(sides(d)),
        terrain=draw(st.sampled_from(("standard", "mountain", "swamp"))),
        city=draw(st.sampled_from(("none", "intact", "ruin"))),
        mode=draw(st.sampled_from(("normal", "normal", "raid"))),
        capital_of=draw(st.sampled_from((None, a, d))),
    )


def accounted(side: Side) -> int:
    return side.count() + side.leaders + sum(side.tally.total(f) for f in FATES)


def check(fought: Fought) -> None:
    for which in ("attacker", "defender"):
        start, end = fought.start.side(which), fought.end.side(which)
        assert start.count() + start.leaders + end.tally.total("joined") == accounted(end)
    for report in fought.rounds:
        for g in report.groups:
            assert 2 <= g.needed <= 10
        for which in ("attacker", "defender"):
            dice = sum(g.dice for g in report.groups if g.side == which)
            city = report.city_hits if which == "attacker" else 0
            assert report.dealt(which) + city <= dice
            assert all(h.flipped + h.eliminated + h.wasted == h.hits for h in report.hits[which])


@settings(max_examples=300, deadline=None)
@given(battles(), st.integers(0, 2**32), st.integers(0, 4), st.booleans())
def test_random_battles_conserve_units_and_replay_exactly(battle: Battle, seed: int, fear: int, flee: bool):
    steps = [Step(retreats={"attacker": dict(battle.attacker.units)})] if flee else []
    try:
        live = fight(battle, steps, Dice(random.Random(seed)), elephant_battles=fear)
    except IllegalActionError:  # the whole side's retreat after losses: refused, never a crash
        assert flee and battle.mode == "normal"
        return
    check(live)
    replayed = fight(battle, steps, Dice(given=live.drawn), elephant_battles=fear)
    assert replayed == live


@settings(max_examples=60, deadline=None)
@given(battles(), st.integers(0, 4))
def test_the_exact_odds_of_any_battle_add_up_and_stay_within_the_units(battle: Battle, fear: int):
    from companion.games.italia.odds import COMMAND_PAIRS, TooLarge, battle_odds

    try:
        odds = battle_odds(battle, elephant_battles=fear, budget=COMMAND_PAIRS)
    except TooLarge:  # refused in one sentence, the command's answer for a battle this big
        return
    assert odds.attacker_clears + odds.defender_holds + odds.both_destroyed == pytest.approx(1)
    joined = sum(battle.defender.units.values()) if battle.defender.has("foederati") else 0
    assert -1e-9 <= odds.attacker_losses <= battle.attacker.count() + joined + 1e-9
    assert -1e-9 <= odds.defender_losses <= battle.defender.count() + battle.attacker.count() + 1e-9
