"""The package boundaries of docs/design.md, enforced."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import companion.games

GAMES = Path(companion.games.__file__).parent
DEVICE_LIBRARIES = ("pygame", "cv2", "gpiozero", "serial", "escpos", "picamera2", "hardware", "firmware_bridge")
# (hardware and firmware_bridge are ours: the engine must not import them either)


def _imported_modules(path: Path) -> list[tuple[int, str, int]]:
    """(line, top-level module, relative level) for every import in a file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name.split(".")[0], 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.lineno, (node.module or "").split(".")[0], node.level))
    return found


def test_rules_engines_import_only_the_standard_library_and_themselves():
    offences = []
    for path in sorted(GAMES.rglob("*.py")):
        for line, module, level in _imported_modules(path):
            if level == 0 and module not in sys.stdlib_module_names and module != "__future__":
                offences.append(f"{path.relative_to(GAMES)}:{line} imports {module}")
    assert offences == []


def test_importing_and_playing_the_engine_loads_no_device_library():
    code = (
        "import sys; from companion.commands import run_demo; import companion.games.milano1848.game;"
        f"print([m for m in sys.modules if m.split('.')[0] in {DEVICE_LIBRARIES!r}])"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


ROOT = GAMES.parent.parent
# Each device library lives in its home modules. pyserial, escpos, gpiozero and picamera2 are imported
# inside functions; OpenCV is the whole point of its modules, which the app itself imports lazily.
DEVICE_HOMES = {
    "serial": ({"firmware_bridge/link.py"}, True),
    "escpos": ({"hardware/printer.py"}, True),
    "gpiozero": ({"hardware/gpio.py"}, True),
    "picamera2": ({"hardware/camera.py"}, True),
    "cv2": ({"hardware/cards.py", "hardware/camera.py", "hardware/scene.py"}, False),
    "pygame": ({"companion/ui/"}, False),  # the app's own package, itself loaded only by `companion run`
}
OPENCV_MODULES = {"hardware.cards", "hardware.camera", "hardware.scene", "hardware.scanner", "hardware.stickers",
                  "hardware.sim.camera", "companion.ui.app"}  # and the app: `companion` starts without them
PICO_ONLY = {"firmware_bridge/firmware/main.py", "firmware_bridge/firmware/pico_io.py"}


def _device_imports(path: Path) -> list[tuple[str, bool]]:
    """(library, imported inside a function) for each device-library import in a file."""
    tree = ast.parse(path.read_text(), str(path))
    nested = {id(node) for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
              for node in ast.walk(fn)}
    found = []
    for node in ast.walk(tree):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
        for name in names:
            if name.split(".")[0] in DEVICE_LIBRARIES:
                found.append((name.split(".")[0], id(node) in nested))
    return found


def test_each_device_library_is_imported_lazily_in_its_one_module():
    offences = []
    for folder in ("companion", "hardware", "firmware_bridge"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            for library, lazy in _device_imports(path):
                if library in ("hardware", "firmware_bridge"):
                    continue  # our own packages
                homes, must_be_lazy = DEVICE_HOMES.get(library, (set(), True))
                at_home = any(relative == home or (home.endswith("/") and relative.startswith(home)) for home in homes)
                if not at_home or (must_be_lazy and not lazy):
                    offences.append(f"{relative} imports {library}{'' if lazy else ' at module level'}")
    assert offences == []


def test_heavy_modules_load_only_when_a_command_needs_them():
    offences = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        if path.parent.name == "ui":
            continue
        tree = ast.parse(path.read_text(), str(path))
        nested = {id(n) for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef) for n in ast.walk(fn)}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in OPENCV_MODULES and id(node) not in nested:
                offences.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {node.module} at module level")
            if isinstance(node, ast.Import) and any(a.name in OPENCV_MODULES for a in node.names) and id(node) not in nested:
                offences.append(f"{path.relative_to(ROOT)}:{node.lineno} imports OpenCV modules at module level")
    assert offences == []


def test_hardware_and_the_die_know_no_game():
    offences = [f"{p.relative_to(ROOT)}:{line}" for folder in ("hardware", "firmware_bridge")
                for p in sorted((ROOT / folder).rglob("*.py")) if p.relative_to(ROOT).as_posix() not in PICO_ONLY
                for line, module, _ in _imported_modules(p) if module == "companion"]
    assert offences == []


def test_firmware_bridge_imports_nothing_above_it():
    """firmware_bridge is the lowest layer: hardware builds on it, never the other way round."""
    offences = [f"{p.relative_to(ROOT)}:{line} imports {module}"
                for p in sorted((ROOT / "firmware_bridge").rglob("*.py"))
                for line, module, _ in _imported_modules(p) if module in ("hardware", "companion")]
    assert offences == []


def test_no_games_die_face_is_named_in_the_devices_code():
    """The box draws the rows it is sent: a game's faces live in its assets, never in the protocol."""
    names = {name for path in (ROOT / "assets").glob("*/die-faces.toml")
             for name in tomllib.loads(path.read_text())["faces"]}
    assert names  # Milano 1848 ships its icons
    offences = [f"{p.relative_to(ROOT)} names {name!r}" for folder in ("hardware", "firmware_bridge")
                for p in sorted((ROOT / folder).rglob("*.py")) for name in sorted(names)
                if f'"{name}"' in p.read_text() or f"'{name}'" in p.read_text()]
    assert offences == []
