"""Radetzky's March: The Road to Novara at a table: its `companion novara1849 ...` commands (cli.py).
(The table module's screens, autoplay and registration come with the table's own branch.)"""

from __future__ import annotations

from companion.tables.novara1849.cli import add_commands

TITLE = "Radetzky's March: The Road to Novara"

__all__ = ["TITLE", "add_commands"]
