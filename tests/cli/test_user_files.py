"""Every file a user names is read through companion.files: a regular file within a size cap, or one
line and exit code 2 (issue 14 C4), and odd values in options and settings are one line too (C9)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import files
from companion.cli import main

TIMEOUT_S = 60  # a FIFO used to block the command for good: far longer than any of these takes


def _companion(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The real command in its own process: one that hangs on a FIFO fails the test instead of the suite."""
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", *argv],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        env={**os.environ, **(env or {})},
    )


def _one_line(result: subprocess.CompletedProcess[str], problem: str) -> None:
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr[-400:]
    assert problem in result.stderr


@pytest.fixture
def fifo(tmp_path: Path) -> str:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return str(path)


def test_an_endless_device_is_refused_before_it_fills_memory():
    _one_line(_companion("milano1848", "forecast", "/dev/zero"), "/dev/zero: is not a regular file")


@pytest.mark.parametrize(
    "command",
    [
        ["milano1848", "austrian-turn"],
        ["milano1848", "forecast"],
        ["replay"],
        ["games", "import"],
        ["milano1848", "play"],
    ],
)
def test_a_fifo_is_refused_instead_of_waited_on(fifo, command):
    actions = ['{"type": "end-turn"}'] if command[-1] == "play" else []
    _one_line(_companion(*command, fifo, *actions), f"{fifo}: is not a regular file")


def test_a_fifo_among_images_gets_its_error_and_the_rest_are_read(fifo, tmp_path):
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"\x89PNG not really")
    result = _companion("cards", "identify", fifo, str(broken))
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert result.returncode == 1 and first["error"].startswith(f"{fifo}: is not a regular file")
    assert second["error"].endswith("is not an image OpenCV can read")


def test_a_fifo_or_a_folder_as_the_config_file(fifo, tmp_path):
    _one_line(_companion("config", "check", env={"COMPANION_CONFIG": fifo}), "is not a regular file")
    _one_line(_companion("config", "check", env={"COMPANION_CONFIG": str(tmp_path)}), "is not a regular file")


def test_the_cap_holds_when_the_file_says_it_is_empty():
    status = Path("/proc/self/status")
    assert status.stat().st_size == 0 and len(status.read_bytes()) > 100
    with pytest.raises(files.FileRefused, match="is larger than 0 KiB"):
        files.read_bytes(status, 100)
    assert files.read_bytes(status, 1 << 20).startswith(b"Name:")


def run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, problem",
    [
        (["dice", "roll", "9" * 5000 + "d6"], "is not a dice expression"),
        (["dice", "roll", "\uff13d6"], "is not a dice expression"),  # a full-width 3: int() reads it
        (
            [
                "milano1848",
                "odds",
                "--fight",
                "soldiers",
                "--hand",
                "swords",
                "--deck",
                "swords=" + "9" * 5000,
            ],
            "is not ICON=COUNT",
        ),
        (
            ["milano1848", "odds", "--fight", "soldiers", "--hand", "swords", "--deck", "swords=\u00b2"],
            "is not ICON=COUNT",
        ),
        (["milano1848", "simulate", "--games", "2", "--workers", "-1"], "--workers must be 1 or more"),
        (
            ["milano1848", "simulate", "--games", "2", "--workers", "1", "--seed", "9" * 23],
            "--seed must be from",
        ),
        (["milano1848", "new", "--seed", "9" * 23], "--seed must be a whole number of at most 19 digits"),
    ],
)
def test_odd_numbers_on_the_command_line_are_one_line(capsys, argv, problem):
    code, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and problem in err and len(err) < 200


@pytest.mark.parametrize(
    "text, problem",
    [
        ("[screen]\nsize = " + "[" * 5000 + "]" * 5000, "nested too deeply"),
        ("[screen]\nsize = " + "[" * 300 + "]" * 300, "screen.size = a list is not allowed"),
        ("[buttons]\nconfirm = " + "9" * 5000, "a number too long"),
        ("[buttons]\nconfirm = " + "9" * 4000, "buttons.confirm = a number that long is not allowed"),
        (
            '[camera]\nsource = "video:99999999999999999999"',
            'camera.source = "video:99999999999999999999" is not allowed',
        ),
    ],
)
def test_odd_config_values_are_one_line(capsys, monkeypatch, tmp_path, text, problem):
    config = tmp_path / "config.toml"
    config.write_text(text)
    monkeypatch.setenv("COMPANION_CONFIG", str(config))
    code, err = run(capsys, "config", "check")
    assert code == 2 and err.count("\n") == 1 and problem in err and len(err) < 400


def test_more_workers_than_cores_start_only_as_many_processes_as_cores(capsys, monkeypatch):
    import multiprocessing.context

    from companion.tables.milano1848.simulate_command import cores

    started = []
    real_pool = multiprocessing.context.BaseContext.Pool

    def counted_pool(self, processes=None, *args, **kwargs):  # type: ignore[no-untyped-def]
        started.append(processes)
        return real_pool(self, processes, *args, **kwargs)

    monkeypatch.setattr(multiprocessing.context.BaseContext, "Pool", counted_pool)
    assert main(["milano1848", "simulate", "--games", "4", "--workers", "400", "--json"]) == 0
    captured = capsys.readouterr()
    assert started == [cores()] and json.loads(captured.out)["workers"] == cores()
    assert captured.err == f"companion: --workers 400: this machine has {cores()} core(s); {cores()} run\n"
