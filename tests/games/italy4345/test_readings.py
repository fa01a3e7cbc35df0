"""The readings of spec section 5 that no other test pins (docs/rules-interpretations-italy4345.md)."""

from __future__ import annotations

import dataclasses

import pytest

from companion.games.italy4345 import Adjust, Game, IllegalActionError, Income, Op, Options, Score, scoring
from companion.games.italy4345.board import controls
from companion.games.italy4345.model import Area
from companion.games.italy4345.offensive import cleanup, deal

from .helpers import acting, fixture_edition, l0_game, s, text_edition


def test_a4_a_city_the_owner_says_has_no_disk_has_no_values() -> None:
    cities = {**fixture_edition().cities, "trieste": {**fixture_edition().cities["trieste"], "disk": False}}
    edition = dataclasses.replace(fixture_edition(), cities=cities)
    game = Game(edition, Options())
    game.state.areas["trieste"].ger = 1
    with pytest.raises(IllegalActionError, match="Trieste has no disk in your edition"):
        scoring.incomes(game.state, edition)


def test_a7_no_income_after_a_win_at_the_score_step() -> None:
    game = l0_game()
    game.play(Adjust("tokens", cln_reserve_tokens=12))
    game.state.offensives_done, game.state.step = 1, "score"
    game.state.offensive = __import__("companion.games.italy4345.model", fromlist=["Offensive"]).Offensive(
        "x", 1
    )
    game.play(Score())  # k = 2: 12 tokens + 3 offensives left = 15
    assert game.state.winner == "cln" and game.state.step == "over"
    with pytest.raises(IllegalActionError, match="The game is over: CLN won."):
        game.play(Income())


def test_a9_control_counts_every_piece_hidden_brigades_bases_and_anglo_american_cubes() -> None:
    area = Area(ger=2, aa=1, cln_brigades=[1, 0])
    assert not controls(area, "axis")  # 2 of 4 is not an absolute majority
    assert controls(Area(ger=3, aa=1, cln_brigades=[1, 0]), "axis")
    assert controls(Area(bases=1, aut_brigades=[1, 0], cln_brigades=[0, 1]), "rebels")


def test_a10_a_liberated_city_with_an_autonomous_cube_scores_and_pays_the_autonomous_faction() -> None:
    game = l0_game()
    game.play(
        Adjust("napoli", (("napoli", "liberated", True), ("napoli", "aa", 5), ("napoli", "aut_troops", 1)))
    )
    game.state.answers["cities.napoli.intact.production"] = 3
    assert scoring.incomes(game.state, text_edition())["aut"] == 1
    assert dict(scoring.scores(game.state, text_edition(), 1)["aut"].terms)["production"] == 3


def test_a11_a35_a36_liberated_loyalty_counts_for_no_one_and_germany_needs_a_troop_in_a_coll_city() -> None:
    game = l0_game()
    game.play(
        Adjust(
            "cities",
            (
                ("roma", "loyalty", "coll"),
                ("roma", "liberated", True),
                ("roma", "aa", 1),
                ("milano", "loyalty", "coll"),
                ("milano", "rsi", 2),
                ("torino", "ger", 1),
                ("area-s", "sabotage", True),
            ),
        )
    )
    for city, value in (("milano", 2), ("torino", 3), ("roma", 4)):
        game.state.answers[f"cities.{city}.intact.production"] = value
        game.state.answers[f"cities.{city}.intact.population"] = value + 1
    found = scoring.scores(game.state, text_edition(), 1)
    assert dict(found["ger"].terms)["production"] == 3  # Milano is Coll. with no German troop; Roma liberated
    assert dict(found["rsi"].terms)["population"] == 3  # Milano only
    assert dict(found["cln"].terms)["sabotage"] == 1


def test_a13_special_areas_take_no_operation_but_bozen_for_reinforce() -> None:
    game = acting("cln", (("ndh", "cln_hidden", 1),))
    with pytest.raises(IllegalActionError, match="ndh is not usable by the players"):
        game.play(Op("revolt", (s("ndh"),)))


