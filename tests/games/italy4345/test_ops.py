"""Operations, special activities and their costs and limits (§7, §8, X-8, X-9): each refusal is one
sentence and leaves the state as it was."""

from __future__ import annotations

import re

import pytest

from companion.games.italy4345 import Answer, Game, IllegalActionError, Op, ValueNeeded

from .helpers import acting, s

CITY = (("milano", "rsi", 1), ("milano", "ger", 1))


def production(game: Game, city: str, value: int) -> None:
    game.play(Answer(f"cities.{city}.intact.production", value))


def refused(game: Game, action: Op, match: str) -> None:
    before = game.state
    with pytest.raises(IllegalActionError, match=match):
        game.play(action)
    assert game.state is before


def test_x9_conscription_in_a_collaborationist_city_is_capped_by_its_production() -> None:
    game = acting("rsi", (*CITY, ("milano", "loyalty", "coll")), resources=5)
    with pytest.raises(ValueNeeded, match="Milano's production \\(intact side\\)"):
        game.play(Op("conscription", (s("milano", 2),)))
    production(game, "milano", 2)
    refused(game, Op("conscription", (s("milano", 3),)), "never more troops than milano's production \\(2\\)")
    game.play(Op("conscription", (s("milano", 2),)))
    assert game.state.areas["milano"].rsi == 3 and game.state.resources["rsi"] == 3


def test_x9_conscription_in_a_neutral_city_is_one_troop() -> None:
    game = acting("rsi", CITY)
    refused(game, Op("conscription", (s("milano", 2),)), "not Collaborationist: one troop at most")
    game.play(Op("conscription", (s("milano", 1),)))
    assert game.state.areas["milano"].rsi == 2


def test_an_action_costing_more_than_the_faction_has_is_refused_in_one_sentence() -> None:
    game = acting("rsi", (*CITY, ("milano", "loyalty", "coll")), resources=1)
    production(game, "milano", 4)
    refused(
        game,
        Op("conscription", (s("milano", 3),)),
        "^Conscription refused: it costs 3 resources; RSI has 1.$",
    )


def test_x8_clash_hits_on_a_roll_at_most_the_brigades() -> None:
    area = (
        ("area-c", "aut_hidden", 2),
        ("area-c", "cln_hidden", 1),
        ("area-c", "rsi", 1),
        ("area-c", "ger", 1),
        ("area-c", "aut_troops", 3),
        ("area-c", "type", "countryside"),
    )
    game = acting("aut", area, resources=2)
    events = game.play(Op("clash", (s("area-c"),)), cards=[3])
    hit = "Clash in area-c: rolled 3, not more than the 3 brigades: a hit, "
    assert hit + "2 Axis troops eliminated, RSI first (§7.4)." in events
    assert game.state.areas["area-c"].axis() == 0 and game.state.areas["area-c"].aut_brigades == [0, 2]
    assert game.records[-1].drawn == (3,) and game.state.resources["aut"] == 1
    missed = acting("aut", area, resources=2)
    miss = "Clash in area-c: rolled 4, more than the 3 brigades: a miss, "
    assert miss + "nothing changes (§7.4)." in missed.play(Op("clash", (s("area-c"),)), cards=[4])
    assert missed.state.areas["area-c"].axis() == 2


def test_ambush_removes_one_rsi_troop_before_the_die_and_costs_nothing() -> None:
    area = (
        ("area-c", "aut_hidden", 1),
        ("area-c", "rsi", 1),
        ("area-c", "ger", 2),
        ("area-c", "aut_troops", 3),
    )
    game = acting("aut", area, resources=1)
    events = game.play(Op("clash", (s("area-c"),), sa="ambush", sa_steps=(s("area-c"),)), cards=[6])
    assert events[0] == "Ambush in area-c: 1 Axis troop eliminated."
    assert events[1] == (
        "Clash in area-c: rolled 6, more than the 1 brigade: a miss, nothing changes (§7.4)."
    )
    assert game.state.areas["area-c"].rsi == 0 and game.state.resources["aut"] == 0


