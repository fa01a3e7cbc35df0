"""`companion cards identify` and `companion cards sheet`."""

from __future__ import annotations

import argparse
import functools
import json
from pathlib import Path
from typing import Any

from companion import files
from companion.assets import assets_dir, read_asset
from companion.commands import UserError, user_errors

MAX_IMAGE_BYTES = 64 << 20  # a camera photo is a few MB; more is not a card picture


@functools.lru_cache(maxsize=1)
def card_registry() -> Any:
    """Every game's marker -> card registry (assets/<game>/cards.toml) in one; UserError names a
    broken file, or two games sharing a marker or a card id."""
    from companion.games import game_ids
    from hardware.registry import RegistryError, merge, parse_registry

    found = [(assets_dir() / game / "cards.toml") for game in game_ids()]
    files = [path for path in found if path.exists()]
    try:
        registries = [
            parse_registry(read_asset(f"{path.parent.name}/cards.toml"), str(path)) for path in files
        ]
        return merge(registries, [str(path) for path in files])
    except RegistryError as exc:
        raise UserError(str(exc)) from None


def _opencv() -> None:
    try:
        import hardware.cards  # noqa: F401  (the module that loads OpenCV)
    except ImportError:
        raise UserError("card scanning needs OpenCV: pip install 'table-companion[cards]'") from None


@user_errors
def identify(args: argparse.Namespace) -> int:
    """One JSON object per image; an unreadable one gets an error object and a non-zero exit."""
    _opencv()
    from hardware.camera import decode_image
    from hardware.cards import CardDetector

    detector = CardDetector(_registry_of(args.game))
    failed = 0
    for path in args.images:
        try:
            image = decode_image(files.read_bytes(path, MAX_IMAGE_BYTES))
            result: dict[str, Any] = {"image": path, **detector.read(image).to_dict()}
        except files.FileRefused as exc:
            failed += 1
            result = {"image": path, "error": str(exc)}
        except OSError as exc:
            failed += 1
            result = {"image": path, "error": f"{path} {exc}"}
        print(json.dumps(result), flush=True)
    return 1 if failed else 0


def _registry_of(game: str | None) -> Any:
    """Every game's cards, or one game's only: another game's markers are then unknown, never cards."""
    from hardware.registry import CardRegistry

    registry = card_registry()
    if game is None:
        return registry
    if game not in registry.games:
        raise UserError(f"--game: no cards for {game!r}; the registry has {', '.join(registry.games)}")
    return CardRegistry({m: c for m, c in registry.by_marker.items() if c.game == game})


@user_errors
def sheet(args: argparse.Namespace) -> int:
    from hardware import stickers

    markers = _registry_of(args.game).markers(args.game)
    if not 8 <= args.size_mm <= 80:
        raise UserError("--size-mm: stickers are 8 to 80 mm")
    faces = card_faces(args.game)
    if args.printer:
        return _print_stickers(args.printer, markers, args.size_mm, faces)
    if args.out is None or Path(args.out).suffix.lower() not in (".pdf", ".png"):
        raise UserError("--out: name a .pdf or .png file (or use --printer)")
    try:
        paths = stickers.save(stickers.sheets(markers, args.size_mm, faces=faces), Path(args.out))
    except OSError as exc:
        raise UserError(f"{args.out}: cannot be written ({exc.strerror})") from None
    print(
        f"{len(markers)} stickers of {args.size_mm:g} mm on {len(paths)} file(s): "
        f"{', '.join(map(str, paths))}"
    )
    return 0


def card_faces(game: str) -> dict[str, str]:
    """Card id -> what its face shows, from the game's table module (`card_faces()`, if it has one)."""
    from companion.tables import find_table

    faces = getattr(find_table(game), "card_faces", None)
    return dict(faces()) if faces is not None else {}


def parse_printer(spec: str) -> dict[str, Any]:
    from hardware.connection import parse_connection

    try:
        return parse_connection(spec)
    except ValueError as exc:
        raise UserError(f"--printer: {exc}") from None


def _print_stickers(spec: str, markers: list[tuple[int, str]], size_mm: float, faces: dict[str, str]) -> int:
    from hardware.printer import EscposPrinter, PrinterError
    from hardware.stickers import sticker_ticket

    printer = EscposPrinter(parse_printer(spec))
    try:
        tickets = [
            sticker_ticket(marker, card, size_mm, face=faces.get(card, "")) for marker, card in markers
        ]
        printer.print_all(tickets)
    except PrinterError as exc:
        raise UserError(f"--printer: {exc}; print the stickers again when it is fixed") from None
    print(f"{len(markers)} stickers printed, one per ticket")
    return 0
