"""The Axis factions' operations: RSI (§7.1) and Germany (§7.2, §7.2.1)."""

from __future__ import annotations

from .actions import Step
from .board import LOYALTY_WORDS, TARGETS, controls, gain, reserve, reveal, shift
from .context import Ctx, move_troops, need
from .model import NAMES


def conscription(c: Ctx, s: Step) -> None:
    """§7.1: a city controlled by the Axis; one troop, or up to its production at Collaborationism (A-43)."""
    area = c.state.area(s.area)
    need(
        area.type == "city" and controls(area, "axis"),
        c.what,
        "{a} is not a city the Axis controls.",
        a=s.area,
    )
    need(s.n >= 1, c.what, "say how many troops to recruit in {a}.", a=s.area)
    if area.loyalty != "coll":
        need(s.n == 1, c.what, "{a} is not Collaborationist: one troop at most.", a=s.area)
    else:
        cap = c.production(s.area)
        need(s.n <= cap, c.what, "never more troops than {a}'s production ({cap}).", a=s.area, cap=cap)
    need(s.n <= reserve(c.state, c.edition, "rsi"), c.what, "the RSI reserve has too few troops.")
    c.pay(s.n)
    area.rsi += s.n
    c.say("{a}: +{n} RSI troops.", a=s.area, n=s.n)


def propaganda(c: Ctx, s: Step) -> None:
    """§7.1: a non-city area with RSI presence for 1, a city with RSI control for 2; toward Coll."""
    area = c.state.area(s.area)
    if area.type == "city":
        need(controls(area, "rsi"), c.what, "RSI does not control {a}.", a=s.area)
        c.pay(2)
    else:
        need(area.rsi > 0, c.what, "no RSI troop in {a}.", a=s.area)
        c.pay(1)
    area.loyalty = shift(area.loyalty, "coll")
    c.say("{a}: loyalty {l}.", a=s.area, l=LOYALTY_WORDS[area.loyalty])


def mobilize(c: Ctx, s: Step) -> None:
    """§7.1: RSI troops to an adjacent area (or in place); 1 per destination; reveals at the end."""
    _march(c, s, "rsi")


def deploy(c: Ctx, s: Step) -> None:
    """§7.2, §7.2.1: German troops up to two areas away through a city or countryside area (A-49)."""
    _march(c, s, "ger")


def _march(c: Ctx, s: Step, kind: str) -> None:
    target = s.to or s.area
    source = c.state.area(s.area)
    need(getattr(source, kind) >= s.n, c.what, "{a} has fewer than {n} such troops.", a=s.area, n=s.n)
    if target != s.area:
        _reach(c, s, kind)
    c.pay_once(target, 1)
    move_troops(source, c.state.area(target), kind, s.n)
    if target not in c.destinations:
        c.destinations.append(target)


def _reach(c: Ctx, s: Step, kind: str) -> None:
    board = c.edition.board
    if board is None or board.adjacent(s.area, s.to):
        return
    via = [m for m in board.neighbours[s.area] if board.types[m] in ("city", "countryside")]
    need(
        kind == "ger" and any(board.adjacent(m, s.to) for m in via),
        c.what,
        "{b} is out of reach of {a}.",
        a=s.area,
        b=s.to,
    )


def reveal_arrivals(c: Ctx) -> None:
    """At the end of the movement: hidden brigades shown, up to the Axis troops there (§7.1, §7.2.1)."""
    for target in c.destinations:
        area = c.state.area(target)
        shown = reveal(area, area.axis())
        if shown:
            c.say("{a}: {n} brigades revealed.", a=target, n=shown)


def assault(c: Ctx, s: Step) -> None:
    """§7.1 (A-44, A-61): eliminate up to the Axis troops' number of chosen pieces; +1 per Resistance
    token."""
    area = c.state.area(s.area)
    need(area.rsi > 0, c.what, "no RSI troop in {a}.", a=s.area)
    per_resource = c.edition.rules.switches["assault_cost"] == "per_resource"
    paid = max(1, s.n) if per_resource else 1
    c.pay(paid)
    need(
        len(s.pick) <= area.axis() * paid,
        c.what,
        "{a} has {n} Axis troops: that many pieces at most.",
        a=s.area,
        n=area.axis() * paid,
    )
    for piece in s.pick:
        eliminate(c, s.area, piece, token=True)


