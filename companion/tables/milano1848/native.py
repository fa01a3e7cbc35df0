"""The rules engine compiled to C by mypyc, for the difficulty simulation only.

`make native` (`python -m companion.tables.milano1848.native`) copies the companion package to
`build/native/` and
compiles the Milano 1848 engine's modules there (the same typed source mypy checks);
`companion milano1848 simulate` (and scripts/difficulty.py) runs its worker processes on that copy
whenever it is built from this source. The app, the tests and every other command run the Python
source. A copy built from other source than the checkout's (its stamp is a hash of every file of
the package it copied, the Python version and mypyc's: the workers import the copy's other modules
too) is refused, never used.

Needs a C compiler and Python's headers (Debian: gcc, python3-dev); mypyc comes with mypy (the dev
extra). Besides the package's `__init__`, two modules stay interpreted: mypyc cannot compile a
subclass of str (errors.Sentence) nor class-level defaults before dataclass fields (the actions'
`kind`). Hot value objects are plain classes with `Final` fields rather than frozen dataclasses
(events.Event): a dataclass's generated `__init__` stays interpreted even in a compiled module.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
NATIVE = ROOT / "build" / "native"
ENGINE = Path("companion") / "games" / "milano1848"
INTERPRETED = {"__init__.py", "errors.py", "actions.py", "words.py"}
STAMP = "STAMP"


class NativeError(RuntimeError):
    """The compiled engine cannot be built or is not there; the message says what to do."""


def stamp() -> str:
    """What the compiled copy must have been built from: the package's source, this Python, this mypyc."""
    try:
        from mypy.version import __version__ as mypy_version
    except ImportError:
        raise NativeError("mypyc comes with mypy: pip install 'table-companion[dev]'") from None
    digest = hashlib.sha256(f"{sys.version}|{mypy_version}".encode())
    package = ROOT / "companion"
    for path in sorted(package.rglob("*.py")):
        digest.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def fresh(target: Path | None = None) -> bool:
    """A compiled copy built from this checkout's engine is there (in `build/native/` by default)."""
    stamp_file = (target or NATIVE) / STAMP
    try:
        return stamp_file.exists() and stamp_file.read_text() == stamp()
    except NativeError:
        return False


def build(target: Path | None = None) -> None:
    """Copy the package and compile the engine in the copy (a minute or two)."""
    target = target or NATIVE
    built_from = stamp()
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(
        ROOT / "companion", target / "companion", ignore=shutil.ignore_patterns("__pycache__", "*.so")
    )
    modules = [
        str(ENGINE / p.name) for p in sorted((target / ENGINE).glob("*.py")) if p.name not in INTERPRETED
    ]
    done = subprocess.run(
        [sys.executable, "-m", "mypyc", *modules], cwd=target, capture_output=True, text=True
    )
    if done.returncode != 0:
        last = (done.stderr.strip() or done.stdout.strip()).splitlines()[-1:] or ["no output"]
        raise NativeError(
            f"mypyc could not compile the engine ({last[0]}); it needs a C compiler and "
            "Python's headers (Debian: sudo apt install gcc python3-dev)"
        )
    shutil.rmtree(target / "build", ignore_errors=True)  # mypyc's own intermediate files
    (target / STAMP).write_text(built_from)


@contextmanager
def processes_on_the_compiled_copy(target: Path | None = None) -> Iterator[None]:
    """While inside, processes started with multiprocessing's "spawn" import the compiled copy (it is
    first on the sys.path they get); this process keeps the modules it has."""
    target = target or NATIVE
    if not fresh(target):
        raise NativeError(
            "the compiled engine is missing or older than the source: run `make native` (needs a C compiler)"
        )
    assets = os.environ.get("COMPANION_ASSETS")
    os.environ["COMPANION_ASSETS"] = assets or str(ROOT / "assets")  # the copy has no assets/ beside it
    sys.path.insert(0, str(target))
    try:
        yield
    finally:
        sys.path.remove(str(target))
        if assets is None:
            del os.environ["COMPANION_ASSETS"]


def running_compiled() -> bool:
    """This process runs the compiled engine (its modules are machine code, not source)."""
    from companion.games.milano1848 import reducer

    return not (reducer.__file__ or "").endswith(".py")


def main() -> int:
    try:
        build()
    except NativeError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    print(f"compiled engine in {NATIVE}: companion milano1848 simulate uses it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
