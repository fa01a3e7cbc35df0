"""The rebels' operations: CLN (§7.3) and the Autonomous faction (§7.4)."""

from __future__ import annotations

from .actions import Step
from .board import controls, remove_axis_troops, reserve, reveal, reveal_all, shift
from .context import Ctx, move_brigades, need
from .errors import plural


def enlist(c: Ctx, s: Step) -> None:
    """§7.3: one hidden CLN brigade in an area at Resistance not controlled by the Axis; 1 each."""
    area = c.state.area(s.area)
    need(
        area.loyalty == "res" and not controls(area, "axis"),
        c.what,
        "{a} must be at Resistance and not controlled by the Axis.",
        a=s.area,
    )
    need(reserve(c.state, c.edition, "cln_brigades") > 0, c.what, "no CLN brigade is left in the reserve.")
    c.pay(1)
    area.cln_brigades[0 if area.loyalty != "coll" else 1] += 1


def revolt(c: Ctx, s: Step) -> None:
    """§7.3: show one hidden CLN brigade and move loyalty toward Resistance; 1 per area."""
    area = c.state.area(s.area)
    need(area.cln_brigades[0] > 0, c.what, "no hidden CLN brigade in {a}.", a=s.area)
    c.pay(1)
    reveal(area, 1, "cln")
    area.loyalty = shift(area.loyalty, "res")


def move(c: Ctx, s: Step) -> None:
    """§7.3 (A-55): brigades to an adjacent area, free, each once; hidden at Resistance or in the
    mountains, visible at Collaborationism."""
    source, target = c.state.area(s.area), c.state.area(s.to)
    free = sum(source.cln_brigades) - c.arrived.get(s.area, 0)
    need(0 < s.n <= free, c.what, "{a} has {k} CLN brigades that have not moved.", a=s.area, k=free)
    c.near(s.area, s.to)
    hidden = True if target.loyalty == "res" or target.type == "mountain" else None
    move_brigades(source, target, "cln_brigades", s.n, hidden)
    c.arrived[s.to] = c.arrived.get(s.to, 0) + s.n


def shooting(c: Ctx, s: Step) -> None:
    """§7.3 (A-56): show 1 or 2 hidden CLN brigades for 1 each; as many Axis troops go, RSI first."""
    area = c.state.area(s.area)
    need(
        s.n in (1, 2) and area.cln_brigades[0] >= s.n,
        c.what,
        "show 1 or 2 of {a}'s {k} hidden CLN brigades.",
        a=s.area,
        k=area.cln_brigades[0],
    )
    c.pay(s.n)
    reveal(area, s.n, "cln")
    gone = remove_axis_troops(area, s.n)
    c.say("{a}: {n} Axis troops eliminated.", a=s.area, n=len(gone))


def gathering(c: Ctx, s: Step) -> None:
    """§7.4 (A-42): one Autonomous brigade in a controlled city or controlled base area for 1; in one
    base area, the base may become a brigade free (pick "swap")."""
    area = c.state.area(s.area)
    need(
        controls(area, "aut") and (area.type == "city" or area.bases > 0),
        c.what,
        "{a} must be a city or base area the Autonomous faction controls.",
        a=s.area,
    )
    if s.pick[:1] == ("swap",):
        need(not c.once and area.bases > 0, c.what, "one base only may become a brigade.")
        c.once = True
        area.bases -= 1
    else:
        need(reserve(c.state, c.edition, "aut_brigades") > 0, c.what, "no Autonomous brigade is left.")
        c.pay(1)
    area.aut_brigades[0 if area.loyalty != "coll" else 1] += 1


def liberation(c: Ctx, s: Step, civic: bool = False) -> None:
    """§7.4 and §6.2.4 (A-41): loyalty Neutral, brigades shown (not in the civic action); n = 1 turns a
    brigade into a base for 1, never a second base."""
    area = c.state.area(s.area)
    need(controls(area, "aut"), c.what, "the Autonomous faction does not control {a}.", a=s.area)
    area.loyalty = "neutral"
    if not civic:
        reveal_all(area)
    if s.n:
        need(
            area.bases == 0 and sum(area.aut_brigades) > 0,
            c.what,
            "{a} needs a brigade and no base.",
            a=s.area,
        )
        need(reserve(c.state, c.edition, "aut_bases") > 0, c.what, "no base is left in the reserve.")
        c.pay(1)
        area.aut_brigades[1 if area.aut_brigades[1] else 0] -= 1
        area.bases = 1


def march(c: Ctx, s: Step, forced: bool = False) -> None:
    """§7.4: 1 per source area; hidden at a mountain or base, visible at Collaborationism (A-37)."""
    source, target = c.state.area(s.area), c.state.area(s.to)
    need(source.aut() > 0, c.what, "no Autonomous piece in {a}.", a=s.area)
    free = sum(source.aut_brigades) - (0 if forced else c.arrived.get(s.area, 0))
    need(0 < s.n <= free, c.what, "{a} has {k} Autonomous brigades free to move.", a=s.area, k=free)
    c.near(s.area, s.to)
    if not forced:
        c.pay_once(s.area, 1)
    hidden = True if target.type == "mountain" or target.bases else None
    move_brigades(source, target, "aut_brigades", s.n, hidden)
    c.arrived[s.to] = c.arrived.get(s.to, 0) + s.n


def clash(c: Ctx, s: Step) -> None:
    """§7.4 (A-38, A-39, A-40): 1 per area; Ambush first if there; all brigades shown; one die: at most
    the brigades present removes up to two Axis troops (n, if fewer wanted), RSI first."""
    area = c.state.area(s.area)
    c.pay(1)
    if c.ambush == s.area:
        need(area.aut_brigades[0] > 0, "Ambush", "no hidden Autonomous brigade in {a}.", a=s.area)
        gone = remove_axis_troops(area, 1)
        c.say("Ambush in {a}: {n} Axis troop eliminated.", a=s.area, n=len(gone))
    reveal_all(area)
    brigades = area.brigades()
    die = c.roll()
    if die > brigades:
        c.events.append(
            plural(
                brigades,
                "Clash in {a}: rolled {d}, more than the {count} brigade: a miss, nothing changes (§7.4).",
                "Clash in {a}: rolled {d}, more than the {count} brigades: a miss, nothing changes (§7.4).",
                a=s.area,
                d=die,
            )
        )
        return
    gone = remove_axis_troops(area, min(s.n if s.n else 2, 2, brigades))
    c.events.append(
        plural(
            brigades,
            "Clash in {a}: rolled {d}, not more than the {count} brigade: a hit, "
            "{n} Axis troops eliminated, RSI first (§7.4).",
            "Clash in {a}: rolled {d}, not more than the {count} brigades: a hit, "
            "{n} Axis troops eliminated, RSI first (§7.4).",
            a=s.area,
            d=die,
            n=len(gone),
        )
    )
