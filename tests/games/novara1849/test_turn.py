"""The cup, the selections and the activations: spec examples 4.1-4.3 and readings R-9 to R-15."""

import pytest

from companion.games.novara1849 import (
    Activate,
    Draw,
    EndActivation,
    EndTurn,
    Game,
    IllegalActionError,
    Pass,
    Select,
    SetCommandFactor,
    TurnFacts,
    replay,
)

from .fixtures import game


def turn_two(seed: int = 7) -> Game:
    """Turn 2 with the Activation examples' points: Sardinia 1, Austria 4."""
    g = game(seed, first_turn=2)
    g.play(TurnFacts(False, 4, 1))
    return g


def empty_cup(g: Game) -> None:
    while g.state.cup:
        g.play(Draw())
        g.play(Pass())


def test_example_4_1_the_cup_on_turn_2() -> None:
    g = turn_two()
    g.play(Select("sardinia", ("S-4",)))
    g.play(Select("austria", ("A-I", "A-II", "A-III", "A-IV")))
    assert sorted(g.state.cup) == sorted(
        ["S-4", "sardinia-independent", "A-I", "A-II", "A-III", "A-IV", "austria-independent"]
    )
    assert g.cup().left == {"austria": 5, "sardinia": 2}
    for _ in range(7):
        g.play(Draw())
        g.play(Pass())
    with pytest.raises(IllegalActionError, match="the cup is empty: end the turn"):
        g.play(Draw())


def test_an_overspent_selection_is_refused_in_one_sentence() -> None:
    g = turn_two()
    with pytest.raises(IllegalActionError, match="2 formations need 2 activation points; Sardinia has 1"):
        g.play(Select("sardinia", ("S-4", "S-1")))
    with pytest.raises(IllegalActionError, match="A-I is not one of Sardinia's formations"):
        g.play(Select("sardinia", ("A-I",)))


def test_example_4_2_who_a_formation_commander_commands() -> None:
    g = turn_two()
    g.play(Select("sardinia", ("S-4",)))
    g.play(Select("austria", ("A-II",)))
    chits = []
    while g.state.cup:
        g.play(Draw())
        chits.append(g.state.current)
        if g.state.current == "S-4":
            with pytest.raises(IllegalActionError, match="at most one independent unit"):
                g.play(Activate(independents=("Bers", "3 Bers")))
            g.play(Activate(independents=("Bers",)))
            g.play(EndActivation())
        elif g.state.current == "A-II":
            refusal = "IR 28 is not one of Austria's units|IR 28 belongs to A-I"
            with pytest.raises(IllegalActionError, match=refusal):
                g.play(Activate(independents=("IR 28",)))
            g.play(Pass())
        else:
            g.play(Pass())
    assert "Bers" in g.state.activated_units


def test_example_4_3_the_radetzky_box_and_alternate_turns() -> None:
    g = turn_two()
    g.play(Select("sardinia", ("S-4",)))
    g.play(Select("austria", ("A-I", "A-IV"), "radetzky", ("A-II", "A-III")))
    assert sorted(c for c in g.state.cup if g.state.side_of(c) == "austria") == sorted(
        ["radetzky", "A-I", "A-IV", "austria-independent"]
    )
    while g.state.current != "radetzky":
        g.play(Draw())
        if g.state.current != "radetzky":
            g.play(Pass())
    g.play(Activate())
    assert g.state.active.formations == ("A-II", "A-III")
    g.play(EndActivation())
    empty_cup(g)
    g.play(EndTurn())
    g.play(TurnFacts(False, 4, 1))
    with pytest.raises(
        IllegalActionError, match="Radetzky was used on turn 2; he can be used again from turn 4"
    ):
        g.play(Select("austria", (), "radetzky", ("A-II",)))
    g.play(Select("austria", ("A-I",)))
    g.play(Select("sardinia", ()))
    empty_cup(g)
    g.play(EndTurn())
    g.play(TurnFacts(False, 4, 1))
    g.play(Select("austria", (), "radetzky", ("A-II", "A-III")))  # turn 4: accepted


