"""A printer connection written as text (config file, command line): standard library only, so the
config can be checked where python-escpos and Pillow are not installed."""

from __future__ import annotations

from typing import Any

CONNECTION_FORMS = "usb:VID:PID, serial:DEVICE, network:HOST[:PORT], file:DEVICE or dummy"


def parse_connection(spec: str) -> dict[str, Any]:
    """ "usb:0416:5011" -> {"kind": "usb", "vendor": 0x0416, "product": 0x5011}, and so on.
    ValueError: not one."""
    kind, _, rest = spec.partition(":")
    try:
        if kind == "usb":
            vendor, product = rest.split(":")
            return {"kind": "usb", "vendor": int(vendor, 16), "product": int(product, 16)}
        if kind == "network" and rest:
            host, _, port = rest.partition(":")
            return {"kind": "network", "host": host, "port": int(port or 9100)}
        if kind in ("serial", "file") and rest:
            return {"kind": kind, "device": rest}
        if kind == "dummy" and not rest:
            return {"kind": "dummy"}
    except ValueError:
        pass
    raise ValueError(f"{spec!r} is not {CONNECTION_FORMS}")
