"""Italy '43-'45's tickets (spec 7): one per card played (who passed and who acted, what the table must
change, who is eligible next, the resources, the next offensive), one per offensive (each battle, the
liberated areas, the clean-up, the redistribution and the resources), a final one at the game's end
(the winner and why, the scores). At most 100 mm of paper: lines that do not fit are counted on the
last one. Every word prints in the table's language (the catalog's, as the screen's: `companion.i18n`),
and cards, areas and factions as the screen names them (`tables/italy4345/words`: a faction with who
plays it, when the players typed their names); numbers never change."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.games.italy4345.deck import deck_size, forecast, is_offensive
from companion.games.italy4345.edition import Rules
from companion.games.italy4345.model import State
from companion.i18n import _, ngettext
from companion.tables.italy4345.words import card_name, faction_name, player_name, told
from hardware.document import Block, Columns, Cut, Document, Rule, Text, length_dots

TICKET_DOTS = 792  # 99 mm
GAME_NAME = "ITALY '43-'45"  # the game's own name, in every language
# the engine's sentences a card's ticket says in its head and tail (the card, who is eligible next)
SAID_AROUND = ("Card {n}: {card}.", "Next card eligible: {names}.")


def offensive_ticket(
    before: State, after: State, events: Sequence[object], offensives: int | None, width_px: int = 384
) -> Document:
    """The offensive of `before` as it ended in `after`, with the engine's sentences in order; "k of
    `offensives`" in its title (the game's count, rules.toml's; None: k alone)."""
    k = before.offensive_number()
    power = before.offensive.power if before.offensive else 0
    if offensives:
        title = _("OFFENSIVE {k} of {n}  power {power}").format(k=k, n=offensives, power=power)
    else:
        title = _("OFFENSIVE {k}  power {power}").format(k=k, power=power)
    head: list[Block] = [Text(title, bold=True, align="center"), Rule()]
    tail: list[Block] = [Rule(), *(_resources(after)), Cut()]
    return Document(f"Offensive {k}", tuple(_fitted(head, _told(events, before, after), tail, width_px)))


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
    return Document(f"Card {after.card_index}", tuple(_fitted(head, lines, tail, width_px)))


def _told(events: Sequence[object], *states: State) -> list[str]:
    """The engine's sentences as the screen says them, the map's areas by name."""
    areas = {area for state in states for area in state.areas}
    return [told(event, areas) for event in events]


def _players(state: State, factions: Iterable[str]) -> str:
    """The factions, each with who plays it (the names typed before the game), or "none"."""
    return ", ".join(player_name(f, state.options.names) for f in factions) or _("none")


def _fitted(head: list[Block], events: list[str], tail: list[Block], width_px: int) -> list[Block]:
    """The head, as many event lines as fit in 100 mm (the rest counted), the tail."""
    body: list[Block] = []
    for number, line in enumerate(events):
        block = Text(line)
        left = len(events) - number - 1
        more = [_more(left)] if left else []
        if length_dots([*head, *body, block, *more, *tail], width_px) > TICKET_DOTS:
            body.append(_more(len(events) - number))
            break
        body.append(block)
    return [*head, *body, *tail]


def _more(count: int) -> Text:
    return Text(ngettext("... {count} more line", "... {count} more lines", count).format(count=count))


def _resources(state: State) -> list[Block]:
    res = state.resources
    said = {f: f"{faction_name(f)} {res[f]}" for f in ("ger", "rsi", "cln", "aut")}
    return [Columns(said["ger"], said["rsi"]), Columns(said["cln"], said["aut"])]
