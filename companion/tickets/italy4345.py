"""Italy '43-'45's tickets (spec 7): one per card played (who passed and who acted, what the table must
change, who is eligible next, the resources, the next offensive), one per offensive (each battle, the
liberated areas, the clean-up, the redistribution and the resources). At most 100 mm of paper: lines
that do not fit are counted on the last one."""

from __future__ import annotations

from companion.games.italy4345.deck import deck_size, forecast, is_offensive
from companion.games.italy4345.model import NAMES, State
from hardware.document import Block, Columns, Cut, Document, Rule, Text, length_dots

TICKET_DOTS = 792  # 99 mm


def offensive_ticket(before: State, after: State, events: list[str], width_px: int = 384) -> Document:
    """The offensive of `before` as it ended in `after`, with the engine's sentences in order."""
    k = before.offensive_number()
    power = before.offensive.power if before.offensive else 0
    head: list[Block] = [Text(f"OFFENSIVE {k} of 5  power {power}", bold=True, align="center"), Rule()]
    tail: list[Block] = [Rule(), *(_resources(after)), Cut()]
    return Document(f"Offensive {k}", tuple(_fitted(head, events, tail, width_px)))


def card_ticket(after: State, events: list[str], width_px: int = 384) -> Document:
    """The card just played (spec 7's round ticket): its lines, who is eligible next, the resources and
    what the deck says of the next offensive."""
    size = deck_size(after.options.long_deck)
    head: list[Block] = [
        Columns("ITALY '43-'45", f"card {after.card_index} of {size}", bold=True),
        Text(after.current or ""),
        Text("Order: " + " ".join(NAMES[f] for f in after.order)),
        Rule(),
    ]
    kinds = [is_offensive(c) for c in after.seen]
    tail: list[Block] = [
        Rule(),
        Text("Eligible: " + (" ".join(NAMES[f] for f in after.eligible) or "none")),
        Text("Not eligible: " + (" ".join(NAMES[f] for f in after.ineligible) or "none")),
        *_resources(after),
        Text(str(forecast(kinds, after.options.long_deck))),
        Cut(),
    ]
    return Document(f"Card {after.card_index}", tuple(_fitted(head, events, tail, width_px)))


def _fitted(head: list[Block], events: list[str], tail: list[Block], width_px: int) -> list[Block]:
    """The head, as many event lines as fit in 100 mm (the rest counted), the tail."""
    body: list[Block] = []
    for number, line in enumerate(events):
        block = Text(line)
        left = len(events) - number - 1
        more = [Text(f"... {left} more lines")] if left else []
        if length_dots([*head, *body, block, *more, *tail], width_px) > TICKET_DOTS:
            body.append(Text(f"... {len(events) - number} more lines"))
            break
        body.append(block)
    return [*head, *body, *tail]


def _resources(state: State) -> list[Block]:
    res = state.resources
    return [
        Columns(f"{NAMES['ger']} {res['ger']}", f"RSI {res['rsi']}"),
        Columns(f"CLN {res['cln']}", f"Aut. {res['aut']}"),
    ]
