"""`companion novara1849 ...` (spec 10.4): new, odds, combat, charge, tables template|check, vp; and every
bad file as one line naming the file, the field and the fault, exit 2, nothing written, no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.novara1849 import RULES, DataError, Edition

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "novara1849"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["novara1849", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(code: int, err: str, *problems: str) -> None:
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    for problem in problems:
        assert problem in err, err


def new_state(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code, out, err = run(capsys, "new", *argv)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_new_prints_a_state_file_that_vp_reads(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    state = new_state(capsys, "--scenario", "sforzesca", "--seed", "4")
    assert state["format"] == "companion/novara1849-state" and state["turn"] == 5 and state["last_turn"] == 9
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state))
    code, out, _ = run(capsys, "vp", str(path), "--json")
    points = json.loads(out)
    assert code == 0 and points["scenario"] == "sforzesca" and points["winner"] is None
    assert points["points"]["austria"]["total"] == 0


def test_new_takes_the_sixth_division_and_the_fog_of_war(capsys: pytest.CaptureFixture[str]) -> None:
    state = new_state(capsys, "--sixth-division", "--fog", "hidden", "--seed", "3")
    assert state["seed"] == 3 and state["hidden"] == {} and state["sixth"] == 0  # nothing hidden or in yet
    assert RULES.loads(json.dumps(state), Edition()).seed == 3


def test_the_state_file_keeps_the_variants_and_vp_names_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 17: sixth_division and fog travel in the state file (round trip), and vp says them."""
    state = new_state(capsys, "--sixth-division", "--fog", "dummies")
    assert state["sixth_division"] is True and state["fog"] == "dummies"
    loaded = RULES.loads(json.dumps(state), Edition())
    assert loaded.sixth_division and loaded.fog == "dummies"
    assert json.loads(RULES.dumps(loaded)) == state
    path = tmp_path / "state.json"
    path.write_text(json.dumps({**state, "turn": 6, "sixth": 5}))
    code, out, _ = run(capsys, "vp", str(path))
    assert code == 0 and "variants: 6th Division (entered on turn 5), fog of war: dummies" in out
    code, out, _ = run(capsys, "vp", str(path), "--json")
    assert json.loads(out)["sixth_entered"] == 5 and json.loads(out)["fog"] == "dummies"
    plain = new_state(capsys)
    assert plain["sixth_division"] is False and plain["fog"] == ""
    path.write_text(json.dumps(plain))
    assert "variants: none" in run(capsys, "vp", str(path))[1]


def test_tables_check_names_a_switched_reading(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rules = (ASSETS / "rules.toml").read_text().replace('steps_lost = "net"', 'steps_lost = "gross"')
    (tmp_path / "rules.toml").write_text(rules)
    code, out, _ = run(capsys, "tables", "check", str(tmp_path))
    assert code == 0 and "Readings: steps_lost = gross" in out
    code, out, _ = run(capsys, "tables", "check")
    assert "Readings: the project's, none switched" in out


def test_vp_counts_the_rows_of_the_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    state = new_state(capsys)
    state["cities"] = {"Novara": "austria", "Mortara": "sardinia"}
    state["ledger"]["lost"] = {"austria": 0, "sardinia": 5}  # type: ignore[index]
    state["ledger"]["recovered"] = {"austria": 0, "sardinia": 1}  # type: ignore[index]
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state))
    code, out, _ = run(capsys, "vp", str(path))
    assert code == 0
    assert "austria: 10 points (steps 4, cities_6 6)" in out and "sardinia: 3 points (cities_3 3)" in out


