"""A card's revolts checked (§12.6, §13.2, R66, R68, G11) and nations leaving the board at the end of
their last turn, or transformed into the nation that replaces them (§12.4, §11.0, R63, G14, A53).

Every card value below (revolt rows, `leaves_after`, `replaces`) is invented for these tests and says
so; the companion ships no card."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.assets import edition, read_asset
from companion.games.italia import stateio
from companion.games.italia.actions import (
    EndNationTurn,
    Revolt,
    Score,
    ScoreCard,
    StartCampaign,
    Subjugate,
    Tell,
)
from companion.games.italia.edition import load
from companion.games.italia.game import Game, Options, Record, active, order, queue
from companion.games.italia.nations import parse_nation
from companion.games.italia.scoring import player_totals
from companion.games.vocabulary import DataError, IllegalActionError, ValueNeeded

INVENTED = {  # invented card values, for these tests only
    "celts": {
        "nation": {"id": "celts"},
        "submission": {"to": ["romans", "carthaginians"], "may_at_most": 5},
        "revolt": [{"against": "romans", "when": 5}],
    },
    "illyrians": {
        "nation": {"id": "illyrians"},
        "submission": {"to": ["romans"], "may_at_most": 5},
        "revolt": [{"against": "romans", "when": "hannibal-adjacent"}],
    },
}


def game_with(cards: dict | None = None, scenario: str = "I", names: tuple[str, ...] = ()) -> Game:
    books = replace(edition("italia"), nations=INVENTED if cards is None else cards)
    return Game(books, Options(scenario, 5, names))


def said(sentences: list) -> list[str]:
    return [str(s) for s in sentences]


# revolts (§12.6, §13.2)


def test_a_revolt_outside_the_cards_turn_or_against_a_master_it_does_not_name_is_refused():
    game = game_with()
    game.play(Subjugate("celts", "romans", zones=3))
    with pytest.raises(IllegalActionError, match=r"on turn 5, not on turn 1 \(§12\.6\)\.$"):
        game.play(Revolt("celts"))
    game.state = replace(game.state, turn=6)
    with pytest.raises(IllegalActionError, match="on turn 5, not on turn 6"):
        game.play(Revolt("celts"))  # after it too
    game.state = replace(game.state, turn=5)
    assert said(game.play(Revolt("celts"))) == ["The celts revolt: free of the romans (§12.6)."]
    game.play(Subjugate("celts", "carthaginians", zones=3))
    with pytest.raises(
        IllegalActionError, match=r"gives no revolt against the carthaginians on turn 5 \(§12\.6\)"
    ):
        game.play(Revolt("celts"))
    assert game.state.masters == {"celts": "carthaginians"}  # nothing changed


def test_a_card_without_revolt_rows_is_asked_once_and_the_answer_kept_for_the_game():
    game = game_with(cards={})
    game.play(Tell("samnites.submission.may", 3))
    game.play(Subjugate("samnites", "romans", zones=3))
    with pytest.raises(ValueNeeded) as asked:
        game.play(Revolt("samnites"))
    assert asked.value.key == "samnites.revolt.romans.1"
    assert str(asked.value.question) == "The samnites card: may they revolt against the romans on turn 1?"
    game.play(Tell(asked.value.key, 0))  # the table's answer: not now
    with pytest.raises(IllegalActionError, match="gives no revolt against the romans on turn 1"):
        game.play(Revolt("samnites"))
    game.undo()
    game.play(Tell(asked.value.key, 1))
    game.play(Revolt("samnites"))
    assert game.state.masters == {}
    game.play(Subjugate("samnites", "romans", zones=3))
    game.play(Revolt("samnites"))  # the answer is kept: not asked again this turn


def test_a_card_that_says_it_has_no_revolt_refuses_without_asking():
    game = game_with(cards={"celts": {"nation": {"id": "celts"}, "revolt": []}})
    game.play(Tell("celts.submission.may", 3))
    game.play(Subjugate("celts", "carthaginians", zones=3))
    with pytest.raises(IllegalActionError, match="gives no revolt against the carthaginians"):
        game.play(Revolt("celts"))


def _hannibal(game: Game, leader: str = "Hannibal") -> None:
    """The Carthaginians' turn 3, after their combat, a campaign led by `leader` from the Alps."""
    game.state = replace(game.state, turn=3, phase=4, collected=True)
    game.state = replace(game.state, at=queue(game.scenario, game.state).index("carthaginians"))
    game.play(StartCampaign(leader, "alps", gold=2))


