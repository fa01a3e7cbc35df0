"""The offensive on the board (§6.2.1): A assault, B battles, C losses, D withdrawal, E pockets, F the
repetitions, then the clean-up and the redistribution. With the owner's map (L2) the companion deals the
Anglo-American troops, orders the battles and finds the pockets; without it, the table enters them."""

from __future__ import annotations

from .actions import Assault, Battle, EndRound, Redistribute
from .battle import Forces, Result, fight
from .board import gain, remove_brigade, reserve
from .context import need
from .edition import Edition
from .errors import Sentence, listed, plural, refuse
from .facts import terrain
from .model import Area, Offensive, State

Events = list[Sentence]
TROOPS = ("aa", "aut_troops")


def current(state: State, step: str) -> Offensive:
    off = state.offensive
    if state.step != "offensive" or off is None or off.step != step:
        raise refuse("The offensive is not at step {step} now.", step=step)
    return off


def assault(state: State, edition: Edition, action: Assault) -> Events:
    """Step A: the table's moves; with the map the Anglo-American troops are dealt round-robin over each
    source's non-liberated neighbours, clockwise from due west, sources south-west first (A-26, A-27)."""
    off = current(state, "A")
    board = edition.board
    if board is not None:
        need(
            all(m[2] == 0 for m in action.moves), "Assault", "the companion deals the Anglo-American troops."
        )
        off.front = deal(state, edition)
    for source, target, aa, aut in action.moves:
        _move(state, source, target, aa, aut)
        if target not in off.front:
            off.front.append(target)
    garrison(state)
    off.step = "B"
    return [Sentence("Assault: troops in {areas}.", areas=listed(off.front, Sentence("no area")))]


def deal(state: State, edition: Edition) -> list[str]:
    board = edition.board
    assert board is not None
    specials = [a for a, t in board.types.items() if t == "special"]
    sources = [a for a in [*specials, *board.south_west_to_north_east] if state.area(a).aa]
    reached: list[str] = []
    for source in sources:
        targets = [
            n for n in board.neighbours[source] if not state.area(n).liberated and board.types[n] != "special"
        ]
        troops = state.area(source).aa
        if not targets:
            continue  # nowhere to go: the troops stay
        state.area(source).aa = 0
        for i in range(troops):
            target = targets[i % len(targets)]
            state.area(target).aa += 1
            if target not in reached:
                reached.append(target)
    return reached


def _move(state: State, source: str, target: str, aa: int, aut: int) -> None:
    here, there = state.area(source), state.area(target)
    if min(aa, aut) < 0 or here.aa < aa or here.aut_troops < aut:
        raise refuse(
            "{a} has not {n} Anglo-American and {m} Autonomous troops to move.", a=source, n=aa, m=aut
        )
    here.aa, there.aa = here.aa - aa, there.aa + aa
    here.aut_troops, there.aut_troops = here.aut_troops - aut, there.aut_troops + aut


def garrison(state: State) -> None:
    """A-28: no liberated city left without an Autonomous troop while a troop could garrison it."""
    cities = [a for a in state.areas.values() if a.liberated and a.type == "city"]
    empty = [a for a in cities if a.aut_troops == 0]
    spare = sum(a.aut_troops for a in state.areas.values()) - sum(1 for a in cities if a.aut_troops)
    if empty and spare > 0:
        raise refuse("A liberated city is left without an Autonomous troop while one could garrison it.")


def battle(state: State, edition: Edition, action: Battle) -> Events:
    """Steps B to D in one area: values, losses in priority order, the loser's withdrawal."""
    off = current(state, "B")
    area_id, result = outcome(state, edition, action)
    area = state.area(area_id)
    take_losses(area, result)
    off.fought.append(area_id)
    events = [
        Sentence(
            "{a}: {x} against {y}; {side} lose {n}, the other side {m}.",
            a=area_id,
            x=result.allied_value,
            y=result.axis_value,
            side=Sentence("Anglo-Americans") if result.loser == "allied" else Sentence("Axis"),
            n=len(result.allied_losses if result.loser == "allied" else result.axis_losses),
            m=len(result.axis_losses if result.loser == "allied" else result.allied_losses),
        )
    ]
    events += withdraw(state, edition, area_id, result, action.to)
    if area.aa > 0 and area.axis() == 0 and not result.tie:
        area.liberated = True
        events.append(Sentence("{a} is liberated.", a=area_id))
    return events


def outcome(state: State, edition: Edition, action: Battle) -> tuple[str, Result]:
    """The area a Battle decision fights in, played on `state`, and its values and losses (the ticket
    reads them too)."""
    area_id = action.area or next_battle(state, edition)
    need(area_id != "", "Battle", "no front area holds both sides.")
    area = state.area(area_id)
    fought = state.offensive.fought if state.offensive else []
    need(area_id not in fought, "Battle", "{a} has fought this round.", a=area_id)
    need(
        area.aa + area.aut_troops > 0 and area.axis() > 0,
        "Battle",
        "{a} does not hold both sides.",
        a=area_id,
    )
    rules = edition.rules
    result = fight(
        forces(area, terrain(state, area_id)),
        action.aut_losses,
        rules.city_bonus,
        rules.mountain_bonus,
        rules.switches["winner_loss_from"],
    )
    return area_id, result