def test_odds_prints_every_step_of_example_4_8_c(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--attack", "4,3,2+1", "--defend", "4", "--ring", "1,4,4")
    assert code == 0
    assert out.splitlines() == [
        "attack 9 (A1 4, A2 3, A3 2)",
        "defence 4 (D1 4)",
        "ratio 9:4 = 2.25, rounded down: column 2:1",
        "right shift 1: encirclement",
        "final column 3:1",
        "die +1: attacker's elite infantry/cavalry bonus: A3",
        "die modifier +1",
    ]


def test_odds_halves_out_of_supply_and_takes_terrain_hexside_and_bonus(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--attack", "5oos,3", "--defend", "2", "--terrain", "woods:1", "--hexside", "river:2"]
    code, out, _ = run(capsys, "odds", *argv, "--bonus", "+2/-1", "--forced-march", "--json")
    data = json.loads(out)
    assert code == 0 and data["attack"] == "11/2" and data["base_column"] == "2:1"
    assert data["shifts"] == [
        ["hexside every attacker crosses: river (the defender's choice, not added up)", -2]
    ]
    assert data["final_column"] == "1:2" and data["modifier"] == 1 + 2 - 1


def test_combat_reads_the_texts_cell_or_exits_3_naming_the_cell(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "combat", "--attack", "6", "--defend", "3", "--roll", "6")
    assert code == 0 and "result D2 (the rulebook's Combat example)" in out
    code, out, err = run(capsys, "combat", "--attack", "6", "--defend", "3", "--roll", "5")
    assert code == 3 and out == "" and err.count("\n") == 1
    assert "table missing: Your Combat Result Table has no entry for column 2:1, modified roll 5" in err


def invented_tables(folder: Path, cells: dict[tuple[int, int], str]) -> None:
    """A CRT with the integer ladder's columns and rows 1-7 holding only `cells` ((roll, column index):
    result): INVENTED values, a test fixture, not the game's."""
    tables = (ASSETS / "tables.toml").read_text()
    tables = tables.replace(
        'columns = ["1:3", "", "", "", "", "4:1"]', 'columns = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1"]'
    )
    rows = "".join(
        f"[[crt.row]]\nroll = {roll}\nresults = {json.dumps([cells.get((roll, c), '') for c in range(6)])}\n"
        for roll in range(1, 8)
    )
    (folder / "tables.toml").write_text(tables.replace("row = []\n\n[crt.codes]", rows + "\n[crt.codes]", 1))


def test_combat_reads_the_players_own_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    invented_tables(tmp_path, {(5, 3): "D1"})
    argv = ["combat", "--attack", "6", "--defend", "3", "--roll", "5", "--tables", str(tmp_path), "--json"]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and json.loads(out)["result"] == "D1" and json.loads(out)["source"] == "crt"


def test_charge_counts_the_dice_of_the_texts_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "charge", "--attack-steps", "3", "--defend", "inf", "--roll", "2,5,6/5", "--json"
    )
    data = json.loads(out)
    assert code == 0 and (data["attack_dice"], data["defence_dice"]) == (3, 1)
    assert (data["attack_hits"], data["defence_hits"]) == (2, 1)
    code, out, _ = run(
        capsys, "charge", "--attack-steps", "2", "--defend", "inf,art:2,cav:2:shaken", "--forced-march"
    )
    assert "attacker: 2 dice, each 4 or more hits" in out and "defender: 3 dice (inf1 1, art2 2)" in out


def test_a_charge_off_clear_terrain_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "charge", "--attack-steps", "2", "--defend", "inf", "--terrain", "woods")
    one_line(code, err, "cavalry charges only units in clear terrain")
    code, _, err = run(capsys, "charge", "--attack-steps", "2", "--defend", "inf", "--roll", "5,5/5,5")
    one_line(code, err, "--roll: give 2 attacker's and 1 defender's dice")


def test_tables_template_writes_the_four_files_and_check_reads_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "mine"
    code, out, _ = run(capsys, "tables", "template", str(folder))
    assert code == 0 and sorted(p.name for p in folder.iterdir()) == [
        "oob.toml",
        "rules.toml",
        "tables.toml",
        "track.toml",
    ]
    code, out, _ = run(capsys, "tables", "check", str(folder))
    assert code == 0 and "Turn track: 0 of 20 turns filled" in out and "Combat Result Table: empty" in out
    before = (folder / "oob.toml").read_text()
    (folder / "oob.toml").write_text("changed")
    code, _, err = run(capsys, "tables", "template", str(folder))
    one_line(code, err, "tables.toml: already exists; nothing was written")
    assert (folder / "oob.toml").read_text() == "changed" and before