def test_near_hannibal_the_celts_etruscans_and_samnites_may_revolt_against_rome():
    """§13.2 names the three nations: no card is needed; the table confirms Hannibal is near them."""
    game = game_with(cards={})
    for nation in ("etruscans", "greeks"):
        game.play(Tell(f"{nation}.submission.may", 3))
        game.play(Subjugate(nation, "romans", zones=3))
    _hannibal(game)
    assert said(game.play(Revolt("etruscans"))) == [
        "The etruscans revolt as Hannibal comes near: free of the romans, not yet the Carthaginians' (§13.2)."
    ]
    with pytest.raises(ValueNeeded):  # not one of the three: its card decides, asked
        game.play(Revolt("greeks"))
    game.undo()
    game.undo()  # the campaign
    game.play(StartCampaign("Hamilcar", "alps", gold=2))  # another leader's campaign opens no window
    with pytest.raises(ValueNeeded, match="may they revolt against the romans on turn 3"):
        game.play(Revolt("etruscans"))


def test_a_cards_hannibal_adjacent_revolt_needs_hannibals_campaign_under_way():
    game = game_with()
    game.play(Subjugate("illyrians", "romans", zones=3))
    with pytest.raises(
        IllegalActionError, match=r"during Hannibal's campaign.*\(§13\.2\); it is not under way"
    ):
        game.play(Revolt("illyrians"))
    _hannibal(game)
    game.play(Revolt("illyrians"))
    assert "illyrians" not in game.state.masters


def test_a_nation_files_revolt_and_transformation_fields_are_checked_naming_the_field():
    card = '[nation]\nid = "celts"\n'
    with pytest.raises(DataError, match=r"^celts.toml: revolt 1.when: must be a turn from 1 to 10"):
        parse_nation(card + '[[revolt]]\nagainst = "romans"\nwhen = "soon"\n', "celts.toml")
    with pytest.raises(DataError, match=r"^celts.toml: revolt 1.against: names the master"):
        parse_nation(card + "[[revolt]]\nwhen = 3\n", "celts.toml")
    with pytest.raises(DataError, match=r"^celts.toml: revolt 1.turn: is not a field of a revolt"):
        parse_nation(card + '[[revolt]]\nagainst = "romans"\nturn = 3\n', "celts.toml")
    with pytest.raises(DataError, match=r"^celts.toml: nation.leaves_after: must be a game turn"):
        parse_nation(card + "leaves_after = 11\n", "celts.toml")
    with pytest.raises(DataError, match=r"^celts.toml: nation.replaces: names another nation"):
        parse_nation(card + 'replaces = "celts"\n', "celts.toml")


def _load_with(card: str) -> None:
    files = {"nations/index.toml": 'filled = ["celts"]', "nations/celts.toml": card}
    load(lambda name: files.get(name) or read_asset(f"italia/{name}"), lambda name: name)


def test_a_card_naming_a_nation_of_the_other_scenario_is_refused_in_one_line():
    card = '[nation]\nid = "celts"\n'
    _load_with(card + '[[revolt]]\nagainst = "romans"\nwhen = 5\n')  # a nation of Italia I: fine
    with pytest.raises(DataError, match=r"^nations/celts.toml: revolt 1.against: 'vandals' is not a nation"):
        _load_with(card + '[[revolt]]\nagainst = "vandals"\nwhen = 5\n')
    with pytest.raises(DataError, match=r"^nations/celts.toml: nation.replaces: 'huns' is not a nation"):
        _load_with(card + 'replaces = "huns"\n')


# nations leaving the board (§12.4, A53)


def _map(game: Game) -> None:
    control = {"neapolis": "greeks", "apulia": "greeks", "etruria": "etruscans"}
    cities = {"neapolis": "intact", "apulia": "ruin"}
    game.state = replace(game.state, control=control, cities=cities, gold={"greeks": 7, "romans": 3})


def _to_last(game: Game) -> None:
    while game.state.at < len(queue(game.scenario, game.state)) - 1:
        game.play(EndNationTurn())


def test_when_the_greeks_last_turn_ends_the_table_is_asked_and_their_pieces_leave():
    game = game_with(cards={}, names=("Anna", "Bruno", "Carla"))
    game.state = replace(game.state, turn=4)
    _map(game)
    game.play(EndNationTurn())  # the Celts: the Greeks play on, their zones still theirs
    assert game.state.control["neapolis"] == "greeks"
    game.play(Score("greeks", "other", 6))  # red: Anna
    _to_last(game)
    before = game.state
    with pytest.raises(ValueNeeded) as asked:
        game.play(EndNationTurn())
    assert asked.value.key == "greeks.leaves" and game.state == before
    assert str(asked.value.question).startswith("The greeks card: do their pieces leave the board now")
    game.play(Tell("greeks.leaves", 1))
    told = said(game.play(EndNationTurn()))
    assert told[0].startswith("The greeks leave the board: their zones are empty, cities stay")
    state = game.state
    assert state.turn == 5 and state.control == {"etruria": "etruscans"}
    assert state.cities == {"neapolis": "intact", "apulia": "ruin"}  # cities stay
    assert state.gold == {"romans": 3} and state.departed == {"greeks": 4}
    assert player_totals(game.scenario, state.scores)["red"] == 6  # the Greeks' points stay for Anna
    why = {s.nation: str(s.why) for s in order(game.scenario, state)}
    assert why["greeks"] == "Greeks: left the board after turn 4."
    game.undo()  # the end of the turn: the Greeks' zones and gold are back
    assert game.state.control["neapolis"] == "greeks" and game.state.gold["greeks"] == 7


