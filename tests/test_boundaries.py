"""The package boundaries of docs/design.md, enforced."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import companion.games

GAMES = Path(companion.games.__file__).parent
DEVICE_LIBRARIES = (
    "pygame",
    "cv2",
    "gpiozero",
    "serial",
    "escpos",
    "picamera2",
    "hardware",
    "firmware_bridge",
)
# (hardware and firmware_bridge are ours: the engine must not import them either)


def _imported_modules(path: Path) -> list[tuple[int, str, int]]:
    """(line, top-level module, relative level) for every import in a file."""
    return [(line, name.split(".")[0], level) for line, name, level in _imported_names(path)]


SHARED_ENGINE_MODULES = {
    "companion.games",
    "companion.games.base",
    "companion.games.records",
    "companion.games.vocabulary",
}


def _imported_names(path: Path) -> list[tuple[int, str, int]]:
    """(line, full module name, relative level) for every import in a file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.lineno, node.module or "", node.level))
    return found


def test_rules_engines_import_only_the_standard_library_and_themselves():
    """Each engine imports the standard library, its own package and the engines' shared vocabulary."""
    offences = []
    for path in sorted(GAMES.rglob("*.py")):
        for line, name, level in _imported_names(path):
            top = name.split(".")[0]
            if (
                level == 0
                and top not in sys.stdlib_module_names
                and top != "__future__"
                and name not in SHARED_ENGINE_MODULES
            ):
                offences.append(f"{path.relative_to(GAMES)}:{line} imports {name}")
    assert offences == []


def test_the_ui_imports_no_rules_engine():
    """The screens draw what a game's table module gives them: no engine module, no game's table."""
    offences = [
        f"{p.relative_to(ROOT)}:{line} imports {name}"
        for p in sorted((ROOT / "companion" / "ui").rglob("*.py"))
        for line, name, _ in _imported_names(p)
        if name.startswith("companion.games.")
        or name.startswith("companion.tables.")
        and name not in ("companion.tables.base",)
    ]
    assert offences == []


def test_only_a_games_own_modules_import_its_engine():
    """Only games/<id>, tables/<id> and tickets/<id> import companion.games.<id> (a game is a plug-in)."""
    offences = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        relative = path.relative_to(ROOT / "companion").as_posix()
        for line, name, _ in _imported_names(path):
            parts = name.split(".")
            if len(parts) < 3 or parts[:2] != ["companion", "games"] or name in SHARED_ENGINE_MODULES:
                continue
            game = parts[2]
            homes = (f"games/{game}/", f"tables/{game}/", f"tables/{game}.py", f"tickets/{game}.py")
            if not relative.startswith(homes):
                offences.append(f"companion/{relative}:{line} imports {name}")
    assert offences == []


def test_generic_modules_name_no_game():
    """Nothing generic names a game: the registries' one line each is the only mention."""
    registries = {"games/__init__.py", "tables/__init__.py"}
    offences = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        relative = path.relative_to(ROOT / "companion").as_posix()
        if relative.split("/")[0] in ("games", "tables", "tickets") and relative not in registries | {
            "games/base.py",
            "games/vocabulary.py",
            "tables/base.py",
        }:
            continue
        text = path.read_text()
        if "milano1848" in text.replace('"milano1848": "companion.', "") and relative not in registries:
            offences.append(f"companion/{relative}")
    assert offences == []


def test_importing_and_playing_the_engine_loads_no_device_library():
    code = (
        "import sys; from companion.tables.milano1848.commands import run_demo;"
        "import companion.games.milano1848.game;"
        f"print([m for m in sys.modules if m.split('.')[0] in {DEVICE_LIBRARIES!r}])"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_the_command_line_and_a_games_table_load_no_device_library_nor_the_screen():
    code = (
        "import sys, companion.cli; companion.cli.build_parser(); import companion.tables.milano1848;"
        f"print([m for m in sys.modules if m.split('.')[0] in {DEVICE_LIBRARIES[:-2]!r}])"
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
    "pygame": ({"companion/ui/", "companion/tables/"}, False),  # the app and the games' screens, loaded only
    # by `companion run` (a game's table package itself imports no pygame: tested below)
}
OPENCV_MODULES = {
    "hardware.cards",
    "hardware.camera",
    "hardware.scene",
    "hardware.scanner",
    "hardware.stickers",
    "hardware.sim.camera",
    "companion.ui.app",
}  # and the app: `companion` starts without them
PICO_ONLY = {"firmware_bridge/firmware/main.py", "firmware_bridge/firmware/pico_io.py"}


def _device_imports(path: Path) -> list[tuple[str, bool]]:
    """(library, imported inside a function) for each device-library import in a file."""
    tree = ast.parse(path.read_text(), str(path))
    nested = {
        id(node)
        for fn in ast.walk(tree)
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
        for node in ast.walk(fn)
    }
    found = []
    for node in ast.walk(tree):
        names = (
            [a.name for a in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom) and node.level == 0
            else []
        )
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
                at_home = any(
                    relative == home or (home.endswith("/") and relative.startswith(home)) for home in homes
                )
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
                offences.append(
                    f"{path.relative_to(ROOT)}:{node.lineno} imports {node.module} at module level"
                )
            if (
                isinstance(node, ast.Import)
                and any(a.name in OPENCV_MODULES for a in node.names)
                and id(node) not in nested
            ):
                offences.append(
                    f"{path.relative_to(ROOT)}:{node.lineno} imports OpenCV modules at module level"
                )
    assert offences == []


def test_the_die_imports_no_hardware():
    """firmware_bridge is the bottom layer: it imports neither the app nor the device ports."""
    offences = [
        f"{p.relative_to(ROOT)}:{line}"
        for p in sorted((ROOT / "firmware_bridge").rglob("*.py"))
        if p.relative_to(ROOT).as_posix() not in PICO_ONLY
        for line, module, _ in _imported_modules(p)
        if module in ("companion", "hardware")
    ]
    assert offences == []


def test_hardware_and_the_die_know_no_game():
    offences = [
        f"{p.relative_to(ROOT)}:{line}"
        for folder in ("hardware", "firmware_bridge")
        for p in sorted((ROOT / folder).rglob("*.py"))
        if p.relative_to(ROOT).as_posix() not in PICO_ONLY
        for line, module, _ in _imported_modules(p)
        if module == "companion"
    ]
    assert offences == []


def test_firmware_bridge_imports_nothing_above_it():
    """firmware_bridge is the lowest layer: hardware builds on it, never the other way round."""
    offences = [
        f"{p.relative_to(ROOT)}:{line} imports {module}"
        for p in sorted((ROOT / "firmware_bridge").rglob("*.py"))
        for line, module, _ in _imported_modules(p)
        if module in ("hardware", "companion")
    ]
    assert offences == []


def test_no_games_die_face_is_named_in_the_devices_code():
    """The box draws the rows it is sent: a game's faces live in its assets, never in the protocol."""
    names = {
        name
        for path in (ROOT / "assets").glob("*/die-faces.toml")
        for name in tomllib.loads(path.read_text())["faces"]
    }
    assert names  # Milano 1848 ships its icons
    offences = [
        f"{p.relative_to(ROOT)} names {name!r}"
        for folder in ("hardware", "firmware_bridge")
        for p in sorted((ROOT / folder).rglob("*.py"))
        for name in sorted(names)
        if f'"{name}"' in p.read_text() or f"'{name}'" in p.read_text()
    ]
    assert offences == []
