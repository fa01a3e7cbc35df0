"""The Austrian-turn ticket: what it tells the table, and that it fits in 100 mm of 58 mm paper,
measured on the bytes the printer gets."""

from __future__ import annotations

import json
import random
import re

import pytest

from companion.assets import edition
from companion.cli import main
from companion.games.milano1848 import actions as a
from companion.games.milano1848.bots import greedy_bot
from companion.games.milano1848.game import Game
from companion.games.milano1848.setup import Options
from companion.tables.milano1848.layout import zone_layout
from companion.tickets.milano1848 import austrian_turn_ticket, chronicle_ticket
from hardware.document import DOTS_PER_MM, Columns, Cut, Raster, Text
from hardware.paper import paper_mm
from hardware.printer import escpos_bytes
from hardware.ticket_image import render
from tests.games.milano1848.table import Table, build, example_7_table

EXAMPLE_7_ADVANCED = dict(  # Example 7's position, played in the Advanced game
    total=47,
    castle=10,
    radetzky=8,
    step="austria",
    active=None,
    actions_left=0,
    done=[True] * 4,
    zones={1: 3, 2: 3, 3: 1, 4: {"owner": "italy"}, 5: 3, 12: {"owner": "italy"}, 13: 2},
    patriots=[{"zone": z, "hand": []} for z in (4, 5, 12, 4)],
    zone_deck=None,
    available=[8],
    not_available=[],
    mode="advanced",
)
ENTRY = re.compile(r"\s*(\d+): ([+-]\d+) -> (\d+)")


def example_7_ticket():
    table = example_7_table()
    before = table.state
    events = table.play(a.AustrianTurn(), [("zone", 16)])
    return austrian_turn_ticket(before, table.state, events, zone_layout())


def texts(ticket):
    return [b.text for b in ticket.blocks if isinstance(b, Text)]


def stated_changes(ticket):
    """zone -> (added, now), read off the ticket's lines as a player would."""
    found = {}
    for line in texts(ticket):
        for entry in re.findall(r"\s*\d+: [+-]\d+ -> \d+", line):
            zone, change, now = ENTRY.match(entry).groups()
            assert int(zone) not in found
            found[int(zone)] = (int(change), int(now))
    return found


def test_the_ticket_tells_the_table_every_move_of_example_7():
    ticket = example_7_ticket()
    lines = texts(ticket)
    assert lines[0] == "AUSTRIAN TURN - ROUND 1"
    assert "Castle pours out: 10 Soldiers" in lines and "Austria conquers zones 1, 2" in lines
    assert "Zones: Italy 2, Austria 2" in lines
    assert stated_changes(ticket) == {  # 1 and 2: conquered, said above
        3: (2, 3),
        5: (2, 5),
        6: (2, 2),
        7: (2, 2),
        8: (2, 2),
        9: (2, 2),
        10: (2, 2),
        11: (2, 2),
        13: (2, 4),
        15: (1, 1),
        16: (1, 1),
    }
    assert " 3: +2 -> 3     10: +2 -> 2" in lines  # two columns, down then across
    columns = {(b.left, b.right) for b in ticket.blocks if isinstance(b, Columns)}
    assert ("Radetzky", "zone 16") in columns and ("Castle 1", "Reserve 20") in columns
    assert (
        isinstance(ticket.blocks[-2], Raster)
        and ticket.blocks[-2].width == 384
        and isinstance(ticket.blocks[-1], Cut)
    )


def test_an_advanced_turn_tells_the_table_to_take_the_barricade_off():
    table = Table(build(**EXAMPLE_7_ADVANCED, barricades=[13]))
    before = table.state
    events = table.play(a.AustrianTurn(), [("zone", 16)])
    ticket = austrian_turn_ticket(before, table.state, events, zone_layout())
    assert "Take the Barricade off zone 13" in texts(ticket)
    assert 13 not in stated_changes(ticket)  # no Soldier arrives under the Barricade
    assert not any("Barricade" in t for t in texts(example_7_ticket()))


def test_even_this_busy_turn_fits_in_100_mm_of_58_mm_paper():
    assert paper_mm(escpos_bytes(example_7_ticket(), "POS-5890")) <= 100


