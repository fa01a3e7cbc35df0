"""The readings of spec section 5 that no other test pins (docs/rules-interpretations-italy4345.md)."""

from __future__ import annotations

import dataclasses

import pytest

from companion.games.italy4345 import Adjust, Game, IllegalActionError, Income, Op, Options, Score, scoring
from companion.games.italy4345.board import controls
from companion.games.italy4345.model import Area
from companion.games.italy4345.offensive import cleanup, deal

from .helpers import acting, battle_in_napoli, fixture_edition, l0_game, s, text_edition


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


def test_r7_the_next_card_is_shown_only_with_visible_cards() -> None:
    hidden = l0_game(deck_mode="companion", seed=5)
    shown = l0_game(deck_mode="companion", seed=5, visible_cards=True)
    assert hidden.next_card() is None and shown.state.deck is not None
    assert shown.next_card() == shown.state.deck[0]
    assert l0_game(visible_cards=True).next_card() is None  # a table deck: the camera or a tap reads it


def test_a42_gathering_places_one_brigade_per_area_for_one() -> None:
    game = acting(
        "aut", (("area-b", "bases", 1), ("area-b", "aut_troops", 1), ("area-c", "bases", 1)), resources=1
    )
    game.play(Op("gathering", (s("area-b"), s("area-c", pick=("swap",)))))
    assert game.state.areas["area-b"].aut_brigades == [1, 0] and game.state.resources["aut"] == 0
    assert game.state.areas["area-c"].bases == 0 and game.state.areas["area-c"].aut_brigades == [1, 0]


def test_a45_propaganda_in_a_city_needs_rsi_control_as_an_operation_axis_control_as_a_civic_action() -> None:
    board = (("milano", "rsi", 1), ("milano", "ger", 2))
    game = acting("rsi", board, resources=4)
    with pytest.raises(IllegalActionError, match="RSI does not control milano"):
        game.play(Op("propaganda", (s("milano"),)))
    from companion.games.italy4345 import Civic

    game.state.step, game.state.civic = "civic", ["rsi"]
    game.play(Civic("propaganda", (s("milano"),)))
    assert game.state.areas["milano"].loyalty == "coll" and game.state.resources["rsi"] == 2


def test_a46_rsis_civic_repairs_also_moves_loyalty_toward_collaborationism() -> None:
    from companion.games.italy4345 import Civic

    game = l0_game()
    game.play(Adjust("board", (("area-s", "rsi", 1), ("area-s", "sabotage", True)), resources=(("rsi", 2),)))
    game.state.step, game.state.civic = "civic", ["rsi"]
    game.play(Civic("repairs", (s("area-s"),)))
    assert not game.state.areas["area-s"].sabotage and game.state.areas["area-s"].loyalty == "coll"


def test_a50_police_shows_brigades_up_to_the_axis_cubes_in_the_city_and_beside_it() -> None:
    board = (("milano", "rsi", 1), ("milano", "ger", 1), ("area-a", "cln_hidden", 3), ("area-b", "rsi", 1))
    game = acting("rsi", board, resources=5)
    police = ("area-a", "area-a", "area-a")
    with pytest.raises(IllegalActionError, match="2 Axis cubes show 2 brigades at most"):
        game.play(Op("propaganda", (s("area-b"),), sa="police", sa_steps=(s("milano", pick=police),)))
    game.play(Op("propaganda", (s("area-b"),), sa="police", sa_steps=(s("milano", pick=police[:2]),)))
    assert game.state.areas["area-a"].cln_brigades == [1, 2]


def test_a51_punitive_expedition_moves_rsi_troops_from_a_single_city_for_one() -> None:
    board = (("milano", "rsi", 3), ("area-v", "rsi", 1), ("area-v", "cln_visible", 1))
    game = acting("rsi", board, resources=2)
    with pytest.raises(IllegalActionError, match="a single city only"):
        game.play(
            Op(
                "assault",
                (s("area-v", pick=("cln",)),),
                sa="punitive",
                sa_steps=(s("milano", 1, "area-x"), s("torino", 1, "area-y")),
            )
        )
    game.play(
        Op(
            "assault",
            (s("area-v", pick=("cln",)),),
            sa="punitive",
            sa_steps=(s("milano", 1, "area-x"), s("milano", 2, "area-y")),
        )
    )
    assert game.state.areas["area-y"].rsi == 2 and game.state.resources["rsi"] == 0


def test_a52_expropriation_takes_a_brigade_or_a_resistance_token_for_two() -> None:
    board = (("area-e", "cln_visible", 2), ("area-e", "loyalty", "res"), ("area-f", "cln_hidden", 1))
    game = acting("cln", board, resources=0)
    game.play(
        Op(
            "move",
            (s("area-f", 1, "area-g"),),
            sa="expropriation",
            sa_steps=(s("area-e", pick=("neutral",)), s("area-g")),
        )
    )
    assert game.state.areas["area-e"].loyalty == "neutral" and game.state.areas["area-e"].cln_brigades == [
        0,
        2,
    ]
    assert game.state.areas["area-g"].cln_brigades == [0, 0] and game.state.resources["cln"] == 4


