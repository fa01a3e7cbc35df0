"""The config file (TOML): devices, language, screen. Checked at start; a mistake names the key.

Every key has a default, so a missing file or section means desk mode: every device simulated.
The Pi's installer writes /etc/companion/config.toml with the real devices (systemd/config.toml).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import files

MAX_CONFIG_BYTES = 64 * 1024


class ConfigError(ValueError):
    """The config file is wrong; the message is one line naming the file, the key and what is allowed."""


@dataclass(frozen=True)
class Setting:
    default: Any
    allowed: str  # what may be written, for the error message
    accepts: Callable[[Any], bool]


def _one_of(*choices: str) -> Callable[[Any], bool]:
    return lambda value: value in choices


def _matches(pattern: str) -> Callable[[Any], bool]:
    return lambda value: isinstance(value, str) and re.fullmatch(pattern, value) is not None


def _pin(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 27


def _printer(value: Any) -> bool:
    from hardware.connection import parse_connection

    if value == "simulated":
        return True
    try:
        parse_connection(value)
    except (ValueError, AttributeError):
        return False
    return True


PIN = "a BCM GPIO number 2-27"
SCHEMA: dict[str, dict[str, Setting]] = {
    "companion": {
        "language": Setting("en", '"en" or "it"', _one_of("en", "it")),
    },
    "screen": {
        "size": Setting(
            "800x480",
            '"full" (the whole screen) or WIDTHxHEIGHT such as "800x480"',
            _matches(r"full|[0-9]{3,4}x[0-9]{3,4}"),
        ),
        "driver": Setting(
            "auto",
            '"auto", "kmsdrm", "wayland", "x11" or "cage" (kiosk compositor)',
            _one_of("auto", "kmsdrm", "wayland", "x11", "cage"),
        ),
    },
    "camera": {
        "source": Setting(
            "none",
            '"none" (cards are tapped on screen), "simulated" (desk: cards dragged to a lens '
            'on screen), "picamera", "video:N" (N: the camera number, 0-999) or "folder:PATH"',
            _matches(r"none|simulated|picamera|video:[0-9]{1,3}|folder:.+"),
        ),
    },
    "printer": {
        "connection": Setting(
            "simulated",
            '"simulated" (tickets on screen), usb:VID:PID, serial:DEVICE, network:HOST[:PORT] (PORT 1-65535) '
            "or file:DEVICE",
            _printer,
        ),
        "profile": Setting(
            "POS-5890",
            'a python-escpos printer profile, such as "POS-5890"',
            _matches(r"[A-Za-z0-9_.-]{1,40}"),
        ),
    },
    "die": {
        "port": Setting(
            "simulated",
            '"simulated" (drawn on screen), "auto" (found by USB id) or a device such as '
            '"/dev/companion-die"',
            _matches(r"simulated|auto|/.+"),
        ),
    },
    "buttons": {
        "enabled": Setting(False, "true or false", lambda value: isinstance(value, bool)),
        "confirm": Setting(5, PIN, _pin),
        "back": Setting(6, PIN, _pin),
        "next": Setting(13, PIN, _pin),
        "roll": Setting(19, PIN, _pin),
        "ready_light": Setting(20, PIN, _pin),
        "attention_light": Setting(21, PIN, _pin),
    },
}


@dataclass(frozen=True)
class Config:
    """Every setting, defaults filled in; `source` is the file it came from (or that none existed)."""

    values: dict[str, dict[str, Any]]
    source: str

    def __getitem__(self, dotted: str) -> Any:
        section, _, key = dotted.partition(".")
        return self.values[section][key]

    def to_toml(self) -> str:
        """The whole config as TOML, defaults filled in (`companion config show`)."""
        lines = [f"# {self.source}"]
        for section, settings in self.values.items():
            lines.append(f"\n[{section}]")
            lines += [f"{key} = {_toml_value(value)}" for key, value in settings.items()]
        return "\n".join(lines) + "\n"


def defaults() -> Config:
    return Config({s: {k: v.default for k, v in keys.items()} for s, keys in SCHEMA.items()}, "defaults")


def load(path: Path) -> Config:
    """The config at `path`; a missing file gives the defaults (desk mode). ConfigError: what is wrong."""
    try:
        text = files.read_text(path, MAX_CONFIG_BYTES)
    except files.FileRefused as exc:
        if exc.missing:
            return Config(defaults().values, f"{path} (not found: every default holds)")
        raise ConfigError(str(exc)) from None
    return parse(text, str(path))


def parse(text: str, source: str) -> Config:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{source}: not valid TOML ({exc})") from None
    except RecursionError:
        raise ConfigError(f"{source}: a value is nested too deeply to be a setting") from None
    except ValueError:  # Python refuses integers of more than 4,300 digits
        raise ConfigError(f"{source}: holds a number too long to be a setting") from None
    values = defaults().values
    for section, table in data.items():
        if section not in SCHEMA:
            raise ConfigError(f"{source}: [{section}] is not a section; the sections are {_listed(SCHEMA)}")
        if not isinstance(table, dict):
            raise ConfigError(f"{source}: {section} must be a [{section}] table")
        for key, value in table.items():
            values[section][key] = _checked(source, section, key, value)
    _check_pins(source, values["buttons"])
    return Config(values, source)


def _check_pins(source: str, buttons: dict[str, Any]) -> None:
    """Two buttons or lights on one GPIO pin would fight over it: each pin once, defaults included."""
    seen: dict[Any, str] = {}
    for key, value in buttons.items():
        if SCHEMA["buttons"][key].accepts is _pin:
            if value in seen:
                raise ConfigError(
                    f"{source}: buttons.{seen[value]} and buttons.{key} are both GPIO {value}; each pin "
                    "serves one button or light (the defaults count: `companion config show`)"
                )
            seen[value] = key


def _checked(source: str, section: str, key: str, value: Any) -> Any:
    setting = SCHEMA[section].get(key)
    if setting is None:
        raise ConfigError(
            f"{source}: {section}.{key} is not a setting; [{section}] has {_listed(SCHEMA[section])}"
        )
    if not setting.accepts(value):
        raise ConfigError(
            f"{source}: {section}.{key} = {_quoted(value)} is not allowed; use {setting.allowed}"
        )
    return value


def _quoted(value: Any) -> str:
    """The value as the error message shows it: at most 60 characters, whatever it is."""
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "a table"
    if isinstance(value, int) and abs(value) >= 10**60:
        return "a number that long"
    return _toml_value(value)[:60]


def _listed(names: dict[str, Any]) -> str:
    return ", ".join(names)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(value) if isinstance(value, (int, float)) else f'"{value!r}"'
