"""Italy '43-'45's tickets: so far the offensive's (spec 7), what the table does after it: each battle,
the liberated areas, the clean-up, the redistribution and the resources. At most 100 mm of paper: lines
that do not fit are counted on the last one."""

from __future__ import annotations

from companion.games.italy4345.model import NAMES, State
from hardware.document import Block, Columns, Cut, Document, Rule, Text, length_dots

TICKET_DOTS = 792  # 99 mm


def offensive_ticket(before: State, after: State, events: list[str], width_px: int = 384) -> Document:
    """The offensive of `before` as it ended in `after`, with the engine's sentences in order."""
    k = before.offensive_number()
    power = before.offensive.power if before.offensive else 0
    head: list[Block] = [Text(f"OFFENSIVE {k} of 5  power {power}", bold=True, align="center"), Rule()]
    tail: list[Block] = [Rule(), *(_resources(after)), Cut()]
    body: list[Block] = []
    for number, line in enumerate(events):
        block = Text(line)
        left = len(events) - number - 1
        more = [Text(f"... {left} more lines")] if left else []
        if length_dots([*head, *body, block, *more, *tail], width_px) > TICKET_DOTS:
            body.append(Text(f"... {len(events) - number} more lines"))
            break
        body.append(block)
    return Document(f"Offensive {k}", tuple([*head, *body, *tail]))


def _resources(state: State) -> list[Block]:
    res = state.resources
    return [
        Columns(f"{NAMES['ger']} {res['ger']}", f"RSI {res['rsi']}"),
        Columns(f"CLN {res['cln']}", f"Aut. {res['aut']}"),
    ]
