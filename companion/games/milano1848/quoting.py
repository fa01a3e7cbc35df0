"""Quoting a value from a file in an error message: one short line, whatever the file held."""

from __future__ import annotations


def shown(value: object, most: int = 40) -> str:
    """The value's repr, never longer than `most` characters (a 4,000-digit number is not quoted)."""
    if isinstance(value, int) and abs(value) >= 10**most:
        return "a number that long"
    text = repr(value)
    return text if len(text) <= most else text[: most - 3] + "..."