def test_tables_check_warns_when_a_cell_contradicts_the_rulebook(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An invented cell 2:1 row 6 = D1, against the Combat example's D2."""
    invented_tables(tmp_path, {(6, 3): "D1"})
    code, out, _ = run(capsys, "tables", "check", str(tmp_path))
    assert code == 0 and "warning:" in out and "D2" in out and "1 of 42 cells filled" in out


@pytest.mark.parametrize(
    ("text", "problems"),
    [
        (
            'format = "companion/novara1849-tables"\nversion = 1\n[crt]\ncolums = []\n',
            ("tables.toml", "crt.colums", "columns"),
        ),
        ("this is = = not toml", ("tables.toml", "is not TOML")),
        (
            'format = "something-else"\nversion = 1\n',
            ("tables.toml", "format", "companion/novara1849-tables"),
        ),
    ],
)
def test_a_broken_tables_file_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, problems: tuple[str, ...]
) -> None:
    (tmp_path / "tables.toml").write_text(text)
    for argv in (
        ("tables", "check", str(tmp_path)),
        ("odds", "--attack", "4", "--defend", "2", "--tables", str(tmp_path)),
    ):
        code, _, err = run(capsys, *argv)
        one_line(code, err, *problems)


def state_text(capsys: pytest.CaptureFixture[str], **changes: object) -> str:
    state = new_state(capsys)
    for key, value in changes.items():
        target, *path = key.split("__")
        if path:
            node = state[target]
            for step in path[:-1]:
                node = node[step]  # type: ignore[index]
            node[path[-1]] = value  # type: ignore[index]
        else:
            state[target] = value
    return json.dumps(state)


@pytest.mark.parametrize(
    ("changes", "problems"),
    [
        ({"turn": 25}, ("turn: must run from 1 to the last turn",)),
        ({"turn": "5"}, ("turn: must be a whole number",)),
        ({"cup": ["A-IX"]}, ("cup[0]", "'A-IX' is not a chit of this game")),
        ({"phase": "lunch"}, ("phase: must be one of",)),
        ({"ledger__lost__austria": -1}, ("ledger.lost.austria: must be a whole number",)),
        ({"readings__clamp": "never"}, ("readings.clamp", "must be one of")),
        ({"colour": "red"}, ("colour: is not a field of the state file",)),
        ({"commander_used": {"radetzky": 9}}, ("commander_used.radetzky",)),
        ({"scenario": "waterloo"}, ("scenario: must be one of",)),
        ({"fog": "rain"}, ('fog: must be "", "dummies" or "hidden"',)),
        ({"fog": 7}, ("fog: must be a short text",)),
        ({"sixth_division": "yes"}, ("sixth_division: must be true or false",)),
        ({"sixth": 5}, ("sixth: the 6th Division entered, but sixth_division (the variant) is false",)),
        ({"sixth_division": True, "sixth": 9}, ("sixth: the 6th Division cannot have entered on turn 9",)),
        ({"hidden": {"austria": {"C": ["x"]}}}, ("hidden: units are in a Hidden Forces Display, but fog",)),
        ({"fog": "hidden", "hidden": {"austria": {"Z": []}}}, ("hidden.austria.Z: must be a side's box",)),
    ],
)
def test_a_bad_state_file_is_one_line_naming_file_and_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, changes: dict[str, object], problems: tuple[str, ...]
) -> None:
    path = tmp_path / "state.json"
    path.write_text(state_text(capsys, **changes))
    code, out, err = run(capsys, "vp", str(path))
    one_line(code, err, str(path), *problems)
    assert out == ""


def units_state(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    """A state with one invented unit (a test fixture)."""
    state = json.loads(state_text(capsys))
    state["counters"] = {
        "u": {
            "id": "u",
            "side": "austria",
            "cf": 4,
            "formation": "",
            "kind": "infantry",
            "cf_reduced": 2,
            "elite": 0,
            "label": "",
        }
    }
    state["units"] = {
        "u": {"steps": 2, "shaken": False, "oos": False, "exited": False, "forced_march": False}
    }
    return state


@pytest.mark.parametrize(
    ("holding", "problem"),
    [
        ({"steps": 3}, "units.u.steps: 3 is above the counter's 2"),
        ({"steps": 0, "exited": True}, "units.u: is both eliminated and off the map"),
    ],
)
def test_a_unit_beyond_its_counter_or_in_two_states_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, holding: dict[str, object], problem: str
) -> None:
    state = units_state(capsys)
    state["units"]["u"].update(holding)  # type: ignore[index]
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state))
    code, _, err = run(capsys, "vp", str(path))
    one_line(code, err, problem)


