"""A state file holds exactly the game's components (issue 14 C10), and odd values get one line (C9)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.milano1848.errors import DataError
from companion.games.milano1848.game import Game
from companion.games.milano1848.records import dump_record, load_record
from companion.games.milano1848.setup import Options
from companion.games.milano1848.stateio import loads, state_to_dict

from .table import EDITION, played


def _state(players: int = 4, tracked: bool = True) -> dict:
    """A real 4-player game just set up (the companion's own decks unless `tracked` is False)."""
    game = Game(
        EDITION,
        Options(players=players, seed=3, tracked=tracked),
        [] if tracked else [("zone", z) for z in (7, 1, 2, 3, 4, 5, 6, 8, 9)],
    )
    return state_to_dict(game.state)


def _refused(data: dict, field: str, problem: str) -> None:
    with pytest.raises(DataError) as info:
        loads(json.dumps(data), EDITION)
    assert info.value.field == field and problem in info.value.problem
    assert "\n" not in str(info.value) and len(str(info.value)) < 240


def _first_zone_with_soldiers(data: dict) -> str:
    return next(z for z, v in data["zones"].items() if v["soldiers"])


def test_the_soldiers_must_add_up_to_the_games_own():
    data = _state()
    data["reserve"] += 3  # 50 Soldiers in a 4-player game
    _refused(data, "zones", "50 Soldiers in all")
    data = _state()
    data["reserve"], data["castle"] = 0, 0
    for zone in data["zones"].values():
        zone["soldiers"] = 0
    _refused(
        data,
        "zones",
        "0 Soldiers in all (zones, castle, reserve, Lens); a game with 4 Patriots has exactly 47",
    )
    data = _state()
    data["zones"] = {}
    _refused(data, "zones", "32 Soldiers in all")


def test_every_card_is_somewhere_exactly_once():
    data = _state()
    lost = data["austria"]["deck"].pop()
    _refused(data, "austria.deck", f"card {lost} is in no deck, hand, discard pile, tile or fight")
    data = _state()
    data["austria"]["discard"].append(data["austria"]["deck"][0])
    _refused(data, "austria.deck", "is also in austria.discard")
    data = _state()
    data["italy"]["deck"][0] = data["patriots"][0]["hand"][0]
    _refused(data, "italy.deck", "is also in patriots.0.hand")
    data = _state()
    data["italy"]["deck"].pop()
    _refused(data, "italy.deck", "is in no deck")


def test_a_deck_size_must_match_its_cards():
    data = _state()
    data["austria"]["size"] = 5
    _refused(data, "austria.size", "must be 33, the cards listed in deck, not 5")
    data = _state(tracked=False)
    data["austria"]["size"] = 30
    _refused(data, "austria.size", "must be 33, the cards in no hand, discard pile, tile or fight, not 30")
    assert loads(json.dumps(_state(tracked=False)), EDITION).italy.size == 60 - 16


def test_a_hand_of_100_cards_does_not_fit_in_the_game():
    data = _state(tracked=False)
    data["patriots"][0]["hand"] = ["?"] * 100
    _refused(data, "patriots", "the hands hold 112 unseen cards (?), but only 60 Italy cards")
    data = _state()
    data["patriots"][0]["hand"] = data["patriots"][0]["hand"] * 25
    _refused(data, "patriots.0.hand", "is also in patriots.0.hand")


def test_cards_under_a_tile_are_fewer_than_flip_it_and_match():
    data = _state()
    data["mode"] = "advanced"
    data["tiles"] = {"rifle": data["italy"]["deck"][:4]}
    _refused(data, "tiles.rifle", "4 cards would have flipped the tile (it needs 4)")


@pytest.mark.parametrize(
    "key, problem",
    [
        ("\u00b2", "there is no zone '\u00b2' (zones are 1-16)"),  # isdigit() is true, int() fails
        ("\uff14", "there is no zone '\uff14' (zones are 1-16)"),  # full-width 4: int() would read it as 4
        ("04", 'write zone 4 as "4", without leading zeros'),
        ("0" * 5000 + "4", 'write zone 4 as "4", without leading zeros'),
        ("0", "there is no zone 0 (zones are 1-16)"),
    ],
)
def test_a_zone_key_is_written_one_way(key, problem):
    data = _state()
    data["zones"][key] = {"soldiers": 0}
    with pytest.raises(DataError) as info:
        loads(json.dumps(data), EDITION)
    assert problem in str(info.value) and len(str(info.value)) < 120


def test_a_5000_digit_number_is_one_line():
    text = json.dumps(_state()).replace('"round": 1', '"round": ' + "9" * 5000)
    with pytest.raises(DataError, match="a number too long"):
        loads(text, EDITION)
    text = json.dumps(_state()).replace('"round": 1', '"round": ' + "9" * 4000)
    with pytest.raises(DataError) as info:
        loads(text, EDITION)
    assert str(info.value) == "round: must be a whole number from 1 to 10000, not a number that long"


def _record(**change: object) -> str:
    game = Game(EDITION, Options(players=3, seed=2))
    lines = dump_record(game).splitlines()
    header = json.loads(lines[0])
    header["options"].update(change)
    return json.dumps(header) + "\n"


@pytest.mark.parametrize(
    "change, field",
    [
        ({"names": 5}, "options.names"),
        ({"first_player": 1.0}, "options.first_player"),
        ({"first_player": True}, "options.first_player"),
        ({"seed": 10**40}, "options.seed"),
        ({"players": 3.0}, "options.players"),
    ],
)
def test_a_record_with_odd_option_values_is_one_line(change, field):
    with pytest.raises(DataError) as info:
        load_record(_record(**change), EDITION)
    assert info.value.field == field


@pytest.mark.parametrize(
    "line, problem",
    [
        ('{"action": {"type": ["place"]}, "drawn": []}', "action.type: must be one of place"),
        ('{"action": {"type": "place", "zone": ' + "9" * 5000 + '}, "drawn": []}', "a number too long"),
        (
            '{"action": {"type": "place", "zone": ' + "9" * 4000 + '}, "drawn": []}',
            "a number that long is not a valid int",
        ),
        (
            '{"action": {"type": "end-turn"}, "drawn": [["zone", ' + "9" * 400 + "]]}",
            "is not a [deck, card] pair",
        ),
    ],
)
def test_a_record_line_with_odd_values_is_one_line(line, problem):
    with pytest.raises(DataError) as info:
        load_record(_record() + line + "\n", EDITION)
    assert problem in str(info.value) and "\n" not in str(info.value) and len(str(info.value)) < 200


def _card_lists(data: dict) -> list[list[str]]:
    """Every list of card ids in a state file (the companion's own decks: all are listed)."""
    lists = [
        data["austria"]["deck"],
        data["austria"]["discard"],
        data["italy"]["deck"],
        data["italy"]["discard"],
        data["pool"],
        *data["tiles"].values(),
        *(p["hand"] for p in data["patriots"] if "hand" in p),
    ]
    if data["fight"]:
        lists += [data["fight"][k] for k in ("revealed", "used_austria", "used_italy")]
    return lists


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 5),
    mode=st.sampled_from(["basic", "advanced"]),
    seed=st.integers(0, 10**6),
    decisions=st.integers(0, 80),
    data=st.data(),
)
def test_any_state_that_gains_or_loses_a_component_is_refused(players, mode, seed, decisions, data):
    game = played(Options(players=players, mode=mode, seed=seed), decisions)
    state = state_to_dict(game.state)
    assert loads(json.dumps(state), EDITION) == game.state  # as played: exactly the components
    change = data.draw(st.sampled_from(["soldier", "lost soldier", "lost card", "second copy"]))
    if change in ("soldier", "lost soldier"):
        places = [k for k in ("reserve", "castle") if state[k] or change == "soldier"]
        state[data.draw(st.sampled_from(places))] += 1 if change == "soldier" else -1
    else:
        lists = [cards for cards in _card_lists(state) if cards]
        cards = data.draw(st.sampled_from(lists))
        card = cards.pop(data.draw(st.integers(0, len(cards) - 1)))
        if change == "second copy":
            cards.append(card)
            data.draw(st.sampled_from(lists)).append(card)
    with pytest.raises(DataError):
        loads(json.dumps(state), EDITION)
