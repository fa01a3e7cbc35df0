"""Italia (Italia I and II) at a table: its `companion italia ...` commands (cli.py). The table's
screens, autoplay and registration for the app come with the table module proper."""

from __future__ import annotations

from companion.tables.italia.cli import add_commands

TITLE = "Italia"

__all__ = ["TITLE", "add_commands"]
