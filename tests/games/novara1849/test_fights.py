"""Charges, bombardments, attrition and combats inside a game: spec examples 4.5, 4.6, 4.8 through the game
object, readings R-7, R-10, R-31, R-32b, R-33, and the table-read fallback."""

import pytest

from companion.games.novara1849 import (
    ApplyLosses,
    Bombard,
    Charge,
    EndActivation,
    EnterResult,
    Fight,
    IllegalActionError,
    RollAttrition,
)
from companion.games.novara1849.attrition import attrition_loss

from .helpers import activation


def test_example_4_5_the_charge_of_uhl_1_and_dr_2() -> None:
    g = activation("A-II", "austria")
    events = g.play(Charge(("Uhl 1", "Dr 2"), ("5 Aosta",)), [2, 5, 6, 5])
    assert "Charge: 3 dice [2, 5, 6], 2 hits; defence 1 dice [5], 1 hits." in events
    g.play(ApplyLosses("sardinia"))
    events = g.play(ApplyLosses("austria", allocation=(("Dr 2", 1),)))
    units = g.state.units
    assert units["5 Aosta"].steps == 0 and units["Dr 2"].steps == 1 and units["Uhl 1"].steps == 1
    assert g.state.ledger.lost == {"austria": 1, "sardinia": 2}
    assert g.state.ledger.eliminated_cp["sardinia"] == 4
    assert g.state.pending is None


def test_the_charge_clears_the_hex_when_every_defender_falls() -> None:
    g = activation("A-II", "austria")
    g.play(Charge(("Uhl 1", "Dr 2"), ("5 Aosta",)), [5, 6, 1, 2])
    assert "The hex is cleared: the cavalry may enter it." in g.play(ApplyLosses("sardinia"))


def test_r7_the_forced_march_plus_one_makes_a_4_hit_and_nothing_else_modifies_a_charge() -> None:
    g = activation("S-1", "sardinia", forced_march=True)
    g.state = g.state.__class__(**{**g.state.__dict__, "active": None, "phase": "draw"})  # S-1 marched
    h = activation("A-II", "austria")
    h.state = h.state.__class__(
        **{**h.state.__dict__, "units": {**h.state.units, "5 Aosta": g.state.units["5 Aosta"]}}
    )
    events = h.play(Charge(("Uhl 1", "Dr 2"), ("5 Aosta",)), [4, 4, 3, 6])
    assert "2 hits" in events[0] and "defence 1 dice [6], 1 hits" in events[0]


def test_charges_are_refused_off_clear_terrain_and_across_a_stream() -> None:
    g = activation("A-II", "austria")
    with pytest.raises(IllegalActionError, match="only units in clear terrain"):
        g.play(Charge(("Uhl 1",), ("5 Aosta",), "woods"))
    with pytest.raises(IllegalActionError, match="across a stream"):
        g.play(Charge(("Uhl 1",), ("5 Aosta",), "clear", "stream"))
    with pytest.raises(IllegalActionError, match="IR 28 belongs to A-I, which is not active"):
        g.play(Charge(("IR 28",), ("5 Aosta",)))


def test_example_4_6_the_bombardment_of_a_sardinian_regiment() -> None:
    g = activation("A-II", "austria")
    events = g.play(Bombard((("A-btr-1", True), ("A-btr-2", True)), ("5 Aosta",)), [6])
    assert "Bombardment, modified roll 5: 1." in events
    g.play(ApplyLosses("sardinia"))
    assert g.state.units["5 Aosta"].steps == 1 and not g.state.units["5 Aosta"].shaken
    assert g.state.ledger.lost["sardinia"] == 1
    with pytest.raises(IllegalActionError, match="A-btr-1 bombarded this turn: it may not also fight"):
        g.play(Fight((("A-btr-1", 1),), (("5 Aosta", 0),)))


def test_a_bombardment_the_table_lacks_is_read_on_the_map_and_shakes() -> None:
    g = activation("A-II", "austria")
    events = g.play(Bombard((("A-btr-1", False),), ("5 Aosta", "Nizza Cav")), [3])
    assert any("artillery table has no entry for combined factor 2, modified roll 3" in e for e in events)
    g.play(EnterResult("SH"))
    assert g.state.units["5 Aosta"].shaken and g.state.units["Nizza Cav"].shaken


def test_r31_the_range_two_modifier_when_any_battery_is_two_hexes_away() -> None:
    g = activation("A-II", "austria")
    events = g.play(Bombard((("A-btr-1", True), ("A-btr-2", False)), ("5 Aosta",)), [6])
    assert "Bombardment, modified roll 5: 1." in events


