"""What the screen says in sentences: the setup, the odds, the threat, in the table's language."""

from __future__ import annotations

from companion.assets import edition
from companion.games.milano1848 import actions as a
from companion.games.milano1848.events import Event
from companion.games.milano1848.helps import strengthen_requirement
from companion.games.milano1848.odds import Advice, Outlook
from companion.games.milano1848.setup import Options, setup_counts
from companion.games.milano1848.state import State
from companion.i18n import _, decimal, ngettext
from companion.tables.milano1848.helps import help_name
from companion.tables.milano1848.icons import icon_name, side_name


def setup_lines(state: State) -> list[str]:
    """Where the companion's deal puts Radetzky, the Soldiers and the Zone cards (setup steps 5-7, and
    the Advanced game's Radetzky card), for the table to set up by hand: the board's page."""
    lines = [
        ngettext(
            "Radetzky and {count} Soldier on zone {zone}.",
            "Radetzky and {count} Soldiers on zone {zone}.",
            state.soldiers[state.radetzky],
        ).format(count=state.soldiers[state.radetzky], zone=state.radetzky)
    ]
    by_count: dict[int, list[int]] = {}
    for zone in state.zones:
        if state.soldiers[zone] and zone != state.radetzky:
            by_count.setdefault(state.soldiers[zone], []).append(zone)
    lines += [_soldiers_on(n, z) for n, z in sorted(by_count.items(), reverse=True)]
    if state.mode == "advanced":
        lines.append(
            _("Zone {zone}'s card goes left of the Advanced board: not Available.").format(
                zone=state.radetzky
            )
        )
    else:
        lines.append(_("Zone {zone}'s card stays face up: Available.").format(zone=state.radetzky))
    lines.append(_("Shuffle the other revealed Zone cards back into the Zone deck."))
    return lines  # the reserve and the Castle are on the board's corner


def players_lines(state: State) -> list[str]:
    """The players' page of the set-up (steps 4, 8 and the Advanced game's board, tiles and cube)."""
    lines = [_("First Player: {name} (takes the First Player card).").format(name=first_player(state))]
    if state.players == 1:
        lines.append(_("Draw 4 Italy cards."))
    else:
        lines.append(_("Each player draws 4 Italy cards, First Player first."))
    if state.players == 2:
        lines.append(_("The third Patriot's 4 cards lie face up."))
    if state.mode == "advanced":
        lines.append(_("Advanced board below the main board, every Help tile on its Base side."))
        lines.append(_("Combat cube on track space {space}.").format(space=state.cube))
    return lines


def first_player(state: State) -> str:
    """The First Player's name (its Patriot's)."""
    return state.patriots[state.first_player].name


def _soldiers_on(count: int, zones: list[int]) -> str:
    if len(zones) == 1:
        text = ngettext("{count} Soldier on zone {zones}.", "{count} Soldiers on zone {zones}.", count)
    else:
        text = ngettext("{count} Soldier on zones {zones}.", "{count} Soldiers on zones {zones}.", count)
    return text.format(count=count, zones=", ".join(map(str, zones)))


def advice_text(advice: Advice) -> str:
    """The odds in the table's language: continue or stop, else which fight is worth it."""
    if advice.go is not None and advice.stop is not None:
        return _stop_or_go(advice.go, advice.stop)
    parts = []
    if advice.radetzky is not None:
        parts.append(_("Fight Radetzky: {chance}% to win.").format(chance=round(advice.radetzky * 100)))
    if advice.soldiers is not None:
        parts.append(
            _("Fight the Soldiers: {removed} removed on average.").format(removed=decimal(advice.soldiers, 1))
        )
    return " ".join(parts)


def _stop_or_go(go: Outlook, stop: Outlook) -> str:
    """Continuing risks the Soldiers in the Lens for one more; stopping removes them for sure."""
    lens = round(stop.expected)
    win = round(go.clash_win * 100)
    values = {"win": win, "lose": 100 - win, "lens": lens, "removed": decimal(go.expected, 2)}
    if go.expected > stop.expected + 1e-12:
        return ngettext(
            "Continue: {win}% to take another Soldier, {lose}% to lose the {lens} in the Lens "
            "({removed} removed on average, against {lens} by stopping).",
            "Continue: {win}% to take another Soldier, {lose}% to lose the {lens} in the Lens "
            "({removed} removed on average, against {lens} by stopping).",
            lens,
        ).format(**values)
    return ngettext(
        "Stop: that removes the {lens} Soldier in the Lens. Continuing has {win}% to take another "
        "Soldier, {lose}% to lose it ({removed} removed on average).",
        "Stop: that removes the {lens} Soldiers in the Lens. Continuing has {win}% to take another "
        "Soldier, {lose}% to lose them ({removed} removed on average).",
        lens,
    ).format(**values)


def threat_text(falling: frozenset[int], winner: str | None) -> str:
    parts = []
    if falling:
        parts.append(
            ngettext(
                "Next Austrian turn: zone {zones} falls (red).",
                "Next Austrian turn: zones {zones} fall (red).",
                len(falling),
            ).format(zones=", ".join(map(str, sorted(falling))))
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


def not_available_line(state: State) -> str:
    """The Advanced game's zones that cannot be Conquered yet (their cards left of the Advanced board)."""
    zones = ", ".join(map(str, sorted(state.not_available))) or _("none")
    return _("Not Available: {zones}.").format(zones=zones)


def strengthen_news(after: State, move: tuple[State, a.Action, list[Event]] | None) -> str | None:
    """What the last decision (`move`: the state before, it, its events) did if it was a Strengthen:
    the cards now under the tile, or its turn to the Heroic side."""
    if move is None:
        return None
    _before, action, events = move
    if not isinstance(action, a.Strengthen):
        return None
    name = help_name(action.help)
    if any(event.kind == "heroic" for event in events):
        return _("Strengthened: the {help} tile turns to its Heroic side.").format(help=name)
    return _("Strengthened: {count} of {needed} cards under the {help} tile.").format(
        count=len(after.tiles[action.help]), needed=strengthen_requirement(after, action.help), help=name
    )


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
