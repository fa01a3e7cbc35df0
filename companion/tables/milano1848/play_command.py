"""`companion milano1848 play STATE.json ACTION...`: advance a state file from a shell.

Each ACTION is a JSON object as in docs/formats.md, either an action (`{"type": "place", "zone": 4}`)
or a record line naming the cards it drew (`{"action": {...}, "drawn": [["austria", "austria-07"]]}`),
which the table's own decks need. The new state goes to stdout; a refusal is one line and nothing is printed.
"""

from __future__ import annotations

import argparse
import json

from companion.commands import UserError, user_errors
from companion.games.milano1848 import stateio
from companion.games.milano1848.actions import Action, action_from_dict
from companion.games.milano1848.dealer import Draw
from companion.games.milano1848.errors import CardNeeded, DataError, IllegalActionError
from companion.games.milano1848.game import Record
from companion.games.milano1848.reducer import play
from companion.tables.milano1848.commands import load_state


@user_errors
def play_actions(args: argparse.Namespace) -> int:
    state = load_state(args.state)
    for number, text in enumerate(args.actions, start=1):
        action, drawn = parse_action(text, number)
        try:
            state = play(state, action, drawn)[0]
        except CardNeeded as exc:
            raise UserError(
                f"action {number}: {exc} Give the action as "
                f'{{"action": {{...}}, "drawn": [["{exc.deck}", ...]]}}'
            ) from None
        except IllegalActionError as exc:
            raise UserError(f"action {number}: {exc}") from None
    print(stateio.dumps(state))
    return 0


def parse_action(text: str, number: int) -> tuple[Action, tuple[Draw, ...]]:
    """An action object, or a record line with the cards it drew; UserError names the action's number."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(
            f'action {number}: is not JSON ({exc.msg}); write it like \'{{"type": "move", "zone": 4}}\''
        ) from None
    except (RecursionError, ValueError):
        raise UserError(f"action {number}: is nested too deeply or holds a number too long") from None
    try:
        if isinstance(data, dict) and "action" in data:
            record = Record.from_dict(data)
            return record.action, record.drawn
        return action_from_dict(data), ()
    except DataError as exc:
        raise UserError(f"action {number}: {exc}") from None
