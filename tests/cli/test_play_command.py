"""`companion milano1848 play`: from `new` to `austrian-turn` from a shell (issue 14 A15)."""

from __future__ import annotations

import json

from companion.assets import edition
from companion.cli import main
from companion.games.milano1848 import actions as a
from companion.games.milano1848 import stateio
from companion.games.milano1848.game import Game
from companion.games.milano1848.setup import Options

from .test_milano1848_commands import minimal_state, write


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _placements(state: dict) -> list[int]:
    free = [int(z) for z, v in state["zones"].items() if v["soldiers"] == 0]
    return free[: len(state["patriots"])]


def test_from_new_to_the_austrian_turn_in_a_shell(capsys, tmp_path):
    _, new, _ = run(capsys, "milano1848", "new", "--players", "3", "--seed", "4")
    zones = _placements(json.loads(new))
    steps = [json.dumps({"type": "place", "zone": z}) for z in zones] + ['{"type": "end-turn"}'] * 3
    code, out, err = run(capsys, "milano1848", "play", write(tmp_path, new, "new.json"), *steps)
    assert code == 0 and err == "" and json.loads(out)["step"] == "austria"
    code, after, _ = run(capsys, "milano1848", "austrian-turn", write(tmp_path, out, "played.json"))
    assert code == 0 and json.loads(after)["round"] == 2
    game = Game(edition("milano1848"), Options(players=3, seed=4))  # the same decisions in the engine itself
    for action in [a.PlacePatriot(z) for z in zones] + [a.EndTurn()] * 3:
        game.play(action)
    assert out.strip() == stateio.dumps(game.state)


def test_a_refused_action_is_one_line_and_prints_no_state(capsys, tmp_path):
    _, new, _ = run(capsys, "milano1848", "new", "--players", "4", "--seed", "1")
    path = write(tmp_path, new, "new.json")
    occupied = next(z for z, v in json.loads(new)["zones"].items() if v["soldiers"])
    for action, problem in [
        (
            f'{{"type": "place", "zone": {occupied}}}',
            f"action 2: Placement refused: zone {occupied} has Soldiers",
        ),
        ('{"type": "place"}', "action 2: action.zone: is missing"),
        ("place 4", "action 2: is not JSON"),
        ('{"type": ["place"]}', "action 2: action.type: must be one of"),
    ]:
        first = json.dumps({"type": "place", "zone": _placements(json.loads(new))[0]})
        code, out, err = run(capsys, "milano1848", "play", path, first, action)
        assert code == 2 and out == "" and err.count("\n") == 1 and problem in err


def test_table_decks_name_the_drawn_cards_as_a_record_line_does(capsys, tmp_path):
    path = write(tmp_path, minimal_state())
    code, _, err = run(capsys, "milano1848", "play", path, '{"type": "austrian-turn"}')
    assert code == 2 and "Say which zone card was drawn" in err and '"drawn": [["zone", ...]]' in err
    turn = '{"action": {"type": "austrian-turn"}, "drawn": [["zone", 5]]}'
    code, out, _ = run(capsys, "milano1848", "play", path, turn)
    code_cli, out_cli, _ = run(capsys, "milano1848", "austrian-turn", path, "--draw", "5")
    assert code == code_cli == 0 and out == out_cli


def test_the_austrian_turn_ends_the_solitaire_turn_still_open(capsys, tmp_path):
    from tests.games.milano1848.table import Cards, build

    cards = Cards()
    state = build(
        players=1,
        zones={5: 3},
        pool=cards.italy("swords", "map", "map"),
        pool_from=[1],
        patriots=[{"zone": 5, "hand": cards.italy("map")}, {"zone": 5}, {"zone": 1}],
    )
    path = write(tmp_path, stateio.dumps(state))
    code, out, _ = run(capsys, "milano1848", "austrian-turn", path, "--draw", "2")
    after = json.loads(out)
    assert code == 0 and after["pool"] == [] and after["pool_from"] == []  # 3.b: gone at the turn's end
    assert after["step"] == "choose" and after["round"] == 2
