"""Road to Novara's tickets (spec 7): what each tells the table, that none tells the cup before the
turn ends, and that each fits in 100 mm of 58 mm paper, measured on the bytes python-escpos sends.
The units, formations and points below are INVENTED for the tests (tests/games/novara1849/fixtures.py
says which values a worked example implies); the widest inputs are as crowded as the rules allow."""

from __future__ import annotations

import pytest

from companion.games.novara1849 import (
    Activate,
    ApplyLosses,
    Bombard,
    Charge,
    Concede,
    Counter,
    Draw,
    EndActivation,
    EndTurn,
    EnterResult,
    Fight,
    Game,
    Hide,
    NightSupply,
    OccupyCity,
    Options,
    Pass,
    Readings,
    Recover,
    Reveal,
    RollAttrition,
    Select,
    TurnFacts,
)
from companion.games.novara1849.edition import Formation
from companion.tickets.novara1849 import (
    TurnNotOver,
    activation_ticket,
    bombardment_ticket,
    charge_ticket,
    chronicle_ticket,
    combat_ticket,
    night_ticket,
    tickets_after,
)
from hardware.document import DOTS_PER_MM, Columns, Document, Text
from hardware.paper import paper_mm
from hardware.printer import escpos_bytes
from hardware.ticket_image import render
from tests.games.novara1849.fixtures import UNITS, edition
from tests.games.novara1849.helpers import activation, draw_until, finish_turn


def lines(ticket: Document) -> list[str]:
    found = []
    for block in ticket.blocks:
        if isinstance(block, Text):
            found.append(block.text)
        elif isinstance(block, Columns):
            found.append(f"{block.left} | {block.right}")
    return found


def fits(ticket: Document) -> bool:
    paper = paper_mm(escpos_bytes(ticket, "POS-5890"))
    assert abs(render(ticket, 384).height / DOTS_PER_MM - paper) <= 2  # the preview matches the paper
    return paper <= 100


def example_4_8_c() -> Game:
    g = activation("S-4", "sardinia", independents=("Bers",))
    g.play(Fight((("4 Piemonte", 1), ("13 Pinerolo", 4), ("Bers", 4)), (("IR 7", 0),)), [6])
    g.play(ApplyLosses("austria", withdrawal=2))
    return g


def test_the_combat_ticket_tells_example_4_8_c_as_spec_t1() -> None:
    ticket = combat_ticket(example_4_8_c())
    said = lines(ticket)
    assert said[:2] == ["RADETZKY'S MARCH  Turn 2 day", "Combat 1 - S-4"]
    assert "ATTACK (ring 1,4) | CF bonus" in said and " Bers                    3    +1" in said
    assert "DEFENCE (clear, not fortified)" in said
    assert "9 : 4 = 2.25 | -> 2:1" in said and "encircled | +1" in said and "COLUMN | 3:1" in said
    assert "die 6, modifiers +1 | = 7" in said and "RESULT | D3" in said
    assert "IR 7 withdrew 2 hexes:" in said and " -2 absorbed, 1 taken" in said
    assert " IR 7 reduced, SHAKEN" in said and "Attacker may advance 2 hexes" in said
    assert "Steps lost | A 1   S 0" in said and fits(ticket)


def test_a_result_read_on_the_map_says_so_and_a_moved_reading_is_printed() -> None:
    g = activation("S-4", "sardinia", readings=Readings(clamp="before_shifts"))
    g.play(Fight((("3 Piemonte", 1),), (("IR 28", 0),)), [3])  # 1:1, modified 4: not in the text
    g.play(EnterResult("A1"))
    g.play(ApplyLosses("sardinia"))
    said = lines(combat_ticket(g))
    assert "RESULT | A1 (read from map)" in said and "rules override: clamp" in said