def test_a_higher_commander_used_twice_running_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = json.loads(state_text(capsys, turn=3, commander_used={"radetzky": 2}))
    state["selections"] = {
        "austria": {
            "side": "austria",
            "formations": [],
            "commander": "radetzky",
            "boxed": ["A-II"],
            "general_retreat": [],
        }
    }
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state))
    code, _, err = run(capsys, "vp", str(path))
    one_line(code, err, "selections.austria.commander: radetzky was used on turn 2")


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{not json", "is not JSON"),
        ("[" + "9" * 5000 + "]", "holds a number too long to be any count in the game"),
        ("[]", "format: must be 'companion/novara1849-state'"),
        (b"\xff\xfe", "is not UTF-8 text"),
        ("[" * 100000, "is nested too deeply"),
    ],
)
def test_files_that_are_not_state_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: object, problem: str
) -> None:
    path = tmp_path / "state.json"
    path.write_bytes(content if isinstance(content, bytes) else str(content).encode())
    code, _, err = run(capsys, "vp", str(path))
    one_line(code, err, str(path), problem)


def test_missing_and_huge_state_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "vp", str(tmp_path / "none.json"))
    one_line(code, err, "none.json: cannot be read")
    big = tmp_path / "big.json"
    big.write_text(" " * (2 << 20))
    code, _, err = run(capsys, "vp", str(big))
    one_line(code, err, "is larger than")


def test_rules_loads_refuses_a_bad_state_in_one_sentence() -> None:
    with pytest.raises(DataError, match=r"^turn: must run from 1 to the last turn \(at most 20\), not 0$"):
        text = json.loads(RULES.dumps(RULES.new_game(Edition(), RULES.options_from_dict({})).state))
        text["turn"] = 0
        RULES.loads(json.dumps(text), Edition())


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (
            ("odds", "--attack", "4", "--defend", "2", "--ring", "1,9"),
            "--ring: give positions 1 to 6",
        ),
        (
            ("odds", "--attack", "4", "--defend", "2", "--terrain", "woods"),
            "--terrain: give the name and its left shifts",
        ),
        (("odds", "--attack", "4", "--defend", "2", "--bonus", "lots"), "--bonus: give the attacker's"),
        (("combat", "--attack", "4", "--defend", "2", "--roll", "7"), "--roll: 7 is not a face"),
        (
            ("odds", "--attack", "4", "--defend", "2", "--tables", "/nonexistent/x"),
            "--tables: /nonexistent/x is not a folder",
        ),
        (("new", "--tables", "/nonexistent/x"), "--tables: /nonexistent/x is not a folder"),
    ],
)
def test_bad_options_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], problem: str
) -> None:
    code, _, err = run(capsys, *argv)
    one_line(code, err, problem)


def test_the_console_script_says_it_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text("{}")
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "novara1849", "vp", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_replayed_record_gives_a_state_file_vp_reads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from companion.assets import edition
    from companion.games.novara1849 import ApplyLosses, Charge, Game, Select, Surprise, TurnFacts, scenario
    from companion.games.records import dump_record
    from tests.games.novara1849.fixtures import UNITS

    game = Game(edition("novara1849"), scenario("campaign", seed=3, units=UNITS, first_turn=2))
    game.play(TurnFacts(False, 1, 1))
    game.play(Select("austria", ("A-II",)))
    game.play(Select("sardinia", ()))
    game.play(Surprise())  # the campaign's first turn: II Corps without its chit
    game.play(Charge(("Uhl 1", "Dr 2"), ("5 Aosta",)), [5, 6, 6, 1])
    game.play(ApplyLosses("sardinia"))
    record = tmp_path / "game.jsonl"
    record.write_text(dump_record(game))
    assert main(["replay", str(record)]) == 0
    state = tmp_path / "state.json"
    state.write_text(capsys.readouterr().out)
    code, out, _ = run(capsys, "vp", str(state))
    assert code == 0 and "austria: 2 points (steps 2)" in out


