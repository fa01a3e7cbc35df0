"""systemd's notify protocol on a real socket, and the choice of the display path."""

from __future__ import annotations

import socket
import time

from companion.notify import Notifier
from companion.ui.display import choose


def test_ready_once_then_the_watchdog_twice_per_period(tmp_path, monkeypatch):
    path = str(tmp_path / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(path)
        server.settimeout(1)
        monkeypatch.setenv("NOTIFY_SOCKET", path)
        monkeypatch.setenv("WATCHDOG_USEC", "200000")  # 0.2 s: a ping every 0.1 s
        notifier = Notifier()
        started = time.monotonic()
        while time.monotonic() - started < 0.35:
            notifier.frame()
            time.sleep(0.01)
        messages = []
        server.setblocking(False)
        while True:
            try:
                messages.append(server.recv(256).decode())
            except BlockingIOError:
                break
    assert messages[0].startswith("READY=1")
    assert 2 <= messages.count("WATCHDOG=1") <= 4 and len(messages) == 1 + messages.count("WATCHDOG=1")


def test_without_systemd_nothing_is_sent(monkeypatch):
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert Notifier().send("READY=1") is False


def test_the_display_path():
    assert choose("auto", ["kmsdrm"], cage=True) == "kmsdrm"  # SDL reaches the screen itself
    assert choose("auto", [], cage=True) == "cage"  # a pip wheel without kmsdrm: the kiosk compositor
    assert choose("auto", [], cage=False) == "none"
    assert choose("x11", ["kmsdrm"], cage=True) == "x11"  # the config's word is final
    assert choose("cage", ["kmsdrm"], cage=True) == "cage"


def test_without_any_screen_the_app_says_so_in_one_line(monkeypatch, capsys):
    from companion.cli import main
    from companion.ui import display

    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(display, "working_drivers", lambda tried: [])
    monkeypatch.setattr(display, "cage_available", lambda: False)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no SDL video driver reaches a screen here (tried kmsdrm)" in err


def test_the_kiosk_restart_runs_only_the_installed_code(tmp_path):
    """Started again inside cage from the service's writable directory: a `companion` package planted
    there (or on PYTHONPATH) must not run."""
    import subprocess

    from companion.ui.display import companion_command

    planted = tmp_path / "companion"
    planted.mkdir()
    (planted / "__init__.py").write_text("raise SystemExit('planted code ran')\n")
    (planted / "cli.py").write_text("raise SystemExit('planted code ran')\n")
    result = subprocess.run(
        companion_command(["--version"]),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0 and result.stdout.startswith("companion "), result.stderr
