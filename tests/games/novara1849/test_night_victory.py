"""The night (supply progression, Shaken removal, recovery: R-27 to R-29) and victory (the points table,
the sudden deaths, the last turn: R-19 to R-24, R-43)."""

from dataclasses import replace

import pytest

from companion.games.novara1849 import (
    ApplyLosses,
    Charge,
    Concede,
    EndActivation,
    EndTurn,
    ExitMap,
    IllegalActionError,
    NightSupply,
    OccupyCity,
    Recover,
)
from companion.games.novara1849.night import progression
from companion.games.novara1849.units import Holding

from .helpers import activation, finish_turn


def test_out_of_supply_then_shaken_then_a_step_lost() -> None:
    held = Holding(2)
    held, lost = progression(held, False)
    assert (held.oos, held.shaken, lost) == (True, False, 0)
    held, lost = progression(held, False)
    assert (held.oos, held.shaken, lost) == (True, True, 0)
    held, lost = progression(held, False)
    assert (held.steps, lost) == (1, 1)
    assert progression(held, True)[0].oos is False


def night_after_charge():  # noqa: ANN201
    g = activation("A-II", "austria", night=True)
    g.play(Charge(("Uhl 1", "Dr 2"), ("5 Aosta",)), [5, 1, 1, 5])
    g.play(ApplyLosses("sardinia"))
    g.play(ApplyLosses("austria", allocation=(("Dr 2", 1),)))
    g.play(EndActivation())
    finish_turn(g)
    return g


def test_the_night_supply_check_comes_before_the_end_of_a_night_turn() -> None:
    g = night_after_charge()
    with pytest.raises(IllegalActionError, match="a night turn checks supply before it ends"):
        g.play(EndTurn())
    with pytest.raises(IllegalActionError, match="Nizza Cav is not an infantry or artillery unit"):
        g.play(NightSupply(("Nizza Cav",)))  # cavalry is never checked
    g.play(NightSupply(("IR 28",)))
    assert g.state.units["IR 28"].oos and not g.state.units["5 Aosta"].oos


def test_r27_one_recovery_per_formation_in_supply_and_not_adjacent() -> None:
    g = night_after_charge()
    g.play(NightSupply(()))
    with pytest.raises(IllegalActionError, match="adjacent to the enemy"):
        g.play(Recover("Dr 2", adjacent=True))
    g.play(Recover("Dr 2"))
    assert g.state.units["Dr 2"].steps == 2 and g.state.ledger.recovered["austria"] == 1
    with pytest.raises(IllegalActionError, match="not a reduced unit"):
        g.play(Recover("Uhl 1"))
    g.play(EndTurn())
    assert g.state.turn == 3


def test_r21_points_count_net_steps_and_cities() -> None:
    g = night_after_charge()
    g.play(NightSupply(()))
    g.play(Recover("Dr 2"))
    g.play(OccupyCity("Mortara", "austria"))
    g.play(OccupyCity("Novara", "sardinia"))
    austria, sardinia = g.score("austria"), g.score("sardinia")
    assert (austria.steps, austria.cities_3, austria.total) == (1, 3, 4)
    assert (sardinia.steps, sardinia.cities_6, sardinia.total) == (0, 6, 6)


def test_supplied_exits_score_one_point_a_step() -> None:
    g = activation("A-II", "austria")
    g.play(ExitMap("Dr 2", supplied=True))
    g.play(ExitMap("Uhl 1", supplied=False))
    assert g.score("austria").exits == 2 and g.state.ledger.exited["austria"] == 3
    with pytest.raises(IllegalActionError, match="Dr 2 is not a unit on the map"):
        g.play(ExitMap("Dr 2"))


def test_sudden_victory_in_pavia_only_for_supplied_sardinians() -> None:
    g = activation("A-II", "austria")
    g.play(OccupyCity("Pavia", "sardinia", supplied=False))
    assert g.state.winner is None
    g.play(OccupyCity("Pavia", "sardinia", supplied=True))
    assert (g.state.winner, g.state.phase) == ("sardinia", "over")
    with pytest.raises(IllegalActionError, match="the game is over"):
        g.play(Concede("austria"))


