"""Which fiducial marker is which card: assets/cards/registry.toml, validated at load."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass

MARKERS_IN_FAMILY = 587  # AprilTag 36h11


class RegistryError(ValueError):
    """The registry file is wrong; the message names the game and block."""


@dataclass(frozen=True)
class CardRegistry:
    by_marker: dict[int, tuple[str, str]]  # marker id -> (game, card id)

    def card(self, marker: int) -> str | None:
        entry = self.by_marker.get(marker)
        return entry[1] if entry else None

    def markers(self, game: str) -> list[tuple[int, str]]:
        """(marker, card) pairs of one game, in marker order."""
        return sorted((m, card) for m, (g, card) in self.by_marker.items() if g == game)

    @property
    def games(self) -> list[str]:
        return sorted({g for g, _ in self.by_marker.values()})


def parse_registry(text: str, source: str = "registry.toml") -> CardRegistry:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RegistryError(f"{source}: not valid TOML ({exc})") from None
    by_marker: dict[int, tuple[str, str]] = {}
    for game, blocks in data.items():
        if not isinstance(blocks, list):
            raise RegistryError(f"{source}: {game} must be a list of [[{game}]] blocks")
        for number, block in enumerate(blocks, start=1):
            for marker, card in _block_cards(block, f"{source}: {game} block {number}"):
                if marker in by_marker:
                    raise RegistryError(f"{source}: {game} block {number}: marker {marker} is already "
                                        f"{by_marker[marker][1]} of {by_marker[marker][0]}")
                by_marker[marker] = (game, card)
    return CardRegistry(by_marker)


def _block_cards(block: object, where: str) -> list[tuple[int, str]]:
    if not isinstance(block, dict) or not isinstance(block.get("first_marker"), int):
        raise RegistryError(f"{where}: needs first_marker (a whole number)")
    first = block["first_marker"]
    if isinstance(block.get("card"), str):
        cards = [block["card"]]
    elif isinstance(block.get("prefix"), str) and isinstance(block.get("count"), int) and block["count"] > 0:
        cards = [f"{block['prefix']}{n:02d}" for n in range(1, block["count"] + 1)]
    else:
        raise RegistryError(f"{where}: needs either card, or prefix and count")
    if first < 0 or first + len(cards) > MARKERS_IN_FAMILY:
        raise RegistryError(f"{where}: markers {first}-{first + len(cards) - 1} are outside 0-{MARKERS_IN_FAMILY - 1}")
    return [(first + i, card) for i, card in enumerate(cards)]
