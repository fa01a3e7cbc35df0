"""Nations leaving the board (§12.4, G14, reading A53). At the end of the game turn that was a nation's
last (its file's `leaves_after`, else the last turn of its scenario range), after that turn's scoring
(§11.0: points are counted before nations are transformed), the turn clerk says whether its pieces
leave the board: its file says so (`leaves_after`, or another nation's file `replaces` it), or the
table is asked once (ValueNeeded). Pieces that leave take the nation's zones off the control map, or
give them to the nation that replaces it (cities stay); its gold goes (the new nation starts with 0,
§12.4); its points stay on the score pad for its player. Pieces that stay defend (A53)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

from companion.games.vocabulary import Sentence

from .edition import Edition
from .phases import card
from .scenario import Nation, Scenario
from .subjects import told_or_ask

if TYPE_CHECKING:
    from .game import State


def leaves(nation: str) -> Sentence:
    return Sentence(
        "The {nation} leave the board: their zones are empty, cities stay; their gold is gone; their "
        "points stay on the score pad (§12.4, A53).",
        nation=nation,
    )


def replaced(nation: str, heir: str) -> Sentence:
    return Sentence(
        "The {heir} replace the {nation} (§12.4): the zones of the {nation} go to the {heir}, cities stay; "
        "the gold of the {nation} is gone, the {heir} start with 0; the points of the {nation} stay on the "
        "score pad.",
        nation=nation,
        heir=heir,
    )


def stays(nation: str) -> Sentence:
    return Sentence(
        "The {nation} play no more: their pieces stay on the board and defend (A53).", nation=nation
    )


def freed(nation: str) -> Sentence:
    return Sentence("The {nation} are free: their master left the board.", nation=nation)


# the templates of what the end of a game turn says of departures (the tickets say them shorter)
LEAVES, REPLACED, STAYS, FREED = (f("").template for f in (leaves, partial(replaced, heir=""), stays, freed))
SAID = (LEAVES, REPLACED, STAYS, FREED)


@dataclass(frozen=True)
class Departure:
    """A nation whose last turn is over: whether its pieces leave the board, and who replaces it."""

    nation: str
    leaves: bool
    heir: str = ""  # the nation whose file says it `replaces` this one (§12.4)


def last_turn(edition: Edition, nation: Nation) -> int:
    """The game turn after which the nation's pieces leave: its file's `leaves_after`, else its range's."""
    return int(card(edition, nation.id).get("nation", {}).get("leaves_after", 0)) or nation.last


def heir(edition: Edition, scenario: Scenario, nation: str) -> str:
    """The nation whose file says it replaces `nation` (§12.4), or ""."""
    return next(
        (n.id for n in scenario.nations if card(edition, n.id).get("nation", {}).get("replaces") == nation),
        "",
    )


def due(edition: Edition, scenario: Scenario, turn: int, without_pieces: Collection[str] = ()) -> list[str]:
    """The nations with pieces whose last turn ends with game turn `turn`, in table order. None at the
    game's end; Italia I's nations whose range ends on turn 9 are neutral on turn 10 (§13.4), their
    pieces on the board, unless their file says they leave."""
    found = []
    for nation in scenario.nations:
        if nation.id in without_pieces or last_turn(edition, nation) != turn or turn >= scenario.turns:
            continue
        told = card(edition, nation.id).get("nation", {}).get("leaves_after") or heir(
            edition, scenario, nation.id
        )
        if scenario.id == "I" and turn == scenario.turns - 1 and not told:
            continue
        found.append(nation.id)
    return found


def departures(
    edition: Edition, scenario: Scenario, turn: int, told: Mapping[str, int], without_pieces: Collection[str]
) -> list[Departure]:
    """Who leaves at the end of game turn `turn`: the files' word, else the table's answer
    (ValueNeeded asks it: 1 their pieces leave, 0 they stay)."""
    found = []
    for nation in due(edition, scenario, turn, without_pieces):
        leaves = word(edition, scenario, told, nation)
        if leaves is None:
            question = Sentence(
                "The {nation} card: do their pieces leave the board now, after turn {turn} (§12.4, A53)?",
                nation=nation,
                turn=turn,
            )
            leaves = bool(told_or_ask(told, asked(nation), question))
        found.append(Departure(nation, leaves, heir(edition, scenario, nation)))
    return found


def asked(nation: str) -> str:
    """The key of the table's answer: 1 the nation's pieces leave the board, 0 they stay."""
    return f"{nation}.leaves"


def word(edition: Edition, scenario: Scenario, told: Mapping[str, int], nation: str) -> bool | None:
    """Whether the nation's pieces leave at the end of its last turn: its file says so (`leaves_after`,
    or a nation `replaces` it), or the table said; None while nobody has."""
    if card(edition, nation).get("nation", {}).get("leaves_after") or heir(edition, scenario, nation):
        return True
    return bool(told[asked(nation)]) if asked(nation) in told else None


def depart(state: State, gone: Sequence[Departure]) -> tuple[State, list[Sentence]]:
    """The state once the departures are carried out, with what the table is told."""
    said = []
    for departure in gone:
        if not departure.leaves:
            said.append(stays(departure.nation))
            continue
        subjects = sorted(s for s, m in state.masters.items() if m == departure.nation)
        state = _leave(state, departure)
        said.append(
            replaced(departure.nation, departure.heir) if departure.heir else leaves(departure.nation)
        )
        said += [freed(subject) for subject in subjects]
    return state, said


def _leave(state: State, departure: Departure) -> State:
    nation = departure.nation
    control = {z: departure.heir if n == nation else n for z, n in state.control.items()}
    return replace(
        state,
        control={z: n for z, n in control.items() if n},
        gold={n: g for n, g in state.gold.items() if n != nation},
        must_spend={n: g for n, g in state.must_spend.items() if n != nation},
        masters={s: m for s, m in state.masters.items() if nation not in (s, m)},
        leaders=tuple(x for x in state.leaders if x.nation != nation),
        without_pieces=tuple(sorted({*state.without_pieces, nation})),
        departed={**state.departed, nation: state.turn},
    )
