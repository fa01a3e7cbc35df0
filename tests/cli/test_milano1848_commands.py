"""The `companion` command line: good files give state files, bad ones one line and exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main


def minimal_state() -> dict:
    """Only the documented fields: the table's own decks, Phase 1 just finished."""
    return {
        "format": "companion/milano1848",
        "version": 1,
        "mode": "basic",
        "players": 4,
        "round": 3,
        "first_player": 1,
        "reserve": 33,
        "castle": 4,
        "radetzky": 7,
        "zones": {"3": {"soldiers": 3}, "7": {"soldiers": 2}, "8": {"soldiers": 5}, "12": {"owner": "italy"}},
        "patriots": [
            {"name": "Carlo", "zone": 3},
            {"name": "Gabrio", "zone": 8},
            {"name": "Luciano", "zone": 12},
            {"name": "Bartolomeo", "zone": 1},
        ],
        "zone_deck": None,
        "available": [7],
        "not_available": [],
        "barricades": [],
        "winner": None,
    }


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, data: object, name: str = "state.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_new_prints_a_state_file_that_loads_again(capsys, tmp_path):
    code, out, _ = run(capsys, "milano1848", "new", "--players", "4", "--mode", "advanced", "--seed", "7")
    state = json.loads(out)
    assert code == 0 and state["players"] == 4 and state["mode"] == "advanced"
    assert sum(z["soldiers"] for z in state["zones"].values()) == 15 and state["reserve"] == 32
    assert state["not_available"] == [state["radetzky"]]
    state["step"], state["active"] = "austria", None  # the table places the Patriots and plays Phase 1
    for patriot in state["patriots"]:
        patriot["zone"] = next(int(z) for z, v in state["zones"].items() if v["soldiers"] == 0)
    state["done"] = [True] * 4
    code, out, err = run(capsys, "milano1848", "austrian-turn", write(tmp_path, state))
    assert code == 0 and err == "" and json.loads(out)["round"] == 2


def test_austrian_turn_on_a_minimal_state_file_with_a_drawn_card(capsys, tmp_path):
    code, out, err = run(
        capsys, "milano1848", "austrian-turn", write(tmp_path, minimal_state()), "--draw", "5"
    )
    after = json.loads(out)
    assert code == 0 and err == ""
    assert after["zones"]["8"]["owner"] == "austria"  # 5 Soldiers against 1 Patriot
    assert after["radetzky"] == 5 and after["round"] == 4 and after["first_player"] == 2
    soldiers = {int(z): v["soldiers"] for z, v in after["zones"].items() if v["soldiers"]}
    assert soldiers == {3: 4, 7: 3, 5: 1, 4: 1, 13: 1}  # 6 is behind the Barrier 5-6
    assert after["castle"] == 4 + 13 - 5  # the wave less the 5 placed


def test_austrian_turn_with_a_known_zone_deck_needs_no_draw(capsys, tmp_path):
    state = minimal_state()
    state["zone_deck"] = [z for z in range(1, 17) if z not in (7, 12)]
    code, out, _ = run(capsys, "milano1848", "austrian-turn", write(tmp_path, state))
    assert code == 0 and json.loads(out)["radetzky"] != 7


def _broken(change) -> dict:
    state = minimal_state()
    change(state)
    return state


BAD_STATES = [
    ("zones.17", lambda s: s["zones"].update({"17": {"soldiers": 1}}), "there is no zone 17"),
    (
        "zones.3.soldiers",
        lambda s: s["zones"]["3"].update(soldiers=-1),
        "must be a whole number from 0 to 50",
    ),
    (
        "zones.12.soldiers",
        lambda s: s["zones"]["12"].update(soldiers=2),
        "conquered by italy and cannot hold",
    ),
    ("not_available", lambda s: s.update(not_available=[7]), "the card of zone 7 is also in available"),
    ("zone_deck", lambda s: s.update(zone_deck=[1, 2]), "the card of unconquered zone 3 is in none of"),
    ("available", lambda s: s.update(available=[12]), "zone 12 is conquered, so its card is out of the game"),
    ("zones", lambda s: s.update(reserve=45), "59 Soldiers in all"),
    ("format", lambda s: s.update(format="chess"), "must be 'companion/milano1848'"),
    ("version", lambda s: s.update(version=2), "must be 1, not 2"),
    ("players", lambda s: s.update(players="four"), "must be a whole number from 1 to 5"),
    ("patriots", lambda s: s["patriots"].pop(), "must list 4 Patriots for 4 player(s)"),
    ("radetzky", lambda s: s.update(radetzky=None), "must be a whole number from 1 to 16"),
    ("zones.3", lambda s: s["zones"].update({"3": [3]}), "must be an object"),
    ("patriots.0.hand", lambda s: s["patriots"][0].update(hand=["italy-99"]), "unknown card 'italy-99'"),
]


