"""The offensive, scores, victory, incomes and civic actions (§6.2, X-6, X-7, A-5 to A-8, A-33)."""

from __future__ import annotations

import pytest

from companion.games.italy4345 import (
    Adjust,
    Answer,
    Assault,
    Battle,
    Civic,
    Done,
    EndRound,
    Game,
    IllegalActionError,
    Income,
    Options,
    Pass,
    Redistribute,
    Reveal,
    Score,
    ValueNeeded,
)
from companion.games.italy4345.offensive import even_moves
from companion.games.italy4345.scoring import incomes, pay_incomes, scores, winner

from .helpers import fixture_edition, l0_game, s, text_edition

RULES = text_edition().rules


def test_an_offensive_at_l0_from_the_tables_entries_through_civic_actions() -> None:
    game = l0_game()
    game.play(
        Adjust(
            "set-up",
            (
                ("rds", "aa", 6),
                ("area-f", "ger", 1),
                ("area-f", "rsi", 1),
                ("area-f", "cln_hidden", 1),
                ("area-f", "loyalty", "res"),
            ),
        )
    )
    game.play(Answer("offensives.offensive-4.arrows", 1))
    game.play(Reveal("offensive-4"))
    game.play(Assault(moves=(("rds", "area-f", 3, 0),)))
    with pytest.raises(ValueNeeded, match=r"The terrain of area-f \(city, countryside or mountain\)"):
        game.play(Battle("area-f"))
    game.play(Answer("areas.area-f.type", "countryside"))
    events = game.play(Battle("area-f"))  # X-4 on the board
    assert (
        events[0] == "area-f: 4 against 2; Axis lose 2, the other side 1."
        and "area-f is liberated." in events
    )
    assert game.state.areas["area-f"].aa == 3 and game.state.areas["area-f"].cln_brigades == [0, 0]
    events = game.play(EndRound())
    assert events == [
        "Clean-up: 1 tokens to the CLN reserve, 0 CLN brigades out, 0 brigades become troops, 0 bases out."
    ]
    game.play(Redistribute(pawn="area-f"))
    game.play(Score())
    assert game.state.scores == {"ger": 0, "rsi": 0, "aut": 4, "cln": 5}  # k = 1: 4 offensives left
    game.play(Income())
    for _ in range(4):
        game.play(Done())
    assert game.state.step == "reveal" and game.state.offensives_done == 1 and game.state.offensive is None
    assert game.state.eligible == ["ger", "rsi", "cln", "aut"]  # unchanged


def test_an_axis_loser_needs_a_destination_without_the_map() -> None:
    game = l0_game()
    game.play(Adjust("set-up", (("rds", "aa", 6), ("area-f", "ger", 3), ("area-f", "type", "mountain"))))
    game.play(Answer("offensives.offensive-4.arrows", 2))
    game.play(Reveal("offensive-4"))
    game.play(Assault(moves=(("rds", "area-f", 6, 0),)))
    with pytest.raises(IllegalActionError, match="say where the troops of area-f withdraw"):
        game.play(Battle("area-f"))
    game.play(Battle("area-f", to="area-g"))
    assert game.state.areas["area-g"].ger == 1 and game.state.areas["area-f"].liberated
    game.play(EndRound())
    assert game.state.offensive is not None and (game.state.offensive.round, game.state.offensive.step) == (
        2,
        "A",
    )


def test_x7_at_the_fourth_offensive_cln_13_scores_14_and_does_not_win() -> None:
    game = l0_game()
    game.play(Adjust("tokens", cln_reserve_tokens=13))
    found = scores(game.state, text_edition(), 4)
    assert found["cln"].total == 14 and dict(found["cln"].terms)["offensives left"] == 1
    assert dict(found["ger"].terms)["offensives done"] == 3
    assert winner({"cln": 14, "aut": 3, "rsi": 2, "ger": 9}, RULES, 4) is None


def test_fifteen_points_win_only_from_the_second_offensive_and_the_priority_breaks_ties() -> None:
    assert winner({"cln": 15, "aut": 0, "rsi": 0, "ger": 0}, RULES, 1) is None
    assert winner({"cln": 15, "aut": 0, "rsi": 0, "ger": 0}, RULES, 2) == "cln"
    assert winner({"cln": 15, "aut": 16, "rsi": 20, "ger": 0}, RULES, 2) == "cln"  # the priority order
    switched = type(RULES)(
        **{**RULES.__dict__, "switches": {**RULES.switches, "simultaneous_win": "highest_then_priority"}}
    )
    assert winner({"cln": 15, "aut": 16, "rsi": 20, "ger": 0}, switched, 2) == "rsi"
    assert (
        winner({"cln": 9, "aut": 11, "rsi": 11, "ger": 11}, RULES, 5) == "aut"
    )  # most points, then the order


def test_x6_rsi_income_is_half_the_collaborationist_production_taken_from_germany() -> None:
    game = l0_game()
    game.play(
        Adjust(
            "cities",
            (
                ("milano", "loyalty", "coll"),
                ("torino", "loyalty", "coll"),
                ("milano", "ger", 1),
                ("torino", "ger", 1),
            ),
        )
    )
    game.play(Answer("cities.milano.intact.production", 3))
    game.play(Answer("cities.torino.intact.production", 4))
    amounts = incomes(game.state, text_edition())
    assert amounts["rsi"] == 4 and amounts["ger"] == 7
    pay_incomes(game.state, amounts)
    assert game.state.resources["rsi"] == 4 and game.state.resources["ger"] == 3  # +7, then -4


