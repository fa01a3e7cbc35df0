"""Values the text lacks, looked up in the owner's files, then in the answers given during this game;
otherwise asked (errors.ValueNeeded) at the moment a decision needs them."""

from __future__ import annotations

from typing import Any

from .edition import Edition, EventCard, event_of
from .errors import DataError, Sentence, ValueNeeded, refuse
from .model import CITIES, TYPES, State

CITY_VALUES = ("population", "production", "cln_points")
CITY_WORDS = {  # a question's words: a city's value, and the side of its disk face up
    "population": Sentence("population"),
    "production": Sentence("production"),
    "cln_points": Sentence("CLN points"),
    "intact": Sentence("intact"),
    "bombed": Sentence("bombed"),
}


def city_value(state: State, edition: Edition, city: str, name: str) -> int:
    """A city's population, production or CLN points, on the side of its disk face up (§2.2)."""
    if edition.cities.get(city, {}).get("disk") is False:
        raise refuse(
            "{city} has no disk in your edition (cities.toml): its values are not known (A-4).",
            city=city.capitalize(),
        )
    side = state.area(city).disk or "intact"
    value = edition.cities.get(city, {}).get(side, {}).get(name)
    key = f"cities.{city}.{side}.{name}"
    if value is None:
        value = state.answers.get(key)
    if value is None:
        raise ValueNeeded(
            key,
            Sentence(
                "{city}'s {name} ({side} side)",
                city=city.capitalize(),
                name=CITY_WORDS[name],
                side=CITY_WORDS[side],
            ),
        )
    return int(value)


def event_card(state: State, edition: Edition, card: str) -> EventCard:
    """A card's faction order and top-left symbols (G-2): the owner's file, or the answer at its reveal."""
    if card in edition.events:
        return edition.events[card]
    answer = state.answers.get(f"events.{card}")
    if answer is None:
        raise ValueNeeded(
            f"events.{card}", Sentence("{card}'s faction order and top-left symbols", card=card)
        )
    parsed = event_of(answer, f"events.{card}")
    assert parsed is not None  # checked when answered
    return parsed


def arrows(state: State, edition: Edition, card: str) -> int:
    """An offensive card's arrows, its power (G-3)."""
    value = edition.arrows.get(card, state.answers.get(f"offensives.{card}.arrows"))
    if value is None:
        raise ValueNeeded(f"offensives.{card}.arrows", Sentence("The arrows on {card}", card=card))
    return int(value)


def terrain(state: State, area_id: str) -> str:
    """An area's type: the map's, or the answer given when first needed (an L0 battle)."""
    kind = state.area(area_id).type
    if kind == "?":
        kind = state.answers.get(f"areas.{area_id}.type", "?")
    if kind == "?":
        raise ValueNeeded(
            f"areas.{area_id}.type", Sentence("The terrain of {a} (city, countryside or mountain)", a=area_id)
        )
    return str(kind)


def checked_answer(key: str, value: Any) -> Any:
    """An answer of the right shape for its key, or one sentence why not."""
    parts = key.split(".")
    if parts[0] == "cities" and len(parts) == 4 and parts[1] in CITIES and parts[3] in CITY_VALUES:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 20:
            return value
        raise refuse("A city's value is a whole number from 0 to 20.")
    if parts[0] == "offensives" and len(parts) == 3:
        if value in (1, 2, 3) and not isinstance(value, bool):
            return value
        raise refuse("An offensive card shows 1, 2 or 3 arrows.")
    if parts[0] == "areas" and len(parts) == 3 and value in TYPES:
        return value
    if parts[0] == "events" and len(parts) == 2 and isinstance(value, dict):
        try:
            if event_of(value, key) is not None:
                return value
        except DataError as exc:
            raise refuse("That card entry is refused: {problem}.", problem=exc.problem) from None
    raise refuse("{key} is not a value the game asks for.", key=key)
