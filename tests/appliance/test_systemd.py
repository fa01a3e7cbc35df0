"""The Pi service: the unit passes systemd's own checks, the installer installs, updates and removes."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "companion.service"
INSTALL = ROOT / "systemd" / "install.sh"
EXPOSURE_GOAL = 2.5


def _analyze(*args: str) -> subprocess.CompletedProcess[str]:
    assert shutil.which("systemd-analyze"), "make test installs systemd (systemd-analyze) when it is missing"
    return subprocess.run(["systemd-analyze", *args], capture_output=True, text=True, timeout=60)


def test_the_unit_exposure_is_at_most_the_goal():
    result = _analyze("security", "--offline=true", str(UNIT))
    match = re.search(r"Overall exposure level for companion.service: (\d+\.\d+)", result.stdout)
    assert match, result.stdout + result.stderr
    assert float(match.group(1)) <= EXPOSURE_GOAL, result.stdout


def test_the_unit_verifies(tmp_path):
    # verify insists that ExecStart exists; the unit is checked as installed, with only that path
    # pointing at a stand-in (the installed companion lives in /opt on the Pi).
    stand_in = tmp_path / "companion"
    stand_in.write_text("#!/bin/sh\n")
    stand_in.chmod(0o755)
    unit = tmp_path / "companion.service"
    unit.write_text(UNIT.read_text().replace("/opt/companion/venv/bin/companion", str(stand_in)))
    result = _analyze("verify", str(unit))
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_the_unit_has_what_the_appliance_needs():
    text = UNIT.read_text()
    for line in (
        "Type=notify",
        "Restart=on-failure",
        "StateDirectory=companion",
        "User=companion",
        "WorkingDirectory=/var/lib/companion",
        "SupplementaryGroups=video render input gpio dialout lp",
        "ProtectSystem=strict",
        "NoNewPrivileges=yes",
        "SystemCallFilter=@system-service",
        "CapabilityBoundingSet=",
    ):
        assert f"\n{line}\n" in text, line
    assert re.search(r"\nWatchdogSec=\d+", text)


def test_the_udev_rules_name_the_die_and_open_the_printers():
    rules = (ROOT / "systemd" / "99-companion.rules").read_text()
    die = next(line for line in rules.splitlines() if '"2e8a"' in line)
    assert (
        'ATTRS{idProduct}=="0005"' in die
        and 'SYMLINK+="companion-die"' in die
        and 'ENV{ID_MM_DEVICE_IGNORE}="1"' in die
    )
    for vid, pid in (("0416", "5011"), ("0fe6", "811e")):
        usb = [line for line in rules.splitlines() if f'=="{vid}"' in line and f'=="{pid}"' in line]
        assert any('SUBSYSTEM=="usb"' in line and 'GROUP="lp"' in line for line in usb)
    for line in rules.splitlines():
        if line and not line.startswith("#"):
            assert re.fullmatch(r'(\w+(\{\w+\})?(==|\+=|=)"[^"]*"(, )?)+', line), line


def _install(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COMPANION_PIP_ARGS": "--no-deps"}  # the dependencies are the venv's business
    return subprocess.run(
        ["sh", str(INSTALL), "--root", str(root), *args], capture_output=True, text=True, env=env, timeout=600
    )


def test_dry_run_prints_every_step_and_does_nothing(tmp_path):
    result = subprocess.run(["sh", str(INSTALL), "--dry-run"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    steps = result.stdout
    for step in (
        "apt-get install -y --no-install-recommends python3-venv python3-picamera2",
        "useradd --system",
        "python3 -m venv --system-site-packages /opt/companion/venv",
        "install -m 0644",
        "/etc/systemd/system/companion.service",
        "/etc/udev/rules.d/99-companion.rules",
        "udevadm control --reload",
        "systemctl enable --now companion.service",
    ):
        assert step in steps, step
    root = tmp_path / "root"
    result = subprocess.run(
        ["sh", str(INSTALL), "--dry-run", "--root", str(root)], capture_output=True, text=True
    )
    assert result.returncode == 0 and list(root.rglob("*")) == []  # printed, not done


@pytest.mark.slow
def test_install_into_a_throwaway_root_again_and_uninstall(tmp_path):
    root = tmp_path / "root"
    first = _install(root)
    assert first.returncode == 0, first.stdout + first.stderr
    companion = root / "opt/companion/venv/bin/companion"
    config = root / "etc/companion/config.toml"
    for path in (
        root / "etc/systemd/system/companion.service",
        root / "etc/udev/rules.d/99-companion.rules",
        config,
        root / "var/lib/companion",
        companion,
    ):
        assert path.exists(), path
    assert (root / "etc/systemd/system/companion.service").read_text() == UNIT.read_text()
    env = {
        **os.environ,
        "COMPANION_CONFIG": str(config),
        "COMPANION_STATE_DIR": str(root / "var/lib/companion"),
    }
    check = subprocess.run([str(companion), "config", "check"], capture_output=True, text=True, env=env)
    assert check.returncode == 0 and check.stdout == f"{config}: ok\n", (
        check.stderr
    )  # the Pi's config is valid

    config.write_text(config.read_text() + "\n# the table's own edit\n")
    second = _install(root)
    assert second.returncode == 0 and "config.toml kept (yours)" in second.stdout
    assert config.read_text().endswith("# the table's own edit\n")
    assert "= " + str(root / "opt/companion/venv") + " exists" in second.stdout

    removed = _install(root, "--uninstall")
    assert removed.returncode == 0, removed.stderr
    assert (
        not (root / "opt/companion").exists() and not (root / "etc/systemd/system/companion.service").exists()
    )
    assert config.exists() and (root / "var/lib/companion").exists()  # the saved games stay
    purged = _install(root, "--uninstall", "--purge")
    assert purged.returncode == 0 and not config.exists() and not (root / "var/lib/companion").exists()


def test_without_root_the_installer_says_so(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("running as root: the refusal is for everyone else")
    result = subprocess.run(["sh", str(INSTALL)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "run it as root" in result.stderr
