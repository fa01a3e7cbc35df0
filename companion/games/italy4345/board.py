"""What the board says: control (A-9), loyalty steps (§4, X-1), reserves and the pieces' totals (§2.5),
revealing and hiding brigades, and the loss priorities."""

from __future__ import annotations

from .edition import Edition
from .errors import Sentence, refuse
from .model import NAMES, Area, State

PIECE_WORDS = {  # the box's pieces as a sentence names them (edition.PIECES)
    "aa": Sentence("Anglo-American troops"),
    "ger": Sentence("German troops"),
    "rsi": Sentence("RSI troops"),
    "aut_troops": Sentence("Autonomous troops"),
    "aut_brigades": Sentence("Autonomous brigades"),
    "aut_bases": Sentence("Autonomous bases"),
    "cln_brigades": Sentence("CLN brigades"),
}
LOYALTY_WORDS = {
    "res": Sentence("Resistance"),
    "neutral": Sentence("Neutral"),
    "coll": Sentence("Collaborationist"),
}
TARGETS = {  # what an Axis operation eliminates (§7.1, §7.2)
    "cln": Sentence("a CLN brigade"),
    "aut": Sentence("an Autonomous brigade"),
    "base": Sentence("a base"),
    "res": Sentence("the Resistance token"),
}

ORDER = ("res", "neutral", "coll")  # "Resistance <-> Neutral <-> Collaborationism"
RESERVE_OF = {"aa": "aa", "ger": "ger", "rsi": "rsi", "aut_troops": "aut_troops", "bases": "aut_bases"}


def shift(loyalty: str, toward: str) -> str:
    """One step along Resistance <-> Neutral <-> Collaborationism toward `toward` (X-1)."""
    here, there = ORDER.index(loyalty), ORDER.index(toward)
    return ORDER[here + (there > here) - (there < here)]


def faction_pieces(area: Area, side: str) -> int:
    """Pieces of a faction, or of the joint Axis ("axis") or rebels ("rebels")."""
    counts = {
        "aa": area.aa,
        "ger": area.ger,
        "rsi": area.rsi,
        "aut": area.aut(),
        "cln": sum(area.cln_brigades),
        "axis": area.axis(),
        "rebels": area.aut() + sum(area.cln_brigades),
    }
    return counts[side]


def controls(area: Area, side: str) -> bool:
    """Absolute majority of every piece in the area (A-9)."""
    return 2 * faction_pieces(area, side) > area.pieces()


def aut_controls(area: Area) -> bool:
    """Autonomous control, a liberated city with an Autonomous cube included (§6.2.3, A-10)."""
    return controls(area, "aut") or (area.type == "city" and area.liberated and area.aut_troops > 0)


def on_map(state: State, kind: str) -> int:
    """How many pieces of one kind (rules.toml's `pieces` names) stand on the map."""
    if kind in ("aut_brigades", "cln_brigades"):
        return sum(sum(getattr(a, kind)) for a in state.areas.values())
    attribute = "bases" if kind == "aut_bases" else kind
    return sum(getattr(a, attribute) for a in state.areas.values())


def reserve(state: State, edition: Edition, kind: str) -> int:
    return edition.rules.pieces[kind] - on_map(state, kind)


def check_totals(state: State, edition: Edition) -> None:
    """No count above its piece total, none negative, at most one base per area (§2.5, A-60)."""
    for kind, total in edition.rules.pieces.items():
        if on_map(state, kind) > total:
            raise refuse(
                "Only {total} {kind} exist in the box.", total=total, kind=PIECE_WORDS.get(kind, kind)
            )
    for area_id, area in state.areas.items():
        counts = [
            area.aa,
            area.ger,
            area.rsi,
            area.aut_troops,
            area.bases,
            *area.aut_brigades,
            *area.cln_brigades,
        ]
        if min(counts) < 0 or area.bases > 1:
            raise refuse("{area} cannot hold that: no count below 0, never two bases.", area=area_id)


def spend(state: State, faction: str, amount: int, what: str) -> None:
    """Pay for an action; refused, in one sentence, when the faction lacks the resources (A-32)."""
    have = state.resources[faction]
    if amount > have:
        raise refuse(
            "{what} refused: it costs {cost} resources; {faction} has {have}.",
            what=Sentence(what),
            cost=amount,
            faction=NAMES[faction],
            have=have,
        )
    state.resources[faction] = have - amount


def gain(state: State, faction: str, amount: int) -> None:
    """Resources gained or lost; a loss stops at 0 (A-32)."""
    state.resources[faction] = max(0, state.resources[faction] + amount)


def reveal(area: Area, count: int, first: str = "cln") -> int:
    """Turn up to `count` hidden brigades visible, `first`'s before the other's; how many turned."""
    turned = 0
    for kind in (f"{first}_brigades", "aut_brigades" if first == "cln" else "cln_brigades"):
        brigades = getattr(area, kind)
        moved = min(count - turned, brigades[0])
        brigades[0] -= moved
        brigades[1] += moved
        turned += moved
    return turned


def reveal_all(area: Area) -> None:
    for brigades in (area.aut_brigades, area.cln_brigades):
        brigades[1] += brigades[0]
        brigades[0] = 0


def remove_brigade(brigades: list[int], visible_first: bool = True) -> None:
    """One brigade off (visible ones first unless said otherwise)."""
    side = 1 if (visible_first and brigades[1]) or not brigades[0] else 0
    if brigades[side] <= 0:
        raise ValueError("no brigade to remove")
    brigades[side] -= 1


def remove_axis_troops(area: Area, count: int, round_robin: bool = False) -> list[str]:
    """Axis troops removed, RSI first: all RSI before any German (§7.3, §7.4 "priority"), or the
    offensive's sequence RSI, German, repeated (§6.2.1 C). Returns which went, in order."""
    gone: list[str] = []
    turn = 0
    while len(gone) < count and area.axis() > 0:
        if round_robin:
            kind = ("rsi", "ger")[turn % 2]
            turn += 1
            if getattr(area, kind) == 0:
                continue
        else:
            kind = "rsi" if area.rsi else "ger"
        setattr(area, kind, getattr(area, kind) - 1)
        gone.append(kind)
    return gone


def arrival(area: Area, kind: str, count: int, hidden: bool) -> None:
    """Brigades arriving: collaborationism shows them whatever else the area is (A-37)."""
    brigades = getattr(area, kind)
    brigades[0 if hidden and area.loyalty != "coll" else 1] += count
