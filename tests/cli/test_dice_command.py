"""`companion dice roll`: in the terminal, on the die box, and thrown by the box's button."""

from __future__ import annotations

import json
import threading
import time

import pytest

from companion.cli import main
from companion.dice import Dice, DiceRoller
from firmware_bridge.fakebox import FakeBox
from hardware.faces import number, pips


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_seeded_roll_prints_each_die_and_the_total(capsys):
    expected = DiceRoller(3).roll(Dice(2, 6))
    code, out, err = run(capsys, "dice", "roll", "2d6", "--seed", "3")
    assert code == 0 and err == "" and out == f"{expected}   (seed 3)\n"


def test_json_output(capsys):
    code, out, _ = run(capsys, "dice", "roll", "d10", "--seed", "8", "--json")
    assert json.loads(out) == {**DiceRoller(8).roll(Dice(1, 10)).to_dict(), "seed": 8}


def test_without_a_seed_the_seed_is_printed_so_the_roll_can_be_repeated(capsys):
    _, out, _ = run(capsys, "dice", "roll", "3d6")
    seed = int(out.rsplit("seed ", 1)[1].rstrip(")\n"))
    assert run(capsys, "dice", "roll", "3d6", "--seed", str(seed))[1] == out


def test_a_bad_expression_is_one_line(capsys):
    assert run(capsys, "dice", "roll", "2d1") == (2, "", "companion: '2d1': dice have 2 to 100 sides\n")


def test_show_puts_the_last_die_on_the_box(capsys, tmp_path):
    expected = DiceRoller(4).roll(Dice(2, 6))
    with FakeBox(tmp_path / "die") as box:
        code, out, err = run(capsys, "dice", "roll", "2d6", "--seed", "4", "--show", "--port", str(box.path))
        assert box.face == pips(expected.values[-1]).rows  # the box acknowledged it before the command ended
    assert code == 0 and err == "" and out.startswith(str(expected))


def test_a_d10s_ten_shows_as_0_like_the_physical_die(capsys, tmp_path):
    seed = next(s for s in range(100) if DiceRoller(s).roll(Dice(1, 10)).values == (10,))
    with FakeBox(tmp_path / "die") as box:
        code, out, err = run(
            capsys, "dice", "roll", "d10", "--seed", str(seed), "--show", "--port", str(box.path)
        )
        assert box.face == number(0).rows
    assert code == 0 and err == "" and out.startswith("1d10: 10")


def test_show_warns_when_the_box_never_acknowledges(capsys, tmp_path, monkeypatch):
    from firmware_bridge.firmware import box as firmware

    real_handle = firmware.Box.handle
    monkeypatch.setattr(
        firmware.Box,
        "handle",
        lambda self, seq, msg_id, payload: (  # rolls go unanswered
            None if msg_id == 0x03 else real_handle(self, seq, msg_id, payload)
        ),
    )
    with FakeBox(tmp_path / "die") as box:
        code, out, err = run(capsys, "dice", "roll", "d6", "--seed", "2", "--show", "--port", str(box.path))
    assert code == 0 and out.startswith(str(DiceRoller(2).roll(Dice(1, 6))))
    assert err == (
        "companion: die: The die stopped answering (roll got no answer after 3 tries). "
        "The roll is shown here only.\n"
    )


def test_show_without_a_box_still_rolls_and_says_why(capsys, tmp_path):
    code, out, err = run(
        capsys, "dice", "roll", "d10", "--seed", "1", "--show", "--port", str(tmp_path / "none")
    )
    assert code == 0 and out.startswith("1d10: ")
    assert (
        err
        == f"companion: die: No die at {tmp_path / 'none'}: is it plugged in? The roll is shown here only.\n"
    )


@pytest.mark.parametrize("presses", [["long"], []])
def test_on_button_waits_for_a_press(capsys, tmp_path, presses):
    with FakeBox(tmp_path / "die") as box:

        def press_later():
            time.sleep(0.5)
            if presses:
                box.press(0.9)  # a long press is not a roll
                time.sleep(0.2)  # let go: without a gap the firmware rightly debounces one long hold
            box.press(0.1)

        threading.Thread(target=press_later, daemon=True).start()
        code, out, err = run(
            capsys, "dice", "roll", "2d6", "--seed", "9", "--on-button", "--port", str(box.path)
        )
    assert code == 0 and out.startswith(str(DiceRoller(9).roll(Dice(2, 6))))
    assert "Press the die's button to roll 2d6" in err


def test_on_button_without_a_box_is_refused(capsys, tmp_path):
    code, out, err = run(capsys, "dice", "roll", "2d6", "--on-button", "--port", str(tmp_path / "none"))
    assert (
        code == 2
        and out == ""
        and err.endswith("companion: --on-button needs the die box, and it is not connected\n")
    )
