"""What the screen says in sentences: the setup, the odds, the threat, in the table's language."""

from __future__ import annotations

from typing import Any

from companion.assets import milano1848
from companion.games.milano1848.odds import Advice
from companion.games.milano1848.setup import Options, setup_counts
from companion.games.milano1848.state import State
from companion.i18n import _, ngettext
from companion.ui.icons import side_name


def printer_text(printer: Any) -> str:
    """The printer's line at the bottom of the panel, in the table's language (the print service's
    state and queue; any other printer says its own status)."""
    state, waiting = getattr(printer, "last_state", None), getattr(printer, "waiting", None)
    if state is None or waiting is None:
        return str(printer.status)
    if state == "ready":
        return _("Printer ready.") if not waiting else ngettext(
            "Printing, {count} ticket waiting.", "Printing, {count} tickets waiting.", waiting).format(count=waiting)
    problem = {"offline": _("Printer offline"), "paper-out": _("Printer out of paper"),
               "paper-low": _("Printer paper low")}.get(state, str(state))
    if not waiting:
        return f"{problem}."
    return f"{problem}, " + ngettext("{count} ticket waiting.", "{count} tickets waiting.", waiting).format(count=waiting)


def setup_lines(state: State) -> list[str]:
    """Where the companion's deal puts Radetzky and the Soldiers (setup steps 6-8), for the table."""
    by_count: dict[int, list[int]] = {}
    for zone in state.zones:
        if state.soldiers[zone]:
            by_count.setdefault(state.soldiers[zone], []).append(zone)
    lines = [_("Radetzky on zone {zone}.").format(zone=state.radetzky)]
    lines += [ngettext("{count} Soldier on zones {zones}.", "{count} Soldiers on zones {zones}.", n).format(
              count=n, zones=", ".join(map(str, z))) for n, z in sorted(by_count.items(), reverse=True)]
    lines.append(_("Zone cards face up: {zones}.").format(zones=", ".join(map(str, state.available))))
    lines.append(_("Reserve {reserve}, Castle {castle}.").format(reserve=state.reserve, castle=state.castle))
    return lines


def advice_text(advice: Advice) -> str:
    """The odds in the table's language."""
    if advice.go is not None and advice.stop is not None:
        lens = round(advice.stop.expected)
        win = round(advice.go.clash_win * 100)
        worth = advice.go.expected > advice.stop.expected + 1e-12
        text = (_("Continue: {win}% to take another Soldier, {lose}% to lose the {lens} in the Lens (on average "
                  "{removed:.2f} removed, against {lens} by stopping).") if worth else
                _("Stop: {win}% to take another Soldier, {lose}% to lose the {lens} in the Lens (continuing removes "
                  "{removed:.2f} on average, stopping {lens})."))
        return text.format(win=win, lose=100 - win, lens=lens, removed=advice.go.expected)
    parts = []
    if advice.radetzky is not None:
        parts.append(_("Fight Radetzky: {chance}% to win.").format(chance=round(advice.radetzky * 100)))
    if advice.soldiers is not None:
        parts.append(_("Fight the Soldiers: {removed:.1f} removed on average.").format(removed=advice.soldiers))
    return " ".join(parts)


def threat_text(falling: frozenset[int], winner: str | None) -> str:
    parts = []
    if falling:
        parts.append(_("Next Austrian turn: zones {zones} fall (red).").format(zones=", ".join(map(str, sorted(falling)))))
    if winner:
        parts.append(_("{side} wins in the next Austrian turn.").format(side=side_name(winner)))
    return " ".join(parts)


def table_setup_line(options: Options, named: int) -> str:
    """What the table draws next while setting up with its own Zone deck (setup steps 6-7)."""
    counts = setup_counts(milano1848(), options)
    count = counts[min(named, len(counts) - 1)]
    if named == 0:
        return _("Shuffle the Zone deck, draw a card and tap its zone: Radetzky and {count} Soldiers go there.").format(
            count=count)
    return ngettext("Draw a Zone card and tap its zone: {count} Soldier goes there ({number} of {total}).",
                    "Draw a Zone card and tap its zone: {count} Soldiers go there ({number} of {total}).", count).format(
        count=count, number=named + 1, total=len(counts))
