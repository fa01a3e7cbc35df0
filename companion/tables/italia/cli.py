"""`companion italia ...`: the commands are another module's (issue 16's command helper); this one
registers the game's own parser so `companion italia` is known."""

from __future__ import annotations

from typing import Any


def add_commands(subparsers: Any) -> None:
    subparsers.add_parser("italia", help="Italia I and II: the turn clerk and battle resolver")