def test_pieces_the_table_keeps_on_the_board_stay_and_defend():
    game = game_with(cards={})
    game.state = replace(game.state, turn=4)
    _map(game)
    game.play(Tell("greeks.leaves", 0))
    _to_last(game)
    told = said(game.play(EndNationTurn()))
    assert told[0] == "The greeks play no more: their pieces stay on the board and defend (A53)."
    assert game.state.control["neapolis"] == "greeks" and game.state.departed == {}
    why = {s.nation: str(s.why) for s in order(game.scenario, game.state)}
    assert why["greeks"] == "Greeks: left after turn 4; their pieces stay and defend (A53)."


def test_the_nation_that_replaces_another_takes_its_zones_and_starts_with_no_gold():
    """Italia II turn 5, the Western Romans' last: an invented Byzantium file says it replaces them."""
    cards = {"byzantium": {"nation": {"id": "byzantium", "replaces": "western-romans"}}}
    game = game_with(cards=cards, scenario="II")
    game.state = replace(
        game.state,
        turn=5,
        control={"rome": "western-romans", "ravenna": "western-romans"},
        gold={"western-romans": 9},
        masters={"foederati": "western-romans"},
    )
    _to_last(game)
    told = said(game.play(EndNationTurn()))  # the file says: no question
    assert told[0].startswith("The byzantium replace the western-romans (§12.4)")
    assert told[1] == "The foederati are free: their master left the board."
    assert game.state.control == {"rome": "byzantium", "ravenna": "byzantium"}
    assert game.state.gold == {} and game.state.masters == {}


def test_a_files_leaves_after_takes_the_pieces_off_without_a_question():
    cards = {"romans-of-africa": {"nation": {"id": "romans-of-africa", "leaves_after": 4}}}  # invented
    game = game_with(cards=cards, scenario="II")
    game.state = replace(game.state, turn=4, control={"africa": "romans-of-africa"})
    _to_last(game)
    game.play(EndNationTurn())
    assert game.state.control == {} and "romans-of-africa" not in queue(game.scenario, game.state)
    assert game.state.departed == {"romans-of-africa": 4}


def test_scoring_comes_before_the_visigoths_leave_at_the_end_of_turn_three():
    """§11.0: points are counted before transformations: the Visigoths play first in turn 3, their
    zones stay theirs through the turn and its score pad, and leave only when the turn ends."""
    cards = {"visigoths": {"nation": {"id": "visigoths"}, "scoring": [{"turn": 3, "zones": {"pavia": 2}}]}}
    game = game_with(cards=cards, scenario="II")  # an invented scoring row: Pavia 2 points on turn 3
    game.state = replace(game.state, turn=3, control={"pavia": "visigoths"})
    assert active(game.scenario, game.state) == "visigoths"
    game.play(EndNationTurn())
    _to_last(game)
    assert game.state.control == {"pavia": "visigoths"}
    game.play(ScoreCard("visigoths"))  # from the control map, still theirs
    game.play(Tell("visigoths.leaves", 1))
    game.play(EndNationTurn())
    assert (
        game.state.control == {} and sum(a.points for a in game.state.scores if a.nation == "visigoths") == 2
    )


def test_italia_one_turn_nine_asks_nobody_the_others_are_neutral_on_turn_ten():
    game = game_with(cards={})
    game.state = replace(game.state, turn=9)
    _to_last(game)
    game.play(EndNationTurn())  # no question: §13.4 keeps them on the board as neutrals
    assert game.state.turn == 10 and game.state.departed == {}


def test_a_departure_survives_the_state_file_and_the_record():
    game = game_with(cards={})
    game.state = replace(game.state, turn=4)
    _map(game)
    start = game.state
    game.play(Tell("greeks.leaves", 1))
    _to_last(game)
    game.play(EndNationTurn())
    assert game.state.departed == {"greeks": 4} and "neapolis" not in game.state.control
    assert stateio.loads(stateio.dumps(game.state)) == game.state
    again = Game(game.edition, game.options)
    again.state = start
    for record in game.records:
        again.play(*_round_trip(record))
    assert again.state == game.state


def _round_trip(record: Record) -> tuple:
    back = Record.from_dict(record.to_dict())
    return back.action, back.drawn
