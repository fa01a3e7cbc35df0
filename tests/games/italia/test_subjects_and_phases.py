"""Masters and subjects (§12.5, §12.6) with tribute and the forced purchase they bring, loot (§10.6),
the phases' refusals (§5.0), Italia I's turn 10 (§13.4), the winner from the score pad (§11.0, A56)
and a leader's `expires` (A39).

Card values below (thresholds, loot points, a leader's lifetime) are invented for these tests and
say so; the companion ships no card."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.assets import edition
from companion.games import find_game
from companion.games.italia.actions import (
    Buy,
    CampaignMove,
    CloseBattle,
    CollectIncome,
    EndCampaign,
    EndNationTurn,
    Loot,
    NextPhase,
    OpenBattle,
    Revolt,
    RollRound,
    Score,
    StartCampaign,
    Subjugate,
    Submit,
    SwitchLegions,
    Tell,
)
from companion.games.italia.battle import Battle, Side
from companion.games.italia.game import Game, Options, active, queue
from companion.games.vocabulary import IllegalActionError, ValueNeeded
from companion.tickets.italia import nation_turn_ticket

RULES = find_game("italia")
INVENTED = {  # invented card values, for these tests only
    "celts": {
        "nation": {"id": "celts"},
        "submission": {"to": ["romans"], "may_at_most": 5},
        "loot": {"reward": "gold"},
        "revolt": [{"against": "romans", "when": 1}],
    },
    "samnites": {"nation": {"id": "samnites"}, "loot": {"reward": "vp", "vp": 3}},
    "carthaginians": {
        "nation": {"id": "carthaginians"},
        "leader": [{"name": "Hanno", "turn": 2, "expires": 4}],
    },
}


def game_with(cards: dict | None = None, seed: int = 5) -> Game:
    return Game(replace(edition("italia"), nations=INVENTED if cards is None else cards), Options("I", seed))


def to_nation(game: Game, nation: str) -> None:
    while active(game.scenario, game.state) != nation:
        game.play(EndNationTurn())


def test_a_subject_pays_half_its_income_rounded_down_and_the_master_over_ten_must_buy():
    game = game_with()
    game.play(Subjugate("celts", "romans", zones=4))
    assert game.state.masters == {"celts": "romans"}
    game.state = replace(game.state, gold={"romans": 8})
    game.play(CollectIncome(zones=4, cities=1))  # 5 gold: 2 to the master (down), 3 kept (§6.4)
    assert game.state.gold == {"romans": 10, "celts": 3}
    game.state = replace(game.state, gold={**game.state.gold, "romans": 9})
    game.undo()
    game.state = replace(game.state, gold={"romans": 9})
    game.play(CollectIncome(zones=4, cities=1))
    assert game.state.must_spend == {"romans": 11}  # over 10: the forced purchase now
    with pytest.raises(IllegalActionError, match="must buy units first"):
        game.play(EndNationTurn())
    game.play(Buy("romans", {"legion": 1}))
    before = game.state
    game.play(EndNationTurn())
    ticket = "\n".join(str(b) for b in nation_turn_ticket(before, game.state).blocks)
    assert "Tribute to Romans" in ticket and "-2" in ticket


def test_the_card_threshold_refuses_a_submission_and_names_the_masters_it_allows():
    game = game_with()
    with pytest.raises(IllegalActionError, match="hold 6 zones: their card lets them submit with 5 or fewer"):
        game.play(Subjugate("celts", "romans", zones=6))
    with pytest.raises(IllegalActionError, match="submit only to: romans"):
        game.play(Subjugate("celts", "carthaginians", zones=2))


def test_a_missing_threshold_is_asked_once_and_kept_for_the_game():
    game = game_with(cards={})
    with pytest.raises(ValueNeeded) as asked:
        game.play(Subjugate("samnites", "romans", zones=3))
    assert asked.value.key == "samnites.submission.may"
    game.play(Tell(asked.value.key, 3))  # the table's answer (invented for this test)
    game.play(Subjugate("samnites", "romans", zones=3))
    assert game.state.masters == {"samnites": "romans"}


def test_a_revolt_frees_the_subject_and_its_income_is_whole_again():
    game = game_with()
    game.play(Subjugate("celts", "romans", zones=2))
    said = [str(s) for s in game.play(Revolt("celts"))]
    assert said == ["The celts revolt: free of the romans (§12.6)."]
    with pytest.raises(IllegalActionError, match="no one's subjects"):
        game.play(Revolt("celts"))
    game.play(CollectIncome(zones=4, cities=1))
    assert game.state.gold == {"celts": 5}


def test_a_battle_ended_by_submission_makes_the_defender_a_subject():
    game = game_with()
    game.play(OpenBattle(Battle(Side("celts", {"infantry": 4}), Side("etruscans", {"infantry": 4})), True))
    game.play(CloseBattle())
    assert game.state.masters == {"etruscans": "celts"}


def _looted_city(game: Game, attacker: str, defender: str) -> None:
    battle = Battle(
        Side(attacker, {"infantry": 3}), Side(defender, {"infantry": 1}), zone="Neapolis", city="intact"
    )
    game.play(OpenBattle(battle))
    while game.state.battle.defender.count():
        game.play(RollRound(values=(10, 10, 10, 1)))
    game.play(CloseBattle())


def test_loot_gives_four_gold_halved_for_a_subject_and_ruins_the_city():
    game = game_with()
    game.play(Subjugate("celts", "romans", zones=2))
    _looted_city(game, "celts", "etruscans")
    said = [str(s) for s in game.play(Loot())]
    assert said == ["Loot: 2 gold for the celts, 2 to their master; the city is a ruin (§10.6)."]
    assert game.state.gold == {"celts": 2, "romans": 2}
    assert game.state.cities["neapolis"] == "ruin"
    with pytest.raises(IllegalActionError, match="looted, once"):
        game.play(Loot())


def test_loot_points_from_the_card_or_asked_when_the_card_lacks_them():
    game = game_with()
    to_nation(game, "samnites")
    _looted_city(game, "samnites", "greeks")
    game.play(Loot())
    assert [(a.nation, a.source, a.points) for a in game.state.scores] == [("samnites", "loot", 3)]
    asked = game_with(cards={})
    _looted_city(asked, "celts", "etruscans")
    with pytest.raises(ValueNeeded, match="points for looting a city"):
        asked.play(Loot())
    asked.play(Tell("celts.loot.vp", 0))  # 0: this card gives the gold
    asked.play(Loot())
    assert asked.state.gold == {"celts": 4}


def test_each_phase_refuses_what_belongs_to_another_in_one_sentence():
    game = game_with()
    assert [a.kind for a in game.legal_actions()] == ["end-nation-turn"]
    with pytest.raises(IllegalActionError, match="Collect the income first"):
        game.play(NextPhase())
    game.play(CollectIncome(zones=2, cities=0))
    assert [a.kind for a in game.legal_actions()] == ["next-phase", "end-nation-turn"]
    battle = OpenBattle(Battle(Side("celts", {"infantry": 2}), Side("etruscans", {"infantry": 1})))
    with pytest.raises(IllegalActionError, match="Battles are fought in the combat phase"):
        game.play(battle)
    game.play(NextPhase())
    with pytest.raises(IllegalActionError, match="bought in phase 1"):
        game.play(Buy("celts", {"infantry": 0}))
    with pytest.raises(IllegalActionError, match="Income comes in phase 1"):
        game.play(CollectIncome(zones=2, cities=0))
    game.play(NextPhase())
    game.play(NextPhase())
    game.play(battle)  # the combat phase
    assert [a.kind for a in game.legal_actions()] == ["roll"]


def _turn_ten(gold: dict[str, int]) -> Game:
    game = game_with(cards={})
    game.state = replace(game.state, turn=10, at=0, gold=gold)
    return game


def test_turn_ten_alternates_campaigns_and_ends_after_three_passes():
    game = _turn_ten({"optimates": 2, "populares": 0, "romans": 1})
    assert queue(game.scenario, game.state) == ["optimates", "populares", "romans"]
    with pytest.raises(IllegalActionError, match="no income and no buying"):
        game.play(CollectIncome(zones=2, cities=0))
    with pytest.raises(IllegalActionError, match="campaigns only"):
        game.play(NextPhase())  # no phases either
    assert [a.kind for a in game.legal_actions()] == ["end-nation-turn"]
    game.play(StartCampaign("Sulla", "rome", gold=0))
    said = [str(s) for s in game.play(CampaignMove("etruria"))]
    assert said[1].startswith("Turn 10: the other nations are neutral")
    game.play(SwitchLegions(3, ("Sulla",)))
    game.play(EndCampaign())
    game.play(EndNationTurn())
    assert active(game.scenario, game.state) == "populares"  # its card's purse is still to come
    game.play(EndNationTurn())  # a pass
    game.play(EndNationTurn())  # the Romans pass
    assert active(game.scenario, game.state) == "optimates"  # and round again
    game.play(EndNationTurn())
    assert game.state.over  # three passes in a row (§13.4, A30)


def test_turn_ten_ends_when_no_nation_that_campaigned_has_gold():
    game = _turn_ten({"optimates": 1})
    game.state = replace(game.state, granted=("populares", "romans"))
    game.play(StartCampaign("Sulla", "rome", gold=0))
    game.play(CampaignMove("etruria"))
    game.play(EndNationTurn())
    assert game.state.over


def test_the_winner_is_the_player_with_most_points_and_ties_share_it():
    game = Game(replace(edition("italia"), nations={}), Options("I", 5, ("Anna", "Bruno", "Carla")))
    game.state = replace(game.state, turn=10, at=0, gold={}, granted=("optimates", "populares", "romans"))
    game.play(Score("celts", "zones", 4))  # yellow: Bruno
    game.play(Score("greeks", "zones", 3))  # red: Anna
    game.play(EndNationTurn())
    assert game.state.over and RULES.standing(game.state) == (10, "Bruno")
    game.play(Score("romans", "region", 1))
    assert RULES.standing(game.state) == (10, "Anna, Bruno")
    assert "winner: Anna, Bruno" in RULES.describe(game.state)


def _carthage_on(game: Game, turn: int) -> None:
    game.state = replace(game.state, turn=turn, phase=1, collected=True)
    game.state = replace(game.state, at=queue(game.scenario, game.state).index("carthaginians"))


def test_a_leader_whose_card_says_expires_stays_until_that_turn():
    game = game_with()
    _carthage_on(game, 2)
    game.play(NextPhase())
    assert [(x.name, x.until) for x in game.state.leaders] == [("Hanno", 4)]
    _carthage_on(game, 3)
    assert not [str(s) for s in game.play(NextPhase()) if "Hanno" in str(s)]  # not on turn 3
    _carthage_on(game, 4)
    assert "Remove Hanno (§7.2)." in [str(s) for s in game.play(NextPhase())]


def test_a_may_submit_in_battle_needs_a_full_round_then_makes_a_subject():
    game = game_with()
    game.play(OpenBattle(Battle(Side("celts", {"infantry": 4}), Side("etruscans", {"infantry": 4}))))
    game.play(RollRound(values=(1,) * 8))
    game.play(Submit())
    game.play(CloseBattle())
    assert game.state.masters == {"etruscans": "celts"}


def test_a_leaders_expires_that_is_no_lifetime_is_refused_naming_the_field():
    from companion.games.italia.nations import parse_nation
    from companion.games.vocabulary import DataError

    text = '[nation]\nid = "celts"\n[[leader]]\nname = "Brennus"\nturn = 1\nexpires = "soon"\n'
    with pytest.raises(DataError, match=r"celts.toml: leader 1.expires"):
        parse_nation(text, "celts.toml")


def test_a_nations_score_line_from_its_card_over_the_control_map():
    """A card's turn-3 row (invented values): Mediolanum 2, 1 a city, the South 4 unless broken."""
    from companion.games.italia.actions import ScoreCard

    row = {"turn": 3, "zones": {"mediolanum": 2, "verona": 1}, "per_city": 1}
    row["region"] = [{"region": "south", "points": 4}]
    game = game_with(cards={"celts": {"nation": {"id": "celts"}, "scoring": [row]}})
    control = {"mediolanum": "celts", "verona": "celts", "apulia": "samnites", "samnium": "samnites"}
    game.state = replace(
        game.state,
        turn=3,
        collected=True,
        control=control,
        cities={"mediolanum": "intact"},
        masters={"samnites": "celts"},
    )
    game.play(ScoreCard("celts"))
    lines = [(a.source, a.points) for a in game.state.scores]
    assert lines == [("zones", 3), ("cities", 1), ("region", 4)]  # the subject's zones count (A27)
    with pytest.raises(IllegalActionError, match="already scored on turn 3"):
        game.play(ScoreCard("celts"))
    game.state = replace(game.state, control={**control, "neapolis": "greeks"})
    with pytest.raises(ValueNeeded, match="points scored on turn 3") as asked:
        game.play(ScoreCard("greeks"))  # no card: its points are asked
    game.play(Tell(asked.value.key, 5))  # the table's answer (invented)
    game.play(ScoreCard("greeks"))
    assert (game.state.scores[-1].nation, game.state.scores[-1].source, game.state.scores[-1].points) == (
        "greeks",
        "other",
        5,
    )
    game.state = replace(game.state, turn=2)
    with pytest.raises(IllegalActionError, match="not a scoring turn"):
        game.play(ScoreCard("romans"))