def test_a15_after_an_event_the_second_faction_may_operate_without_a_special_activity() -> None:
    from companion.games.italy4345 import Event

    game = acting("cln", ())
    game.play(Adjust("ger", resources=(("ger", 2),)))
    game.play(Event())
    game.play(Op("reinforce", (s("bozen", 1),)))
    assert game.state.acted[1] == {"faction": "ger", "choice": "op"} and game.state.areas["bozen"].ger == 1


def test_a23_when_the_anglo_americans_lose_their_brigades_stay() -> None:
    from companion.games.italy4345 import Answer, Assault, Battle, Reveal

    game = l0_game()
    game.play(
        Adjust(
            "set-up",
            (
                ("rds", "aa", 1),
                ("area-f", "ger", 4),
                ("area-f", "cln_hidden", 2),
                ("area-f", "type", "countryside"),
                ("area-g", "liberated", True),
            ),
        )
    )
    game.play(Answer("offensives.offensive-1.arrows", 1))
    game.play(Reveal("offensive-1"))
    game.play(Assault(moves=(("rds", "area-f", 1, 0),)))
    with pytest.raises(IllegalActionError, match="area-h must be a liberated area"):
        game.play(Battle("area-f", to="area-h"))
    game.play(Battle("area-f", to="area-g"))  # 3 against 4: the Anglo-American side loses 1, a CLN brigade
    assert game.state.areas["area-f"].cln_brigades == [1, 0] and game.state.areas["area-g"].aa == 1


def test_a27_each_sources_troops_are_dealt_round_robin_clockwise_from_due_west() -> None:
    edition = fixture_edition()
    game = Game(edition, Options())
    game.state.areas["rds"].aa = 10
    reached = deal(game.state, edition)
    board = edition.board
    assert board is not None
    row = [n for n in board.neighbours["rds"]]  # INVENTED map: rds touches the four areas of row 1
    assert reached == row[:4] and [game.state.areas[a].aa for a in row] == [3, 3, 2, 2]


def test_a30_brigades_beyond_the_troop_reserve_go_to_the_autonomous_reserve() -> None:
    game = l0_game()
    game.play(
        Adjust(
            "board",
            (
                ("area-l", "liberated", True),
                ("area-l", "aut_visible", 3),
                ("area-t", "aut_troops", 9),
                ("area-l", "bases", 1),
            ),
        )
    )
    cleanup(game.state, text_edition())
    assert game.state.areas["area-l"].aut_troops == 1 and game.state.areas["area-l"].aut_brigades == [0, 0]
    assert game.state.resources["aut"] == 2  # the base: +2


def test_a53_sabotage_takes_two_once_per_activity_from_the_named_axis_faction() -> None:
    area = (
        ("area-a", "cln_hidden", 2),
        ("area-a", "loyalty", "res"),
        ("area-a", "rsi", 1),
        ("area-b", "cln_hidden", 1),
        ("area-b", "loyalty", "res"),
    )
    game = acting("cln", area)
    game.play(Adjust("rsi", resources=(("rsi", 5),)))
    game.play(
        Op("shooting", (s("area-a", 1),), sa="sabotage", sa_steps=(s("area-a"), s("area-b")), target="rsi")
    )
    assert game.state.resources["rsi"] == 3 and game.state.resources["cln"] == 7  # 10 - 1 shot - 2 areas


def test_a48_retaliate_moves_exactly_the_axis_cubes_number_of_brigades() -> None:
    game = acting(
        "ger",
        (
            ("area-a", "ger", 1),
            ("area-a", "rsi", 1),
            ("area-a", "cln_hidden", 3),
            ("area-a", "loyalty", "res"),
        ),
    )
    with pytest.raises(IllegalActionError, match="exactly 2 brigades move"):
        game.play(Op("retaliate", (s("area-a", 1, "area-b"),)))
    game.play(Op("retaliate", (s("area-a", 2, "area-b"),)))
    assert (
        game.state.areas["area-b"].cln_brigades == [0, 2] and game.state.areas["area-a"].loyalty == "neutral"
    )
