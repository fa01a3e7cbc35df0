"""The seam: registry, record, undo (never a re-roll or a re-draw), replay, the players' files."""

import json

import pytest

from companion.games import find_game
from companion.games.novara1849 import ApplyLosses, Charge, DataError, Draw, Readings, Select, TurnFacts
from companion.games.novara1849.edition import load
from companion.games.novara1849.plugin import FILES
from companion.games.records import dump_record, parse_lines

from .fixtures import edition, game
from .helpers import activation

RULES = find_game("novara1849")


def test_the_registry_finds_the_game_by_id_and_by_record_format() -> None:
    assert find_game("companion/novara1849-record") is RULES
    assert RULES.title == "Radetzky's March: The Road to Novara"


def test_undo_never_rerolls_a_seen_die_nor_redraws_a_seen_chit() -> None:
    g = activation("A-II", "austria")
    first = g.play(Charge(("Uhl 1", "Dr 2"), ("5 Aosta",)))
    g.undo()
    assert g.play(Charge(("Uhl 1", "Dr 2"), ("5 Aosta",))) == first
    h = game(3, first_turn=2)
    h.play(TurnFacts(False, 4, 1))
    h.play(Select("sardinia", ("S-4",)))
    h.play(Select("austria", ("A-I", "A-II")))
    h.play(Draw())
    seen = h.state.current
    h.undo()
    h.play(Draw())
    assert h.state.current == seen


def test_replay_of_the_record_equals_the_live_game() -> None:
    g = activation("A-II", "austria")
    g.play(Charge(("Uhl 1", "Dr 2"), ("5 Aosta",)))
    while g.state.pending:
        side = g.state.pending.due[0][0]
        owned = dict(g.state.pending.units)[side]
        g.play(ApplyLosses(side, allocation=((owned[-1], g.state.pending.due[0][1]),)))
    header, lines = parse_lines(dump_record(g))
    again = RULES.replay(edition(), header, [line for _, line in lines])
    assert again.state == g.state and RULES.dumps(again.state) == RULES.dumps(g.state)


def test_a_bad_record_line_is_named() -> None:
    g = activation("A-II", "austria")
    header = g.header()
    with pytest.raises(DataError, match="line 2: action"):
        RULES.replay(edition(), header, [{"action": {"type": "charge", "chargers": "Uhl 1"}, "drawn": []}])


def test_options_round_trip_with_a_reading_switched() -> None:
    options = RULES.options_from_dict({"seed": 4, "readings": {"clamp": "before_shifts"}})
    assert options.readings.overridden() == {"clamp": "before_shifts"}
    assert RULES.options_from_dict(json.loads(json.dumps(options.to_dict()))) == options
    with pytest.raises(DataError, match="readings.clamp: must be one of"):
        Readings.from_dict({"clamp": "sometimes"})


def files(**changed: str):  # noqa: ANN202
    from companion.assets import read_asset

    texts = {name: read_asset(f"novara1849/{name}") for name in FILES}
    texts.update(changed)
    return load(texts.__getitem__, lambda name: name)


def test_the_shipped_templates_load_with_nothing_invented() -> None:
    shipped = files()
    assert shipped.crt is None and shipped.artillery is None and shipped.counters == {}
    assert shipped.command_factors == {} and all(
        t.night is None and not t.points and not t.reinforcements for t in shipped.turns.values()
    )
    assert Readings.from_dict(shipped.readings) == Readings()  # rules.toml ships every reading's default


FILLED_CRT = """format = "companion/novara1849-tables"
version = 1
[crt]
columns = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1"]
row = [{roll = 2, results = ["", "", "A2", "", "", ""]}, {roll = 3, results = ["", "", "", "", "", ""]},
  {roll = 4, results = ["", "", "", "", "", ""]}, {roll = 5, results = ["", "", "", "", "", ""]},
  {roll = 6, results = ["", "", "", "D2", "", ""]}, {roll = 7, results = ["", "", "", "", "D3", ""]}]
"""  # a test fixture: A2 contradicts the text on purpose


def test_the_loader_warns_when_a_users_table_contradicts_the_texts_example() -> None:
    loaded = files(**{"tables.toml": FILLED_CRT})
    assert any(
        "your CRT says 1:1 row 2 = A2; the rulebook's Combat example reads A1" in w for w in loaded.warnings
    )


HEAD = 'format = "companion/novara1849-tables"\nversion = 1\n[crt]\n'


@pytest.mark.parametrize(
    ("text", "fault"),
    [
        (
            HEAD + 'columns = ["1:2", "1:1", "2:1", "3:1", "4:1"]',
            "crt.columns",
        ),
        (
            HEAD + 'columns = ["1:3", "x", "1:1", "2:1", "3:1", "4:1"]',
            "crt.columns",
        ),
        ('format = "nope"', "format"),
    ],
)
def test_a_bad_table_is_refused_naming_the_key(text: str, fault: str) -> None:
    with pytest.raises(DataError, match=fault):
        files(**{"tables.toml": text})


def test_an_unknown_key_is_refused_with_the_key_it_likely_meant() -> None:
    with pytest.raises(DataError, match=r"tables.toml: crt.colums: unknown key; did you mean columns\?"):
        files(**{"tables.toml": HEAD + 'colums = ["1:3"]'})


def test_a_replay_with_other_tables_says_which_file_changed() -> None:
    from dataclasses import replace

    played = replace(edition(), hashes={"tables.toml": "aaaa", "track.toml": "bbbb", "oob.toml": "cccc"})
    g = RULES.new_game(played, RULES.options_from_dict({"seed": 1}))
    same = RULES.replay(played, g.header(), [])
    other = RULES.replay(replace(played, hashes={**played.hashes, "tables.toml": "dddd"}), g.header(), [])
    assert same.warnings == []
    assert other.warnings == [
        "tables.toml differs from the one this game was played with: results may differ."
    ]


ARTILLERY = """format = "companion/novara1849-tables"
version = 1
[crt]
columns = ["1:3", "", "", "", "", "4:1"]
[[artillery.column]]
label = "1-4"
min = 1
max = 4
[[artillery.column]]
label = "5-7"
min = {low}
max = 7
[[artillery.row]]
roll = 5
results = ["SH", "{cell}"]
"""  # a test fixture: invented columns; the text gives only factor 5, roll 5 = 1


def test_the_artillery_table_is_checked_against_the_bombardment_example() -> None:
    assert not any(
        "artillery" in w for w in files(**{"tables.toml": ARTILLERY.format(low=5, cell="1")}).warnings
    )
    warned = files(**{"tables.toml": ARTILLERY.format(low=5, cell="1SH")}).warnings
    assert any(
        "gives 1SH for factor 5, roll 5; the rulebook's Bombardments example reads 1" in w for w in warned
    )
    with pytest.raises(DataError, match=r"artillery.column\[1\].min"):
        files(**{"tables.toml": ARTILLERY.format(low=6, cell="1")})
