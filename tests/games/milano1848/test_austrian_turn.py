"""Phase 2 and Phase 3, including the readings of docs/rules-interpretations.md."""

from __future__ import annotations

from companion.games.milano1848 import actions as a
from companion.games.milano1848.state import ACT, OVER

from .table import Table, build


def _austrian(**fields) -> Table:
    defaults = {
        "step": "austria",
        "active": None,
        "actions_left": 0,
        "zone_deck": None,
        "patriots": [{"zone": 1, "hand": []}] * 4,
    }
    defaults["done"] = [True] * len(fields.get("patriots", defaults["patriots"]))
    defaults.update(fields)
    return Table(build(**defaults))


def _turn(table: Table, draw: int | None = None) -> list[str]:
    table.play(a.AustrianTurn(), [("zone", draw)] if draw else ())
    return table.kinds()


def test_castle_below_ten_stays_put():
    table = _austrian(castle=9, radetzky=16)
    _turn(table, 4)
    assert table.state.castle >= 9


def test_pour_out_cycles_past_zone_16_and_skips_barricades_and_conquered_zones():
    owners = {z: {"owner": "italy" if z < 5 else "austria"} for z in range(1, 9)}
    table = _austrian(castle=12, zones=owners, barricades=[14], radetzky=16)
    table.play(a.AustrianTurn(), [("zone", 13)])
    poured = [e.zone for e in table.events if e.kind == "pour-out"]
    assert poured == [9, 10, 11, 12, 13, 15, 16, 9, 10, 11, 12, 13]


def test_conquest_returns_soldiers_and_removes_the_card_from_available():
    table = _austrian(zones={6: 6}, available=[6], radetzky=16)
    _turn(table, 4)
    assert table.state.owner[6] == "austria" and 6 not in table.state.available


def test_victory_tie_goes_to_austria_and_more_zones_to_italy():
    five_each = {
        **{z: {"owner": "italy"} for z in range(1, 6)},
        **{z: {"owner": "austria"} for z in range(6, 11)},
    }
    tie = _austrian(zones=five_each)
    _turn(tie)
    assert tie.state.winner == "austria" and tie.state.ended_by == "zones" and tie.state.step == OVER
    italy = _austrian(zones={**{z: {"owner": "italy"} for z in range(1, 6)}, 6: {"owner": "austria"}})
    _turn(italy)
    assert italy.state.winner == "italy"


def test_a_short_reserve_in_2d1_is_an_austrian_victory_and_barricades_still_leave():
    zones = {z: 3 for z in range(4, 16)}  # 36 Soldiers held by the zones, 9 in the Castle: 2 in reserve
    table = _austrian(castle=9, barricades=[3], zones={2: 1, **zones})
    kinds = _turn(table)
    assert table.state.winner == "austria" and table.state.ended_by == "reserve"
    assert table.state.barricades == [] and "barricades-removed" in kinds


def test_2d2_adds_in_numerical_order_and_stops_when_the_wave_is_used_up():
    zones = {z: 1 for z in range(1, 16)}
    table = _austrian(zones=zones, radetzky=16, soldiers_per_wave=11)
    table.play(a.AustrianTurn(), [("zone", 16)])
    reinforced = [e.zone for e in table.events if e.kind == "reinforce"]
    assert reinforced == list(range(1, 12))  # 2.D.3 and 2.D.4 get nothing
    assert table.state.radetzky == 16 and table.state.soldiers[16] == 0


def test_2d4_when_short_fills_the_emptiest_neighbours_first_ties_by_number():
    # Radetzky to zone 13: open neighbours 4, 5, 6, 12, 14, 16 (no Barrier around 13).
    zones = {4: 3, 6: 1, 12: 2, 14: 1}
    table = _austrian(zones=zones, radetzky=1, soldiers_per_wave=7)
    table.play(a.AustrianTurn(), [("zone", 13)])
    reinforced = [e.zone for e in table.events if e.kind == "reinforce"]
    assert reinforced[:4] == [4, 6, 12, 14]  # 2.D.2 on zones that had Soldiers
    assert reinforced[4] == 13  # Radetzky's own Soldier
    assert sorted(reinforced[5:]) == [5, 16]  # 2 left: the empty ones, 5 and 16
    assert table.state.castle == 0


def test_barricades_keep_soldiers_off_in_2d_and_leave_at_the_end():
    table = _austrian(zones={2: 1, 3: 1}, barricades=[3, 11], radetzky=1)
    table.play(a.AustrianTurn(), [("zone", 11)])
    assert table.state.soldiers[3] == 1 and table.state.soldiers[11] == 0
    assert table.state.radetzky == 11 and table.state.barricades == []


def test_an_empty_zone_deck_leaves_radetzky_in_place_and_2d4_uses_his_zone():
    owners = {z: {"owner": "italy" if z < 5 else "austria"} for z in range(1, 9)}
    table = _austrian(zones={**owners, 9: 1}, radetzky=16, available=list(range(9, 17)), zone_deck=[])
    kinds = _turn(table)
    assert "radetzky" not in kinds and table.state.radetzky == 16
    assert table.state.soldiers[13] == 1 and table.state.soldiers[15] == 1


def test_phase_3_passes_the_first_player_and_refills_hands():
    from .table import Cards

    cards = Cards()
    table = _austrian(
        first_player=3,
        radetzky=16,
        patriots=[{"zone": 1, "hand": cards.italy("map")}] + [{"zone": 1, "hand": []}] * 3,
        italy={"deck": cards.italy(*["map"] * 15), "discard": []},
    )
    _turn(table, 4)
    state = table.state
    assert state.first_player == 0 and state.round == 2 and state.active == 0 and state.step == ACT
    assert [len(h) for h in state.hands] == [4, 4, 4, 4]


def test_two_players_the_third_patriot_plays_last_and_the_first_player_alternates():
    table = _austrian(players=2, first_player=1, radetzky=16, patriots=[{"zone": 1, "hand": []}] * 3)
    _turn(table, 4)
    assert table.state.first_player == 0
    order = []
    while table.state.step == ACT:
        order.append(table.state.active)
        table.play(a.EndTurn())
    assert order == [0, 1, 2]


def test_difficulty_changes_the_wave():
    table = _austrian(zones={2: 1}, radetzky=16, soldiers_per_wave=14, total=47)
    _turn(table, 4)
    assert [e.count for e in table.events if e.kind == "wave"] == [14]
