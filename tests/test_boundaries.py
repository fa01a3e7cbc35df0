"""The package boundaries of docs/design.md, enforced."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import companion.games

GAMES = Path(companion.games.__file__).parent
DEVICE_LIBRARIES = ("pygame", "cv2", "gpiozero", "serial", "escpos", "picamera2", "hardware", "firmware_bridge")


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
