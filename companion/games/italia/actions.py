"""The decisions a table sends the Italia engine: frozen values with `to_dict`, and back."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from companion.games.vocabulary import DataError

from .battle import Battle, Counts
from .battlefile import battle_from_dict, battle_to_dict, counts, sea_from_dict, sea_to_dict
from .control import ConfirmMap
from .naval import SeaBattle
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
    (empty: the companion rolls) or the hits it typed per group in the round's group order (with
    each group's elephant 9s and 10s, spec 6), and the elephant's victims' choice: the unit keys
    each side sends out first when elephants force units out (the rest: the cheapest first)."""

    aims: dict[str, tuple[Aim, ...]] = field(default_factory=dict)
    values: tuple[int, ...] = ()
    hits: tuple[int, ...] = ()
    nines: tuple[int, ...] = ()
    first: dict[str, tuple[str, ...]] = field(default_factory=dict)
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
class OpenSeaBattle:
    """A naval battle (§10.8): fleets against fleets in one sea, cargo and leaders aboard."""

    sea: SeaBattle
    kind: str = "open-sea-battle"


@dataclass(frozen=True)
class SeaAttackOrder:
    """§10.8.1: several nations each attack the `target` nation's fleet, one at a time: most fleets
    first (`fleets`: each attacker's fleets there), a tie to the higher die (ties rolled again, A38)."""

    target: str
    fleets: dict[str, int]
    kind: str = "sea-order"


@dataclass(frozen=True)
class RollSeaRound:
    """Roll a naval round: one die per fleet; `sink[side]` the fleets that side chooses to lose
    (empty: those with the least aboard); `values` the table's own dice, attacker's fleets first."""

    sink: dict[str, tuple[str, ...]] = field(default_factory=dict)
    values: tuple[int, ...] = ()
    kind: str = "roll-sea"


@dataclass(frozen=True)
class SeaRetreat:
    """Some of a side's fleets leave for an adjacent sea after a round (§10.8)."""

    side: str
    fleets: tuple[str, ...]
    kind: str = "sea-retreat"


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
class ScoreCard:
    """The nation's lines of the score pad for this scoring turn, worked out from its card and the
    control map (or the table's answer when the card's row is missing)."""

    nation: str
    kind: str = "score-card"


@dataclass(frozen=True)
class NextPhase:
    """The active nation goes on to its next phase (§4.0; §12.2's second movement and combat); the
    engine answers with the phase's reminders."""

    kind: str = "next-phase"


@dataclass(frozen=True)
class MajorInvasion:
    """The active nation's card says: a major invasion this turn (§12.2)."""

    kind: str = "major-invasion"


@dataclass(frozen=True)
class LeaderArrives:
    """A leader comes into play now (§7.2); he leaves at phase 2 of his nation's next turn."""

    nation: str
    name: str
    kind: str = "leader-arrives"


@dataclass(frozen=True)
class LeaderDies:
    """A leader is eliminated; a campaign he leads ends at once (§12.3.1)."""

    name: str
    kind: str = "leader-dies"


@dataclass(frozen=True)
class StartCampaign:
    """The active nation's leader begins a campaign from `zone` (§12.3); `gold` the card grants
    (None: the nation file's, or the table is asked)."""

    leader: str
    zone: str
    gold: int | None = None
    kind: str = "start-campaign"


@dataclass(frozen=True)
class CampaignMove:
    """The leader and his units move to `zone` (1 gold, §12.3 5A)."""

    zone: str
    kind: str = "campaign-move"


@dataclass(frozen=True)
class BlockZone:
    """1 gold blocks an adjacent zone's enemy units (§12.3.4)."""

    zone: str
    kind: str = "block"


@dataclass(frozen=True)
class CampaignGold:
    """Gold from loot or a raid during the campaign, for more moves (§12.3)."""

    gold: int
    kind: str = "campaign-gold"


@dataclass(frozen=True)
class EndCampaign:
    kind: str = "end-campaign"


@dataclass(frozen=True)
class Tell:
    """The table's answer to a ValueNeeded question (a value on the owner's card), kept for the game."""

    key: str
    value: int
    kind: str = "tell"


@dataclass(frozen=True)
class Subjugate:
    """`subject` submits to `master` (§12.5): `zones` the land zones the subject holds now (its card's
    threshold says whether it may)."""

    subject: str
    master: str
    zones: int
    kind: str = "subjugate"


@dataclass(frozen=True)
class Revolt:
    """A subject takes its submission token back (§12.6): every consequence ends."""

    subject: str
    kind: str = "revolt"


@dataclass(frozen=True)
class Loot:
    """The attacker of the battle just closed loots the city it took (§10.6): the card's 4 gold or its
    points; `take` "gold" or "vp" where the card gives the choice."""

    take: str = ""
    kind: str = "loot"


@dataclass(frozen=True)
class SwitchLegions:
    """Italia I turn 10 (§13.4): the Roman legions in a zone with Sulla or Marius roll to join him."""

    legions: int
    leaders: tuple[str, ...]
    consular: bool = False
    kind: str = "switch-legions"


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
    | ScoreCard
    | OpenSeaBattle
    | SeaAttackOrder
    | RollSeaRound
    | SeaRetreat
    | NextPhase
    | MajorInvasion
    | LeaderArrives
    | LeaderDies
    | StartCampaign
    | CampaignMove
    | BlockZone
    | CampaignGold
    | EndCampaign
    | Tell
    | Subjugate
    | Revolt
    | Loot
    | SwitchLegions
    | EndNationTurn
    | ConfirmMap
)
TURN_ACTIONS = (
    NextPhase,
    MajorInvasion,
    LeaderArrives,
    LeaderDies,
    StartCampaign,
    CampaignMove,
    BlockZone,
    CampaignGold,
    EndCampaign,
    Tell,
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
        ScoreCard,
        OpenSeaBattle,
        SeaAttackOrder,
        RollSeaRound,
        SeaRetreat,
        *TURN_ACTIONS,
        Subjugate,
        Revolt,
        Loot,
        SwitchLegions,
        EndNationTurn,
        ConfirmMap,
    )
}