def test_r14_the_command_factor_bounds_the_box() -> None:
    g = turn_two()
    with pytest.raises(
        IllegalActionError, match="Command Factor is 2: his box holds 1 to 2 formations, not 3"
    ):
        g.play(Select("austria", (), "radetzky", ("A-I", "A-II", "A-III")))


def test_a_command_factor_is_set_mid_game_recorded_undone_and_replayed() -> None:
    """Issue 17: the table corrects Radetzky's factor (misread as 2 at the start) to 3 during the game;
    the next selection may box three formations; undo puts the 2 back; a replay gives the 3 again."""
    g = turn_two()
    events = g.play(SetCommandFactor("radetzky", 3))
    assert (
        events == ["Radetzky's Command Factor is 3 from now on."] and g.state.command_factors["radetzky"] == 3
    )
    g.play(Select("austria", (), "radetzky", ("A-I", "A-II", "A-III")))
    assert g.state.selections["austria"].boxed == ("A-I", "A-II", "A-III")
    assert replay(g.edition, g.header(), g.records).state == g.state
    g.undo()
    g.undo()
    assert g.state.command_factors["radetzky"] == 2
    with pytest.raises(IllegalActionError, match="Command Factor is 2"):
        g.play(Select("austria", (), "radetzky", ("A-I", "A-II", "A-III")))


@pytest.mark.parametrize(
    ("action", "why"),
    [
        (SetCommandFactor("windischgratz", 3), "only Radetzky and Chrzanowski have one"),
        (SetCommandFactor("chrzanowski", 0), "runs from 1 to 9, not 0"),
        (SetCommandFactor("chrzanowski", 10), "runs from 1 to 9, not 10"),
    ],
)
def test_a_command_factor_outside_the_chits_is_refused(action: SetCommandFactor, why: str) -> None:
    g = turn_two()
    with pytest.raises(IllegalActionError, match=why):
        g.play(action)
    assert g.state.command_factors == {"radetzky": 2, "chrzanowski": 2}


def test_no_command_factor_where_the_scenario_bans_higher_commanders() -> None:
    g = game(first_turn=5, commanders=False)
    with pytest.raises(IllegalActionError, match="can not be used in this scenario"):
        g.play(SetCommandFactor("radetzky", 2))


def test_r13_passing_a_higher_commander_passes_his_box() -> None:
    g = turn_two()
    g.play(Select("austria", (), "radetzky", ("A-II", "A-III")))
    g.play(Select("sardinia", ()))
    while g.state.current != "radetzky":
        g.play(Draw())
        if g.state.current != "radetzky":
            g.play(Pass())
    g.play(Pass())
    assert {"radetzky", "A-II", "A-III"} <= set(g.state.passed)


def test_r11_the_independent_chit_activates_one_to_three_units_and_never_force_marches() -> None:
    g = turn_two()
    g.play(Select("austria", ()))
    g.play(Select("sardinia", ()))
    while g.state.current != "sardinia-independent":
        g.play(Draw())
        if g.state.current != "sardinia-independent":
            g.play(Pass())
    with pytest.raises(IllegalActionError, match="R-11"):
        g.play(Activate(forced_march=True, independents=("Bers",)))
    with pytest.raises(IllegalActionError, match="1 to 3 units"):
        g.play(Activate())
    g.play(Activate(independents=("Bers", "3 Piemonte")))  # any formation's units


