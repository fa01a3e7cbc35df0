"""Which SDL video driver shows the app on this machine.

On a Pi without a desktop the app draws straight to the screen through SDL's kmsdrm driver when
the pygame-ce build has it; pip wheels often lack it, so the fallback is `cage`, a kiosk Wayland
compositor from Debian's packages: the app starts itself again inside it. On a desktop the window
system's driver (wayland, x11) is used. Touch works in all three (SDL turns touches into clicks).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

INSIDE_CAGE = "COMPANION_IN_CAGE"


def candidates() -> tuple[str, ...]:
    """The drivers worth trying here: a desktop's window before the bare screen."""
    desktop = tuple(
        name
        for name, variable in (("wayland", "WAYLAND_DISPLAY"), ("x11", "DISPLAY"))
        if os.environ.get(variable)
    )
    return desktop + ("kmsdrm",)


def working_drivers(candidates: tuple[str, ...]) -> list[str]:
    """The SDL video drivers that can open a display here, in order (each one is really started)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    found = []
    chosen = os.environ.get("SDL_VIDEODRIVER")
    for name in candidates:
        os.environ["SDL_VIDEODRIVER"] = name
        try:
            pygame.display.init()
        except pygame.error:
            continue
        finally:
            pygame.display.quit()
        found.append(name)
    _restore("SDL_VIDEODRIVER", chosen)
    return found


def _restore(name: str, value: str | None) -> None:
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value


def choose(setting: str, working: list[str], cage: bool) -> str:
    """The driver to use for the config's screen.driver; "cage" means: start again inside cage."""
    if setting == "cage" or (setting == "auto" and not working and cage):
        return "cage"
    if setting == "auto":
        return working[0] if working else "none"
    return setting


def cage_available() -> bool:
    return shutil.which("cage") is not None


def prepare(setting: str) -> str | None:
    """Set SDL_VIDEODRIVER for the app, or re-start the command inside cage (does not return then).
    Returns why no screen can be opened, or None."""
    if os.environ.get("SDL_VIDEODRIVER") or os.environ.get(INSIDE_CAGE):
        return None  # chosen by hand, or already inside the kiosk compositor
    tried = candidates()
    driver = choose(setting, working_drivers(tried), cage_available())
    if driver == "cage":
        os.environ[INSIDE_CAGE] = "1"
        os.execvp("cage", ["cage", "--", *companion_command(sys.argv[1:])])
    if driver == "none":
        return (
            f"no SDL video driver reaches a screen here (tried {', '.join(tried)}) and cage is not installed"
        )
    os.environ["SDL_VIDEODRIVER"] = driver
    return None


def companion_command(arguments: list[str]) -> list[str]:
    """This `companion` command again, isolated: the service's working directory (its writable state
    directory on the Pi), PYTHONPATH and the user's site are not searched, only the installed code."""
    here = str(Path(__file__).resolve().parents[2])
    start = (
        f"import sys; sys.path.insert(0, {here!r}); "
        "from companion.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    return [sys.executable, "-I", "-c", start, *arguments]