def crowded_combat() -> Game:
    """Twelve attackers from six ring positions on three defending hexes, halved units, every shift
    and modifier (invented units with the longest names a label may have)."""
    units = tuple(
        Counter(f"att-{i}", "sardinia", 9, "S-4", "infantry", 4, 1, f"Reggimento Lunghissimo {i:02d}")
        for i in range(12)
    ) + tuple(
        Counter(f"def-{i}", "austria", 9, "A-I", "infantry", 4, 1, f"Infanterie-Regiment Nr. {i:02d}")
        for i in range(6)
    )
    g = Game(edition(), Options(seed=3, first_turn=2, units=units, readings=Readings(clamp="before_shifts")))
    g.play(TurnFacts(False, 1, 1))
    g.play(Select("sardinia", ("S-4",)))
    g.play(Select("austria", ()))
    draw_until(g, "S-4")
    g.play(Activate())
    attackers = tuple((f"att-{i}", i % 6 + 1) for i in range(12))
    defenders = tuple((f"def-{i}", i % 3) for i in range(6))
    hexes = (("woods", 1, False), ("town", 2, False), ("clear", 0, False))
    g.play(Fight(attackers, defenders, hexes, hexside="stream", hexside_shifts=1), [2])
    g.play(EnterResult("A2D2"))
    g.play(ApplyLosses("sardinia", withdrawal=2))
    g.play(ApplyLosses("austria", allocation=(("def-0", 1), ("def-1", 1))))
    return g


def test_the_most_crowded_combat_still_fits_and_names_its_result() -> None:
    ticket = combat_ticket(crowded_combat())
    said = " ".join(lines(ticket))
    assert "terrain: town | -2  (defender's choice)" in said  # the largest of three, his to pick
    assert "RESULT | A2D2 (read from map)" in said and "12 units, CF 108" in said
    assert "Sardinia units withdrew 2 hexes:" in said and fits(ticket)


def test_the_charge_ticket_tells_the_texts_example() -> None:
    g = activation("A-II", "austria")
    g.play(Charge(("Uhl 1", "Dr 2"), ("5 Aosta",)), [2, 5, 6, 5])
    g.play(ApplyLosses("sardinia"))
    g.play(ApplyLosses("austria", allocation=(("Dr 2", 1),)))
    ticket = charge_ticket(g)
    said = lines(ticket)
    assert "Uhl 1 (1) + Dr 2 (2): 3 dice: 2 5 6 -> 2 hits" in said
    assert "1 inf unit: 1 die: 5 -> 1 hit" in said
    assert "5 Aosta eliminated; Dr 2 reduced" in said and "hex cleared: yes, cavalry may enter" in said
    assert "Steps lost | A 1   S 2" in said and fits(ticket)


def test_the_bombardment_ticket_tells_the_texts_example() -> None:
    g = activation("A-II", "austria")
    g.play(Bombard((("A-btr-1", True), ("A-btr-2", True)), ("5 Aosta",)), [6])
    g.play(ApplyLosses("sardinia"))
    ticket = bombardment_ticket(g)
    said = lines(ticket)
    assert "combined factor | 5" in said and "target: 5 Aosta" in said
    assert "target two hexes away | -1" in said and "die 6 | -> 5" in said
    assert "RESULT | 1" in said and "5 Aosta reduced" in said and fits(ticket)


def test_a_bombardment_read_on_the_map_says_so() -> None:
    g = activation("A-II", "austria")
    g.play(Bombard((("A-btr-1", False),), ("5 Aosta", "Nizza Cav")), [3])
    g.play(EnterResult("SH"))
    said = lines(bombardment_ticket(g))
    assert "RESULT | SH (read from map)" in said and "5 Aosta SHAKEN; Nizza Cav SHAKEN" in said


def test_the_night_ticket_tells_supply_shaken_losses_and_recovery() -> None:
    g = activation("A-II", "austria", night=True)
    g.play(Charge(("Uhl 1", "Dr 2"), ("5 Aosta",)), [6, 1, 1, 1])
    g.play(ApplyLosses("sardinia"))
    g.play(EndActivation())
    finish_turn(g)
    g.play(NightSupply(("IR 28", "IR 7")))
    g.play(Recover("5 Aosta"))
    g.play(EndTurn())
    ticket = night_ticket(g)
    said = lines(ticket)
    assert "OOS: IR 28, IR 7" in said and "Shaken markers removed: 0" in said
    assert "Recovered: S-1: 5 Aosta full" in said
    assert "Next: turn 3 (track: ask)" in said and fits(ticket)


