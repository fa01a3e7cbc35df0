"""The turn clerk's pages beyond income and the shop: a phase's reminders (placement, movement,
combat, §5.0), masters and subjects (§12.5), a campaign and its purse (§12.3; Italia I turn 10's
alternation and legion switching, §13.4), a naval battle (§10.8) and a question for a value on the
owner's card (ValueNeeded)."""

from __future__ import annotations

from functools import partial
from typing import Any

from companion.games.italia.campaign import hannibal_under_way
from companion.games.italia.game import queue
from companion.games.italia.naval import fleet_needs
from companion.games.vocabulary import Sentence
from companion.i18n import _
from companion.tables.italia.canvas import Canvas, bump, bump_attr, zone_grid
from companion.tables.italia.desk import Desk
from companion.tables.italia.turn_panel import yes_no
from companion.tables.italia.words import counted, nation_name, told
from companion.ui import theme


def said(canvas: Canvas, sentences: list[Sentence]) -> None:
    for sentence in sentences:
        canvas.line("- " + told(sentence), small=True)
        canvas.gap(2)


def phase_page(canvas: Canvas, desk: Desk, session: Any, title: str) -> None:
    """A phase's page: its title with the nation, then the reminders the engine says for it."""
    canvas.line(title.format(nation=nation_name(desk.nation(session.state) or "")))
    canvas.gap()
    said(canvas, session.game.reminders())


def place(canvas: Canvas, desk: Desk, session: Any) -> None:
    """Phase 2 (§7): the leaders whose time is up, what was bought (in the table's words), the card's
    reinforcements."""
    state = session.state
    canvas.line(_("Placement: {nation}").format(nation=nation_name(desk.nation(state) or "")))
    canvas.gap()
    bought = counted(state.ledger.bought.get(desk.nation(state) or "", {}))
    said(canvas, [_bought(s, bought) for s in session.game.reminders()])
    canvas.line("- " + _("Leaders that arrived on your last turn leave now."), small=True)


def _bought(sentence: Sentence, units: str) -> Sentence:
    """The engine says the units bought in English ids; the table says them in its words."""
    if sentence.template.startswith("Place what was bought") and units:
        return Sentence(sentence.template, **{**sentence.values, "units": units})
    return sentence


def move(canvas: Canvas, desk: Desk, session: Any) -> None:
    """Phase 3 (and 5 in a major invasion): the movement rules the players apply (§9)."""
    second = session.state.phase == 5
    phase_page(canvas, desk, session, _("Second movement: {nation}") if second else _("Movement: {nation}"))


def combat(canvas: Canvas, desk: Desk, session: Any) -> None:
    state = session.state
    second = state.phase == 6
    phase_page(canvas, desk, session, _("Second combat: {nation}") if second else _("Combat: {nation}"))
    for battle in state.ledger.battles:
        canvas.line(_("Fought: {zone}").format(zone=battle.zone or _("a zone")), theme.MUTED, small=True)
    _subjects(canvas, state)


def _subjects(canvas: Canvas, state: Any) -> None:
    for subject, master in sorted(state.masters.items()):
        text = _("{subject}: subjects of the {master}").format(
            subject=nation_name(subject), master=nation_name(master)
        )
        canvas.line(text, theme.MUTED, small=True)


def subjects(canvas: Canvas, desk: Desk, session: Any) -> None:
    """Who submits to whom, with the zones the subject holds (its card's threshold, §12.5.1)."""
    turn = desk.turn
    canvas.line(_("Masters and subjects"))
    canvas.gap()
    canvas.stepper(
        _("Zones the subject holds"), turn.zones, "subject-zones", partial(bump_attr, turn, "zones")
    )
    canvas.row_done()
    _subjects(canvas, session.state)
    canvas.gap()
    if hannibal_under_way(desk.scenario.id, session.state.campaign):
        canvas.line(
            _(
                "Hannibal's campaign: the Celts, Etruscans and Samnites may revolt against Rome when he "
                "is in or next to a zone with their units (§13.2). Tap their revolt only if he is."
            ),
            theme.ITALY_GREEN,
            small=True,
        )
    canvas.line(_("A subject pays half its income (rounded down) to its master (§6.4)."), small=True)
    canvas.line(_("Master and subject never attack each other (§12.5.2)."), small=True)


def leader(canvas: Canvas, desk: Desk, session: Any) -> None:
    canvas.line(_("A campaign: the leader, then tap where he starts"), small=True)
    zone_grid(canvas, desk, session, partial(desk_zone, desk, session))


def czones(canvas: Canvas, desk: Desk, session: Any) -> None:
    title = (
        _("Tap the zone the leader moves to") if desk.turn.zone_use == "move" else _("Tap the zone to block")
    )
    canvas.line(title)
    zone_grid(canvas, desk, session, partial(desk_zone, desk, session))


def desk_zone(desk: Desk, session: Any, zone: str) -> None:
    """A zone tapped for the campaign: where it starts, where the leader moves, what he blocks."""
    desk.turn.zone = zone


def campaign(canvas: Canvas, desk: Desk, session: Any) -> None:
    """The purse (§12.3.1), the moves so far, the leader's zone; loot or raid gold goes in it."""
    state = session.state
    going = state.campaign
    zone = desk.edition.board.zones.get(going.zone)
    canvas.line(
        _("{leader}: {gold} gold, {moves} moves").format(
            leader=going.leader, gold=state.gold.get(going.nation, 0), moves=going.moves
        )
    )
    canvas.line(_("In {zone}").format(zone=zone.name if zone else going.zone), small=True)
    canvas.gap()
    canvas.stepper(
        _("Loot or raid gold"),
        desk.turn.campaign_gold,
        "campaign-gold",
        partial(bump_attr, desk.turn, "campaign_gold"),
    )
    canvas.row_done()
    said(canvas, session.game.reminders())
    canvas.line(_("Each move and each block costs 1 gold; battles and retreats are free."), small=True)


