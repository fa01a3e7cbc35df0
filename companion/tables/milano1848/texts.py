"""What the screen says in sentences: the setup, the odds, the threat, in the table's language."""

from __future__ import annotations

from companion.assets import edition
from companion.games.milano1848 import actions as a
from companion.games.milano1848.events import Event
from companion.games.milano1848.odds import Advice
from companion.games.milano1848.setup import Options, setup_counts
from companion.games.milano1848.state import State
from companion.i18n import _, ngettext
from companion.tables.milano1848.icons import icon_name, side_name


def setup_lines(state: State) -> list[str]:
    """Where the companion's deal puts Radetzky and the Soldiers (setup steps 6-8), for the table."""
    by_count: dict[int, list[int]] = {}
    for zone in state.zones:
        if state.soldiers[zone]:
            by_count.setdefault(state.soldiers[zone], []).append(zone)
    lines = [_("Radetzky on zone {zone}.").format(zone=state.radetzky)]
    lines += [
        ngettext("{count} Soldier on zones {zones}.", "{count} Soldiers on zones {zones}.", n).format(
            count=n, zones=", ".join(map(str, z))
        )
        for n, z in sorted(by_count.items(), reverse=True)
    ]
    lines.append(_("Zone cards face up: {zones}.").format(zones=", ".join(map(str, state.available))))
    lines.append(_("Reserve {reserve}, Castle {castle}.").format(reserve=state.reserve, castle=state.castle))
    return lines


def advice_text(advice: Advice) -> str:
    """The odds in the table's language."""
    if advice.go is not None and advice.stop is not None:
        lens = round(advice.stop.expected)
        win = round(advice.go.clash_win * 100)
        worth = advice.go.expected > advice.stop.expected + 1e-12
        text = (
            _(
                "Continue: {win}% to take another Soldier, {lose}% to lose the {lens} in the Lens "
                "(on average {removed:.2f} removed, against {lens} by stopping)."
            )
            if worth
            else _(
                "Stop: {win}% to take another Soldier, {lose}% to lose the {lens} in the Lens "
                "(continuing removes {removed:.2f} on average, stopping {lens})."
            )
        )
        return text.format(win=win, lose=100 - win, lens=lens, removed=advice.go.expected)
    parts = []
    if advice.radetzky is not None:
        parts.append(_("Fight Radetzky: {chance}% to win.").format(chance=round(advice.radetzky * 100)))
    if advice.soldiers is not None:
        parts.append(
            _("Fight the Soldiers: {removed:.1f} removed on average.").format(removed=advice.soldiers)
        )
    return " ".join(parts)


def threat_text(falling: frozenset[int], winner: str | None) -> str:
    parts = []
    if falling:
        parts.append(
            _("Next Austrian turn: zones {zones} fall (red).").format(
                zones=", ".join(map(str, sorted(falling)))
            )
        )
    if winner:
        parts.append(_("{side} wins in the next Austrian turn.").format(side=side_name(winner)))
    return " ".join(parts)


def table_setup_line(options: Options, named: int) -> str:
    """What the table draws next while setting up with its own Zone deck (setup steps 6-7)."""
    counts = setup_counts(edition("milano1848"), options)
    count = counts[min(named, len(counts) - 1)]
    if named == 0:
        return _(
            "Shuffle the Zone deck, draw a card and tap its zone: Radetzky and {count} Soldiers go there."
        ).format(count=count)
    return ngettext(
        "Draw a Zone card and tap its zone: {count} Soldier goes there ({number} of {total}).",
        "Draw a Zone card and tap its zone: {count} Soldiers go there ({number} of {total}).",
        count,
    ).format(count=count, number=named + 1, total=len(counts))


def fight_news(before: State, action: a.Action, events: list[Event]) -> str | None:
    """What the last answer or stop did, in one sentence: the clash (the Italian card against the
    Austrian ones), then how the fight ended if it did. None when the decision was not part of a fight."""
    if not isinstance(action, (a.Answer, a.Stop)) or before.fight is None:
        return None
    said = [_clash_words(before, action, event) for event in events if event.kind == "clash"]
    for event in events:
        if event.kind == "fight-won":
            said.append(
                ngettext(
                    "The fight ends: {count} Soldier goes to the reserve.",
                    "The fight ends: {count} Soldiers go to the reserve.",
                    event.count,
                ).format(count=event.count)
            )
        elif event.kind == "fight-lost":
            said.append(
                _("The fight is lost: the Lens goes back to the zone.")
                if before.fight.kind == "soldiers"
                else _("Radetzky holds: the fight is lost.")
            )
        elif event.kind == "radetzky-defeated":
            said.append(_("Radetzky is beaten: he goes to zone {zone}.").format(zone=event.zone))
    return " ".join(said) or None


def _clash_words(before: State, action: a.Action, event: Event) -> str:
    assert isinstance(action, a.Answer) and before.fight is not None
    italy = icon_name(before.edition.italy[event.card][0])
    austria = ", ".join(icon_name(before.edition.austria[c]) for c in before.fight.revealed)
    if event.faction == "italy":
        return _("{italy} beats {austria}: a Soldier into the Lens.").format(italy=italy, austria=austria)
    if event.faction == "tie":
        return _("{italy} against {austria}: a tie.").format(italy=italy, austria=austria)
    return _("{italy} loses to {austria}.").format(italy=italy, austria=austria)