def test_the_companions_clash_die_follows_the_seed_and_the_count() -> None:
    area = (("area-c", "aut_hidden", 1), ("area-c", "ger", 2), ("area-c", "aut_troops", 3))
    first = acting("aut", area)
    first.play(Op("clash", (s("area-c"),)))
    again = acting("aut", area)
    again.play(Op("clash", (s("area-c"),)))
    assert first.records[-1].drawn == again.records[-1].drawn
    first.undo()
    first.play(Op("clash", (s("area-c"),)))
    assert first.records[-1].drawn == again.records[-1].drawn  # an undone roll shows the same face


def test_a_special_activity_goes_only_with_the_operations_it_names() -> None:
    game = acting("cln", (("area-a", "cln_hidden", 2), ("area-a", "loyalty", "res"), ("area-a", "rsi", 1)))
    refused(
        game,
        Op("revolt", (s("area-a"),), sa="sabotage", sa_steps=(s("area-a"),), target="ger"),
        "Sabotage refused: it goes with Shooting only.",
    )
    game.play(Op("shooting", (s("area-a", 1),), sa="sabotage", sa_steps=(s("area-a"),), target="ger"))
    area = game.state.areas["area-a"]
    assert area.rsi == 0 and area.sabotage and area.loyalty == "neutral" and area.cln_brigades == [0, 2]
    assert game.state.resources["cln"] == 8 and game.state.resources["ger"] == 0  # 10 - 1 - 1; ger 0 floor


def test_no_operation_in_a_liberated_area() -> None:
    game = acting("rsi", (("area-a", "liberated", True),))  # no Axis troop in a liberated area
    refused(game, Op("propaganda", (s("area-a"),)), "area-a is liberated")


def test_an_area_is_selected_once_per_operation() -> None:
    game = acting("cln", (("area-r", "loyalty", "res"),))
    refused(game, Op("enlist", (s("area-r"), s("area-r"))), "selected at most once")
    game.play(Op("enlist", (s("area-r"),)))
    assert game.state.areas["area-r"].cln_brigades == [1, 0]


def test_assault_takes_the_resistance_token_only_once_no_cln_brigade_is_left() -> None:
    area = (
        ("area-a", "rsi", 1),
        ("area-a", "ger", 1),
        ("area-a", "cln_visible", 1),
        ("area-a", "loyalty", "res"),
    )
    game = acting("rsi", area, resources=1)
    refused(game, Op("assault", (s("area-a", pick=("res", "cln")),)), "only when no CLN brigade is left")
    game.play(Op("assault", (s("area-a", pick=("cln", "res")),)))
    assert game.state.areas["area-a"].loyalty == "neutral" and game.state.resources["rsi"] == 1  # -1 +1


def test_a_base_goes_only_as_the_last_autonomous_piece_in_the_area() -> None:
    area = (("area-b", "ger", 2), ("area-b", "bases", 1), ("area-b", "aut_hidden", 1))
    game = acting("ger", area)
    refused(
        game,
        Op(
            "attack",
            (s("area-b", pick=("base",)),),
        ),
        "last Autonomous piece",
    )
    game.play(Op("attack", (s("area-b", to="aut", pick=("aut", "base")),)))
    assert game.state.areas["area-b"].aut() == 0


def test_mobilize_pays_per_destination_and_reveals_on_arrival() -> None:
    area = (("area-a", "rsi", 2), ("area-b", "rsi", 1), ("area-d", "cln_hidden", 2), ("area-d", "ger", 1))
    game = acting("rsi", area, resources=3)
    game.play(Op("mobilize", (s("area-a", 2, "area-d"), s("area-b", 1, "area-d"))))
    assert game.state.resources["rsi"] == 2
    assert game.state.areas["area-d"].rsi == 3 and game.state.areas["area-d"].cln_brigades == [0, 2]


