"""Scores, victory and incomes (§5, §6.2.2, §6.2.3): each a formula with every term shown. City terms
need the owner's disk values (asked when missing); liberated areas count for no one but the
Autonomous faction's stated case (A-10, A-11)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .board import aut_controls, controls, gain
from .edition import Edition, Rules
from .errors import Sentence, refuse
from .facts import city_value
from .model import FACTIONS, State

TERM_WORDS = {  # a score's terms as a sentence names them
    "production": Sentence("production"),
    "population": Sentence("population"),
    "troops": Sentence("troops"),
    "bases": Sentence("bases"),
    "areas": Sentence("areas"),
    "cities": Sentence("cities"),
    "tokens": Sentence("tokens"),
    "sabotage": Sentence("sabotage"),
    "offensives done": Sentence("offensives done"),
    "offensives left": Sentence("offensives left"),
}


def term_said(name: str, value: int, by_hand: bool) -> Sentence:
    """One term of a score, "3 production", marked when the table entered it by hand."""
    word = TERM_WORDS.get(name, Sentence(name))
    if by_hand:
        return Sentence("{n} {term} (h)", n=value, term=word)  # spec 7: "(h)" on the tickets
    return Sentence("{n} {term}", n=value, term=word)


@dataclass(frozen=True)
class Score:
    faction: str
    terms: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        return sum(v for _, v in self.terms)


def _cities(state: State) -> list[str]:
    return [a for a, area in state.areas.items() if area.type == "city"]


def scores(
    state: State, edition: Edition, k: int, hand: dict[tuple[str, str], int] | None = None
) -> dict[str, Score]:
    """Every faction's score at offensive k: discard term k - 1, yet-to-reveal term 5 - k (A-8). A term
    the table entered by hand (`hand[(faction, term)]`) is taken as given and never computed."""
    done, left = k - 1, edition.rules.offensives - k
    terms = _terms(state, edition)
    terms["ger"].append(("offensives done", lambda: done))
    terms["rsi"].append(("offensives done", lambda: done))
    terms["aut"].append(("offensives left", lambda: left))
    terms["cln"].append(("offensives left", lambda: left))
    given = hand or {}
    known = {(f, name) for f, rows in terms.items() for name, _ in rows}
    for faction, name in set(given) - known:
        raise refuse("{name} is not a term of {faction}'s score.", name=name, faction=faction)
    return {
        f: Score(f, tuple((name, given[(f, name)] if (f, name) in given else term()) for name, term in rows))
        for f, rows in terms.items()
    }


def _terms(state: State, edition: Edition) -> dict[str, list[tuple[str, Callable[[], int]]]]:
    def value(city: str, name: str) -> int:
        return city_value(state, edition, city, name)

    areas = state.areas
    held = [c for c in _cities(state) if not areas[c].liberated]
    german = [
        c
        for c in held
        if controls(areas[c], "axis") and not (areas[c].loyalty == "coll" and not areas[c].ger)
    ]
    coll = [c for c in held if areas[c].loyalty == "coll"]
    aut_cities = [c for c in _cities(state) if aut_controls(areas[c])]
    res = [a for a, area in areas.items() if area.loyalty == "res" and not area.liberated]
    return {
        "ger": [("production", lambda: sum(value(c, "production") for c in german))],
        "rsi": [("population", lambda: sum(value(c, "population") for c in coll))],
        "aut": [
            ("troops", lambda: sum(a.aut_troops for a in areas.values())),
            ("production", lambda: sum(value(c, "production") for c in aut_cities)),
            ("bases", lambda: sum(a.bases for a in areas.values() if a.type != "mountain")),
        ],
        "cln": [
            ("areas", lambda: sum(1 for a in res if areas[a].type != "city")),
            ("cities", lambda: sum(value(a, "cln_points") for a in res if areas[a].type == "city")),
            ("tokens", lambda: state.cln_reserve_tokens),
            ("sabotage", lambda: sum(1 for a in areas.values() if a.sabotage)),
        ],
    }


def winner(totals: dict[str, int], rules: Rules, k: int) -> str | None:
    """§5, §6.2.2 (A-5, A-6, A-7): 15 or more from the second offensive on, the priority order among
    them; after the last offensive the most points, ties by the same order."""
    tie = rules.tie_order
    if k >= rules.victory_check_from:
        reached = [f for f in tie if totals[f] >= rules.victory_points]
        if reached:
            if rules.switches["simultaneous_win"] == "highest_then_priority":
                best = max(totals[f] for f in reached)
                reached = [f for f in reached if totals[f] == best]
            return reached[0]
    if k >= rules.offensives:
        best = max(totals.values())
        return next(f for f in tie if totals[f] == best)
    return None


def incomes(state: State, edition: Edition) -> dict[str, int]:
    """§6.2.3 (A-33, A-34): what each faction gains; RSI's is also taken from Germany."""

    def value(city: str) -> int:
        return city_value(state, edition, city, "production")

    held = [c for c in _cities(state) if not state.areas[c].liberated]
    coll = sum(value(c) for c in held if state.areas[c].loyalty == "coll")
    return {
        "ger": sum(value(c) for c in held if controls(state.areas[c], "axis")),
        "rsi": (coll + 1) // 2,
        "aut": sum(a.bases for a in state.areas.values())
        + sum(1 for c in _cities(state) if aut_controls(state.areas[c])),
        "cln": len([a for a in state.areas.values() if a.loyalty == "res" and sum(a.cln_brigades) > 0]),
    }


def pay_incomes(state: State, amounts: dict[str, int]) -> None:
    """In the table's order; Germany loses RSI's income after gaining its own, stopping at 0 (A-32, A-33)."""
    for faction in FACTIONS:
        gain(state, faction, amounts[faction])
    gain(state, "ger", -amounts["rsi"])