def test_no_bombardment_at_night() -> None:
    g = activation("A-II", "austria", night=True)
    with pytest.raises(IllegalActionError, match="no bombardment is allowed during night turns"):
        g.play(Bombard((("A-btr-1", False),), ("5 Aosta",)))


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_r10_attrition_costs_one_step_on_a_1_and_a_general_retreat_on_1_to_3(die: int) -> None:
    assert attrition_loss(die) is (die == 1)
    assert attrition_loss(die, general_retreat=True) is (die <= 3)


def test_r10_a_forced_march_rolls_one_die_and_the_owner_picks_the_unit() -> None:
    g = activation("A-II", "austria", forced_march=True)
    with pytest.raises(IllegalActionError, match="roll the forced march's attrition"):
        g.play(EndActivation())
    with pytest.raises(IllegalActionError, match="force-marched this turn: it may not attack"):
        g.play(Fight((("Uhl 1", 1),), (("5 Aosta", 0),)))
    g.play(RollAttrition(), [1])
    g.play(ApplyLosses("austria", allocation=(("Dr 2", 1),)))
    assert g.state.units["Dr 2"].steps == 1 and g.state.ledger.lost["austria"] == 1
    g.play(EndActivation())


def test_example_4_8_c_through_the_game_with_the_ring_and_the_withdrawal() -> None:
    g = activation("S-4", "sardinia", independents=("Bers",))
    fight = Fight((("4 Piemonte", 1), ("13 Pinerolo", 4), ("Bers", 4)), (("IR 7", 0),))
    assert g.preview(fight).final_column == "3:1"
    events = g.play(fight, [6])
    assert "Column 3:1, modified roll 7: D3." in events
    events = g.play(ApplyLosses("austria", withdrawal=2))
    assert "The attacker may advance 2 hex(es)." in events
    ir7 = g.state.units["IR 7"]
    assert (ir7.steps, ir7.shaken) == (1, True) and g.state.ledger.lost["austria"] == 1


def test_a_combat_result_the_table_lacks_is_asked_for_and_recorded_as_read() -> None:
    g = activation("S-4", "sardinia")
    events = g.play(Fight((("14 Pinerolo", 1),), (("IR 28", 0),)), [4])
    assert "Your Combat Result Table has no entry for column 1:1, modified roll 4" in events[-1]
    with pytest.raises(IllegalActionError, match="Z9 is not a combat result"):
        g.play(EnterResult("Z9"))
    g.play(EnterResult("A1D1"))
    assert g.state.pending.due == (("sardinia", 1), ("austria", 1))


def test_switches_r31_all_r32b_halving_and_r7_no_charge_bonus() -> None:
    from companion.games.novara1849.bombard import Battery, bombard
    from companion.games.novara1849.charge import charge_dice
    from companion.games.novara1849.combat import Fighter
    from companion.games.novara1849.readings import Readings

    mixed = (
        Battery(Fighter("a", 2, "artillery"), True),
        Battery(Fighter("b", 3, "artillery", oos=True), False),
    )
    assert bombard(mixed, 6, None, Readings(), entered="-").modified == 5
    assert bombard(mixed, 6, None, Readings(range_two_when="all"), entered="-").modified == 6
    assert bombard(mixed, 6, None, Readings(), entered="-").combined == 5
    assert bombard(mixed, 6, None, Readings(halve_bombardment=True), entered="-").combined == 3
    cavalry, marched = (Fighter("c", 2, "cavalry", 2),), (Fighter("d", 4, forced_march=True),)
    assert charge_dice(cavalry, marched, "clear", "", Readings()).attack_hit_on == 4
    assert (
        charge_dice(cavalry, marched, "clear", "", Readings(forced_march_charge_bonus=False)).attack_hit_on
        == 5
    )


def test_r38_an_owner_may_untick_an_elite_bonus() -> None:
    g = activation("S-4", "sardinia", independents=("Bers",))
    fight = Fight((("4 Piemonte", 1), ("Bers", 4)), (("IR 7", 0),))
    assert g.preview(fight).modifier == 1
    assert g.preview(Fight(fight.attackers, fight.defenders, unticked=("Bers",))).modifier == 0


def test_r18_the_players_name_the_shaken_units_that_lose_their_marker() -> None:
    g = activation("S-4", "sardinia")
    g.play(Fight((("3 Piemonte", 1),), (("IR 28", 0),)), [1])  # 1:1, 1 + 1 = 2: A1 (the text's cell)
    g.play(ApplyLosses("sardinia", withdrawal=1))
    assert g.state.units["3 Piemonte"].shaken
    with pytest.raises(IllegalActionError, match="IR 28 is not a Shaken, supplied unit of this activation"):
        g.play(EndActivation(("IR 28",)))
    g.play(EndActivation(("3 Piemonte",)))
    assert not g.state.units["3 Piemonte"].shaken