def many_formations() -> Game:
    """Nine formations a side and 9 points each: twenty chits, every one activated by forced march
    (invented formations and units)."""
    formations = {f"A-{i}": Formation(f"A-{i}", "austria", f"Armeekorps Nummer {i}") for i in range(9)}
    formations |= {f"S-d{i}": Formation(f"S-d{i}", "sardinia", f"Divisione numero {i}") for i in range(9)}
    units = tuple(Counter(f"u-{f}", formations[f].side, 3, f, "infantry", 1) for f in formations)
    ed = edition()
    ed = type(ed)(crt=ed.crt, formations=formations, command_factors=ed.command_factors)
    g = Game(ed, Options(seed=11, first_turn=2, units=units))
    g.play(TurnFacts(False, 9, 9))
    g.play(Select("austria", tuple(f for f in formations if f.startswith("A"))))
    g.play(Select("sardinia", tuple(f for f in formations if f.startswith("S"))))
    while g.state.cup:
        g.play(Draw())
        if g.state.current.endswith("independent"):
            g.play(Pass())
            continue
        g.play(Activate(forced_march=True))
        g.play(RollAttrition(), [1])
        g.play(ApplyLosses(g.state.pending.due[0][0]))
        g.play(EndActivation())
    g.play(EndTurn())
    return g


def test_a_turn_of_twenty_chits_fits_in_100_mm() -> None:
    g = many_formations()
    ticket = activation_ticket(g)
    assert fits(ticket)
    said = " ".join(lines(ticket))
    assert said.count("A Armeekorps") == 9 and said.count("S Divisione") == 9  # each chit, in order


def test_the_turn_ticket_lists_the_activations_in_order() -> None:
    g = activation("A-II", "austria", forced_march=True)
    g.play(RollAttrition(), [1])
    g.play(ApplyLosses("austria", allocation=(("Dr 2", 1),)))
    g.play(EndActivation())
    finish_turn(g)
    g.play(EndTurn())
    said = lines(activation_ticket(g))
    assert "Activation points  A 4   S 1" in said
    heads = [line for line in said if line[:1].isdigit()]
    assert len(heads) == 3 and sum("Independent | PASS" in line for line in heads) == 2
    assert [line for line in heads if "A-II" in line][0].endswith("| FORCED M.")
    assert "     attrition 1: Dr 2 reduced" in said


def test_no_ticket_tells_the_cup_before_the_turn_ends() -> None:
    g = activation("A-II", "austria")
    g.play(Charge(("Uhl 1", "Dr 2"), ("5 Aosta",)), [2, 5, 6, 5])
    g.play(ApplyLosses("sardinia"))
    g.play(ApplyLosses("austria", allocation=(("Dr 2", 1),)))
    printed = " ".join(line for ticket in tickets_after(g) for line in lines(ticket))
    g.play(Bombard((("A-btr-1", False),), ("Nizza Cav",)), [5])
    g.play(EnterResult("SH"))
    printed += " ".join(line for ticket in tickets_after(g) for line in lines(ticket))
    g.play(EndActivation())
    assert tickets_after(g) == [] and "sardinia-independent" in g.state.cup  # still in the cup
    assert "Charge - A-II" in printed and "Bombardment - A-II" in printed
    assert "Independent" not in printed and "sardinia" not in printed.lower()
    with pytest.raises(TurnNotOver):
        activation_ticket(g)


def test_tickets_after_hands_out_each_ticket_when_it_is_complete() -> None:
    g = activation("A-II", "austria", night=True)
    g.play(Charge(("Uhl 1", "Dr 2"), ("5 Aosta",)), [2, 5, 6, 5])
    assert tickets_after(g) == []  # losses still to allocate
    g.play(ApplyLosses("sardinia"))
    g.play(ApplyLosses("austria", allocation=(("Dr 2", 1),)))
    assert [t.title for t in tickets_after(g)] == ["Charge - A-II"]
    g.play(EndActivation())
    finish_turn(g)
    g.play(NightSupply(()))
    g.play(EndTurn())
    assert [t.title for t in tickets_after(g)] == ["Night: supply and recovery", "Turn 2"]
    g.play(Concede("sardinia"))
    assert [t.title for t in tickets_after(g)] == ["Chronicle"]