@pytest.mark.parametrize("field, change, problem", BAD_STATES, ids=[b[0] for b in BAD_STATES])
def test_a_bad_state_file_gets_one_line_naming_file_and_field(capsys, tmp_path, field, change, problem):
    path = write(tmp_path, _broken(change))
    code, out, err = run(capsys, "milano1848", "austrian-turn", path, "--draw", "5")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"companion: {path}: {field}: ") and problem in err


@pytest.mark.parametrize(
    "content, problem",
    [
        ("{not json", "is not JSON (Expecting property name enclosed in double quotes at line 1, column 2)"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("[1, 2]", "file: must hold a JSON object"),
        ("", "is not JSON"),
    ],
)
def test_files_that_are_not_state_files(capsys, tmp_path, content, problem):
    path = write(tmp_path, content)
    code, out, err = run(capsys, "milano1848", "austrian-turn", path)
    assert code == 2 and out == "" and problem in err and err.count("\n") == 1


def test_missing_huge_and_binary_files(capsys, tmp_path):
    assert run(capsys, "milano1848", "austrian-turn", str(tmp_path / "nope.json"))[2] == (
        f"companion: {tmp_path / 'nope.json'}: cannot be read (No such file or directory)\n"
    )
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (2 << 20))
    assert "larger than 1 MiB" in run(capsys, "milano1848", "austrian-turn", str(huge))[2]
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert "is not UTF-8 text" in run(capsys, "milano1848", "austrian-turn", str(binary))[2]


def test_unknown_zone_deck_needs_a_draw_and_a_possible_one(capsys, tmp_path):
    path = write(tmp_path, minimal_state())
    code, out, err = run(capsys, "milano1848", "austrian-turn", path)
    assert code == 2 and "zone_deck: is null, so name the Zone card drawn in 2.D.3 with --draw N" in err
    code, out, err = run(capsys, "milano1848", "austrian-turn", path, "--draw", "7")
    assert (
        code == 2
        and out == ""
        and err == "companion: --draw: Zone 7 cannot be drawn: its card is not in the Zone deck.\n"
    )


def test_a_finished_game_has_no_austrian_turn(capsys, tmp_path):
    state = _broken(lambda s: s.update(winner="austria"))
    code, _, err = run(capsys, "milano1848", "austrian-turn", write(tmp_path, state))
    assert code == 2 and "the game is over" in err


def test_run_plays_a_demo_and_its_record_replays_to_the_same_end(capsys, tmp_path):
    record = tmp_path / "game.jsonl"
    code, out, _ = run(capsys, "run", "--terminal", "--seed", "3", "--record", str(record))
    assert code == 0 and "Round 1: Austrian turn" in out and "wins after" in out
    code, replayed, _ = run(capsys, "replay", str(record))
    assert code == 0 and json.loads(replayed)["winner"] in ("italy", "austria")


def test_a_broken_record_names_the_line(capsys, tmp_path):
    run(capsys, "run", "--terminal", "--seed", "3", "--record", str(tmp_path / "game.jsonl"))
    lines = (tmp_path / "game.jsonl").read_text().splitlines()
    lines[3] = json.dumps({"action": {"type": "move", "zone": 99}, "drawn": []})
    bad = write(tmp_path, "\n".join(lines), "bad.jsonl")
    code, out, err = run(capsys, "replay", bad)
    assert (
        code == 2 and out == "" and err.startswith(f"companion: {bad}: action 3: ") and err.count("\n") == 1
    )


def test_the_console_script_is_installed():
    result = subprocess.run(
        [str(Path(sys.executable).with_name("companion")), "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0 and result.stdout.startswith("companion ")


def test_a_broken_asset_file_is_one_line_too(capsys, tmp_path, monkeypatch):
    import shutil

    from companion import assets

    shutil.copytree(assets.assets_dir() / "milano1848", tmp_path / "milano1848")
    (tmp_path / "milano1848" / "rules.toml").write_text("hand_size = [")
    monkeypatch.setenv("COMPANION_ASSETS", str(tmp_path))
    assets.edition.cache_clear()
    try:
        code, out, err = run(capsys, "milano1848", "new")
    finally:
        assets.edition.cache_clear()
    assert (
        code == 2
        and out == ""
        and err.startswith(f"companion: {tmp_path / 'milano1848' / 'rules.toml'}: not valid TOML")
    )
    assert err.count("\n") == 1


def test_odds_takes_the_icons_as_the_screen_names_them_and_prints_no_float_noise(capsys):
    """`--hand cannon` as the screen says Cannon; 9/10 printed as 0.9, not 0.8999999999999999."""
    import json

    from companion.cli import main

    args = [
        "milano1848",
        "odds",
        "--fight",
        "soldiers",
        "--soldiers",
        "1",
        "--deck",
        "swords=3,map=2,Cannon=1",
    ]
    assert main([*args, "--hand", "Swords,cannon"]) == 0
    said = capsys.readouterr().out
    assert main([*args, "--hand", "swords,cannonball"]) == 0
    assert capsys.readouterr().out == said
    assert "9999999" not in said and json.loads(said)["distribution"] == [0.1, 0.9]  # 9 in 10: exact
