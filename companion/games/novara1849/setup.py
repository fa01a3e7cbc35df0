"""A new game's options (seed, turns, readings, the units and formations the players entered, the
Higher Commanders' factors, initial city control) and its first state."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .actions import EnterUnit
from .context import Context
from .errors import DataError, IllegalActionError, Sentence
from .readings import Readings
from .state import SIXTH, State
from .turns import begin_turn
from .units import SIDES, Counter, Holding

MAX_SEED = 2**63


@dataclass(frozen=True)
class Options:
    seed: int = 0
    first_turn: int = 1
    last_turn: int = 20  # "the game starts on turn 1 and ends on turn 20"
    readings: Readings = field(default_factory=Readings)
    units: tuple[Counter, ...] = ()  # typed at the table, beside those of the players' oob.toml
    formations: tuple[tuple[str, str], ...] = ()  # (formation, side) beside those of oob.toml
    command_factors: tuple[tuple[str, int], ...] = ()  # read off the Higher Commanders' chits
    commanders: bool = True  # The Sforzesca and Mortara: "Higher Commanders can not be used"
    cities: tuple[tuple[str, str], ...] = ()  # who holds each city at the start
    points: tuple[int, ...] = ()  # a scenario's fixed activation points (austria, sardinia), every turn
    surprise: str = ""  # the formation activated without its chit on the first turn
    scenario: str = "campaign"  # whose victory conditions apply
    sixth_division: bool = False  # Variants > The non-participating forces
    fog: str = ""  # Fog of War (optional, if both agree): "", "dummies" or "hidden"
    # how the table plays, kept so a resumed game plays on the same way: "dice" (it throws and types its
    # own), "cup" (it draws from its own cup), "idle" (the die shows the chits left between activations)
    table: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "first_turn": self.first_turn,
            "last_turn": self.last_turn,
            "readings": self.readings.to_dict(),
            "units": [u.to_dict() for u in self.units],
            "formations": [list(f) for f in self.formations],
            "command_factors": [list(c) for c in self.command_factors],
            "commanders": self.commanders,
            "cities": [list(c) for c in self.cities],
            "points": list(self.points),
            "surprise": self.surprise,
            "scenario": self.scenario,
            "sixth_division": self.sixth_division,
            "fog": self.fog,
            "table": list(self.table),
        }

    @classmethod
    def from_dict(cls, data: object) -> Options:
        """Options from a record's header; DataError names the field at fault."""
        if not isinstance(data, dict):
            raise DataError("options", "must be an object")
        seed, first, last = (data.get(k, d) for k, d in (("seed", 0), ("first_turn", 1), ("last_turn", 20)))
        for key, value in (("seed", seed), ("first_turn", first), ("last_turn", last)):
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < MAX_SEED:
                raise DataError(f"options.{key}", "must be a whole number")
        if not 1 <= first <= last <= 20:
            raise DataError("options.last_turn", "the turns run from 1 to 20, the first before the last")
        units = data.get("units", [])
        if not isinstance(units, list):
            raise DataError("options.units", "must be a list of units")
        return cls(
            seed,
            first,
            last,
            Readings.from_dict(data.get("readings", {})),
            tuple(Counter.from_dict(u, f"options.units[{i}]") for i, u in enumerate(units)),
            _pairs(data.get("formations", []), "formations", str),
            _pairs(data.get("command_factors", []), "command_factors", int),
            data.get("commanders", True) is not False,
            _pairs(data.get("cities", []), "cities", str),
            _points(data.get("points", [])),
            _text(data.get("surprise", ""), "surprise"),
            _scenario(data.get("scenario", "campaign")),
            data.get("sixth_division", False) is True,
            _fog(data.get("fog", "")),
            _table(data.get("table", [])),
        )


def _scenario(data: object) -> str:
    if data not in SCENARIOS:
        raise DataError("options.scenario", f"must be one of {', '.join(SCENARIOS)}")
    return str(data)


def _fog(data: object) -> str:
    if data not in FOG:
        raise DataError("options.fog", 'must be "", "dummies" or "hidden"')
    return str(data)


FOG = ("", "dummies", "hidden")
TABLE_WAYS = ("dice", "cup", "idle")


def _table(data: object) -> tuple[str, ...]:
    if not isinstance(data, list) or any(way not in TABLE_WAYS for way in data):
        raise DataError("options.table", f"must be a list of {', '.join(TABLE_WAYS)}")
    return tuple(str(way) for way in data)


def _points(data: object) -> tuple[int, ...]:
    if (
        not isinstance(data, list)
        or len(data) not in (0, 2)
        or not all(type(n) is int and 0 <= n <= 9 for n in data)
    ):
        raise DataError("options.points", "must be [austria, sardinia] activation points from 0 to 9, or []")
    return tuple(data)


def _text(data: object, where: str) -> str:
    if not isinstance(data, str) or len(data) > 40:
        raise DataError(f"options.{where}", "must be a short text")
    return data


def _pairs(data: object, where: str, second: type) -> tuple[Any, ...]:
    if not isinstance(data, list) or not all(
        isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and type(p[1]) is second for p in data
    ):
        raise DataError(f"options.{where}", "must be a list of pairs")
    return tuple(tuple(p) for p in data)