def forces(area: Area, kind: str) -> Forces:
    return Forces(
        area.aa, area.aut_troops, sum(area.cln_brigades), sum(area.aut_brigades), area.ger, area.rsi, kind
    )


def next_battle(state: State, edition: Edition) -> str:
    """With the map: the next front area, north-east first (A-26, A-29), that holds both sides."""
    off = state.offensive
    if edition.board is None or off is None:
        return ""
    for area_id in reversed(edition.board.south_west_to_north_east):
        area = state.area(area_id)
        if area_id in off.front and area_id not in off.fought and area.aa + area.aut_troops and area.axis():
            return area_id
    return ""


def take_losses(area: Area, result: Result) -> None:
    for piece in (*result.allied_losses, *result.axis_losses):
        if piece in ("cln", "aut_brigades"):
            remove_brigade(area.cln_brigades if piece == "cln" else area.aut_brigades)
        else:
            setattr(area, piece, getattr(area, piece) - 1)


def withdraw(state: State, edition: Edition, area_id: str, result: Result, to: str) -> Events:
    """Step D (A-23, A-24): the loser's troops leave; brigades stay."""
    area = state.area(area_id)
    kinds = TROOPS if result.loser == "allied" else ("ger", "rsi")
    count = sum(getattr(area, k) for k in kinds)
    if count == 0:
        return []
    to = to or _default_retreat(state, edition, area_id, result.loser)
    if not to and result.loser == "axis" and edition.board is not None:  # the table confirms
        need(
            False,
            "Withdrawal",
            "the Axis troops of {a} have nowhere to withdraw: confirm that they go to the reserve (A-24).",
            a=area_id,
        )
    need(to != "", "Withdrawal", 'say where the troops of {a} withdraw (or "reserve").', a=area_id)
    if to == "reserve" and edition.board is not None:
        legal = _legal_retreats(state, edition, area_id, result.loser)
        need(
            not legal,
            "Withdrawal",
            "the troops of {a} can withdraw to {areas}; the reserve takes them only when there is nowhere "
            "(A-24).",
            a=area_id,
            areas=listed(legal),
        )
    if to != "reserve":
        _check_retreat(state, edition, area_id, to, result.loser)
        for kind in kinds:
            setattr(state.area(to), kind, getattr(state.area(to), kind) + getattr(area, kind))
    for kind in kinds:
        setattr(area, kind, 0)
    return [
        plural(
            count,
            "{count} troop withdraws from {a} to {b}.",
            "{count} troops withdraw from {a} to {b}.",
            a=area_id,
            b=to,
        )
    ]


def _legal_retreats(state: State, edition: Edition, area_id: str, loser: str) -> list[str]:
    board = edition.board
    assert board is not None
    return [n for n in board.neighbours[area_id] if _retreat_fault(state, n, loser) is None]


def _retreat_fault(state: State, target: str, loser: str) -> Sentence | None:
    area = state.area(target)
    if loser == "allied":
        return None if area.liberated else Sentence("must be a liberated area")
    enemy_troops = area.aa + area.aut_troops
    if area.type == "special" or area.liberated or 2 * enemy_troops > area.pieces():
        return Sentence("is held by the enemy's troops")  # brigades never block the Axis (§6.2.1 D)
    return None


def _default_retreat(state: State, edition: Edition, area_id: str, loser: str) -> str:
    if edition.board is None:
        return ""
    legal = _legal_retreats(state, edition, area_id, loser)
    return legal[0] if legal else ""


def _check_retreat(state: State, edition: Edition, area_id: str, to: str, loser: str) -> None:
    if edition.board is not None:
        need(
            edition.board.adjacent(area_id, to), "Withdrawal", "{b} is not adjacent to {a}.", a=area_id, b=to
        )
    fault = _retreat_fault(state, to, loser)
    need(fault is None, "Withdrawal", "{b} {fault}.", b=to, fault=fault or "")


def end_round(state: State, edition: Edition, action: EndRound) -> Events:
    """Steps E and F: pockets go to the reserve and are liberated; the table confirms any other area now
    south of the troops; then the next repetition, or the clean-up."""
    off = current(state, "B")
    waiting = next_battle(state, edition)
    need(
        waiting == "",
        "End of the round",
        "{a} holds both sides: its battle comes first (§6.2.1 B).",
        a=waiting,
    )
    pockets = list(action.pockets) + (find_pockets(state, edition) if edition.board is not None else [])
    for area_id in pockets:
        area = state.area(area_id)
        area.ger = area.rsi = 0
        area.liberated = True
    for area in state.areas.values():
        if area.aa and not area.axis() and area.type != "special":
            area.liberated = True  # §4: "with Anglo-American troops in it"
    for area_id in action.liberated:
        need(state.area(area_id).axis() == 0, "Liberation", "{a} still holds Axis troops.", a=area_id)
        state.area(area_id).liberated = True
    if off.round < off.power:
        off.round, off.step, off.front, off.fought = off.round + 1, "A", [], []
        return [Sentence("Round {r} of {p}.", r=off.round, p=off.power)]
    off.step = "cleanup"
    state.step = "redistribute"
    return cleanup(state, edition)


