"""A printer connection written as text (config file, command line): standard library only, so the
config can be checked where python-escpos and Pillow are not installed."""

from __future__ import annotations

import re
from typing import Any

CONNECTION_FORMS = "usb:VID:PID, serial:DEVICE, network:HOST[:PORT] (PORT 1-65535), file:DEVICE or dummy"


def parse_connection(spec: str) -> dict[str, Any]:
    """ "usb:0416:5011" -> {"kind": "usb", "vendor": 0x0416, "product": 0x5011}, and so on.
    ValueError: not one."""
    kind, _, rest = spec.partition(":")
    usb = re.fullmatch(r"([0-9a-fA-F]{1,4}):([0-9a-fA-F]{1,4})", rest)
    network = re.fullmatch(r"([^:]+)(?::([0-9]{1,5}))?", rest)
    if kind == "usb" and usb:
        return {"kind": "usb", "vendor": int(usb[1], 16), "product": int(usb[2], 16)}
    if kind == "network" and network and 1 <= int(network[2] or 9100) <= 65535:  # port 0 is no printer
        return {"kind": "network", "host": network[1], "port": int(network[2] or 9100)}
    if kind in ("serial", "file") and rest:
        return {"kind": kind, "device": rest}
    if kind == "dummy" and not rest:
        return {"kind": "dummy"}
    raise ValueError(f"{spec!r} is not {CONNECTION_FORMS}")
