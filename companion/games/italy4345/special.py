"""Special activities (§8), and the logistic lines they trace."""

from __future__ import annotations

from .actions import Step
from .board import PIECE_WORDS, aut_controls, controls, gain, reveal, shift
from .context import Ctx, move_troops, need
from .ops_rebels import march


def police(c: Ctx, s: Step) -> None:
    """§8.1 (A-50): in the city and its neighbours, hidden brigades shown up to their Axis cubes; each
    `pick` names the area of one brigade to show; 1 per city."""
    need(c.state.area(s.area).type == "city", c.what, "{a} is not a city.", a=s.area)
    board = c.edition.board
    around = {s.area, *(board.neighbours[s.area] if board else s.pick)}
    need(set(s.pick) <= around, c.what, "brigades are shown in {a} and next to it only.", a=s.area)
    cubes = sum(c.state.area(a).axis() for a in around)
    need(len(s.pick) <= cubes, c.what, "{n} Axis cubes show {n} brigades at most.", n=cubes)
    c.pay(1)
    for area_id in s.pick:
        need(reveal(c.state.area(area_id), 1) == 1, c.what, "no hidden brigade in {a}.", a=area_id)


def seizure(c: Ctx, s: Step) -> None:
    """§8.1: one city with RSI control and Collaborationism: its production, free."""
    area = c.state.area(s.area)
    need(
        area.type == "city" and controls(area, "rsi") and area.loyalty == "coll",
        c.what,
        "{a} must be a Collaborationist city RSI controls.",
        a=s.area,
    )
    gain(c.state, "rsi", c.production(s.area))


def punitive(c: Ctx, s: Step) -> None:
    """§8.1 (A-51): in a single city for 1, RSI troops to adjacent areas."""
    need(c.state.area(s.area).type == "city", c.what, "{a} is not a city.", a=s.area)
    if not c.once:
        c.once = True
        c.pay(1)
        c.paid.add(f"city:{s.area}")
    need(f"city:{s.area}" in c.paid, c.what, "a single city only.")
    need(c.state.area(s.area).rsi >= s.n, c.what, "{a} has fewer than {n} RSI troops.", a=s.area, n=s.n)
    c.near(s.area, s.to)
    move_troops(c.state.area(s.area), c.state.area(s.to), "rsi", s.n)


def open_for_convoy(c: Ctx, area_id: str) -> bool:
    area = c.state.area(area_id)
    return not area.sabotage and area.disk != "bombed" and not (area.type == "city" and aut_controls(area))


def connected(c: Ctx, start: str, end: str) -> bool:
    """A path along logistic lines from start to end, every area after the start open (A-47); without
    the map it is taken on trust."""
    board = c.edition.board
    if board is None:
        return True
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for line in board.lines:
            if here in line:
                (there,) = line - {here}
                if there not in seen and open_for_convoy(c, there):
                    if there == end:
                        return True
                    seen.add(there)
                    todo.append(there)
    return False


def convoys(c: Ctx, s: Step) -> None:
    """§8.2: for 2, German troops from `area` along the path `pick` (areas in order, the last the
    arrival): no area twice, none but the arrival sabotaged, bombed or an Autonomous city."""
    need(
        bool(s.pick),
        c.what,
        "its path is missing: tap Pick areas, then each area of the path in order, the arrival last.",
    )
    need(s.area not in s.pick, c.what, "the path starts in {a}: tap only the areas after it.", a=s.area)
    twice = [a for a in s.pick if s.pick.count(a) > 1]
    need(
        not twice,
        c.what,
        "the path passes {a} twice; no area may be passed twice.",
        a=twice[0] if twice else "",
    )
    board = c.edition.board
    if board is not None:
        path = [s.area, *s.pick]
        need(board.on_line(s.area), c.what, "{a} has no logistic line.", a=s.area)
        for a, b in zip(path, path[1:], strict=False):
            need(frozenset((a, b)) in board.lines, c.what, "no logistic line joins {a} and {b}.", a=a, b=b)
        for a in s.pick[:-1]:
            need(
                open_for_convoy(c, a),
                c.what,
                "{a} (sabotaged, bombed or an Autonomous city) stops a convoy: it can only be the arrival.",
                a=a,
            )
    c.pay(2)
    need(c.state.area(s.area).ger >= s.n, c.what, "{a} has fewer than {n} German troops.", a=s.area, n=s.n)
    move_troops(c.state.area(s.area), c.state.area(s.pick[-1]), "ger", s.n)
    arrival = c.state.area(s.pick[-1])
    reveal(arrival, arrival.axis())