def test_a24_with_the_map_axis_troops_with_nowhere_to_go_go_to_the_reserve() -> None:
    from companion.games.italy4345 import Battle, EndRound

    game = battle_in_napoli(liberated_around=True)
    with pytest.raises(IllegalActionError, match="nowhere to withdraw: confirm that they go to the reserve"):
        game.play(Battle())  # the table confirms first
    with pytest.raises(IllegalActionError, match="napoli holds both sides: its battle comes first"):
        game.play(EndRound())  # §6.2.1 B: every front area holding both sides fights
    events = game.play(Battle("napoli", "reserve"))
    assert "1 troop withdraws from napoli to reserve." in events  # 9 v 4 + 2: the Axis lose 3, 1 is left
    assert game.state.areas["napoli"].ger == 0 and game.state.areas["napoli"].liberated
    game.play(EndRound())
    assert game.state.step == "redistribute"


def test_a24_the_reserve_takes_withdrawing_troops_only_when_there_is_nowhere_else() -> None:
    from companion.games.italy4345 import Battle

    game = battle_in_napoli(liberated_around=False)
    with pytest.raises(IllegalActionError, match="the reserve takes them only when there is nowhere"):
        game.play(Battle("napoli", "reserve"))
    events = game.play(Battle("napoli"))
    assert any("1 troop withdraws from napoli to area-" in str(e) for e in events)


def test_a58_the_alternative_set_up_is_placed_in_the_texts_order_and_checked() -> None:
    from companion.games.italy4345 import Place

    edition = fixture_edition()  # INVENTED map: its terrain and front
    game = Game(edition, Options(alternative_setup=True))
    rds = game.state.areas["rds"]
    assert (rds.aa, rds.aut_troops, game.state.step) == (12, 1, "setup")
    with pytest.raises(IllegalActionError, match="German troops in cities: 3 different areas"):
        game.play(Place(("roma", "roma", "milano"), ("area-21", "area-21")))
    with pytest.raises(IllegalActionError, match="area-22 is not on the front"):
        game.play(Place(("roma", "napoli", "milano"), ("area-21", "area-22")))
    with pytest.raises(IllegalActionError, match="area-21 is not a city"):
        game.play(Place(("roma", "area-21", "milano"), ("area-21", "area-21")))
    game.play(Place(("roma", "napoli", "milano"), ("area-21", "area-21")))
    assert game.state.areas["area-21"].ger == 2 and game.state.resources["ger"] == 20
    coll = ("area-01", "area-31", "area-12")
    with pytest.raises(IllegalActionError, match="RSI troops: 4 different areas"):
        game.play(Place(coll, ("torino", "genova", "firenze"), ("roma", "roma", "milano", "area-01")))
    game.play(Place(coll, ("torino", "genova", "firenze"), ("roma", "napoli", "milano", "area-01")))
    assert game.state.areas["torino"].loyalty == "coll" and game.state.resources["rsi"] == 8
    with pytest.raises(IllegalActionError, match="CLN brigades: area-01 is not a mountain area or NDH"):
        game.play(
            Place(("ndh", "area-01", "area-22", "area-22"), ("area-22", "area-13", "area-24", "area-35"))
        )
    game.play(Place(("ndh", "area-22", "area-22", "area-13"), ("area-22", "area-13", "area-24", "area-35")))
    assert game.state.areas["area-22"].cln_brigades == [2, 0] and game.state.areas["area-24"].loyalty == "res"
    with pytest.raises(IllegalActionError, match="Set-up refused: area-11 is not an area of your map"):
        game.play(Place(("france", "area-11", "area-11", "area-21")))
    game.play(Place(("france", "area-01", "area-01", "area-21")))
    assert game.state.step == "reveal" and game.state.resources == {"ger": 20, "rsi": 8, "cln": 4, "aut": 8}


def test_a26_a29_battles_go_north_east_first_among_the_areas_the_assault_reached() -> None:
    from companion.games.italy4345 import Battle
    from companion.games.italy4345.model import Offensive

    edition = fixture_edition()  # INVENTED map: its south-west-to-north-east order
    game = Game(edition, Options())
    state = game.state
    for area in state.areas.values():
        area.ger = area.rsi = area.aa = area.aut_troops = 0
        area.cln_brigades, area.aut_brigades = [0, 0], [0, 0]
    for area_id in ("area-01", "area-21", "area-31"):
        state.areas[area_id].ger, state.areas[area_id].aa = 1, 5
    state.offensive = Offensive("offensive-1", 1, step="B", front=["area-01", "area-21"])  # not area-31
    state.step = "offensive"
    first = game.play(Battle())[0]
    second = game.play(Battle())[0]
    assert first.startswith("area-21:") and second.startswith("area-01:")
    with pytest.raises(IllegalActionError, match="no front area holds both sides"):
        game.play(Battle())
