"""The Austrian-turn ticket: what it tells the table, and that it fits on 58 mm paper."""

from __future__ import annotations

import json

from companion.assets import milano1848_layout
from companion.cli import main
from companion.games.milano1848 import actions as a
from companion.tickets.milano1848 import austrian_turn_ticket
from hardware.document import Columns, Cut, Raster, Text
from hardware.ticket_image import DPI, render
from tests.games.milano1848.table import example_7_table


def example_7_ticket():
    table = example_7_table()
    before = table.state
    events = table.play(a.AustrianTurn(), [("zone", 16)])
    return austrian_turn_ticket(before, table.state, events, milano1848_layout())


def test_the_ticket_tells_the_table_every_move_of_example_7():
    ticket = example_7_ticket()
    texts = [b.text for b in ticket.blocks if isinstance(b, Text)]
    assert texts[:2] == ["MILANO 1848", "Austrian turn, round 1"]
    assert "Castle pours out: 10 Soldiers" in texts and "Austria conquers zone 1" in texts and "Austria conquers zone 2" in texts
    assert "Zones: Italy 2, Austria 2" in texts
    assert "Zone 13: +2 -> 4 soldiers" in texts and "Zone 16: +1 -> 1 soldier" in texts and "Zone 15: +1 -> 1 soldier" in texts
    assert not any(t.startswith(("Zone 1:", "Zone 2:", "Zone 4:", "Zone 12:")) for t in texts)  # conquered: said above
    columns = {(b.left, b.right) for b in ticket.blocks if isinstance(b, Columns)}
    assert ("Radetzky", "zone 16") in columns and ("Castle 1", "Reserve 20") in columns
    assert isinstance(ticket.blocks[-2], Raster) and ticket.blocks[-2].width == 384 and isinstance(ticket.blocks[-1], Cut)


def test_even_this_busy_turn_fits_in_100_mm_of_58_mm_paper():
    assert render(example_7_ticket(), 384).height / DPI * 25.4 <= 100


def test_the_map_marks_radetzky_and_the_austrian_zones():
    raster = example_7_ticket().blocks[-2]
    layout = milano1848_layout()
    margin = 17

    def centre(zone):
        x, y = layout[zone]
        return int(margin + x * (384 - 2 * margin)), int(margin + y * (raster.height - 2 * margin))

    for zone in (1, 2):  # Austrian: a filled disc (its centre holds a white "A")
        assert raster.pixel(centre(zone)[0] + 10, centre(zone)[1])
    assert not raster.pixel(centre(3)[0] - 9, centre(3)[1])  # an open zone: white inside
    x, y = centre(16)
    assert raster.pixel(x + 10, y - 12)  # the black R tag beside Radetzky's zone


def test_receipt_writes_the_escpos_bytes(capsys, tmp_path):
    state = tmp_path / "state.json"
    state.write_text(json.dumps({
        "format": "companion/milano1848", "version": 1, "mode": "basic", "players": 4, "round": 2,
        "reserve": 39, "castle": 3, "radetzky": 7, "zones": {"7": {"soldiers": 3}, "8": {"soldiers": 2}},
        "patriots": [{"zone": 1}] * 4, "zone_deck": None, "available": [7], "not_available": [],
        "barricades": [], "winner": None,
    }))
    receipt = tmp_path / "ticket.bin"
    assert main(["milano1848", "austrian-turn", str(state), "--draw", "3", "--receipt", str(receipt)]) == 0
    data = receipt.read_bytes()
    assert b"MILANO 1848" in data and b"Zone 3: +1 -> 1 soldier" in data and b"\x1dv0" in data
    assert json.loads(capsys.readouterr().out)["radetzky"] == 3


def test_the_chronicle_tells_the_story_of_the_game():
    import random

    from companion.assets import milano1848
    from companion.games.milano1848.bots import greedy_bot
    from companion.games.milano1848.game import Game
    from companion.games.milano1848.setup import Options
    from companion.tickets.milano1848 import chronicle_ticket

    game = Game(milano1848(), Options(players=4, seed=7, wave=9))
    rng = random.Random(7)
    while game.state.step != "over":
        game.play(greedy_bot(game.state, rng))
    fights_won = sum(e.kind in ("fight-won", "radetzky-defeated") for e in _events_of(game))
    ticket = chronicle_ticket(game)
    texts = [b.text for b in ticket.blocks if isinstance(b, Text)]
    columns = {b.left: b.right for b in ticket.blocks if isinstance(b, Columns)}
    assert f"{game.state.winner.upper()} WINS" in texts and f"{game.state.round} rounds, 4 players, basic game" in texts
    assert columns["Fights won / lost"].startswith(f"{fights_won} / ")
    conquered = [left for left in columns if left.startswith("Round ")]
    owned = [z for z in game.state.zones if game.state.owner[z]]
    assert sorted(int(c.rsplit(" ", 1)[1]) for c in conquered) == owned
    assert isinstance(ticket.blocks[-1], Cut)


def _events_of(game):
    from companion.games.milano1848.game import Game
    replayed = Game(game.state.edition, game.options, game.setup_draws)
    return [e for r in game.records for e in replayed.play(r.action, r.drawn)]
