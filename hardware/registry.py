"""Which fiducial marker is which card: each game's assets/<game>/cards.toml, validated at load and
merged (no marker and no card id in two games)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass

MARKERS_IN_FAMILY = 587  # AprilTag 36h11


class RegistryError(ValueError):
    """The registry file is wrong; the message names the game and block."""


@dataclass(frozen=True)
class Card:
    """A physical card as its game's registry names it: the game, the deck, the card's id (unique
    across games) and its number in the deck (Zone card 7 is number 7)."""

    game: str
    deck: str
    card: str
    number: int


@dataclass(frozen=True)
class CardRegistry:
    by_marker: dict[int, Card]

    def card(self, marker: int) -> str | None:
        entry = self.by_marker.get(marker)
        return entry.card if entry else None

    def named(self, card: str) -> Card | None:
        """The card with this id, or None (an id no registry names)."""
        return next((c for c in self.by_marker.values() if c.card == card), None)

    def markers(self, game: str) -> list[tuple[int, str]]:
        """(marker, card) pairs of one game, in marker order."""
        return sorted((m, c.card) for m, c in self.by_marker.items() if c.game == game)

    @property
    def games(self) -> list[str]:
        return sorted({c.game for c in self.by_marker.values()})


def merge(registries: list[CardRegistry], sources: list[str]) -> CardRegistry:
    """Every game's registry in one: marker ranges and card ids must not overlap across games."""
    by_marker: dict[int, Card] = {}
    ids: dict[str, str] = {}
    for registry, source in zip(registries, sources):
        for marker, card in registry.by_marker.items():
            if marker in by_marker:
                raise RegistryError(
                    f"{source}: marker {marker} is already {by_marker[marker].card} "
                    f"of {by_marker[marker].game}"
                )
            if card.card in ids:
                raise RegistryError(f"{source}: card id {card.card} is already a card of {ids[card.card]}")
            by_marker[marker], ids[card.card] = card, card.game
    return CardRegistry(by_marker)


def parse_registry(text: str, source: str = "registry.toml") -> CardRegistry:
    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # bad TOML, a number past 4,300 digits, deep nesting
        raise RegistryError(f"{source}: not valid TOML ({exc})") from None
    by_marker: dict[int, Card] = {}
    for game, blocks in data.items():
        if not isinstance(blocks, list):
            raise RegistryError(f"{source}: {game} must be a list of [[{game}]] blocks")
        for number, block in enumerate(blocks, start=1):
            where = f"{source}: {game} block {number}"
            for marker, card, deck, place in _block_cards(block, where):
                if marker in by_marker:
                    raise RegistryError(
                        f"{where}: marker {marker} is already {by_marker[marker].card} "
                        f"of {by_marker[marker].game}"
                    )
                by_marker[marker] = Card(game, deck, card, place)
    return CardRegistry(by_marker)


def _block_cards(block: object, where: str) -> list[tuple[int, str, str, int]]:
    """(marker, card id, deck, number in the deck) for each card of a block."""
    if not isinstance(block, dict) or not isinstance(block.get("first_marker"), int):
        raise RegistryError(f"{where}: needs first_marker (a whole number)")
    first = block["first_marker"]
    deck = block.get("deck")
    if isinstance(block.get("card"), str):
        cards = [block["card"]]
    elif (
        isinstance(block.get("prefix"), str)
        and isinstance(block.get("count"), int)
        and 0 < block["count"] < 1000
    ):
        cards = [f"{block['prefix']}{n:02d}" for n in range(1, block["count"] + 1)]
    else:
        raise RegistryError(f"{where}: needs either card, or prefix and count (1-999)")
    if deck is not None and not isinstance(deck, str):
        raise RegistryError(f'{where}: deck must be a name, like "zone"')
    if first < 0 or first + len(cards) > MARKERS_IN_FAMILY:
        raise RegistryError(
            f"{where}: markers {first}-{first + len(cards) - 1} are outside 0-{MARKERS_IN_FAMILY - 1}"
        )
    named = deck if deck is not None else cards[0]
    return [(first + i, card, named, i + 1) for i, card in enumerate(cards)]