def action_to_dict(action: Action) -> dict[str, Any]:
    data = asdict(action)
    if isinstance(action, OpenBattle):
        data["battle"] = battle_to_dict(action.battle)
    if isinstance(action, OpenSeaBattle):
        data["sea"] = sea_to_dict(action.sea)
    if isinstance(action, RollSeaRound):
        data = {
            "kind": action.kind,
            "sink": {k: list(v) for k, v in action.sink.items()},
            "values": list(action.values),
        }
    if isinstance(action, RollRound):
        data["aims"] = {side: [list(a) for a in aims] for side, aims in action.aims.items()}
        data["values"] = list(action.values)
        data["hits"], data["nines"] = list(action.hits), list(action.nines)
        data["first"] = {side: list(keys) for side, keys in action.first.items()}
    if isinstance(action, ConfirmMap):
        data["changes"] = [list(c) for c in action.changes]
    if isinstance(action, CollectIncome | EndNationTurn | SwitchLegions):
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
        if kind == "open-sea-battle":
            return OpenSeaBattle(sea_from_dict(data.get("sea"), "action.sea"))
        if kind == "sea-order":
            fleets = {str(k): int(v) for k, v in data.get("fleets", {}).items()}
            return SeaAttackOrder(str(data.get("target", "")), fleets)
        if kind == "roll-sea":
            sink = {str(k): tuple(str(i) for i in v) for k, v in data.get("sink", {}).items()}
            return RollSeaRound(sink, tuple(int(v) for v in data.get("values", ())))
        if kind == "roll":
            aims = {
                str(s): tuple((str(a[0]), str(a[1]), int(a[2])) for a in v)
                for s, v in data.get("aims", {}).items()
            }
            return _roll(data, aims)
        if kind == "confirm-map":
            return ConfirmMap(tuple((str(z), str(h), str(c)) for z, h, c in data.get("changes", ())))
        if kind in ("buy", "retreat"):
            given = {k: v for k, v in data.items() if k != "kind"}
            for name in ("units", "cities"):
                if name in given:
                    given[name] = (
                        counts(given[name], f"action.{name}") if name == "units" else _cities(given[name])
                    )
            _check_fields(KINDS[kind], given)
            return KINDS[kind](**given)  # type: ignore[no-any-return]
        given = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k != "kind"}
        _check_fields(KINDS[kind], given)
        return KINDS[kind](**given)  # type: ignore[no-any-return]
    except DataError:
        raise
    except (TypeError, ValueError, IndexError, AttributeError) as exc:
        raise DataError(f"action ({kind})", f"is malformed ({exc})") from None


def _roll(data: dict[str, Any], aims: dict[str, tuple[Aim, ...]]) -> RollRound:
    first = data.get("first", {})
    if not isinstance(first, dict) or not all(
        side in ("attacker", "defender") and isinstance(keys, list) and all(isinstance(k, str) for k in keys)
        for side, keys in first.items()
    ):
        raise DataError("action.first", "must map attacker or defender to a list of unit keys")
    return RollRound(
        aims,
        tuple(int(v) for v in data.get("values", ())),
        _counts_list(data.get("hits", []), "action.hits"),
        _counts_list(data.get("nines", []), "action.nines"),
        {str(side): tuple(keys) for side, keys in first.items()},
    )


def _counts_list(value: object, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(CHECKS["int"][1](v) and v >= 0 for v in value):
        raise DataError(where, "must list whole numbers, 0 or more")
    return tuple(value)


def _cities(data: object) -> Counts:
    """Cities bought, by the terrain of their zone (§6.2)."""
    if not isinstance(data, dict) or not all(
        t in ("standard", "swamp", "mountain") and CHECKS["int"][1](n) and n >= 0 for t, n in data.items()
    ):
        raise DataError("action.cities", "must map standard, swamp or mountain to a count")
    return dict(data)


CHECKS: dict[str, tuple[str, Any]] = {  # a field's annotation -> what its value may be
    "str": ("a string", lambda v: isinstance(v, str)),
    "int": ("a whole number", lambda v: isinstance(v, int) and not isinstance(v, bool) and -999 <= v <= 999),
    "int | None": ("a whole number or null", lambda v: v is None or CHECKS["int"][1](v)),
    "bool | None": ("true, false or null", lambda v: v is None or isinstance(v, bool)),
    "bool": ("true or false", lambda v: isinstance(v, bool)),
    "tuple[str, ...]": (
        "a list of strings",
        lambda v: isinstance(v, tuple) and all(isinstance(i, str) for i in v),
    ),
}


def _check_fields(kind: type[Any], given: dict[str, Any]) -> None:
    """Every value of a plain action has its field's type (a record from elsewhere is not trusted)."""
    for item in fields(kind):
        said, fits = CHECKS.get(str(item.type), ("", None))
        if item.name in given and fits is not None and not fits(given[item.name]):
            raise DataError(f"action.{item.name}", f"must be {said}")
