"""Operations, special activities and civic actions: which faction has which, the pairings (R-56), the
areas they may select, and the order in which an operation's areas and its special activity run."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from . import ops_axis as ax
from . import ops_rebels as rb
from . import special as sp
from .actions import Civic, Op, Step
from .board import check_totals
from .context import Ctx, need
from .edition import Edition
from .errors import Sentence, listed
from .model import NAMES, State

Handler = Callable[[Ctx, Step], None]

OPERATIONS: dict[str, tuple[str, Handler]] = {
    "conscription": ("rsi", ax.conscription),
    "propaganda": ("rsi", ax.propaganda),
    "mobilize": ("rsi", ax.mobilize),
    "assault": ("rsi", ax.assault),
    "reinforce": ("ger", ax.reinforce),
    "retaliate": ("ger", ax.retaliate),
    "deploy": ("ger", ax.deploy),
    "attack": ("ger", ax.attack),
    "enlist": ("cln", rb.enlist),
    "revolt": ("cln", rb.revolt),
    "move": ("cln", rb.move),
    "shooting": ("cln", rb.shooting),
    "gathering": ("aut", rb.gathering),
    "liberation": ("aut", rb.liberation),
    "march": ("aut", rb.march),
    "clash": ("aut", rb.clash),
}
# special activity -> (faction, handler, the operations it goes with, one area only) (§8, R-56)
SPECIALS: dict[str, tuple[str, Handler, tuple[str, ...], bool]] = {
    "police": ("rsi", sp.police, ("conscription", "propaganda"), False),
    "seizure": ("rsi", sp.seizure, ("propaganda", "mobilize"), True),
    "punitive": ("rsi", sp.punitive, ("assault",), False),
    "convoys": ("ger", sp.convoys, ("reinforce", "deploy"), True),
    "repairs": ("ger", sp.repairs, ("reinforce", "retaliate"), False),
    "counteroffensive": ("ger", sp.counteroffensive, ("attack", "retaliate"), False),
    "expropriation": ("cln", sp.expropriation, ("shooting", "move"), False),
    "sabotage": ("cln", sp.sabotage, ("shooting",), False),
    "clandestinity": ("cln", sp.clandestinity, ("enlist", "revolt", "move"), True),
    "confiscation": ("aut", sp.confiscation, ("gathering", "march"), False),
    "forced_march": ("aut", sp.forced_march, ("march", "liberation"), False),
    "ambush": ("aut", sp.ambush, ("clash",), True),
}
CIVIC: dict[str, tuple[str, Handler]] = {  # §6.2.4, in the table's order
    "repair": ("ger", sp.repairs),
    "repairs": ("rsi", partial(sp.repairs, by="rsi")),
    "propaganda": ("rsi", lambda c, s: civic_propaganda(c, s)),
    "revolt": ("cln", lambda c, s: civic_revolt(c, s)),
    "liberation": ("aut", partial(rb.liberation, civic=True)),
}
MOVES_TO = ("mobilize", "deploy", "move")  # a Limited Operation's one area is the destination
SOURCES = ("march",)  # ... or the source
BOZEN = ("reinforce", "convoys")  # the text names Bozen for these


def selected(op: str, step: Step) -> str:
    """The area an operation's step selects (A-17, A-59)."""
    return (step.to or step.area) if op in MOVES_TO else step.area


def operation(
    state: State, edition: Edition, faction: str, action: Op, limited: bool, given: Sequence[object]
) -> tuple[list[Sentence], list[object]]:
    """Run an operation (and its special activity) for the faction; refused in one sentence."""
    what = Sentence(action.op.capitalize())  # the catalog has each name (the table's op_name)
    owner, run = OPERATIONS.get(action.op, ("", ax.propaganda))
    need(owner == faction, what, "{f} has no such operation.", f=NAMES[faction])
    need(bool(action.steps), what, "name at least one area.")
    areas = [selected(action.op, s) for s in action.steps]
    need(action.op in MOVES_TO or len(set(areas)) == len(areas), what, "an area is selected at most once.")
    if limited:
        need(len(set(areas)) == 1 and not action.sa, what, "a Limited Operation is one area, with no SA.")
    c = Ctx(state, edition, faction, what, list(given))
    for step in action.steps:
        _where(c, action.op, step)
    sa = _special(c, action) if action.sa else None
    cut = len(action.steps) if action.sa_at < 0 else min(action.sa_at, len(action.steps))
    for step in action.steps[:cut]:
        run(c, step)
    if sa is not None and action.sa != "ambush":
        sa()
    for step in action.steps[cut:]:
        run(c, step)
    if action.op in ("mobilize", "deploy"):
        ax.reveal_arrivals(c)
    check_totals(state, edition)
    return c.events, c.drawn