def switch(canvas: Canvas, desk: Desk, session: Any) -> None:
    """Turn 10 (§13.4): the Roman legions in a zone with Sulla or Marius."""
    canvas.line(_("Legions with Sulla or Marius"))
    canvas.gap()
    canvas.stepper(
        _("Roman legions there"), desk.turn.legions, "legions", partial(bump_attr, desk.turn, "legions")
    )
    canvas.row_done()
    canvas.line(_("Sulla: 7-10 (9-10 with a consular legion there)."), small=True)
    canvas.line(_("Marius: 9-10 (10 with a consular legion there)."), small=True)
    canvas.line(_("The Optimates roll first; a consular legion never switches."), small=True)


def ten(canvas: Canvas, desk: Desk, session: Any) -> None:
    """Italia I turn 10: one campaign or a pass a slot, Optimates, Populares, Romans, again (§13.4)."""
    state = session.state
    nation = desk.nation(state) or ""
    canvas.line(_("Turn 10: {nation} campaign or pass").format(nation=nation_name(nation)))
    canvas.gap()
    for who in queue(desk.scenario, state):
        shown = _("{gold} gold").format(gold=state.gold.get(who, 0))
        if who not in state.granted:
            shown += "; " + _("card's purse to come")
        canvas.line(f"{nation_name(who)}: {shown}", theme.INK if who == nation else theme.MUTED, small=True)
    canvas.gap()
    canvas.line(_("Passes in a row: {passes} (3 end the game)").format(passes=state.passes), small=True)
    canvas.line(_("No income, no buying; the other nations are neutral."), theme.MUTED, small=True)


def sea_setup(canvas: Canvas, desk: Desk, session: Any) -> None:
    """A naval battle (§10.8): each side's fleets and the units they carry (two a fleet, §9.6)."""
    setup = desk.sea_setup
    canvas.line(_("Naval battle: fleets and what they carry"))
    canvas.gap()
    for which, label in (("attacker", _("Attacking fleets")), ("defender", _("Defending fleets"))):
        canvas.stepper(
            label, setup.fleets[which], f"{which[0]}:fleet", partial(bump, setup.fleets, which, 12)
        )
        canvas.row_done()
        change = partial(bump, setup.cargo, which, 2 * setup.fleets[which])
        canvas.stepper(_("Units aboard"), setup.cargo[which], f"{which[0]}:cargo", change)
        canvas.row_done()
        led = partial(bump, setup.leaders, which, setup.fleets[which])
        canvas.stepper(_("Leaders at sea"), setup.leaders[which], f"{which[0]}:leaders", led)
        canvas.row_done()
    canvas.line(_("A fleet hits on 9-10, +1 for each unit it carries (§10.8)."), small=True)


def sea_order(canvas: Canvas, desk: Desk, session: Any) -> None:
    """§10.8.1: each nation attacking the active nation's fleet, with its fleets in that sea."""
    target = desk.nation(session.state) or ""
    canvas.line(_("Against the {nation} fleet: each attacker's fleets").format(nation=nation_name(target)))
    canvas.gap()
    setup = desk.sea_setup
    rival, rivals = setup.rival, setup.rivals
    canvas.stepper(nation_name(rival), rivals.get(rival, 0), "rival", partial(bump, rivals, rival, 12))
    canvas.row_done()
    for nation, fleets in rivals.items():
        if fleets:
            canvas.line(f"{nation_name(nation)}: {fleets}", small=True)
    canvas.line(
        _("Most fleets attack first, a tie to the higher die; one battle each (§10.8.1)."), small=True
    )


def sea(canvas: Canvas, desk: Desk, session: Any) -> None:
    state = session.state
    battle = state.sea
    canvas.line(_("Naval battle, round {round}").format(round=battle.round))
    canvas.gap()
    for which in ("attacker", "defender"):
        navy = battle.side(which)
        needs = ", ".join(f"{fleet_needs(navy, f, battle.numbers)}+" for f in navy.fleets) or "-"
        text = _("{nation}: {fleets} fleets, hit on {needs}; {sunk} sunk").format(
            nation=nation_name(navy.nation), fleets=len(navy.fleets), needs=needs, sunk=len(navy.sunk)
        )
        canvas.line(text, small=True)
    if state.ledger.rounds:
        last = state.ledger.rounds[-1]
        dice = " ".join(str(v % 10) for t in last.throws for v in t.values)
        canvas.line(_("Last round's dice: {dice}").format(dice=dice), theme.MUTED, small=True)
    canvas.line(_("The side that loses fleets chooses them; their cargo is lost."), theme.MUTED, small=True)


def ask(canvas: Canvas, desk: Desk, session: Any) -> None:
    """A value on the owner's card the nation files lack: asked once, kept for the game (a yes or no
    question is answered on the panel's Yes and No)."""
    need = desk.turn.need
    assert need is not None
    canvas.line(_("A value from the nation card"))
    canvas.gap()
    canvas.line(told(need.question))
    canvas.gap()
    if not yes_no(need.key):
        canvas.stepper(_("Answer"), desk.turn.answer, "answer", partial(bump_attr, desk.turn, "answer"))
        canvas.row_done()
    canvas.line(_("The companion keeps it for the rest of the game."), theme.MUTED, small=True)