def game_turns(seeds):
    """(before, after, events) of every Austrian turn in seeded greedy games."""
    for seed in seeds:
        options = Options(players=3 + seed % 3, mode=("basic", "advanced")[seed // 3 % 2], seed=seed)
        game = Game(edition("milano1848"), options)
        rng = random.Random(seed)
        while game.state.step != "over":
            action, before = greedy_bot(game.state, rng), game.state
            events = game.play(action)
            if isinstance(action, a.AustrianTurn):
                yield before, game.state, events


def test_every_turn_of_twelve_games_states_every_change_within_100_mm():
    turns = list(game_turns(range(12)))  # 3-5 players, basic and advanced (the benchmark: 1,000 turns)
    assert len(turns) > 30
    for before, after, events in turns:
        ticket = austrian_turn_ticket(before, after, events, zone_layout())
        changed = {
            z: (after.soldiers[z] - before.soldiers[z], after.soldiers[z])
            for z in after.zones
            if after.soldiers[z] != before.soldiers[z] and after.owner[z] is None
        }
        assert stated_changes(ticket) == changed
        conquered = [e.zone for e in events if e.kind == "austria-conquers"]
        assert (
            not conquered
            or f"Austria conquers zone{'s' if len(conquered) > 1 else ''} {', '.join(map(str, conquered))}"
            in texts(ticket)
        )
        columns = {(b.left, b.right) for b in ticket.blocks if isinstance(b, Columns)}
        assert ("Radetzky", f"zone {after.radetzky}") in columns
        assert paper_mm(escpos_bytes(ticket, "POS-5890")) <= 100


def crowded_turn():
    """A turn no game of ours reached: 16 Soldiers pour out and Austria wins with 5 zones at once
    (invented position, within the game's components)."""
    zones = {z: 3 if z <= 5 else 1 for z in range(1, 17)}
    table = Table(
        build(
            players=5,
            total=50,
            castle=16,
            radetzky=8,
            step="austria",
            active=None,
            actions_left=0,
            done=[True] * 5,
            zones=zones,
            patriots=[{"zone": z, "hand": []} for z in (6, 7, 8, 9, 10)],
            zone_deck=None,
            available=[8],
            not_available=[],
        )
    )
    before = table.state
    events = table.play(a.AustrianTurn(), [])
    return austrian_turn_ticket(before, table.state, events, zone_layout())


def test_a_crowded_turn_still_fits_with_a_smaller_map():
    ticket = crowded_turn()
    assert "Austria conquers zones 1, 2, 3, 4, 5" in " ".join(texts(ticket))
    assert "AUSTRIA WINS" in texts(ticket)
    assert len(stated_changes(ticket)) == 11
    assert paper_mm(escpos_bytes(ticket, "POS-5890")) <= 100
    assert ticket.blocks[-2].height < example_7_ticket().blocks[-2].height  # the map gave way to the text


def chronicle():
    game = Game(edition("milano1848"), Options(players=4, seed=7, wave=9))
    rng = random.Random(7)
    while game.state.step != "over":
        game.play(greedy_bot(game.state, rng))
    return game


@pytest.mark.parametrize("make", [example_7_ticket, crowded_turn, lambda: chronicle_ticket(chronicle())])
def test_the_preview_matches_the_paper_within_2_mm(make):
    ticket = make()
    paper = paper_mm(escpos_bytes(ticket, "POS-5890"))
    assert abs(render(ticket, 384).height / DOTS_PER_MM - paper) <= 2


def test_the_map_marks_radetzky_and_the_austrian_zones():
    raster = example_7_ticket().blocks[-2]
    layout = zone_layout()
    side, top = 15 + 20, 15 + 12

    def centre(zone):
        x, y = layout[zone]
        return int(side + x * (384 - 2 * side)), int(top + y * (raster.height - 2 * top))

    for zone in (1, 2):  # Austrian: a filled disc (its centre holds a white "A")
        assert raster.pixel(centre(zone)[0] + 10, centre(zone)[1])
    assert not raster.pixel(centre(3)[0] - 9, centre(3)[1])  # an open zone: white inside
    x, y = centre(16)
    assert raster.pixel(x - 17, y) and raster.pixel(x, y + 17)  # Radetzky's square frame, outside the circle


def test_receipt_writes_the_escpos_bytes(capsys, tmp_path):
    state = tmp_path / "state.json"
    state.write_text(
        json.dumps(
            {
                "format": "companion/milano1848",
                "version": 1,
                "mode": "basic",
                "players": 4,
                "round": 2,
                "reserve": 39,
                "castle": 3,
                "radetzky": 7,
                "zones": {"7": {"soldiers": 3}, "8": {"soldiers": 2}},
                "patriots": [{"zone": 1}] * 4,
                "zone_deck": None,
                "available": [7],
                "not_available": [],
                "barricades": [],
                "winner": None,
            }
        )
    )
    receipt = tmp_path / "ticket.bin"
    assert main(["milano1848", "austrian-turn", str(state), "--draw", "3", "--receipt", str(receipt)]) == 0
    data = receipt.read_bytes()
    assert b"AUSTRIAN TURN - ROUND 2" in data and b" 3: +1 -> 1" in data and b"\x1dv0" in data
    assert json.loads(capsys.readouterr().out)["radetzky"] == 3


def test_the_chronicle_tells_the_story_of_the_game():
    game = chronicle()
    fights_won = sum(e.kind in ("fight-won", "radetzky-defeated") for e in _events_of(game))
    ticket = chronicle_ticket(game)
    texts = [b.text for b in ticket.blocks if isinstance(b, Text)]
    columns = {b.left: b.right for b in ticket.blocks if isinstance(b, Columns)}
    assert (
        f"{game.state.winner.upper()} WINS" in texts
        and f"{game.state.round} rounds, 4 players, basic game" in texts
    )
    assert columns["Fights won / lost"].startswith(f"{fights_won} / ")
    conquered = [left for left in columns if left.startswith("Round ")]
    owned = [z for z in game.state.zones if game.state.owner[z]]
    assert sorted(int(c.rsplit(" ", 1)[1]) for c in conquered) == owned
    assert isinstance(ticket.blocks[-1], Cut)


def _events_of(game):
    from companion.games.milano1848.game import Game

    replayed = Game(game.state.edition, game.options, game.setup_draws)
    return [e for r in game.records for e in replayed.play(r.action, r.drawn)]