def repairs(c: Ctx, s: Step, by: str = "ger") -> None:
    """§8.2, §6.2.4: an Axis-controlled area with German troops (RSI presence for RSI's civic Repairs,
    which also moves loyalty toward Collaborationism, A-46): a sabotage token off or the disk intact; 2."""
    area = c.state.area(s.area)
    need(
        controls(area, "axis") and getattr(area, by) > 0,
        c.what,
        "{a} must be Axis-controlled with {f}.",
        a=s.area,
        f=PIECE_WORDS[by],
    )
    need(area.sabotage or area.disk == "bombed", c.what, "{a} has nothing to repair.", a=s.area)
    c.pay(2)
    if area.sabotage:
        area.sabotage = False
    else:
        area.disk = "intact"
    if by == "rsi":
        area.loyalty = shift(area.loyalty, "coll")


def counteroffensive(c: Ctx, s: Step) -> None:
    """§8.2 (A-54): for 4, an Anglo-American troop on the front (a liberated area next to the front)."""
    area = c.state.area(s.area)
    need(
        area.aa > 0 and area.liberated,
        c.what,
        "{a} must be a liberated area with Anglo-American troops.",
        a=s.area,
    )
    board = c.edition.board
    if board is not None:
        near_front = any(
            not c.state.area(n).liberated and board.types[n] != "special" for n in board.neighbours[s.area]
        )
        need(near_front, c.what, "{a} is not on the front.", a=s.area)
    c.pay(4)
    area.aa -= 1


def expropriation(c: Ctx, s: Step) -> None:
    """§8.3 (A-52): with CLN presence, a CLN brigade off for 2, or (pick "neutral") Resistance to Neutral
    for 2."""
    area = c.state.area(s.area)
    need(sum(area.cln_brigades) > 0, c.what, "no CLN brigade in {a}.", a=s.area)
    if s.pick[:1] == ("neutral",):
        need(area.loyalty == "res", c.what, "{a} is not at Resistance.", a=s.area)
        area.loyalty = "neutral"
    else:
        area.cln_brigades[1 if area.cln_brigades[1] else 0] -= 1
    gain(c.state, "cln", 2)


def sabotage(c: Ctx, s: Step) -> None:
    """§8.3 (A-53): a Resistance area with hidden CLN brigades, for 1: a sabotage token (or the city disk
    red), loyalty toward Collaborationism, one brigade shown. Then 2 off one Axis faction."""
    area = c.state.area(s.area)
    need(
        area.loyalty == "res" and area.cln_brigades[0] > 0,
        c.what,
        "{a} must be at Resistance with a hidden CLN brigade.",
        a=s.area,
    )
    c.pay(1)
    if area.type == "city":
        area.disk = "bombed"
    else:
        board = c.edition.board
        need(board is None or board.on_line(s.area), c.what, "{a} has no sabotage circle.", a=s.area)
        area.sabotage = True
    area.loyalty = shift(area.loyalty, "coll")
    reveal(area, 1, "cln")


def sabotage_penalty(c: Ctx, target: str, areas: int) -> None:
    need(target in ("ger", "rsi"), c.what, "name the Axis faction that loses 2 resources.")
    times = areas if c.edition.rules.switches["sabotage_penalty"] == "per_area" else 1
    gain(c.state, target, -2 * times)


def clandestinity(c: Ctx, s: Step) -> None:
    """§8.3: for 1, in one area, every CLN brigade hidden."""
    area = c.state.area(s.area)
    c.pay(1)
    area.cln_brigades[0] += area.cln_brigades[1]
    area.cln_brigades[1] = 0


def confiscation(c: Ctx, s: Step) -> None:
    """§8.4: in a controlled city show k hidden Autonomous brigades for k (k at most its production); in
    a controlled base area show one for 1."""
    area = c.state.area(s.area)
    need(controls(area, "aut"), c.what, "the Autonomous faction does not control {a}.", a=s.area)
    if area.type == "city":
        cap = min(area.aut_brigades[0], c.production(s.area))
        need(0 < s.n <= cap, c.what, "{a}: from 1 to {cap} brigades.", a=s.area, cap=cap)
        shown = s.n
    else:
        need(
            area.bases > 0 and area.aut_brigades[0] > 0,
            c.what,
            "{a} needs a base and a hidden brigade.",
            a=s.area,
        )
        shown = 1
    area.aut_brigades[0] -= shown
    area.aut_brigades[1] += shown
    gain(c.state, "aut", shown)


def forced_march(c: Ctx, s: Step) -> None:
    """§8.4: the brigades of one area move one area further, free."""
    march(c, s, forced=True)


def ambush(c: Ctx, s: Step) -> None:
    """§8.4 (A-40): resolved inside the Clash of its area, before the die (see ops_rebels.clash)."""
    c.ambush = s.area