def find_pockets(state: State, edition: Edition) -> list[str]:
    board = edition.board
    assert board is not None
    return [
        a
        for a in board.south_west_to_north_east
        if not state.area(a).liberated
        and state.area(a).axis()
        and all(state.area(n).liberated for n in board.neighbours[a] if board.types[n] != "special")
    ]


def cleanup(state: State, edition: Edition) -> Events:
    """§6.2.1 after F: tokens to the CLN reserve, CLN brigades out (+1 each), Autonomous brigades become
    troops (A-30), bases out (+2 each)."""
    rules = edition.rules
    tokens = brigades = turned = bases = 0
    for area in state.areas.values():
        if not area.liberated:
            continue
        if area.loyalty == "res":
            area.loyalty, tokens = "neutral", tokens + 1
        brigades += sum(area.cln_brigades)
        area.cln_brigades = [0, 0]
        bases += area.bases
        area.bases = 0
        now = sum(area.aut_brigades)
        area.aut_brigades = [0, 0]
        made = min(now, reserve(state, edition, "aut_troops"))
        area.aut_troops += made
        turned += made
    state.cln_reserve_tokens += tokens
    gain(state, "cln", rules.cln_per_brigade * brigades)
    gain(state, "aut", rules.aut_per_base * bases)
    return [
        Sentence(
            "Clean-up: {t} tokens to the CLN reserve, {b} CLN brigades out, {a} brigades become "
            "troops, {s} bases out.",
            t=tokens,
            b=brigades,
            a=turned,
            s=bases,
        )
    ]


def redistribute(state: State, edition: Edition, action: Redistribute) -> Events:
    """R-67 (A-31): the troops moved along the front line, evenly; the pawn to a liberated area."""
    if state.step != "redistribute":
        raise refuse("The troops are redistributed after an offensive's clean-up.")
    for source, target, aa, aut in action.moves:
        need(
            state.area(source).liberated and state.area(target).liberated,
            "Redistribution",
            "troops move between liberated areas.",
        )
        _move(state, source, target, aa, aut)
    garrison(state)
    if edition.board is not None:
        line = front_line(state, edition)
        counts = [state.area(a).aa for a in line]
        placed = sum(counts) == sum(a.aa for a in state.areas.values())
        need(
            not line or (placed and max(counts) - min(counts) <= 1),  # no front left: nowhere to go
            "Redistribution",
            "the Anglo-American troops go evenly along the front line ({areas}).",
            areas=listed(line),
        )
    need(state.area(action.pawn).liberated, "Redistribution", "the pawn goes to a liberated area.")
    state.pawn = action.pawn
    state.step = "score"
    return [Sentence("Pawn in {a}.", a=action.pawn)]


def front_line(state: State, edition: Edition) -> list[str]:
    """The liberated areas next to a non-liberated playable area (A-31, A-54)."""
    board = edition.board
    assert board is not None
    return [
        a
        for a in board.types
        if state.area(a).liberated
        and any(not state.area(n).liberated and board.types[n] != "special" for n in board.neighbours[a])
    ]


def even_moves(state: State, edition: Edition) -> tuple[tuple[str, str, int, int], ...]:
    """A redistribution R-67 accepts (the Autonomous player may choose another): the liberated cities
    garrisoned, and with the map every Anglo-American troop on the front line, the counts differing by at
    most 1, fewest moves from the fullest areas."""
    line = front_line(state, edition) if edition.board is not None else []
    if not line:
        return tuple(garrison_moves(state))
    total = sum(a.aa for a in state.areas.values())
    share, extra = divmod(total, len(line))
    wanted = {a: share + (i < extra) for i, a in enumerate(line)}
    surplus = [
        (a, state.area(a).aa - wanted.get(a, 0)) for a in state.areas if state.area(a).aa > wanted.get(a, 0)
    ]
    moves = list(garrison_moves(state))
    for target, want in wanted.items():
        short = want - state.area(target).aa
        while short > 0:
            source, spare = surplus[0]
            moved = min(spare, short)
            moves.append((source, target, moved, 0))
            short -= moved
            surplus[0] = (source, spare - moved)
            if surplus[0][1] == 0:
                surplus.pop(0)
    return tuple(moves)


def garrison_moves(state: State) -> list[tuple[str, str, int, int]]:
    """One Autonomous troop into each liberated city without one, from where troops are spare (A-28)."""
    empty = [a for a, x in state.areas.items() if x.liberated and x.type == "city" and not x.aut_troops]
    spare = [
        (a, x.aut_troops - (1 if x.type == "city" and x.liberated else 0))
        for a, x in state.areas.items()
        if x.liberated and x.aut_troops
    ]
    pool = [a for a, n in spare for _ in range(max(0, n))]
    return [(source, city, 0, 1) for source, city in zip(pool, empty, strict=False)]
