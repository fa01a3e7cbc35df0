"""The decisions a table sends the Italia engine: frozen values with `to_dict`, and back."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from companion.games.vocabulary import DataError

from .battle import Battle, Counts
from .battlefile import battle_from_dict, battle_to_dict, counts
from .control import ConfirmMap
from .rounds import Aim


@dataclass(frozen=True)
class CollectIncome:
    """The active nation's income phase from the counts the table gives (§6.1, §6.4)."""

    zones: int
    cities: int
    controls: tuple[str, ...] = ()  # zones the income rule names (Ravenna for the Foederati)
    half: bool | None = None  # the card's answer for "normal income, or half"
    kind: str = "income"


@dataclass(frozen=True)
class Buy:
    """A purchase by a nation (the active one, or a master over 10 gold): units, cities by terrain."""

    nation: str
    units: Counts = field(default_factory=dict)
    cities: Counts = field(default_factory=dict)
    consular_in_play: int = 0
    cities_controlled: int = 0
    kind: str = "buy"


@dataclass(frozen=True)
class OpenBattle:
    battle: Battle
    must_submit: bool = False
    kind: str = "open-battle"


@dataclass(frozen=True)
class RollRound:
    """Roll the battle's next round: aims per side (empty: the default), the table's own dice
    (empty: the companion rolls), the elephant's victims' choice."""

    aims: dict[str, tuple[Aim, ...]] = field(default_factory=dict)
    values: tuple[int, ...] = ()
    kind: str = "roll"


@dataclass(frozen=True)
class Retreat:
    side: str
    units: Counts
    kind: str = "retreat"


@dataclass(frozen=True)
class Submit:
    kind: str = "submit"


@dataclass(frozen=True)
class Rebuild:
    side: str
    unit: str
    kind: str = "rebuild"


@dataclass(frozen=True)
class Convert:
    """The Patrimonium converts one enemy unit of this key before a round (§14.3)."""

    unit: str
    kind: str = "convert"


@dataclass(frozen=True)
class CloseBattle:
    kind: str = "close-battle"


@dataclass(frozen=True)
class Score:
    """A line of the score pad (§11.0): the points the nation's card gives for `source` (zones,
    cities, region, eliminations, loot, major battle, leader, other). The engine halves them for a
    subject (§12.5.2). `turn` 0: the game turn now, or between turns the turn just ended."""

    nation: str
    source: str
    points: int
    turn: int = 0
    kind: str = "score"


@dataclass(frozen=True)
class EndNationTurn:
    """The active nation is done; `without_pieces` names nations that now have none in play."""

    without_pieces: tuple[str, ...] = ()
    kind: str = "end-nation-turn"


Action = (
    CollectIncome
    | Buy
    | OpenBattle
    | RollRound
    | Retreat
    | Submit
    | Rebuild
    | Convert
    | CloseBattle
    | Score
    | EndNationTurn
    | ConfirmMap
)
KINDS: dict[str, type[Any]] = {
    c.kind: c
    for c in (
        CollectIncome,
        Buy,
        OpenBattle,
        RollRound,
        Retreat,
        Submit,
        Rebuild,
        Convert,
        CloseBattle,
        Score,
        EndNationTurn,
        ConfirmMap,
    )
}


def action_to_dict(action: Action) -> dict[str, Any]:
    data = asdict(action)
    if isinstance(action, OpenBattle):
        data["battle"] = battle_to_dict(action.battle)
    if isinstance(action, RollRound):
        data["aims"] = {side: [list(a) for a in aims] for side, aims in action.aims.items()}
        data["values"] = list(action.values)
    if isinstance(action, ConfirmMap):
        data["changes"] = [list(c) for c in action.changes]
    if isinstance(action, CollectIncome | EndNationTurn):
        data = {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}
    return data


def action_from_dict(data: object) -> Action:
    """An action from its dict; DataError names the field."""
    if not isinstance(data, dict) or data.get("kind") not in KINDS:
        raise DataError("action.kind", f"must be one of {', '.join(KINDS)}")
    kind = data["kind"]
    try:
        if kind == "open-battle":
            return OpenBattle(
                battle_from_dict(data.get("battle"), "action.battle"), bool(data.get("must_submit"))
            )
        if kind == "roll":
            aims = {
                str(s): tuple((str(a[0]), str(a[1]), int(a[2])) for a in v)
                for s, v in data.get("aims", {}).items()
            }
            return RollRound(aims, tuple(int(v) for v in data.get("values", ())))
        if kind == "confirm-map":
            return ConfirmMap(tuple((str(z), str(h), str(c)) for z, h, c in data.get("changes", ())))
        if kind in ("buy", "retreat"):
            fields = {k: v for k, v in data.items() if k != "kind"}
            for name in ("units", "cities"):
                if name in fields:
                    fields[name] = (
                        counts(fields[name], f"action.{name}") if name == "units" else dict(fields[name])
                    )
            return KINDS[kind](**fields)  # type: ignore[no-any-return]
        fields = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k != "kind"}
        return KINDS[kind](**fields)  # type: ignore[no-any-return]
    except (TypeError, ValueError, IndexError, AttributeError) as exc:
        raise DataError(f"action ({kind})", f"is malformed ({exc})") from None
