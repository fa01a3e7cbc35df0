"""Italy '43-'45 at the table: so far its `companion italy4345 ...` commands (cli.py, commands.py).
Its screens, autoplay and camera are not built yet, so it is not in the table registry."""

from __future__ import annotations

from companion.tables.italy4345.cli import add_commands

TITLE = "Italy '43-'45"

__all__ = ["TITLE", "add_commands"]