def test_r9_draws_are_seeded_and_the_table_cup_names_its_chit() -> None:
    orders = []
    for seed in (1, 1, 2):
        g = turn_two(seed)
        g.play(Select("sardinia", ("S-4",)))
        g.play(Select("austria", ("A-I", "A-II", "A-III", "A-IV")))
        empty_cup(g)
        orders.append(g.state.drawn)
    assert orders[0] == orders[1] and sorted(orders[0]) == sorted(orders[2])
    g = turn_two()
    g.play(Select("sardinia", ("S-4",)))
    g.play(Select("austria", ()))
    g.play(Draw(), ["S-4"])
    assert g.state.current == "S-4"
    g.play(Pass())
    with pytest.raises(IllegalActionError, match="S-4 is not in the cup"):
        g.play(Draw(), ["S-4"])


def test_r12_a_general_retreat_puts_no_chit_in_the_cup_and_rolls_first() -> None:
    from companion.games.novara1849 import ApplyLosses, RollAttrition

    g = turn_two()
    g.play(Select("sardinia", general_retreat=("S-4", "S-1")))
    g.play(Select("austria", ("A-I",)))
    assert sorted(g.state.cup) == ["A-I", "austria-independent"]
    with pytest.raises(IllegalActionError, match="Draw refused"):
        g.play(Draw())
    g.play(RollAttrition(), [3])  # S-4: 1, 2 or 3 costs a step
    g.play(ApplyLosses("sardinia", allocation=(("14 Pinerolo", 1),)))
    g.play(RollAttrition(), [4])  # S-1: no loss
    empty_cup(g)
    g.play(EndTurn())
    g.play(TurnFacts(False, 4, 1))
    with pytest.raises(IllegalActionError, match="already made its one general retreat"):
        g.play(Select("sardinia", general_retreat=("S-4",)))


def test_r15_a_unit_named_for_one_activation_is_refused_for_another() -> None:
    g = turn_two()
    g.play(Select("sardinia", ("S-4",)))
    g.play(Select("austria", ()))
    order = []
    while g.state.cup:
        g.play(Draw())
        order.append(g.state.current)
        if g.state.current in ("S-4", "sardinia-independent") and "Bers" not in g.state.activated_units:
            g.play(Activate(independents=("Bers",)))
            g.play(EndActivation())
        elif g.state.current in ("S-4", "sardinia-independent"):
            with pytest.raises(IllegalActionError, match="Bers was already activated this turn"):
                g.play(Activate(independents=("Bers",)))
            g.play(Pass())
        else:
            g.play(Pass())
    assert {"S-4", "sardinia-independent"} <= set(order)


def test_r16_the_austrian_surprise_keeps_ii_corps_out_of_the_cup_and_costs_its_point() -> None:
    from companion.games.novara1849 import Game, Surprise, scenario

    from .fixtures import UNITS, edition

    g = Game(edition(), scenario("campaign", seed=2, units=UNITS))
    g.play(TurnFacts(False, 1, 1))
    with pytest.raises(IllegalActionError, match="2 formations need 2 activation points"):
        g.play(Select("austria", ("A-II", "A-I")))
    g.play(Select("austria", ("A-II",)))
    g.play(Select("sardinia", ()))
    assert sorted(g.state.cup) == ["austria-independent", "sardinia-independent"]
    g.play(Surprise())
    assert g.state.active.formations == ("A-II",)
    g.play(EndActivation())
    with pytest.raises(IllegalActionError, match="Surprise refused"):
        g.play(Surprise())


def test_the_sforzesca_gives_one_point_a_side_and_no_higher_commander() -> None:
    from companion.games.novara1849 import Game, scenario

    from .fixtures import UNITS, edition

    g = Game(edition(), scenario("sforzesca", units=UNITS))
    assert g.state.turn == 5 and g.state.last_turn == 9
    with pytest.raises(IllegalActionError, match="this scenario gives Austria 1 and Sardinia 1"):
        g.play(TurnFacts(False, 2, 1))
    g.play(TurnFacts(False, 1, 1))
    with pytest.raises(IllegalActionError, match="Higher Commanders can not be used in this scenario"):
        g.play(Select("austria", (), "radetzky", ("A-I",)))
