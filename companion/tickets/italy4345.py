"""Italy '43-'45's tickets (spec 7): one per card played (who passed and who acted, what the table must
change, who is eligible next, the resources, the next offensive), one per offensive in spec 7's compact
form, from the offensive's numbers (`games/italy4345/report`: each battle, the liberated areas, the
clean-up, the scores, the winner, the incomes with the new totals, the civic actions), a final one at
the game's end (the winner and why, the scores). At most 100 mm of paper: a card's lines that do not fit
are counted on the last one, an offensive's battles likewise (never its scores or incomes). Every word
prints in the table's language (the catalog's, as the screen's: `companion.i18n`), and cards, areas and
factions as the screen names them (`tables/italy4345/words`: a faction with who plays it, when the
players typed their names); numbers never change."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from companion.games.italy4345.deck import deck_size, forecast, is_offensive
from companion.games.italy4345.edition import Rules
from companion.games.italy4345.model import State
from companion.games.italy4345.report import CivicDone, Cleanup, Fought, OffensiveReport
from companion.games.italy4345.scoring import Score
from companion.i18n import _, ngettext
from companion.tables.italy4345.words import (
    area_name,
    card_name,
    faction_name,
    faction_short,
    op_name,
    player_name,
    term_name,
    told,
)
from hardware.document import Block, Columns, Cut, Document, Rule, Text, columns, length_dots

TICKET_DOTS = 792  # 99 mm
GAME_NAME = "ITALY '43-'45"  # the game's own name, in every language
# the engine's sentences a card's ticket says in its head and tail (the card, who is eligible next)
SAID_AROUND = ("Card {n}: {card}.", "Next card eligible: {names}.")


def offensive_ticket(
    report: OffensiveReport, after: State, offensives: int | None, width_px: int = 384
) -> Document:
    """The offensive `report` read, as it ended in `after` (spec 7, compact): each battle, the liberated
    areas, the clean-up, the scores, the winner, the incomes with the new totals and the
    civic actions; "k of `offensives`" in its title (the game's count, rules.toml's; None: k alone).
    Battles take one line each when two do not fit; when even those do not, the first ones print and
    the rest are counted (the screen has them): the scores and the incomes always print."""
    k, power = report.number, report.power
    if offensives:
        title = _("OFFENSIVE {k} of {n}  power {power}").format(k=k, n=offensives, power=power)
    else:
        title = _("OFFENSIVE {k}  power {power}").format(k=k, power=power)
    head: list[Block] = [Text(title, bold=True, align="center")]
    totals = [Rule(), *_scores(report, after), *_incomes(report, after), Cut()]
    tail = [*_board(report, width_px), *totals]
    short = [_battle(b) for b in report.battles]
    for said in (_battles(report.battles, report.power), [line for b in short for line in b]):
        if length_dots([*head, *said, *tail], width_px) <= TICKET_DOTS:
            return Document(f"Offensive {k}", tuple([*head, *said, *tail]))
    if length_dots([*head, _left_out(len(short)), *tail], width_px) > TICKET_DOTS:
        tail = [*_board(report, width_px, counted=True), *totals]  # not even the areas' names fit
    return Document(f"Offensive {k}", tuple(_fitted(head, short, tail, width_px, _left_out)))


def _battles(battles: Sequence[Fought], power: int) -> list[Text]:
    """Spec 7's battle lines: the round, the area with its values, each side's losses by piece (the
    loser's first), where the loser's troops withdrew."""
    said: list[Text] = []
    for number, fought in enumerate(battles):
        if power > 1 and (number == 0 or battles[number - 1].round != fought.round):
            said.append(Text(_("Round {r}").format(r=fought.round)))
        result = fought.result
        said.append(Text(" " + _battle_values(fought)))
        sides = [_losses("allied", result.allied_losses), _losses("axis", result.axis_losses)]
        if result.loser == "axis":
            sides.reverse()
        said += [Text(f"  {side}") for side in sides if side]
        if fought.withdrew:
            said.append(Text("  " + _withdrew(fought)))
    return said


def _battle_values(fought: Fought) -> str:
    return _("{area} AA {aa} v Axis {axis}").format(
        area=area_name(fought.area), aa=fought.result.allied_value, axis=fought.result.axis_value
    )


def _losses(side: str, pieces: Sequence[str]) -> str:
    """A side's losses by piece, "Axis -3 (RSI 2 Ger. 1)"; nothing when it lost none."""
    if not pieces:
        return ""
    counted = " ".join(f"{_piece(p)} {pieces.count(p)}" for p in dict.fromkeys(pieces))
    who = _("AA side") if side == "allied" else _("Axis")
    return f"{who} -{len(pieces)} ({counted})"


def _piece(piece: str) -> str:
    names = {"cln": _("CLN br."), "aut_brigades": _("Aut. br."), "aut_troops": _("Aut.")}
    return names.get(piece) or (faction_short(piece) if piece in ("ger", "rsi") else "AA")


def _withdrew(fought: Fought) -> str:
    if fought.to == "reserve":
        return _("{n} to the reserve").format(n=fought.withdrew)
    return _("{n} withdraw to {area}").format(n=fought.withdrew, area=area_name(fought.to))


def _battle(fought: Fought) -> list[Block]:
    """A battle on one line: the area, the values, each side's losses; the withdrawal on the next."""
    result = fought.result
    line = _("{area} {aa} v {axis}: AA -{lost}, Axis -{taken}").format(
        area=area_name(fought.area),
        aa=result.allied_value,
        axis=result.axis_value,
        lost=len(result.allied_losses),
        taken=len(result.axis_losses),
    )
    return [Text(line), *([Text("  " + _withdrew(fought))] if fought.withdrew else [])]


def _board(report: OffensiveReport, width_px: int, counted: bool = False) -> list[Text]:
    """The areas liberated (`counted`: how many, the screen names them) and the clean-up, each line
    broken between two items, never inside one."""
    said = []
    if report.liberated:
        areas = [area_name(a) for a in report.liberated]
        if counted:
            areas = [_("{n} areas (on the screen)").format(n=len(report.liberated))]
        said += _packed(_("Liberated: {areas}"), areas, width_px)
    if report.cleanup is not None:
        said += _packed(_("Clean-up: {parts}"), _cleanup(report.cleanup), width_px)
    return said


def _cleanup(cleanup: Cleanup) -> list[str]:
    parts = [
        _("tokens +{n}").format(n=cleanup.tokens) if cleanup.tokens else "",
        _("CLN br. -{n}").format(n=cleanup.brigades) if cleanup.brigades else "",
        _("Aut. br. > troops {n}").format(n=cleanup.turned) if cleanup.turned else "",
        _("bases -{n}").format(n=cleanup.bases) if cleanup.bases else "",
    ]
    return [p for p in parts if p] or [_("nothing")]


def _packed(template: str, items: Sequence[str], width_px: int) -> list[Text]:
    """`template` ("Liberated: {areas}") with the items listed, a new line (indented) only between two."""
    room, key = columns(width_px), template[template.index("{") + 1 : template.index("}")]
    lines = [template.format(**{key: items[0]})]
    for item in items[1:]:
        if len(lines[-1]) + 3 + len(item) > room:  # the item, its ", " and the comma after it
            lines[-1] += ","
            lines.append(f" {item}")
        else:
            lines[-1] += f", {item}"
    return [Text(line) for line in lines]


def _scores(report: OffensiveReport, after: State) -> list[Block]:
    """SCORES, need 15 (or who wins): a line per faction, the highest first (its total = its terms, the
    offensives' term apart)."""
    if not report.scores:
        return []  # stopped before the score step (the offensive command)
    ranked = sorted(report.scores.values(), key=lambda score: -score.total)
    if report.winner is not None:
        winner = player_name(report.winner, after.options.names)
        verdict = Text(_("{faction} wins.").format(faction=winner), bold=True)
        head: list[Block] = [Text(_("SCORES"), bold=True), verdict]
    else:
        head = [Columns(_("SCORES"), _("nobody at {n}").format(n=report.need), bold=True)]
    return head + [Text(_score(score, report.hand)) for score in ranked]


def _score(score: Score, hand: set[tuple[str, str]]) -> str:
    """ "Aut. 13 = 4+4+1 +4 left": the terms in the rules' order, a lone one named, "(h)" by hand."""
    turns = {"offensives done": _("+{n} done"), "offensives left": _("+{n} left")}
    terms = [(t, v) for t, v in score.terms if t not in turns]
    said = [f"{v}{' (h)' if (score.faction, t) in hand else ''}" for t, v in terms]
    if len(terms) == 1:
        said[0] += f" {term_name(terms[0][0])}"
    rest = [turns[t].format(n=v) for t, v in score.terms if t in turns]
    return " ".join([f"{faction_short(score.faction)} {score.total} = {'+'.join(said)}", *rest])


def _incomes(report: OffensiveReport, after: State) -> list[Block]:
    """INCOME: what each faction gained (Germany less RSI's) = its new total; then the civic actions."""
    if report.incomes is None:
        return [] if report.winner else _resources(after)  # stopped before the incomes: the totals
    got, res = report.incomes, after.resources
    said = {f: f"{faction_short(f)} +{got[f]}={res[f]}" for f in ("rsi", "cln", "aut")}
    said["ger"] = f"{faction_short('ger')} +{got['ger']}-{got['rsi']}={res['ger']}"
    heading = _("INCOME")
    blocks: list[Block] = [
        Text(f"{heading} {said['ger']} {said['rsi']}"),
        Text(f"{' ' * len(heading)} {said['cln']} {said['aut']}"),
    ]
    return blocks + [Text(_civic(civic)) for civic in report.civics]


def _civic(civic: CivicDone) -> str:
    areas = ", ".join(area_name(a) for a in civic.areas)
    cost = f" -{civic.cost}" if civic.cost else ""
    return f"{faction_short(civic.faction)} {op_name(civic.name)} {areas}{cost}"


def _left_out(count: int) -> Text:
    return Text(
        ngettext("... {count} more battle on screen", "... {count} more battles on screen", count).format(
            count=count
        )
    )


def final_ticket(after: State, rules: Rules) -> Document:
    """The game's end (spec 7): the winner and why, the final scores, the card count, and the seed of a
    companion-built deck (to replay it)."""
    assert after.winner is not None
    k, scores = after.offensive_number() or after.offensives_done, after.scores
    best = max(scores.values()) if scores else 0
    if scores.get(after.winner, 0) >= rules.victory_points and k >= rules.victory_check_from:
        reason = _("{points}+ points at offensive {k}").format(points=rules.victory_points, k=k)
    else:
        reason = _("most points after offensive {k}").format(k=k)
    if sum(1 for v in scores.values() if v == best) > 1:
        order = ", ".join(faction_name(f) for f in rules.tie_order)
        reason = _("{reason}, tie order {factions}").format(reason=reason, factions=order)
    names = after.options.names
    winner = player_name(after.winner, names)
    blocks: list[Block] = [
        Text(_("{game}  GAME OVER").format(game=GAME_NAME), bold=True, align="center"),
        Text(_("{faction} wins.").format(faction=winner), bold=True, align="center"),
        Text(reason),
        Rule(),
        *(Columns(player_name(f, names), str(scores.get(f, 0))) for f in rules.tie_order),
        Rule(),
        Text(_("{n} cards of {size}").format(n=after.card_index, size=deck_size(after.options.long_deck))),
    ]
    if after.options.deck_mode == "companion":
        blocks.append(Text(_("Companion deck, seed {seed}").format(seed=after.options.seed)))
    return Document("Game over", tuple([*blocks, Cut()]))


def card_ticket(after: State, events: Sequence[object], width_px: int = 384, title: str = "") -> Document:
    """The card just played (spec 7's round ticket): its lines, who is eligible next (with who plays each),
    the resources and what the deck says of the next offensive; `title`: the card's, when the owner's card
    file gives it."""
    size = deck_size(after.options.long_deck)
    card = card_name(after.current) + (f": {title}" if title else "")
    head: list[Block] = [
        Columns(GAME_NAME, _("card {n} of {size}").format(n=after.card_index, size=size), bold=True),
        Text(card),
        Text(_("Order: {order}").format(order=", ".join(faction_name(f) for f in after.order))),
        Rule(),
    ]
    kinds = [is_offensive(c) for c in after.seen]
    tail: list[Block] = [
        Rule(),
        Text(_("Eligible: {factions}").format(factions=_players(after, after.eligible))),
        Text(_("Not eligible: {factions}").format(factions=_players(after, after.ineligible))),
        *_resources(after),
        Text(told(forecast(kinds, after.options.long_deck))),
        Cut(),
    ]
    lines = _told([e for e in events if getattr(e, "template", None) not in SAID_AROUND], after)
    return Document(
        f"Card {after.card_index}", tuple(_fitted(head, [[Text(x)] for x in lines], tail, width_px))
    )


def _told(events: Sequence[object], *states: State) -> list[str]:
    """The engine's sentences as the screen says them, the map's areas by name."""
    areas = {area for state in states for area in state.areas}
    return [told(event, areas) for event in events]


def _players(state: State, factions: Iterable[str]) -> str:
    """The factions, each with who plays it (the names typed before the game), or "none"."""
    return ", ".join(player_name(f, state.options.names) for f in factions) or _("none")


def _fitted(
    head: list[Block],
    events: Sequence[list[Block]],
    tail: list[Block],
    width_px: int,
    more: Callable[[int], Text] | None = None,
) -> list[Block]:
    """The head, as many events (each its lines) as fit in 100 mm (the rest counted, by `more`), the
    tail."""
    more = more or _more
    body: list[Block] = []
    for number, blocks in enumerate(events):
        left = len(events) - number - 1
        counted = [more(left)] if left else []
        if length_dots([*head, *body, *blocks, *counted, *tail], width_px) > TICKET_DOTS:
            body.append(more(len(events) - number))
            break
        body += blocks
    return [*head, *body, *tail]


def _more(count: int) -> Text:
    return Text(ngettext("... {count} more line", "... {count} more lines", count).format(count=count))


def _resources(state: State) -> list[Block]:
    res = state.resources
    said = {f: f"{faction_name(f)} {res[f]}" for f in ("ger", "rsi", "cln", "aut")}
    return [Columns(said["ger"], said["rsi"]), Columns(said["cln"], said["aut"])]
