"""Fog of war, the Hidden Forces Display (optional; R-34, R-35): each side's boxes A-H held in secret by
the companion. The screen is handed over first, like a secret selection, and shows only its owner's
boxes; Done hides them again."""

from __future__ import annotations

from functools import partial

from companion.games.novara1849 import actions as a
from companion.games.novara1849.fog import BOXES
from companion.games.novara1849.state import State
from companion.i18n import _
from companion.tables.novara1849.draft import Draft
from companion.tables.novara1849.moments import Moment, local, play, unit_toggles
from companion.tables.novara1849.sheet import Cell
from companion.tables.novara1849.texts import player_name, side_name
from companion.ui import theme


def may_hide(state: State, first_turn: int, side: str) -> bool:
    """The Hidden Forces Display is filled at the beginning of the game, before the side selects."""
    return (
        state.fog == "hidden"
        and state.turn == first_turn
        and not state.drawn
        and side not in state.selections
    )


def display_open(state: State, first_turn: int) -> bool:
    """Whether the hidden displays have anything to show or to take now."""
    return state.fog == "hidden" and (
        any(state.hidden.values()) or any(may_hide(state, first_turn, s) for s in ("austria", "sardinia"))
    )


def display(moment: Moment, draft: Draft, state: State, first_turn: int) -> None:
    """Fog of war, the Hidden Forces Display (R-34, R-35): each side's boxes A-H held in secret. The
    screen is handed over first, like a selection; its owner fills a box (at the beginning of the game)
    or reveals one (a dummy two hexes or less from the enemy); Done hides it again."""
    sheet, side = moment.sheet, draft.display
    moment.entry(_("Done"), ("back",), local(partial(_close_display, draft)))
    if not side:
        sheet.say(_("Hidden display: pass the screen to its owner; the other player looks away."))
        for owner in ("austria", "sardinia"):
            if state.hidden.get(owner) or may_hide(state, first_turn, owner):
                label = _("I am {player}").format(player=player_name(owner))
                tap = local(partial(_hand_display, draft, owner))
                sheet.row([(label, ("hand-display", owner), tap, False)])
        return
    boxes = state.hidden.get(side, {})
    sheet.say(_("{side}: your hidden display. Nobody else looks.").format(side=side_name(side)))
    for box, units in sorted(boxes.items()):
        cells: list[Cell] = [(f"{box}: {', '.join(units)}", None, None, False)]
        if state.pending is None:
            cells.append((_("Reveal"), ("reveal", box), play(a.Reveal(side, box)), False))
        sheet.row(cells, height=40)
    if boxes:
        moment.line(_("Reveal a box when its dummy comes two hexes or less from an enemy unit."), theme.MUTED)
    if may_hide(state, first_turn, side):
        _fill_box(moment, draft, state, side)


def _fill_box(moment: Moment, draft: Draft, state: State, side: str) -> None:
    box = next((b for b in BOXES if b not in state.hidden.get(side, {})), "")
    if not box:
        return
    units = [u for u, c in state.counters.items() if c.side == side and state.on_map(u)]
    if not units:  # nothing typed in yet: a Hide here could only be refused
        moment.sheet.say(
            _("Box {box}: type in your units first (New unit), then hide them here.").format(box=box)
        )
        return
    moment.sheet.say(_("Box {box}: tap the units its dummy stands for.").format(box=box))
    hidden = moment.sheet.grid(unit_toggles(state, units, "hide-unit", draft.hiding), 2, 4)
    if hidden:
        moment.sheet.say(_("{n} more units: hide those shown first.").format(n=hidden), theme.MUTED)
    chosen = tuple(u for u in draft.hiding if u in units)
    moment.entry(_("Hide in box {box}").format(box=box), ("hide", side), play(a.Hide(side, box, chosen)))


def _hand_display(draft: Draft, side: str) -> None:
    draft.display, draft.hiding = side, []


def _close_display(draft: Draft) -> None:
    draft.mode, draft.display, draft.hiding = "", "", []