def test_r41_a_code_of_the_players_table_is_taken_and_applies_nothing() -> None:
    from dataclasses import replace

    from .fixtures import TEXT_ONLY_CRT

    g = activation("S-4", "sardinia", crt=replace(TEXT_ONLY_CRT, codes={"E": "Engaged"}))
    g.play(Fight((("14 Pinerolo", 1),), (("IR 28", 0),)), [4])
    g.play(EnterResult("E"))
    assert g.state.pending is None and g.state.units["IR 28"].steps == 2
    h = activation("S-4", "sardinia")
    h.play(Fight((("14 Pinerolo", 1),), (("IR 28", 0),)), [4])
    with pytest.raises(IllegalActionError, match="E is not a combat result"):
        h.play(EnterResult("E"))


def test_units_typed_at_the_table_fight_as_their_counters_say() -> None:
    from companion.games.novara1849 import EnterUnit

    g = activation("S-4", "sardinia")
    g.play(EnterUnit("IR 99", "austria", 4, "A-I", "infantry", 2, 0, reduced=True, oos=True))
    with pytest.raises(IllegalActionError, match="Unit refused: IR 99 is already in this game"):
        g.play(EnterUnit("IR 99", "austria", 4, "A-I", "infantry", 2))
    with pytest.raises(
        IllegalActionError, match="its reduced factor must be at least 1 and below its combat factor"
    ):
        g.play(EnterUnit("IR 98", "austria", 4, "A-I", "infantry", 0))
    shown = g.preview(Fight((("14 Pinerolo", 1),), (("IR 99", 0),)))
    assert shown.defence == 1 and shown.final_column == "4:1"  # reduced 2, halved out of supply
    assert g.state.start_steps() == sum(c.steps for c in g.state.counters.values()) - 1


def test_the_steps_lost_are_said_whole_in_the_tables_language() -> None:
    """Found in a newcomer's run: "Persi 1 livello/i (la Sardegna)", and a withdrawal's "after a 1-hex
    withdrawal" pasted in English into the Italian sentence."""
    from companion import i18n

    g = activation("S-4", "sardinia")
    g.play(Fight((("3 Piemonte", 1),), (("IR 28", 0),)), [1])  # 1:1, 1 + 1 = 2: A1 (the text's cell)
    (lost,) = [e for e in g.play(ApplyLosses("sardinia", withdrawal=1)) if "lost" in e.template]
    assert i18n.translate(lost) == "Sardinia: 0 steps lost after a 1-hex withdrawal."  # it took the step
    i18n.use("it")
    try:
        assert i18n.translate(lost) == "Persi 0 passi (la Sardegna) dopo una ritirata di 1 esag."
    finally:
        i18n.use("en")


def test_a_chit_is_named_in_the_tables_words_and_a_forced_march_in_its_language() -> None:
    """Found in a newcomer's run: "austria-independent passa", "Estratta: radetzky.", and "attivata by
    forced march" on the Italian screen."""
    from companion import i18n
    from companion.games.novara1849 import Activate, Draw, Pass, Select, TurnFacts

    from .fixtures import TEXT_ONLY_CRT, game

    g = game(7, TEXT_ONLY_CRT, first_turn=2)
    g.play(TurnFacts(False, 4, 1))
    g.play(Select("sardinia", ("S-4",)))
    said = g.play(Select("austria", ()))
    while g.state.phase != "activation":
        said += g.play(Draw())
        said += g.play(Activate(forced_march=True) if g.state.current == "S-4" else Pass())
    i18n.use("it")
    try:
        told = " ".join(i18n.translate(s) for s in said)
    finally:
        i18n.use("en")
    assert "Pedina Indipendenti" in told and "-independent" not in told
    assert "S-4 attivata con marcia forzata." in told


def test_a_unit_typed_in_after_its_formation_force_marched_may_not_attack_either() -> None:
    from companion.games.novara1849 import EnterUnit

    g = activation("A-II", "austria", forced_march=True)  # the tests' invented counters
    g.play(EnterUnit("IR 97", "austria", 4, "A-II", "infantry", 2))  # typed in mid-activation
    g.play(EnterUnit("IR 96", "austria", 4, "A-I", "infantry", 2))  # another formation: not marched
    assert g.state.units["IR 97"].forced_march and not g.state.units["IR 96"].forced_march
    with pytest.raises(IllegalActionError, match="IR 97 force-marched this turn: it may not attack"):
        g.play(Fight((("IR 97", 1),), (("5 Aosta", 0),)))