def _where(c: Ctx, op: str, step: Step) -> None:
    """No operation or SA in a liberated area (§4) nor, but for Bozen's, in a special area (A-13)."""
    for area_id in {step.area, step.to} - {""}:
        area = c.state.area(area_id)
        need(not area.liberated, c.what, "{a} is liberated.", a=area_id)
        need(
            area.type != "special" or (area_id == "bozen" and op in BOZEN),
            c.what,
            "{a} is not usable by the players.",
            a=area_id,
        )


def _special(c: Ctx, action: Op) -> Callable[[], None]:
    what = Sentence(action.sa.replace("_", " ").capitalize())
    owner, run, pairs, single = SPECIALS.get(action.sa, ("", sp.police, (), False))
    need(owner == c.faction, what, "{f} has no such special activity.", f=NAMES[c.faction])
    need(
        action.op in pairs,
        what,
        "it goes with {ops} only.",
        ops=listed([Sentence(p.capitalize()) for p in pairs]),
    )
    sources = {s.area for s in action.sa_steps}
    need(bool(action.sa_steps) and (not single or len(sources) == 1), what, "name its area (one only).")
    if action.sa == "ambush":
        need(
            action.sa_steps[0].area in {s.area for s in action.steps}, what, "its area must be a Clash area."
        )
        run(c, action.sa_steps[0])

    def play() -> None:
        sa = Ctx(c.state, c.edition, c.faction, what, c.given, c.drawn)
        for step in action.sa_steps:
            if action.sa != "counteroffensive":
                _where(sa, "convoys" if action.sa == "convoys" else action.sa, step)
            run(sa, step)
        if action.sa == "sabotage":
            sp.sabotage_penalty(sa, action.target, len(action.sa_steps))
        c.events.extend(sa.events)

    return play


def civic(state: State, edition: Edition, faction: str, action: Civic) -> list[Sentence]:
    """One civic action (§6.2.4), each area at most once (A-59)."""
    what = Sentence(action.name.capitalize())
    owner, run = CIVIC.get(action.name, ("", sp.repairs))
    need(owner == faction, what, "it is not {f}'s civic action.", f=NAMES[faction])
    areas = [s.area for s in action.steps]
    need(bool(areas) and len(set(areas)) == len(areas), what, "name each area once.")
    c = Ctx(state, edition, faction, what)
    for step in action.steps:
        need(not state.area(step.area).liberated, what, "{a} is liberated.", a=step.area)
        run(c, step)
    check_totals(state, edition)
    return c.events


def civic_propaganda(c: Ctx, s: Step) -> None:
    """§6.2.4: non-city with RSI presence for 1; a city controlled by the Axis with RSI presence for 2."""
    from .board import controls, shift

    area = c.state.area(s.area)
    need(area.rsi > 0, c.what, "no RSI troop in {a}.", a=s.area)
    if area.type == "city":
        need(controls(area, "axis"), c.what, "the Axis does not control {a}.", a=s.area)
    c.pay(2 if area.type == "city" else 1)
    area.loyalty = shift(area.loyalty, "coll")


def civic_revolt(c: Ctx, s: Step) -> None:
    """§6.2.4: toward Resistance where a hidden CLN brigade is, 1 per area; no brigade flips."""
    from .board import shift

    area = c.state.area(s.area)
    need(area.cln_brigades[0] > 0, c.what, "no hidden CLN brigade in {a}.", a=s.area)
    c.pay(1)
    area.loyalty = shift(area.loyalty, "res")