def test_cln_brigades_move_once_per_card_and_hide_in_resistance() -> None:
    area = (("area-a", "cln_visible", 2), ("area-r", "loyalty", "res"), ("area-k", "loyalty", "coll"))
    game = acting("cln", area, resources=0)
    refused(game, Op("move", (s("area-a", 1, "area-r"), s("area-r", 1, "area-k"))), "have not moved")
    game.play(Op("move", (s("area-a", 1, "area-r"), s("area-a", 1, "area-k"))))
    assert game.state.areas["area-r"].cln_brigades == [1, 0] and game.state.areas["area-k"].cln_brigades == [
        0,
        1,
    ]


def test_liberation_turns_a_brigade_into_a_base_for_one_never_a_second_base() -> None:
    area = (
        ("area-x", "aut_hidden", 2),
        ("area-x", "loyalty", "coll"),
        ("area-y", "aut_hidden", 1),
        ("area-y", "bases", 1),
    )
    game = acting("aut", area, resources=1)
    refused(game, Op("liberation", (s("area-y", 1),)), "needs a brigade and no base")
    game.play(Op("liberation", (s("area-x", 1),)))
    assert game.state.areas["area-x"].bases == 1 and game.state.areas["area-x"].aut_brigades == [0, 1]
    assert game.state.areas["area-x"].loyalty == "neutral" and game.state.resources["aut"] == 0


def test_counteroffensive_is_the_one_action_in_a_liberated_area() -> None:
    game = acting(
        "ger", (("area-l", "aa", 2), ("area-l", "liberated", True), ("area-g", "ger", 1)), resources=5
    )
    game.play(Op("attack", (s("area-g"),), sa="counteroffensive", sa_steps=(s("area-l"),)))
    assert game.state.areas["area-l"].aa == 1 and game.state.resources["ger"] == 0


def test_reinforce_places_in_bozen_and_takes_a_german_citys_production() -> None:
    game = acting("ger", (("torino", "ger", 2),), resources=3)
    production(game, "torino", 3)
    game.play(Op("reinforce", (s("bozen", 3), s("torino"))))
    assert game.state.areas["bozen"].ger == 3 and game.state.resources["ger"] == 3
    assert game.state.areas["torino"].loyalty == "res"


def test_more_pieces_than_the_box_holds_are_refused() -> None:
    game = acting("cln", (("area-r", "loyalty", "res"), ("area-z", "cln_hidden", 15)))
    refused(game, Op("enlist", (s("area-r"),)), "no CLN brigade is left in the reserve")


@pytest.mark.parametrize(
    "path,said",
    [
        ((), "Convoys refused: its path is missing: tap Pick areas, then each area of the path in order,"),
        (("bozen", "milano"), "Convoys refused: the path starts in bozen: tap only the areas after it."),
        (("torino", "milano", "torino"), "Convoys refused: the path passes torino twice;"),
    ],
)
def test_a_convoy_refused_for_its_path_says_what_is_wrong_with_the_path(path, said) -> None:
    game = acting("ger", (("bozen", "ger", 2),))
    convoy = Op("reinforce", (s("bozen", 1),), sa="convoys", sa_steps=(s("bozen", 1, pick=path),))
    refused(game, convoy, re.escape(said))


def test_retaliate_moving_brigades_without_a_destination_is_refused_and_makes_no_area() -> None:
    game = acting("ger", (("milano", "ger", 2), ("milano", "cln_hidden", 1)))
    said = "Retaliate refused: where the pieces from milano go is missing: tap that area after milano."
    refused(game, Op("retaliate", (s("milano", 1, pick=("cln",)),)), re.escape(said))
    assert "" not in game.state.areas
    game.play(Op("retaliate", (s("milano", 1, "torino", ("cln",)),)))
    assert game.state.areas["torino"].cln_brigades == [0, 1]
