"""Italy '43-'45's tickets (spec 7): one per card played (who passed and who acted, what the table must
change, who is eligible next, the resources, the next offensive), one per offensive (each battle, the
liberated areas, the clean-up, the redistribution and the resources), a final one at the game's end
(the winner and why, the scores). At most 100 mm of paper: lines that do not fit are counted on the
last one."""

from __future__ import annotations

from companion.games.italy4345.deck import deck_size, forecast, is_offensive
from companion.games.italy4345.edition import Rules
from companion.games.italy4345.model import NAMES, State
from hardware.document import Block, Columns, Cut, Document, Rule, Text, length_dots

TICKET_DOTS = 792  # 99 mm


def offensive_ticket(
    before: State, after: State, events: list[str], offensives: int | None, width_px: int = 384
) -> Document:
    """The offensive of `before` as it ended in `after`, with the engine's sentences in order; "k of
    `offensives`" in its title (the game's count, rules.toml's; None: k alone)."""
    k = before.offensive_number()
    power = before.offensive.power if before.offensive else 0
    of = f" of {offensives}" if offensives else ""
    head: list[Block] = [Text(f"OFFENSIVE {k}{of}  power {power}", bold=True, align="center"), Rule()]
    tail: list[Block] = [Rule(), *(_resources(after)), Cut()]
    return Document(f"Offensive {k}", tuple(_fitted(head, events, tail, width_px)))


def final_ticket(after: State, rules: Rules) -> Document:
    """The game's end (spec 7): the winner and why, the final scores, the card count, and the seed of a
    companion-built deck (to replay it)."""
    assert after.winner is not None
    k, scores = after.offensive_number() or after.offensives_done, after.scores
    best = max(scores.values()) if scores else 0
    if scores.get(after.winner, 0) >= rules.victory_points and k >= rules.victory_check_from:
        reason = f"{rules.victory_points}+ points at offensive {k}"
    else:
        reason = f"most points after offensive {k}"
    if sum(1 for v in scores.values() if v == best) > 1:
        reason += ", tie order " + " ".join(NAMES[f] for f in rules.tie_order)
    blocks: list[Block] = [
        Text("ITALY '43-'45  GAME OVER", bold=True, align="center"),
        Text(f"{NAMES[after.winner]} wins", bold=True, align="center"),
        Text(reason),
        Rule(),
        *(Columns(str(NAMES[f]), str(scores.get(f, 0))) for f in rules.tie_order),
        Rule(),
        Text(f"{after.card_index} cards of {deck_size(after.options.long_deck)}"),
    ]
    if after.options.deck_mode == "companion":
        blocks.append(Text(f"Companion deck, seed {after.options.seed}"))
    return Document("Game over", tuple([*blocks, Cut()]))


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
