"""What the coming Austrian turn will do, for the state as it stands, while there is time to act.

2.A and 2.B are certain: the Castle pours out, then every zone with at least 4 more Soldiers than
Patriots falls. 2.C follows from that. 2.D depends on the next Zone card: the forecast averages
over every card still in the Zone deck, each equally likely, even when the companion knows the
deck's order (tracked decks), so it tells the table nothing it could not know.
"""

from __future__ import annotations

from dataclasses import dataclass

from .austria import arrival, austria_conquers, pour_out, victory_check
from .dealer import Dealer
from .events import Event
from .state import AUSTRIA, State


@dataclass(frozen=True)
class Threat:
    zone: int
    soldiers: int  # after the Castle's pour-out
    patriots: int
    save_by: int  # Soldiers to remove, or Patriots to bring, so the zone holds

    def sentence(self) -> str:
        n = self.save_by
        return (
            f"zone {self.zone} falls ({self.soldiers} Soldiers, "
            f"{self.patriots} Patriot{'s' if self.patriots != 1 else ''}): "
            f"remove {n} Soldier{'s' if n > 1 else ''} or bring {n} Patriot{'s' if n > 1 else ''} to save it"
        )


@dataclass(frozen=True)
class Forecast:
    poured: dict[int, int]  # 2.A: Soldiers the Castle adds to each zone
    falls: list[Threat]  # 2.B
    winner: str | None  # 2.C (or 2.D.1, the reserve short of a wave): who wins if nothing changes
    ended_by: str | None  # "zones" or "reserve"
    radetzky: dict[int, float]  # 2.D.3: the chance Radetzky moves to each zone
    arrivals: dict[int, float]  # 2.D: Soldiers each zone receives, on average

    def headline(self) -> str:
        """A few words for a crowded screen: "zones 1, 5 fall (red); Austria wins"."""
        parts = []
        if self.falls:
            zones = ", ".join(str(t.zone) for t in self.falls)
            parts.append(
                f"zone{'s' if len(self.falls) > 1 else ''} {zones} "
                f"fall{'' if len(self.falls) > 1 else 's'} (red)"
            )
        if self.winner:
            parts.append(f"{self.winner.capitalize()} wins")
        return "; ".join(parts) + "." if parts else "no zone falls."

    def summary(self) -> str:
        """At most two short sentences for the screen."""
        parts = []
        if self.winner:
            how = {"zones": "5 zones", "reserve": "an empty reserve"}.get(self.ended_by or "", "")
            parts.append(f"{self.winner.capitalize()} wins next turn ({how}).")
        if self.falls:
            parts.append(_falls_sentence(self.falls))
        return " ".join(parts) or "No zone falls next turn."


def _falls_sentence(threats: list[Threat]) -> str:
    needs = {t.save_by for t in threats}
    if len(threats) == 1:
        n = threats[0].save_by
        return f"Zone {threats[0].zone} falls unless {_fewer_or_more(n)}."
    names = ", ".join(str(t.zone) for t in threats[:-1]) + f" and {threats[-1].zone}"
    if len(needs) == 1:
        return f"Zones {names} fall unless each has {_fewer_or_more(needs.pop(), each=True)}."
    detail = ", ".join(f"{t.zone} ({t.save_by})" for t in threats)
    return f"Zones {detail} fall unless each loses that many Soldiers or gains that many Patriots."


def _fewer_or_more(n: int, each: bool = False) -> str:
    soldiers, patriots = f"Soldier{'s' if n > 1 else ''}", f"Patriot{'s' if n > 1 else ''}"
    if each:
        return f"{n} fewer {soldiers} or {n} more {patriots}"
    return f"{n} {soldiers} {'go' if n > 1 else 'goes'} or {n} {patriots} {'come' if n > 1 else 'comes'}"


def forecast(state: State) -> Forecast:
    """The coming Austrian turn (2.A-2.D) for this state, nothing applied to it."""
    after = state.copy()
    events: list[Event] = []
    before = list(after.soldiers)
    pour_out(after, events)
    poured = {z: after.soldiers[z] - before[z] for z in after.zones if after.soldiers[z] != before[z]}
    falls = _threats(after, after.soldiers)
    austria_conquers(after, Dealer(after), events)
    if victory_check(after, events):
        return Forecast(poured, falls, after.winner, after.ended_by, {}, {})
    if after.reserve < after.wave:
        return Forecast(poured, falls, AUSTRIA, "reserve", {}, {})
    radetzky, arrivals = _arrival_odds(after)
    return Forecast(poured, falls, None, None, radetzky, arrivals)


def falls(state: State) -> list[Threat]:
    """Only 2.A-2.B: the zones that fall if nothing changes."""
    return _threats(state, _poured(state))


def falling_zones(state: State) -> list[int]:
    """The zones `falls` names, without its Threats (cheap: the simulation's policy asks every decision)."""
    return _falling(state, _poured(state), _crowd(state))


def _poured(state: State) -> list[int]:
    """The Soldiers per zone after 2.A, without copying the state: the Castle's Soldiers go 1 per free
    zone from zone 1 on, cycling (austria.pour_out does the same on a real state)."""
    soldiers = list(state.soldiers)
    if state.castle < state.edition.rules.castle_pour_out:
        return soldiers
    targets = [z for z in state.zones if state.owner[z] is None and z not in state.barricades]
    for index in range(state.castle if targets else 0):
        soldiers[targets[index % len(targets)]] += 1
    return soldiers


def _threats(state: State, soldiers: list[int]) -> list[Threat]:
    margin, crowd = state.edition.rules.conquest_margin, _crowd(state)
    return [
        Threat(z, soldiers[z], crowd[z], soldiers[z] - crowd[z] - margin + 1)
        for z in _falling(state, soldiers, crowd)
    ]


def _crowd(state: State) -> list[int]:
    """The Patriots in each zone."""
    crowd = [0] * len(state.soldiers)
    for patriot in state.patriots:
        crowd[patriot.zone] += 1
    return crowd


def _falling(state: State, soldiers: list[int], crowd: list[int]) -> list[int]:
    margin = state.edition.rules.conquest_margin
    return [z for z in state.zones if state.owner[z] is None and soldiers[z] >= crowd[z] + margin]


def _arrival_odds(state: State) -> tuple[dict[int, float], dict[int, float]]:
    cards = sorted(state.zone_deck) or [
        0
    ]  # sorted: the deck's order must not matter; 0: empty, Radetzky stays
    radetzky: dict[int, int] = {}
    arrivals: dict[int, int] = {}
    for card in cards:
        trial = state.copy()
        if card:
            trial.zone_deck, trial.zone_deck_known = [card] + [c for c in cards if c != card], True
        before = list(trial.soldiers)
        arrival(trial, Dealer(trial), [])
        radetzky[trial.radetzky] = radetzky.get(trial.radetzky, 0) + 1
        for zone in trial.zones:
            if trial.soldiers[zone] != before[zone]:
                arrivals[zone] = arrivals.get(zone, 0) + trial.soldiers[zone] - before[zone]
    return (
        {z: n / len(cards) for z, n in sorted(radetzky.items())},
        {z: n / len(cards) for z, n in sorted(arrivals.items())},
    )