def test_r20_austria_wins_holding_casale_vercelli_and_novara() -> None:
    g = activation("A-II", "austria")
    for city in ("Casale", "Vercelli"):
        g.play(OccupyCity(city, "austria"))
    assert g.state.winner is None
    g.play(OccupyCity("Novara", "austria"))
    assert g.state.winner == "austria"


def test_twenty_combat_points_more_eliminated_ends_the_game() -> None:
    g = activation("A-II", "austria")
    ledger = replace(g.state.ledger, eliminated_cp={"austria": 0, "sardinia": 17})
    g.state = replace(g.state, ledger=ledger)
    g.play(Charge(("Uhl 1", "Dr 2"), ("5 Aosta",)), [5, 6, 1, 1])
    g.play(ApplyLosses("sardinia"))
    assert (g.state.winner, g.state.how) == ("austria", "20 combat points more eliminated")


def test_r43_a_concession_and_r24_a_tie_is_a_draw() -> None:
    g = activation("A-II", "austria")
    g.play(Concede("sardinia"))
    assert g.state.winner == "austria"
    h = activation("A-II", "austria")
    h.state = replace(h.state, last_turn=2)
    h.play(EndActivation())
    finish_turn(h)
    h.play(EndTurn())
    assert (h.state.phase, h.state.winner) == ("over", "draw")


def test_a_unit_lost_to_supply_counts_its_printed_factor_toward_the_twenty() -> None:
    g = night_after_charge()
    g.state = replace(
        g.state,
        units={**g.state.units, "IR 7": Holding(1, shaken=True, oos=True)},
        ledger=replace(g.state.ledger, eliminated_cp={"austria": 16, "sardinia": 0}),
    )
    g.play(NightSupply(("IR 7",)))
    assert g.state.ledger.eliminated_cp["austria"] == 20
    assert (g.state.winner, g.state.phase) == ("sardinia", "over")


def test_switches_r21_gross_steps_and_r22_the_side_showing() -> None:
    from companion.games.novara1849 import EnterResult, Fight, Readings

    g = night_after_charge()
    g.play(NightSupply(()))
    g.play(Recover("Dr 2"))
    assert g.score("sardinia").steps == 0  # net: Dr 2's lost step was recovered
    gross = activation("A-II", "austria", readings=Readings(steps_lost="gross"))
    gross.state = replace(gross.state, ledger=g.state.ledger)
    assert gross.score("sardinia").steps == 1
    for reading, cp in (("full", 4), ("shown", 2)):
        h = activation("S-4", "sardinia", readings=Readings(eliminated_cp=reading))
        h.state = replace(h.state, units={**h.state.units, "IR 28": Holding(1)})  # reduced: 2 showing
        h.play(Fight((("14 Pinerolo", 1),), (("IR 28", 0),)), [5])
        h.play(EnterResult("D1"))
        h.play(ApplyLosses("austria"))
        assert h.state.ledger.eliminated_cp["austria"] == cp


def test_r23_the_cities_held_at_the_start_are_the_players_answer() -> None:
    from .fixtures import game

    g = game(1, cities=(("Novara", "sardinia"), ("Mortara", "austria")))
    assert g.score("sardinia").cities_6 == 6 and g.score("austria").cities_3 == 3


def test_r25_the_sforzesca_scores_only_its_locations_and_ends_at_vigevano() -> None:
    from companion.games.novara1849 import Game, scenario

    from .fixtures import UNITS, edition

    g = Game(edition(), scenario("sforzesca", units=UNITS, cities=(("Novara", "sardinia"),)))
    g.play(OccupyCity("Gambolò", "sardinia"))
    g.play(OccupyCity("Sforzesca", "austria"))
    assert (g.score("sardinia").total, g.score("austria").total) == (1, 1)  # Novara counts nothing here
    g.play(OccupyCity("Pavia", "sardinia"))
    assert g.state.winner is None  # the campaign's Pavia clause is not this scenario's
    g.play(OccupyCity("Vigevano", "austria"))
    assert (g.state.winner, g.state.how) == ("austria", "Vigevano controlled")
    how = g.state.how  # a sentence: the screen says it in the table's language
    assert (getattr(how, "template", ""), getattr(how, "values", {})) == (
        "{place} controlled",
        {"place": "Vigevano"},
    )