# The scenarios' numbers as the text gives them (Campaign Game, Scenarios, Variants > Ramorino)
SCENARIOS: dict[str, dict[str, Any]] = {
    "campaign": {"first_turn": 1, "last_turn": 20, "surprise": "A-II"},  # "Austrian surprise"
    "sforzesca": {"first_turn": 5, "last_turn": 9, "points": (1, 1), "commanders": False},
    "mortara": {"first_turn": 5, "last_turn": 9, "points": (2, 2), "commanders": False},
    "novara": {"first_turn": 15, "last_turn": 20, "surprise": "A-II"},  # "II Corps already active"
    "ramorino": {"first_turn": 1, "last_turn": 20, "surprise": "A-II"},  # "as for the Campaign game"
}


def scenario(name: str, **options: Any) -> Options:
    """A scenario's options, with the players' own (seed, units, readings) beside them."""
    if name not in SCENARIOS:
        raise DataError("scenario", f"{name!r} is not one of {', '.join(SCENARIOS)}")
    return Options(**{**SCENARIOS[name], "scenario": name, **options})


def context_of(edition: Any, options: Options) -> Context:
    return Context(
        edition,
        options.readings.over(edition.readings),
        dict(options.command_factors),
        options.commanders,
        options.points,
        options.scenario,
        options.sixth_division,
        options.fog,
        options.first_turn,
    )


def new_state(context: Context, options: Options) -> State:
    """The state at the start of the first turn: every unit at full strength, no marker."""
    counters = {**context.edition.counters, **{u.id: u for u in options.units}}
    formations = {f.id: f.side for f in context.edition.formations.values()}
    formations.update(dict(options.formations))
    for formation, side in formations.items():
        if side not in SIDES:
            raise DataError(f"formations.{formation}", "must be austria or sardinia")
    for counter in counters.values():
        if counter.formation and counter.formation not in formations:
            raise DataError(f"units.{counter.id}.formation", f"{counter.formation!r} is not a formation")
    units = {uid: Holding(c.steps) for uid, c in counters.items()}
    waiting = tuple(sorted(arrivals(context, options.first_turn, counters)))
    state = State(
        options.first_turn,
        options.last_turn,
        "turn",
        options.seed,
        counters,
        units,
        formations,
        cities=dict(options.cities),
        surprise=options.surprise,
        scenario=options.scenario,
        readings=context.readings,
        waiting=waiting,
        sixth_division=options.sixth_division,
        fog=options.fog,
        command_factors={**context.edition.command_factors, **context.command_factors},
    )
    return begin_turn(state, context)


def arrivals(context: Context, first_turn: int, counters: dict[str, Counter]) -> set[str]:
    """The units not on the map at the start: the track's reinforcements of later turns, and the 6th
    Division's units when its variant is played (it enters from turn 5 or later)."""
    later = {
        unit
        for number, turn in context.edition.turns.items()
        if number > first_turn
        for arriving in turn.reinforcements
        for unit in arriving.units
        if unit in counters
    }
    sixth = {u for u, c in counters.items() if c.formation == SIXTH} if context.sixth_division else set()
    return later | sixth


def enter_unit(state: State, action: EnterUnit) -> tuple[State, list[Sentence]]:
    """A unit the players type at the table, beside those of their oob.toml."""
    if action.id in state.counters:
        raise IllegalActionError(Sentence("Unit refused: {unit} is already in this game.", unit=action.id))
    fields = {key: getattr(action, key) for key in ("id", "side", "cf", "formation", "cf_reduced", "elite")}
    try:
        counter = Counter.from_dict({**fields, "kind": action.type}, "unit")
    except DataError as exc:
        raise IllegalActionError(_unit_refusal(exc)) from None
    if counter.formation and counter.formation not in state.formations:
        raise IllegalActionError(Sentence("Unit refused: {f} is not a formation.", f=counter.formation))
    steps = 1 if action.reduced and counter.steps == 2 else counter.steps
    holding = Holding(steps, action.shaken, action.oos, forced_march=_marched(state, counter.formation))
    state = replace(
        state,
        counters={**state.counters, counter.id: counter},
        units={**state.units, counter.id: holding},
        absent=state.absent + counter.steps - steps,
    )
    return state, [Sentence("{unit} entered.", unit=counter.id)]


def _marched(state: State, formation: str) -> bool:
    """A unit typed in after its formation force-marched this turn carries the mark like the others
    (the activation under way, or a unit of the formation already marked)."""
    if not formation:
        return False
    active = state.active
    if active is not None and active.forced_march and formation in active.formations:
        return True
    return any(state.units[u].forced_march for u, c in state.counters.items() if c.formation == formation)


def _unit_refusal(exc: DataError) -> Sentence:
    """A counter typed in that cannot be: said in the table's words (the form can only get its factors
    wrong), not as a data file's field."""
    if exc.field.endswith(".cf_reduced"):
        return Sentence("Unit refused: its reduced factor must be at least 1 and below its combat factor.")
    if exc.field.endswith(".cf"):
        return Sentence("Unit refused: a unit other than a pontoon has a combat factor of at least 1.")
    return Sentence("Unit refused: {why}.", why=str(exc))
