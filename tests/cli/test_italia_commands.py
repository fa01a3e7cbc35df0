"""`companion italia ...`: a battle file resolved, its odds, income, order, the score pad and the data
check; every bad file is one line naming the file, the field and the fault, exit 2, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from hardware.paper import paper_mm


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def samnium() -> dict:
    """Spec 1.7's example battle file, with its first round's dice."""
    die = lambda unit, target, value: {"unit": unit, "target": target, "value": value}  # noqa: E731
    return {
        "format": "companion/italia-battle",
        "version": 1,
        "scenario": "I",
        "kind": "land",
        "mode": "normal",
        "context": {"phase": "normal", "invaded": False},
        "zone": {"name": "Samnium", "terrain": "mountain", "city": "intact", "capital_of": None},
        "attacker": {
            "nation": "romans",
            "units": {"legion": 3},
            "leaders": ["Decimus-M"],
            "arrived_by_sea": {},
            "fleets_in_adjacent_seas": 0,
            "attacked_from": ["Rome"],
        },
        "defender": {"nation": "samnites", "units": {"infantry": 2}, "damaged": {}, "leaders": []},
        "state": {"romans_elephant_battles": 0, "patrimonium_conversions_used": 0},
        "rounds": [
            {
                "attacker_dice": [die("legion", "infantry", v) for v in (7, 6, 1)],
                "defender_dice": [die("infantry", "legion", v) for v in (10, 3)],
                "after": {"attacker_retreats": {}, "defender_retreats": {}, "defender_submits": False},
            }
        ],
    }


def write(tmp_path: Path, data: object, name: str = "battle.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_the_spec_battle_file_is_resolved_die_by_die(capsys, tmp_path):
    path = write(tmp_path, samnium())
    code, out, err = run(capsys, "italia", "battle", path, "--seed", "1")
    assert code == 0, err
    found = json.loads(out)
    first = found["result_rounds"][0]
    assert [d["value"] for d in first["dice"]] == [7, 6, 1, 10, 3]
    assert [d["needed"] for d in first["dice"]] == [
        7,
        7,
        7,
        7,
        7,
    ]  # legion 6, mountain -1, city -2, leader +2
    assert first["dice"][0]["modifiers"] == [
        {"reason": "mountain", "value": -1},
        {"reason": "city", "value": -2},
        {"reason": "leader", "value": 2},
    ]
    assert first["hits"] == {"attacker": 1, "defender": 1}
    assert first["lost"] == {"attacker": {"legion": 1}, "defender": {"infantry": 1}}
    assert found["dice"][:5] == [7, 6, 1, 10, 3]  # then the seeded dice
    assert found["result"]["loot"] is (found["result"]["how"] == "cleared")  # an intact city
    assert found["attacker"]["attacked_from"] == ["Rome"]  # the input is repeated


def test_the_same_seed_gives_the_same_battle_and_the_receipt_is_a_ticket(capsys, tmp_path):
    data = samnium()
    data["rounds"] = []
    path = write(tmp_path, data)
    receipt = tmp_path / "ticket.bin"
    _, first, _ = run(capsys, "italia", "battle", path, "--seed", "5", "--receipt", str(receipt))
    _, again, _ = run(capsys, "italia", "battle", path, "--seed", "5")
    assert json.loads(first) == json.loads(again) and json.loads(first)["seed"] == 5
    assert b"ROMANS ATTACK SAMNIUM" in receipt.read_bytes()
    assert 40 < paper_mm(receipt.read_bytes()) <= 100


def test_typed_dice_play_the_whole_battle(capsys, tmp_path):
    data = samnium()
    data["rounds"] = []
    code, out, err = run(capsys, "italia", "battle", write(tmp_path, data), "--dice", "7,6,1,0,3,9,2,4")
    found = json.loads(out)
    assert code == 0, err
    assert found["dice"] == [7, 6, 1, 10, 3, 9, 2, 4]
    assert [r["hits"] for r in found["result_rounds"]] == [
        {"attacker": 1, "defender": 1},
        {"attacker": 1, "defender": 0},
    ]
    code, out, err = run(capsys, "italia", "battle", write(tmp_path, samnium()), "--dice", "7,6,1,0,3,9,2,4")
    assert (code, out) == (2, "") and "gives dice values itself" in err


def test_dice_that_run_out_are_one_line(capsys, tmp_path):
    data = samnium()
    data["rounds"] = []
    code, out, err = run(capsys, "italia", "battle", write(tmp_path, data), "--dice", "1,1,1,1,1,1")
    assert (code, out) == (2, "")
    assert err == "companion: --dice: The dice given ran out: the battle needs more values.\n"


def test_a_raid_file_with_the_rebuild_and_a_retreat_file(capsys, tmp_path):
    data = samnium()
    data.update(mode="raid", zone={"name": "Apulia", "terrain": "standard", "city": "intact"})
    data["attacker"] = {"nation": "samnites", "units": {"infantry": 3}}
    data["defender"] = {"nation": "greeks", "units": {"infantry": 2}}
    data["rounds"] = [
        {
            "attacker_dice": [{"unit": "infantry", "target": "city", "value": v} for v in (4, 8, 9)],
            "defender_dice": [{"unit": "infantry", "target": "infantry", "value": v} for v in (5, 7)],
            "after": {"defender_rebuilds": "infantry"},
        }
    ]  # Combat Example 3
    code, out, err = run(capsys, "italia", "battle", write(tmp_path, data))
    found = json.loads(out)["result"]
    assert code == 0, err
    assert found["how"] == "raided" and found["city"] == "intact"  # ruined, then rebuilt at once
    assert found["survivors"] == {"attacker": {}, "defender": {"infantry": 1}}
    assert found["sides"]["attacker"]["tally"]["retreated"] == {"infantry": 2}


def test_a_naval_battle_file(capsys, tmp_path):
    data = {
        "format": "companion/italia-battle",
        "version": 1,
        "kind": "naval",
        "zone": {"name": "Mare Tyrrhenum"},
        "attacker": {"nation": "romans", "fleets": [{"id": "r1", "embarked": 2}, {"id": "r2"}]},
        "defender": {
            "nation": "carthaginians",
            "fleets": [{"id": "c1", "leaders": ["Hamilcar"]}, {"id": "c2"}],
        },
        "rounds": [{"values": [7, 9, 9, 1], "sink": {"attacker": ["r2"]}}],
    }
    code, out, err = run(capsys, "italia", "battle", write(tmp_path, data), "--seed", "2")
    assert code == 0, err
    found = json.loads(out)
    first = found["result_rounds"][0]
    assert [d["needed"] for d in first["dice"]] == [7, 9, 9, 7]  # cargo +2; Hamilcar helps c2, not c1
    assert first["hits"] == {"attacker": 2, "defender": 1}
    assert first["lost"] == {"attacker": {"fleet": 1}, "defender": {"fleet": 2, "cargo": 1}}
    assert found["result"]["sunk"] == {"attacker": ["r2"], "defender": ["c2", "c1"]}  # the least aboard first
    assert found["result"]["how"] == "cleared" and found["result"]["fleets"]["attacker"] == ["r1"]


def test_odds_of_a_battle_file(capsys, tmp_path):
    code, out, _ = run(capsys, "italia", "odds", write(tmp_path, samnium()))
    found = json.loads(out)["odds"]
    assert code == 0
    assert found["attacker_clears"] + found["defender_holds"] + found["both_destroyed"] == pytest.approx(
        1, abs=1e-5
    )
    assert found["attacker_clears"] > found["defender_holds"]


def hostile():
    deep = "[" * 100000 + "]" * 100000

    def changed(**fields):
        data = samnium()
        for path, value in fields.items():
            where = data
            *parents, last = path.split("__")
            for key in parents:
                where = where[key]
            where[last] = value
        return data

    return [
        ("{not json", "is not JSON (Expecting property name enclosed in double quotes at line 1, column 2)"),
        ('{"attacker": ' + "9" * 5000 + "}", "holds a number too long to be any count in the game"),
        (deep, "is nested too deeply"),
        ([1, 2], "file: must be a JSON object"),
        (changed(format="x"), "format: must be 'companion/italia-battle'"),
        (
            changed(attacker__units={"legion": -1}),
            "attacker.units.legion: must be a whole number from 0 to 999",
        ),
        (
            changed(attacker__units={"legion": "3"}),
            "attacker.units.legion: must be a whole number from 0 to 999",
        ),
        (
            changed(attacker__units={"legion": 10**9}),
            "attacker.units.legion: must be a whole number from 0 to 999",
        ),
        (changed(attacker__units={"tank": 1}), "attacker.units.tank: is not a unit type"),
        (changed(attacker__units=[1]), "attacker.units: must map unit types to counts"),
        (changed(zone__terrain="lava"), "zone.terrain: must be one of"),
        (changed(attacker__leaders=[3]), "attacker.leaders: must be a name"),
        (
            changed(defender__damaged={"infantry": 1}),
            "defender.damaged.infantry: only consular legions and cavalry",
        ),
        (changed(attacker__arrived_by_sea={"legion": 4}), "attacker.arrived_by_sea.legion: must count units"),
        (changed(rounds={"a": 1}), "rounds: must be a list"),
        (
            changed(rounds=[{"attacker_dice": [{"unit": "legion", "target": "infantry", "value": 11}]}]),
            "rounds[0].attacker_dice[0].value: must be a d10",
        ),
        (
            changed(
                rounds=[
                    {
                        "attacker_dice": [
                            {"unit": "legion", "target": "infantry", "value": 7},
                            {"unit": "legion", "target": "infantry"},
                        ]
                    }
                ]
            ),
            "rounds[0]: gives some dice values and not others",
        ),
        (
            changed(rounds=[{"attacker_dice": [{"unit": "elephant", "target": "infantry", "value": 7}]}]),
            "Every unit rolls one die: aim all romans units, each once.",
        ),
        (
            changed(state__romans_elephant_battles=True),
            "state.romans_elephant_battles: must be a whole number",
        ),
        (changed(defender__units={}), "A battle needs attacking units and defenders in the zone."),
    ]


@pytest.mark.parametrize("data, fault", hostile(), ids=range(len(hostile())))
@pytest.mark.parametrize("command", ["battle", "odds"])
def test_a_hostile_battle_file_is_one_line_and_writes_nothing(capsys, tmp_path, data, fault, command):
    path = write(tmp_path, data)
    receipt = tmp_path / "ticket.bin"
    extra = ["--receipt", str(receipt)] if command == "battle" else []
    code, out, err = run(capsys, "italia", command, path, *extra)
    if command == "odds" and fault.startswith(("Every unit", "A battle needs")):
        return  # the odds use the default aims and read no rounds
    assert (code, out) == (2, "")
    assert err.startswith(f"companion: {path}: ") and fault in err and err.count("\n") == 1
    assert not receipt.exists()


def test_huge_battles_get_their_odds_refused_in_one_line(capsys, tmp_path):
    data = samnium()
    wide = {"consular": 10, "legion:sea": 10, "legion": 10}
    for attackers, defenders in (
        ({"consular": 300}, {"infantry": 3}),
        (wide, {"infantry": 15, "elephant": 15}),
    ):
        data["attacker"]["units"], data["defender"]["units"] = attackers, defenders  # too deep, too wide
        path = write(tmp_path, data)
        code, out, err = run(capsys, "italia", "odds", path)
        assert (code, out) == (2, "")
        assert err == (
            f"companion: {path}: attacker.units, defender.units: the exact odds of this battle need more "
            "than 1,000,000 steps, beyond what is worked out here in time; fewer units or fewer kinds of "
            "unit make them answerable\n"
        )


def test_income_from_counts_with_tribute(capsys):
    code, out, _ = run(
        capsys, "italia", "income", "--nation", "celts", "--zones", "5", "--master", "romans", "--gold", "9"
    )
    found = json.loads(out)
    assert code == 0 and (found["earned"], found["kept"], found["tribute"]) == (5, 3, 2)  # E5
    assert found["over_cap_if_nothing_bought"] == 2
    code, _, err = run(capsys, "italia", "income", "--nation", "gauls", "--zones", "5")
    assert code == 2 and err.startswith("companion: --nation: 'gauls' is not a nation of Italia I")
    code, _, err = run(
        capsys, "italia", "income", "--nation", "romans-of-africa", "--scenario", "II", "--zones", "3"
    )
    assert code == 2 and "--half: Does the Romans of Africa card halve the income" in err


def test_order_names_who_plays_and_why_others_do_not(capsys):
    code, out, _ = run(capsys, "italia", "order", "--turn", "1")
    found = json.loads(out)
    assert found["plays"] == [
        "celts",
        "etruscans",
        "greeks",
        "samnites",
        "carthaginians",
        "illyrians",
        "romans",
    ]
    assert found["skipped"]["epirotes"] == "Epirotes: enter on turn 4."
    code, _, err = run(capsys, "italia", "order", "--turn", "11")
    assert code == 2 and err == "companion: --turn: Italia I has turns 1 to 10\n"


def test_new_saves_a_game_in_the_journal_and_score_reads_a_state_file(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    code, out, err = run(capsys, "italia", "new", "--scenario", "II", "--seed", "3")
    assert code == 0 and "is game 1 in the journal" in err
    state = json.loads(out)
    assert state["scenario"] == "II" and state["turn"] == 1
    code, out, _ = run(capsys, "games", "list")
    assert "game 1: Italia" in out
    state["scores"] = [{"nation": "franks", "turn": 3, "source": "zones", "points": 4}]
    code, out, err = run(capsys, "italia", "score", write(tmp_path, state, "state.json"))
    assert code == 0, err
    assert json.loads(out)["players"][0] == {
        "colour": "red",
        "nations": ["Western Romans", "Berbers", "Patrimonium", "Franks"],
        "points": 4,
    }
    state["scores"] = [{"nation": "franks", "turn": "3"}]
    code, out, err = run(capsys, "italia", "score", write(tmp_path, state, "state.json"))
    assert (code, out) == (2, "") and err.startswith(f"companion: {tmp_path / 'state.json'}: scores")


def test_data_check_says_what_is_missing_and_what_it_affects(capsys, tmp_path):
    code, out, _ = run(capsys, "italia", "data", "check")
    assert code == 0
    assert "incomplete: this affects retreat destinations" in out
    assert (
        "Italia I nation cards: 0 of 12 filled." in out and "Italia II nation cards: 0 of 16 filled." in out
    )
    assert out.rstrip().endswith("turn order.")
    (tmp_path / "map.toml").write_text("[[zone]]\nid = 3\n")
    code, out, err = run(capsys, "italia", "data", "check", str(tmp_path))
    assert (code, out) == (2, "") and err.count("\n") == 1 and "rules.toml" in err


def test_data_check_names_a_card_without_revolt_rows_and_what_that_affects(capsys, tmp_path):
    """An invented Celts file (a test fixture, not the card): without [[revolt]] rows the check says
    so; `revolt = []` says the card gives none; a revolt row naming no nation of Italia I is refused."""
    import shutil

    from companion.assets import assets_dir

    folder = tmp_path / "italia"
    shutil.copytree(assets_dir() / "italia", folder)
    (folder / "nations" / "index.toml").write_text('filled = ["celts"]\n')
    card = folder / "nations" / "celts.toml"
    card.write_text('[nation]\nid = "celts"\n')
    code, out, _ = run(capsys, "italia", "data", "check", str(folder))
    assert code == 0 and "  celts lacks" in out and "revolt" in out.split("  celts lacks")[1].splitlines()[0]
    assert "revolt: revolt checks (§12.6: asked at the table when a subject revolts)" in out
    card.write_text('revolt = []\n[nation]\nid = "celts"\n')
    code, out, _ = run(capsys, "italia", "data", "check", str(folder))
    assert "revolt" not in out.split("  celts lacks")[1].splitlines()[0]
    card.write_text('[nation]\nid = "celts"\n[[revolt]]\nagainst = "vandals"\nwhen = 5\n')
    code, out, err = run(capsys, "italia", "data", "check", str(folder))
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert "celts.toml: revolt 1.against: 'vandals' is not a nation of Italia I" in err


@pytest.mark.parametrize(
    "hostile",
    ["leaves_after = " + "9" * 5000, "nested = " + "[" * 50_000 + "]" * 50_000],
    ids=["a 5000-digit number", "arrays nested 50,000 deep"],
)
@pytest.mark.parametrize("file", ["nations/celts.toml", "rules.toml", "map.toml", "scenario-1.toml"])
def test_data_check_of_a_hostile_file_is_one_line_naming_it(capsys, tmp_path, hostile, file):
    """A number past Python's 4,300 digits or arrays nested past its recursion limit made tomllib
    raise what the loaders did not catch: a traceback."""
    import shutil

    from companion.assets import assets_dir

    folder = tmp_path / "italia"
    shutil.copytree(assets_dir() / "italia", folder)
    (folder / "nations" / "index.toml").write_text('filled = ["celts"]\n')
    (folder / "nations" / "celts.toml").write_text('[nation]\nid = "celts"\n')
    (folder / file).write_text(hostile + "\n")
    code, out, err = run(capsys, "italia", "data", "check", str(folder))
    assert (code, out) == (2, "") and err.count("\n") == 1 and file in err, err[:300]


def test_data_check_of_a_folder_with_a_fifo_for_a_file_is_one_line_not_a_wait(capsys, tmp_path):
    import os
    import shutil

    from companion.assets import assets_dir

    folder = tmp_path / "italia"
    shutil.copytree(assets_dir() / "italia", folder)
    (folder / "rules.toml").unlink()
    os.mkfifo(folder / "rules.toml")  # nobody writes: reading it would wait for ever
    code, out, err = run(capsys, "italia", "data", "check", str(folder))
    assert (code, out) == (2, "") and err.count("\n") == 1 and "is not a regular file" in err