def test_an_incomes_city_value_is_asked_for_when_missing() -> None:
    game = l0_game()
    game.play(Adjust("bombed", (("genova", "ger", 1), ("genova", "disk", "bombed"))))
    with pytest.raises(ValueNeeded, match=r"Genova's production \(bombed side\).*cities\.toml") as asked:
        incomes(game.state, text_edition())
    assert asked.value.key == "cities.genova.bombed.production"


def test_civic_actions_go_in_the_tables_order_and_flip_no_brigade() -> None:
    game = l0_game()
    game.state.step, game.state.civic = "civic", ["ger", "rsi", "cln", "aut"]
    game.play(
        Adjust(
            "board",
            (
                ("area-s", "sabotage", True),
                ("area-s", "ger", 1),
                ("area-h", "cln_hidden", 1),
                ("area-w", "aut_hidden", 2),
            ),
            resources=(("ger", 2), ("cln", 1)),
        )
    )
    with pytest.raises(IllegalActionError, match="not RSI's civic action|it is not Germany's"):
        game.play(Civic("revolt", (s("area-h"),)))
    game.play(Civic("repair", (s("area-s"),)))
    assert not game.state.areas["area-s"].sabotage and game.state.resources["ger"] == 0
    game.play(Done())
    game.play(Done())
    game.play(Civic("revolt", (s("area-h"),)))
    assert game.state.areas["area-h"].loyalty == "res" and game.state.areas["area-h"].cln_brigades == [1, 0]
    game.play(Done())
    game.play(Civic("liberation", (s("area-w"),)))
    assert game.state.areas["area-w"].aut_brigades == [2, 0]


def full_game_to_first_offensive(seed: int = 2) -> Game:
    game = Game(fixture_edition(), Options(deck_mode="companion", seed=seed))
    while game.state.step != "offensive":
        if game.state.step == "reveal":
            game.play(Reveal())
        else:
            game.play(game.legal_actions()[0] if game.state.step != "symbols" else _symbol(game))
    return game


def _symbol(game: Game) -> object:
    from companion.games.italy4345 import MovePawn, Stukas

    if game.state.pending[0] == "pawn":
        return MovePawn(game.state.pawn)
    area = next((a for a, x in game.state.areas.items() if x.aa), "")
    return Stukas(area)


def test_an_automated_offensive_over_the_fixture_map() -> None:
    game = full_game_to_first_offensive()
    before = sum(a.aa for a in game.state.areas.values())
    events = game.play(Assault())
    assert game.state.areas["rds"].aa == 0 and "Assault: troops in" in events[0]
    while True:
        try:
            game.play(Battle())
        except IllegalActionError as exc:
            assert "no front area holds both sides" in str(exc)
            break
    assert game.state.areas[
        "area-21"
    ].liberated  # INVENTED map: 2 German troops there lose to the dealt troops
    offensive = game.state.offensive
    assert offensive is not None
    for _ in range(offensive.power - 1):
        game.play(EndRound())
        game.play(Assault())
        while _try(game, Battle()):
            pass
    game.play(EndRound())
    assert game.state.step == "redistribute"
    with pytest.raises(IllegalActionError, match="liberated city is left without an Autonomous troop"):
        game.play(Redistribute(pawn="rds"))
    moves = even_moves(game.state, fixture_edition())
    with pytest.raises(IllegalActionError, match="evenly along the front line"):
        game.play(Redistribute(moves=tuple(m for m in moves if m[2] == 0), pawn="rds"))
    game.play(Redistribute(moves=moves, pawn="rds"))
    counts = [game.state.areas[a].aa for a in game.state.areas if game.state.areas[a].aa]
    assert max(counts) - min(counts) <= 1 and sum(counts) <= before
    game.play(Score())
    assert game.state.step == "income"


def _try(game: Game, action: object) -> bool:
    try:
        game.play(action)  # type: ignore[arg-type]
    except IllegalActionError:
        return False
    return True


def test_passes_alone_never_change_the_board() -> None:
    game = Game(fixture_edition(), Options(deck_mode="companion", seed=2))
    game.play(Reveal())
    while game.state.step == "symbols":
        game.play(_symbol(game))  # type: ignore[arg-type]
    board = repr(game.state.areas)
    while game.state.step == "choose":
        game.play(Pass())
    assert repr(game.state.areas) == board


def test_at_l0_the_table_may_count_a_score_term_itself() -> None:
    game = l0_game()
    game.play(Adjust("coll", (("milano", "loyalty", "coll"), ("milano", "rsi", 2))))
    game.state.offensive = __import__("companion.games.italy4345.model", fromlist=["Offensive"]).Offensive(
        "x", 1
    )
    game.state.step = "score"
    with pytest.raises(ValueNeeded, match="Milano's population \\(intact side\\)"):
        game.play(Score())
    with pytest.raises(IllegalActionError, match="charm is not a term of rsi's score"):
        game.play(Score(hand=(("rsi", "charm", 3),)))
    events = game.play(Score(hand=(("rsi", "population", 4), ("ger", "production", 2))))
    assert "RSI 4 = 4 population (h) + 0 offensives done." in events and game.state.scores["rsi"] == 4
    assert game.state.hand_entered == ["rsi.population", "ger.production"]