def test_the_chronicle_tells_how_the_game_ended_and_its_bloodiest_combats() -> None:
    g = example_4_8_c()
    g.play(EndActivation())
    finish_turn(g)
    g.play(EndTurn())
    g.play(OccupyCity("Novara", "sardinia"))
    g.play(Concede("austria"))
    ticket = chronicle_ticket(g)
    said = lines(ticket)
    assert "SARDINIA WINS" in said and "Austria conceded" in said
    assert "enemy steps lost |   0    1" in said and "cities worth 6 |   0    6" in said
    assert "S holds Novara" in said and "turn 2 S-4 | 1 steps" in said
    assert "most active: S-4 | 1x" in said and fits(ticket)


def test_a_chronicle_of_many_combats_fits() -> None:
    g = crowded_combat()
    g.play(Concede("austria"))
    assert fits(chronicle_ticket(g))


def test_a_revealed_box_prints_its_units_for_its_owner() -> None:
    g = Game(edition(), Options(seed=2, first_turn=2, fog="hidden", units=UNITS))
    g.play(Hide("austria", "C", ("IR 28", "KJ 4")))
    assert tickets_after(g) == []  # the display is secret: nothing printed
    g.play(TurnFacts(False, 1, 1))
    g.play(Select("austria", ()))
    g.play(Select("sardinia", ()))
    g.play(Reveal("austria", "C"))
    (ticket,) = tickets_after(g)
    said = lines(ticket)
    assert ticket.title == "Hidden forces: box C" and "Austria box C:" in said
    assert " IR 28" in said and " KJ 4" in said and fits(ticket)


def test_a_night_with_every_unit_out_of_supply_still_fits() -> None:
    """Forty invented units with long names, every one out of supply, then Shaken, then a step down."""
    units = tuple(
        Counter(
            f"n-{i}",
            "austria" if i % 2 else "sardinia",
            4,
            "",
            "infantry",
            2,
            0,
            f"Reggimento Numero {i:02d}",
        )
        for i in range(40)
    )
    g = Game(edition(), Options(seed=5, first_turn=2, units=units))
    for _ in range(3):
        g.play(TurnFacts(True, 0, 0))
        g.play(Select("austria", ()))
        g.play(Select("sardinia", ()))
        finish_turn(g)
        g.play(NightSupply(tuple(u.id for u in units)))
        ticket = night_ticket(g)
        assert fits(ticket)
        g.play(EndTurn())
    assert any("step lost (OOS)" in line for line in lines(ticket))


def test_the_most_crowded_charge_and_bombardment_fit() -> None:
    """Eight invented cavalry units charge four defenders; eight invented batteries fire on four units."""
    cavalry = tuple(
        Counter(f"c-{i}", "austria", 2, "A-II", "cavalry", 1, 0, f"Kürassier-Regiment Nr. {i:02d}")
        for i in range(8)
    )
    guns = tuple(
        Counter(f"g-{i}", "austria", 2, "A-II", "artillery", 1, 0, f"Fuss-Batterie Nummer {i:02d}")
        for i in range(8)
    )
    targets = tuple(
        Counter(f"t-{i}", "sardinia", 2, "S-1", "cavalry", 1, 0, f"Cavalleggeri di Lungo Nome {i:02d}")
        for i in range(4)
    )
    g = Game(edition(), Options(seed=4, first_turn=2, units=UNITS + cavalry + guns + targets))
    g.play(TurnFacts(False, 1, 1))
    g.play(Select("austria", ("A-II",)))
    g.play(Select("sardinia", ()))
    draw_until(g, "A-II")
    g.play(Activate())
    g.play(Charge(tuple(c.id for c in cavalry), tuple(t.id for t in targets)), [5] * 16 + [6] * 8)
    g.play(ApplyLosses("sardinia", allocation=tuple((t.id, 2) for t in targets)))
    g.play(ApplyLosses("austria", allocation=tuple((c.id, 1) for c in cavalry)))
    assert fits(charge_ticket(g))
    fired_on = ("3 Piemonte", "14 Pinerolo", "4 Piemonte", "13 Pinerolo")
    g.play(Bombard(tuple((b.id, True) for b in guns), fired_on), [4])
    g.play(EnterResult("1SH"))
    g.play(
        ApplyLosses(
            "sardinia",
            allocation=(("3 Piemonte", 1), ("14 Pinerolo", 0), ("4 Piemonte", 0), ("13 Pinerolo", 0)),
        )
    )
    assert fits(bombardment_ticket(g))
