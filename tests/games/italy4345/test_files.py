"""The edition files, the state file and the record: refusals name the file or field and the fault."""

from __future__ import annotations

import json

import pytest

from companion.games import find_game
from companion.games.italy4345 import RULES, Adjust, DataError, Pass, action_from_dict
from companion.games.italy4345.edition import load

from .helpers import FIXTURES, acting, fixture_edition, l0_game, s, text_edition


def test_the_registry_finds_the_game_by_id_and_by_record_format() -> None:
    assert find_game("italy4345") is RULES and find_game("companion/italy4345-record") is RULES


def test_the_shipped_files_are_level_l0_and_say_what_is_missing() -> None:
    edition = text_edition()
    assert edition.board is None and edition.setup is None and not edition.events and not edition.arrows
    assert edition.rules.pass_resources == {"rsi": 2, "cln": 1, "aut": 1, "ger": 3}
    assert edition.rules.pieces["aa"] == 25 and edition.rules.tie_order == ("cln", "aut", "rsi", "ger")
    assert any(line.startswith("Map: not given") for line in edition.missing)


def test_a_fixture_is_refused_as_a_real_edition() -> None:
    def read(name: str) -> str:
        folder = FIXTURES if name != "rules.toml" else None
        if folder is None:
            from companion.assets import read_asset

            return read_asset("italy4345/rules.toml")
        return (folder / name).read_text()

    with pytest.raises(DataError, match="cities.toml: fixture"):
        load(read, lambda name: name)


def test_a_bad_value_names_the_file_and_the_key() -> None:
    from companion.assets import read_asset

    files = {
        "rules.toml": read_asset("italy4345/rules.toml"),
        "cities.toml": "[milano]\ndisk = true\n"
        'intact = { population = 2, production = "lots", cln_points = 2 }\n'
        'bombed = { population = "?", production = "?", cln_points = "?" }\n',
    }
    with pytest.raises(DataError) as refused:
        load(lambda name: files[name] if name in files else "", lambda name: name)
    assert str(refused.value) == "cities.toml: milano.intact.production: must be a whole number 0-20"


def test_the_state_file_refuses_bad_fields_in_one_line() -> None:
    game = acting("cln", (("area-a", "cln_hidden", 1),))
    data = json.loads(RULES.dumps(game.state))
    cases = [
        ({"eligible": ["ger"]}, "eligible: eligible and ineligible must hold the four factions once each"),
        ({"format": "other"}, "format: must be 'companion/italy4345'"),
        ({"step": "dance"}, "step: must be one of setup, reveal"),
        ({"areas": {"x": {"aa": -1}}}, "areas.x.aa: must be a whole number 0 or more"),
        ({"areas": {"x": {"cln_brigades": [16, 0]}}}, "areas: Only 15 CLN brigades exist in the box."),
        (
            {"areas": {"x": {"liberated": True, "ger": 1}}},
            "areas.x: a liberated area holds Axis pieces outside",
        ),
        (
            {"areas": {"x": {"type": "countryside", "disk": "bombed"}}},
            "areas.x.disk: a disk is intact or bombed",
        ),
    ]
    for change, message in cases:
        with pytest.raises(DataError) as refused:
            RULES.loads(json.dumps({**data, **change}), text_edition())
        assert str(refused.value).startswith(message), str(refused.value)
    with pytest.raises(DataError, match="is nested too deeply"):
        RULES.loads("[" * 100_000, text_edition())


def test_actions_and_records_go_to_json_and_back() -> None:
    game = acting("cln", (("area-r", "loyalty", "res"),))
    from companion.games.italy4345 import Op

    game.play(Op("enlist", (s("area-r"),)))
    game.play(Pass())
    for record in game.records:
        assert action_from_dict(json.loads(json.dumps(record.action.to_dict()))) == record.action
    with pytest.raises(DataError, match="action.type"):
        action_from_dict({"type": "fly"})
    with pytest.raises(DataError, match="action.steps"):
        action_from_dict({"type": "op", "steps": "everywhere"})


def test_replay_refuses_a_record_of_another_game_and_names_a_bad_line() -> None:
    game = l0_game()
    with pytest.raises(DataError, match="format"):
        RULES.replay(text_edition(), {"format": "companion/milano1848-record"}, [])
    bad = [Adjust("x", (("area-a", "aa", 99),)).to_dict()]
    with pytest.raises(DataError, match="line 2: record|action 1"):
        RULES.replay(text_edition(), game.header(), [{"action": bad[0], "drawn": []}])


def test_describe_and_standing_say_where_the_game_stands() -> None:
    game = acting("cln", ())
    assert RULES.standing(game.state) == (1, None)
    assert RULES.describe(game.state)[0].startswith("card 1 (event-01), offensives done 0")
    assert fixture_edition().board is not None


def test_a_decisions_copy_of_the_state_equals_it_and_shares_nothing_mutable() -> None:
    game = acting("cln", (("area-a", "cln_hidden", 1), ("area-a", "liberated", True)))
    made = game.state.copy()
    assert RULES.dumps(made) == RULES.dumps(game.state)
    made.areas["area-a"].cln_brigades[0] = 5
    made.resources["cln"] = 0
    made.seen.append("event-90")
    assert game.state.areas["area-a"].cln_brigades == [1, 0] and game.state.resources["cln"] == 10
    assert "event-90" not in game.state.seen


def test_the_journals_record_round_trips_through_the_generic_reader() -> None:
    from companion.games.records import dump_record
    from companion.records import load_record

    game = acting("aut", (("area-c", "aut_hidden", 1), ("area-c", "ger", 2), ("area-c", "aut_troops", 3)))
    from companion.games.italy4345 import Op

    game.play(Op("clash", (s("area-c"),)))
    rules, again = load_record(dump_record(game))
    assert rules is RULES and RULES.dumps(again.state) == RULES.dumps(game.state)
    assert again.records[-1].drawn == game.records[-1].drawn
