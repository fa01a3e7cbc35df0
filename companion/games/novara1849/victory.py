"""Victory (text: Campaign Game Victory Conditions; readings R-19 to R-22, R-24, R-43): the points table,
the three sudden-death conditions checked when they can happen, and the end of the last turn."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .actions import Concede, ExitMap, OccupyCity
from .context import Context
from .errors import IllegalActionError, Sentence, army
from .state import State
from .turns import Events

CITIES_3 = ("Mortara", "Vigevano", "Abbiategrasso", "Magenta")
CITIES_6 = ("Casale", "Vercelli", "Novara", "Pavia")
AUSTRIAN_GOALS = ("Casale", "Vercelli", "Novara")
CP_DIFFERENCE = 20
# Scenarios (text: Scenarios): the cities whose control is an Austrian sudden victory, and the locations
# worth 1 point each, which replace the campaign's table there (R-25; None: the campaign's table).
SCENARIO_VICTORY: dict[str, tuple[tuple[str, ...], tuple[str, ...] | None]] = {
    "sforzesca": (("Vigevano",), ("Gambolò", "Borgo San Siro", "Sforzesca")),
    "mortara": (
        ("Vigevano", "Mortara"),
        ("Gambolò", "Borgo San Siro", "Sforzesca", "Remondò", "S. Albino", "Castello d'Agogna"),
    ),
    "novara": (("Novara",), None),  # "if Novara is conquered"
}
CAMPAIGN_RULES = ("campaign", "ramorino")  # "Victory conditions: those of the campaign game"


def other(side: str) -> str:
    return "sardinia" if side == "austria" else "austria"


@dataclass(frozen=True)
class Score:
    """One side's points by the text's table, row by row."""

    steps: int  # "1 point for each strength step lost by the enemy"
    cities_3: int
    cities_6: int
    exits: int  # supplied steps off the map toward Turin (Austria) or Milan (Sardinia)
    locations: int = 0  # The Sforzesca, Mortara: 1 point for each location controlled

    @property
    def total(self) -> int:
        return self.steps + self.cities_3 + self.cities_6 + self.exits + self.locations


def score(state: State, side: str, context: Context) -> Score:
    ledger, enemy = state.ledger, other(side)
    lost = ledger.lost[enemy] - (ledger.recovered[enemy] if context.readings.steps_lost == "net" else 0)
    held = [city for city, holder in state.cities.items() if holder == side]
    _, locations = SCENARIO_VICTORY.get(context.scenario, ((), None))
    if locations is not None:
        return Score(0, 0, 0, 0, sum(c in locations for c in held))
    return Score(
        lost,
        3 * sum(c in CITIES_3 for c in held),
        6 * sum(c in CITIES_6 for c in held),
        ledger.exited_supplied[side],
    )


def check_losses_victory(state: State, context: Context) -> State:
    """Sudden death: a difference of 20 or more combat points permanently eliminated (the campaign's)."""
    if state.winner or context.scenario not in CAMPAIGN_RULES:
        return state
    cp = state.ledger.eliminated_cp
    for side in ("austria", "sardinia"):
        if cp[other(side)] - cp[side] >= CP_DIFFERENCE:
            return replace(state, phase="over", winner=side, how=Sentence("20 combat points more eliminated"))
    return state


def occupy(state: State, action: OccupyCity, context: Context) -> tuple[State, Events]:
    if action.side not in ("austria", "sardinia") or not action.city or len(action.city) > 40:
        raise IllegalActionError(
            Sentence("Occupation refused: name the city and the side whose unit entered it.")
        )
    cities = {**state.cities, action.city: action.side}
    supplied = {**state.supplied_entry, action.city: action.supplied}
    state = replace(state, cities=cities, supplied_entry=supplied)
    events = [Sentence("{city} is held by {side}.", city=action.city, side=army(action.side))]
    if context.scenario not in CAMPAIGN_RULES:
        sudden, _ = SCENARIO_VICTORY.get(context.scenario, ((), None))
        if action.side == "austria" and action.city in sudden:
            return replace(
                state, phase="over", winner="austria", how=Sentence("{place} controlled", place=action.city)
            ), events
        return state, events
    if action.side == "sardinia" and action.city == "Pavia" and action.supplied:
        return replace(
            state, phase="over", winner="sardinia", how=Sentence("supplied Sardinian units in Pavia")
        ), events
    if all(cities.get(c) == "austria" and supplied.get(c) for c in AUSTRIAN_GOALS):
        return replace(
            state, phase="over", winner="austria", how=Sentence("Casale, Vercelli and Novara occupied")
        ), events
    return state, events


def exit_map(state: State, action: ExitMap) -> tuple[State, Events]:
    holding = state.units.get(action.unit)
    if holding is None or not state.on_map(action.unit):
        raise IllegalActionError(Sentence("Exit refused: {unit} is not a unit on the map.", unit=action.unit))
    if state.pending is not None:
        raise IllegalActionError(Sentence("Exit refused: apply the last result's losses first."))
    side = state.counters[action.unit].side
    ledger = state.ledger
    exited = {**ledger.exited, side: ledger.exited[side] + holding.steps}
    supplied = {
        **ledger.exited_supplied,
        side: ledger.exited_supplied[side] + holding.steps * action.supplied,
    }
    units = {**state.units, action.unit: replace(holding, exited=True)}
    state = replace(state, units=units, ledger=replace(ledger, exited=exited, exited_supplied=supplied))
    return state, [Sentence("{unit} has left the map with {n} step(s).", unit=action.unit, n=holding.steps)]


def concede(state: State, action: Concede) -> tuple[State, Events]:
    if action.side not in ("austria", "sardinia"):
        raise IllegalActionError(Sentence("Concession refused: say which side concedes."))
    winner = other(action.side)
    return replace(
        state, phase="over", winner=winner, how=Sentence("{side} conceded", side=army(action.side))
    ), [Sentence("{side} concedes on turn {turn}.", side=army(action.side), turn=state.turn)]


def final(state: State, context: Context) -> State:
    """The end of the last turn: the most points wins; a tie is a draw (R-24)."""
    a, s = (score(state, side, context).total for side in ("austria", "sardinia"))
    winner = "austria" if a > s else "sardinia" if s > a else "draw"
    return replace(state, winner=winner, how=Sentence("points {a} to {s}", a=a, s=s))
