"""§9.2 Alternative Set-up: each faction places its own starting situation, in the text's order, checked
against every count and placement the text gives (A-58): "different" areas are distinct, stacking is
allowed elsewhere, a loyalty token goes where no other is. The Anglo-Americans' placement has no choice."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Place
from .context import need
from .edition import Board, Edition
from .errors import Sentence, refuse
from .facts import terrain
from .model import NAMES, State

ORDER = ("ger", "rsi", "cln", "aut")  # §9.2, after the Anglo-Americans


def start(state: State) -> None:
    """'1 autonomous troop in the Southern Kingdom with 12 Anglo-American troops'; then Germany places."""
    rds = state.area("rds")
    rds.aa, rds.aut_troops = 12, 1
    state.placing, state.step = list(ORDER), "setup"


def place(state: State, edition: Edition, action: Place) -> list[Sentence]:
    if state.step != "setup" or not state.placing:
        raise refuse("The alternative set-up is over (or was not chosen).")
    faction = state.placing[0]
    board = edition.board
    for area in (*action.first, *action.second, *action.third):
        need(
            board is None or area in board.types,
            "Set-up",
            "{a} is not an area of your map (map.toml).",
            a=area,
        )
    if faction == "ger":
        _germany(state, action, board)
    else:
        {"rsi": _rsi, "cln": _cln, "aut": _autonomous}[faction](state, action)
    state.resources[faction] = edition.rules.alternative_resources[faction]
    state.placing.pop(0)
    if not state.placing:
        state.step = "reveal"
    return [Sentence("{f} is set up.", f=NAMES[faction])]


PARTS = {  # the parts of §9.2's set-up, as a refusal names them
    "German troops in cities": Sentence("German troops in cities"),
    "German troops on the front": Sentence("German troops on the front"),
    "Collaborationist countryside": Sentence("Collaborationist countryside"),
    "Collaborationist cities": Sentence("Collaborationist cities"),
    "RSI troops": Sentence("RSI troops"),
    "CLN brigades": Sentence("CLN brigades"),
    "Resistance tokens": Sentence("Resistance tokens"),
    "Autonomous brigades": Sentence("Autonomous brigades"),
}
KINDS = {
    "city": Sentence("a city"),
    "countryside": Sentence("a countryside area"),
    "mountain": Sentence("a mountain area"),
    "ndh": Sentence("NDH"),
    "france": Sentence("France"),
}


def _either(kinds: Sequence[str]) -> object:
    words = [KINDS[k] for k in kinds]
    return words[0] if len(words) == 1 else Sentence("{a} or {b}", a=words[0], b=words[1])


def _count(areas: Sequence[str], n: int, what: str, distinct: bool) -> None:
    need(len(areas) == n, "Set-up", "{part}: {n} areas, not {given}.", part=what, n=n, given=len(areas))
    if distinct:
        need(len(set(areas)) == n, "Set-up", "{part}: {n} different areas.", part=what, n=n)


def _kind(state: State, areas: Sequence[str], kinds: tuple[str, ...], what: str) -> None:
    for area in areas:
        ok = area in kinds or terrain(state, area) in kinds
        need(ok, "Set-up", "{part}: {a} is not {kinds}.", part=what, a=area, kinds=_either(kinds))


def _germany(state: State, action: Place, board: Board | None) -> None:
    """'2 armies on the front, 3 armies in 3 different cities'."""
    _count(action.first, 3, PARTS["German troops in cities"], True)
    _kind(state, action.first, ("city",), PARTS["German troops in cities"])
    _count(action.second, 2, PARTS["German troops on the front"], False)
    for area in action.second:
        front = not state.area(area).liberated and (
            board is None or any(state.area(n).liberated for n in board.neighbours[area])
        )
        need(front, "Set-up", "{a} is not on the front.", a=area)
    for area in (*action.first, *action.second):
        state.area(area).ger += 1


def _rsi(state: State, action: Place) -> None:
    """'3 Collaborationist tokens ... in countryside areas, 3 ... in cities, 4 RSI troops in four areas'."""
    _count(action.first, 3, PARTS["Collaborationist countryside"], True)
    _kind(state, action.first, ("countryside",), PARTS["Collaborationist countryside"])
    _count(action.second, 3, PARTS["Collaborationist cities"], True)
    _kind(state, action.second, ("city",), PARTS["Collaborationist cities"])
    _count(action.third, 4, PARTS["RSI troops"], True)
    for area in (*action.first, *action.second):
        need(state.area(area).loyalty == "neutral", "Set-up", "{a} already has a loyalty token.", a=area)
        state.area(area).loyalty = "coll"
    for area in action.third:
        state.area(area).rsi += 1


def _cln(state: State, action: Place) -> None:
    """'4 brigades ... hidden in mountain areas or in NDH, 4 Resistance tokens ... in the mountains'."""
    _count(action.first, 4, PARTS["CLN brigades"], False)
    _kind(state, action.first, ("mountain", "ndh"), PARTS["CLN brigades"])
    _count(action.second, 4, PARTS["Resistance tokens"], True)
    _kind(state, action.second, ("mountain",), PARTS["Resistance tokens"])
    for area in action.second:
        need(state.area(area).loyalty == "neutral", "Set-up", "{a} already has a loyalty token.", a=area)
        state.area(area).loyalty = "res"
    for area in action.first:
        state.area(area).cln_brigades[0] += 1


def _autonomous(state: State, action: Place) -> None:
    """'4 brigades to be placed hidden in countryside areas or in France'."""
    _count(action.first, 4, PARTS["Autonomous brigades"], False)
    _kind(state, action.first, ("countryside", "france"), PARTS["Autonomous brigades"])
    for area in action.first:
        state.area(area).aut_brigades[0] += 1
