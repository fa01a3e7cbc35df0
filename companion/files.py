"""Reading a file the user named: only a regular file, and never more than a limit, whatever it claims.

`st_size` cannot be trusted for the cap (a FIFO, /dev/zero and /proc files say 0), so the cap is
on the bytes actually read; a FIFO is opened without blocking, so it is refused instead of waited on.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

CHUNK = 1 << 16


class FileRefused(Exception):
    """The file cannot be used; the message is one sentence that starts with the path."""

    def __init__(self, path: str | Path, problem: str, missing: bool = False) -> None:
        super().__init__(f"{path}: {problem}")
        self.problem = problem
        self.missing = missing


def read_bytes(path: str | Path, limit: int) -> bytes:
    """The whole file, if it is a regular file of at most `limit` bytes; FileRefused otherwise."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        missing = exc.errno == errno.ENOENT
        raise FileRefused(path, f"cannot be read ({exc.strerror})", missing) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileRefused(path, "is not a regular file (a folder, a FIFO or a device); name a file")
        data = _read_at_most(fd, limit + 1)
    except OSError as exc:
        raise FileRefused(path, f"cannot be read ({exc.strerror})") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileRefused(path, f"is larger than {_size(limit)}; it is not a file the companion reads")
    return data


def read_text(path: str | Path, limit: int) -> str:
    """The file as UTF-8 text (see read_bytes)."""
    try:
        return read_bytes(path, limit).decode("utf-8")
    except UnicodeDecodeError:
        raise FileRefused(path, "is not UTF-8 text") from None


def _read_at_most(fd: int, most: int) -> bytes:
    parts: list[bytes] = []
    left = most
    while left > 0:
        part = os.read(fd, min(CHUNK, left))
        if not part:
            break
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def _size(limit: int) -> str:
    return f"{limit >> 20} MiB" if limit >= 1 << 20 and not limit % (1 << 20) else f"{limit >> 10} KiB"