def eliminate(c: Ctx, area_id: str, piece: str, token: bool = False) -> None:
    """One visible brigade, a base (the area's last Autonomous piece) or a Resistance token (no CLN
    brigade left in the area); the token earns RSI 1 (§7.1)."""
    area = c.state.area(area_id)
    if piece in ("cln", "aut"):
        brigades = getattr(area, f"{piece}_brigades")
        need(brigades[1] > 0, c.what, "no visible {p} brigade in {a}.", p=NAMES[piece], a=area_id)
        brigades[1] -= 1
    elif piece == "base":
        others = area.aut_troops + sum(area.aut_brigades)
        need(
            area.bases > 0 and others == 0,
            c.what,
            "a base goes only as the last Autonomous piece in {a}.",
            a=area_id,
        )
        area.bases -= 1
    elif piece == "res" and token:
        need(
            area.loyalty == "res" and sum(area.cln_brigades) == 0,
            c.what,
            "the Resistance token in {a} goes only when no CLN brigade is left.",
            a=area_id,
        )
        area.loyalty = "neutral"
        gain(c.state, "rsi", 1)
    else:
        need(False, c.what, "{p} cannot be eliminated so.", p=TARGETS.get(piece, piece))
    c.say("{a}: {p} eliminated.", a=area_id, p=TARGETS[piece])


def reinforce(c: Ctx, s: Step) -> None:
    """§7.2: troops placed in Bozen for 1 each; then one connected German city toward Resistance for its
    production (A-47)."""
    if s.area == "bozen":
        need(s.n <= reserve(c.state, c.edition, "ger"), c.what, "the German reserve has too few troops.")
        c.pay(s.n)
        c.state.area("bozen").ger += s.n
        c.say("Bozen: +{n} German troops.", n=s.n)
        return
    need(not c.once, c.what, "the second part concerns one city only.")
    c.once = True
    area = c.state.area(s.area)
    need(area.type == "city" and controls(area, "ger"), c.what, "Germany does not control {a}.", a=s.area)
    from .special import connected  # the logistic path's checks live with Convoys

    need(connected(c, "bozen", s.area), c.what, "{a} is not connected to Bozen by logistic lines.", a=s.area)
    area.loyalty = shift(area.loyalty, "res")
    gain(c.state, "ger", c.production(s.area))


def retaliate(c: Ctx, s: Step) -> None:
    """§7.2 (A-48): brigades up to the Axis cubes, shown, moved to one adjacent area; loyalty Neutral."""
    area = c.state.area(s.area)
    need(area.ger > 0, c.what, "no German troop in {a}.", a=s.area)
    need(
        s.n == min(area.axis(), area.brigades()),
        c.what,
        "{a}: exactly {n} brigades move.",
        a=s.area,
        n=min(area.axis(), area.brigades()),
    )
    c.pay(1)
    if s.n:
        c.near(s.area, s.to)
        target = c.state.area(s.to)
        left = s.n
        for kind in _kinds(s.pick):
            brigades = getattr(area, kind)
            for side in (0, 1):
                moved = min(left, brigades[side])
                brigades[side] -= moved
                getattr(target, kind)[1] += moved
                left -= moved
    area.loyalty = "neutral"


def _kinds(pick: tuple[str, ...]) -> tuple[str, str]:
    return ("aut_brigades", "cln_brigades") if pick[:1] == ("aut",) else ("cln_brigades", "aut_brigades")


def attack(c: Ctx, s: Step) -> None:
    """§7.2 (A-57): reveal one brigade, then eliminate up to the Axis troops' number of visible brigades
    and bases (a base only as the area's last Autonomous piece)."""
    area = c.state.area(s.area)
    need(area.ger > 0, c.what, "no German troop in {a}.", a=s.area)
    c.pay(1)
    reveal(area, 1, "aut" if s.to == "aut" else "cln")
    need(
        len(s.pick) <= area.axis(),
        c.what,
        "{a} has {n} Axis troops: that many pieces at most.",
        a=s.area,
        n=area.axis(),
    )
    for piece in s.pick:
        need(piece != "res", c.what, "Attack eliminates brigades and bases only.")
        eliminate(c, s.area, piece)
