"""`companion novara1849 ...`: the game's commands (another part of the work fills them in)."""

from __future__ import annotations

from typing import Any


def add_commands(subparsers: Any) -> None:
    """An empty `novara1849` command group (its commands come with the game's command line)."""
    subparsers.add_parser("novara1849", help="Radetzky's March: The Road to Novara")
