"""Properties (hypothesis): steps are conserved, a clamped column never leaves the table, the cup holds
exactly the selections, a refused action changes nothing, and a replay equals the live game."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.novara1849 import (
    Activate,
    ApplyLosses,
    Bombard,
    Charge,
    Draw,
    EndActivation,
    EndTurn,
    EnterResult,
    EnterUnit,
    ExitMap,
    Fight,
    Game,
    IllegalActionError,
    NightSupply,
    OccupyCity,
    Pass,
    RollAttrition,
    Select,
    TurnFacts,
)
from companion.games.novara1849.combat import Combat, DefendingHex, Fighter, preview
from companion.games.novara1849.ladder import Ladder
from companion.games.novara1849.readings import Readings

from .fixtures import FORMATIONS, edition, game

LADDER = Ladder.of()


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(1, 12), min_size=1, max_size=6),
    st.lists(st.integers(1, 12), min_size=1, max_size=4),
    st.integers(0, 3),
    st.sets(st.integers(1, 6), min_size=1),
    st.booleans(),
    st.sampled_from(["after_shifts", "before_shifts"]),
)
def test_a_clamped_column_never_leaves_the_table(attack, defence, left, ring, oos, clamp) -> None:  # noqa: ANN001
    attackers = tuple(
        Fighter(f"a{i}", cf, oos=oos, hex=sorted(ring)[i % len(ring)]) for i, cf in enumerate(attack)
    )
    defenders = tuple(Fighter(f"d{i}", cf) for i, cf in enumerate(defence))
    shown = preview(Combat(attackers, defenders, (DefendingHex("x", left),)), LADDER, Readings(clamp=clamp))
    assert 0 <= shown.final_position <= LADDER.last
    assert shown.final_column in ("1:3", "1:2", "1:1", "2:1", "3:1", "4:1")


@settings(max_examples=100, deadline=None)
@given(
    st.sets(st.sampled_from(["A-I", "A-II", "A-III", "A-IV"])),
    st.sets(st.sampled_from(["S-1", "S-4"]), max_size=1),
    st.booleans(),
)
def test_the_cups_contents_equal_the_selections(austria, sardinia, commander) -> None:  # noqa: ANN001
    g = game(1, first_turn=2)
    g.play(TurnFacts(False, 4, 1))
    chosen = sorted(austria)
    if commander and chosen:
        g.play(Select("austria", tuple(chosen[1:]), "radetzky", (chosen[0],)))
        expected = chosen[1:] + ["radetzky"]
    else:
        g.play(Select("austria", tuple(chosen)))
        expected = chosen
    g.play(Select("sardinia", tuple(sardinia)))
    expected += sorted(sardinia) + ["austria-independent", "sardinia-independent"]
    assert sorted(g.state.cup) == sorted(expected)
    assert g.cup().left["austria"] + g.cup().left["sardinia"] == len(expected)


def on_map_steps(g: Game) -> int:
    return sum(h.steps for h in g.state.units.values() if not h.exited)


def conserved(g: Game) -> bool:
    ledger = g.state.ledger
    net = sum(ledger.lost.values()) - sum(ledger.recovered.values())
    return on_map_steps(g) + net + sum(ledger.exited.values()) == g.state.start_steps()


def choices(g: Game, rng: random.Random) -> list[object]:
    """Every kind of decision, its parameters picked from the state (many will be refused)."""
    state, units = g.state, sorted(g.state.units)
    alive = [u for u in units if state.units[u].steps and not state.units[u].exited]
    active = state.active
    side = active.side if active else rng.choice(["austria", "sardinia"])
    own = [u for u in alive if state.counters[u].side == side] if active else alive
    if active:
        own = [u for u in own if state.counters[u].formation in active.formations or u in active.independents]
    enemy = [u for u in alive if state.counters[u].side != side]
    mine = sorted(f for f, formation in FORMATIONS.items() if formation.side == side)

    def some(n: int, pool: list[str] = alive) -> tuple[str, ...]:
        return tuple(rng.sample(pool, min(n, len(pool))))

    pending = state.pending
    found: list[object] = [
        TurnFacts(rng.random() < 0.3, rng.randint(0, 4), rng.randint(0, 4)),
        Draw(),
        Pass(),
        EndTurn(),
        Select(side, tuple(rng.sample(mine, min(len(mine), state.points.get(side, 0))))),
        Activate(rng.random() < 0.3, some(rng.randint(0, 1))),
        RollAttrition(),
        EndActivation(),
        Activate(rng.random() < 0.3),
        Activate(),
        Draw(),
        Draw(),
        RollAttrition(),
        Charge(some(2, own), some(1, enemy)),
        Bombard(tuple((u, rng.random() < 0.5) for u in some(2, own)), some(1, enemy)),
        Fight(tuple((u, rng.randint(1, 6)) for u in some(2, own)), tuple((u, 0) for u in some(1, enemy))),
        EnterResult(rng.choice(["A1", "D2", "SH", "1", "-", "A1D1"])),
        NightSupply(some(1)),
        EnterUnit(f"u{len(units)}", side, rng.randint(1, 4), "", "infantry", 1, 0, rng.random() < 0.5),
    ]
    found += [
        Charge(some(2, own), some(1, enemy)),
        Fight(tuple((u, rng.randint(1, 6)) for u in some(3, own)), tuple((u, 0) for u in some(1, enemy))),
    ] * 3
    if rng.random() < 0.05:
        found.append(ExitMap(rng.choice(units)))
    if pending and pending.due:
        side, owed = pending.due[0]
        owned = [u for u in dict(pending.units)[side] if state.units[u].steps]
        share = tuple((u, 1) for u in owned[:owed])
        found += [ApplyLosses(side, rng.randint(0, 2), share, rng.random() < 0.1)] * 4
    return found


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6))
def test_steps_are_conserved_refusals_change_nothing_and_replay_equals_the_live_game(seed: int) -> None:
    rng = random.Random(seed)
    g = game(seed, first_turn=1, last_turn=3)
    for _ in range(300):
        action = rng.choice(choices(g, rng))
        before = g.state
        try:
            g.play(action)  # type: ignore[arg-type]
        except IllegalActionError:
            assert g.state is before
        assert conserved(g)
        if g.state.phase == "over":
            break
    again = Game(edition(), g.options)
    for record in g.records:
        again.play(record.action, record.drawn)
    assert again.state == g.state


CITIES = (
    "Novara",
    "Mortara",
    "Vigevano",
    "Pavia",
    "Casale",
    "Magenta",
    "Abbiategrasso",
    "Vercelli",
    "Gambolò",
)


def recount(g: Game, side: str) -> int:
    """The points counted again from the board as the players would: the enemy's missing steps (net of
    those its units entered the game without), the cities held, the supplied steps that left the map."""
    state, enemy = g.state, "sardinia" if side == "austria" else "austria"
    entered_reduced = sum(
        state.counters[r.action.id].steps - 1
        for r in g.records
        if isinstance(r.action, EnterUnit) and r.action.reduced and r.action.side == enemy
    )
    missing = sum(
        state.counters[u].steps - h.steps for u, h in state.units.items() if state.counters[u].side == enemy
    )
    cities = sum(
        3 if c in ("Mortara", "Vigevano", "Abbiategrasso", "Magenta") else 6 if c in CITIES else 0
        for c, holder in state.cities.items()
        if holder == side and c != "Gambolò"
    )
    exits = 0
    for number, r in enumerate(g.records):
        if isinstance(r.action, ExitMap) and r.action.supplied:
            before = g.history.before(number)
            if before.counters[r.action.unit].side == side:
                exits += before.units[r.action.unit].steps
    return missing - entered_reduced + cities + exits


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_victory_points_equal_a_recount_of_the_state(seed: int) -> None:
    rng = random.Random(seed)
    g = game(seed, first_turn=1, last_turn=3)
    for _ in range(250):
        action = rng.choice(
            [*choices(g, rng), OccupyCity(rng.choice(CITIES), rng.choice(["austria", "sardinia"]), False)]
        )
        if isinstance(action, ExitMap):
            action = ExitMap(action.unit, rng.random() < 0.5)
        try:
            g.play(action)  # type: ignore[arg-type]
        except IllegalActionError:
            pass
        for side in ("austria", "sardinia"):
            assert g.score(side).total == recount(g, side)
        if g.state.phase == "over":
            break