PLACEMENT = """
[[placement.box]]
name = "Box X"
side = "sardinia"
min = 1
max = 4
note = "a made-up note"
"""  # a box invented for these tests (the map's boxes are the owner's to fill)


def tables_with(tmp_path: Path, placement: str) -> Path:
    text = (ASSETS / "tables.toml").read_text().replace("box = []\n", placement)
    (tmp_path / "tables.toml").write_text(text)
    return tmp_path


def test_the_placement_map_is_empty_by_default_and_its_reveal_checks_no_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "tables", "check")
    assert "Placement map: empty (a hypothetical deployment's reveal lists the counters" in out
    code, out, _ = run(capsys, "placement", "Box X=S-1,S-2,S-3,S-4,S-5")
    assert code == 0 and out == "Box X: S-1, S-2, S-3, S-4, S-5.\n"


@pytest.mark.parametrize("given", ["", "=", "=S-4", "A=S-4,B=S-5", "9" * 5000, "Box X=S-1", "Box X"])
def test_a_placement_box_given_wrong_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], given: str
) -> None:
    """Each box once, as BOX=CHIT,CHIT: no box, no "=", two boxes in one argument or a box named twice
    is refused in one line (was: a blank line, or "B=S-5" listed as a counter)."""
    code, out, err = run(capsys, "placement", "Box X=S-2", given)
    assert code == 2 and out == "" and err.count("\n") == 1 and "give each box once" in err


def test_the_owners_placement_boxes_are_checked_at_the_reveal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = str(tables_with(tmp_path, PLACEMENT))
    code, out, _ = run(capsys, "tables", "check", folder)
    assert "Placement map: 1 box (Box X): a reveal checks their limits" in out
    code, out, _ = run(capsys, "placement", "--tables", folder, "Box X=S-1,S-2")
    assert code == 0 and out == "Box X: S-1, S-2, a made-up note.\n"
    code, out, err = run(capsys, "placement", "--tables", folder, "Box X=")
    one_line(code, err, "box Box X needs at least 1 and at most 4 command counters, not 0")
    code, out, err = run(capsys, "placement", "--tables", folder, "Box X=A-I")
    one_line(code, err, "box Box X takes Sardinia's command counters, not A-I")
    code, out, err = run(capsys, "placement", "--tables", folder, "Box Y=S-1")
    one_line(code, err, "there is no box Box Y")


@pytest.mark.parametrize(
    ("placement", "problem"),
    [
        (
            "[[placement.box]]\nname = 'X'\nmin = 2\nmax = 1\n",
            "placement.box[0].max: must be at least min (2)",
        ),
        ("[[placement.box]]\nname = 'X'\nmin = 1\n", "placement.box[0].min: a box needs both its min and"),
        (
            "[[placement.box]]\nname = 'X'\nmin = 1\nmax = 99\n",
            "placement.box[0].max: must be a whole number",
        ),
        ("[[placement.box]]\nname = ''\nmin = 1\nmax = 2\n", "placement.box[0].name: must be the box's name"),
        ("[[placement.box]]\nname = 'X'\nside = 'prussia'\nmin = 1\nmax = 2\n", "placement.box[0].side"),
        (
            "[[placement.box]]\nname = 'X'\nmaximum = 2\n",
            "placement.box[0].maximum: unknown key; did you mean",
        ),
        (
            "[[placement.box]]\nname='X'\nmin=1\nmax=2\n[[placement.box]]\nname='X'\nmin=1\nmax=2\n",
            "named twice",
        ),
        ("boxes = []\n", "placement.boxes: unknown key"),
    ],
)
def test_a_bad_placement_box_is_one_line_naming_file_and_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, placement: str, problem: str
) -> None:
    folder = str(tables_with(tmp_path, placement))
    code, _, err = run(capsys, "tables", "check", folder)
    one_line(code, err, "tables.toml: ", problem)
