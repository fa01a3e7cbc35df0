"""Combat before the roll: the examples of spec 4.7-4.9 and the readings R-2 to R-6b, R-8, R-30, R-32."""

from fractions import Fraction
from typing import Any

import pytest

from companion.games.novara1849.combat import Combat, DefendingHex, Fighter, preview
from companion.games.novara1849.errors import IllegalActionError, TableMissing
from companion.games.novara1849.ladder import Ladder
from companion.games.novara1849.readings import Readings
from companion.games.novara1849.results import advance_allowance, apply_losses, resolve

from .fixtures import TEXT_ONLY_CRT

LADDER = Ladder.of()
DEFAULT = Readings()


def odds(attack: list[int], defence: list[int], readings: Readings = DEFAULT, **kw: object) -> Any:
    attackers = tuple(Fighter(f"a{i}", cf, hex=1) for i, cf in enumerate(attack))
    defenders = tuple(Fighter(f"d{i}", cf) for i, cf in enumerate(defence))
    return preview(Combat(attackers, defenders, **kw), LADDER, readings)


@pytest.mark.parametrize(
    ("a", "d", "column"),
    [
        (3, 7, "1:3"),
        (4, 8, "1:2"),
        (17, 9, "1:1"),
        (9, 4, "2:1"),
        (7, 2, "3:1"),
        (40, 1, "4:1"),
        (1, 9, "1:3"),
    ],
)
def test_r2_the_ratio_rounds_down_in_the_defenders_favour(a: int, d: int, column: str) -> None:
    assert odds([a], [d]).final_column == column


def test_r3_shifts_are_applied_on_the_extended_ladder_then_clamped() -> None:
    shown = odds([6], [1], hexes=(DefendingHex("woods", 1),))
    assert (shown.base_column, shown.final_column) == ("6:1", "4:1")
    assert "5:1 is resolved on 4:1" in shown.clamp_note
    first = odds([6], [1], Readings(clamp="before_shifts"), hexes=(DefendingHex("woods", 1),))
    assert first.final_column == "3:1"


def test_r4_out_of_supply_halves_exactly_and_rounds_only_the_ratio() -> None:
    attackers = (Fighter("a", 5, oos=True, hex=1), Fighter("b", 5, oos=True, hex=2))
    shown = preview(Combat(attackers, (Fighter("d", 5),)), LADDER, Readings())
    assert shown.attack == Fraction(5) and shown.final_column == "1:1"
    down = preview(Combat(attackers, (Fighter("d", 5),)), LADDER, Readings(oos_halving="per_unit_down"))
    assert down.attack == 4 and down.final_column == "1:2"


def test_example_4_7_the_defender_chooses_the_largest_terrain_shift_not_the_sum() -> None:
    hexes = (DefendingHex("clear", 0), DefendingHex("town", 1), DefendingHex("woods", 2))
    defenders = (Fighter("d0", 2, hex=0), Fighter("d1", 2, hex=1), Fighter("d2", 2, hex=2))
    shown = preview(
        Combat((Fighter("a", 18, hex=1),), defenders, hexes, rings=((1,), (1,), (1,))), LADDER, Readings()
    )
    assert shown.defence == 6 and shown.base_column == "3:1" and shown.final_column == "1:1"
    assert shown.shifts == (("terrain: woods (the defender's choice, not added up)", -2),)


@pytest.mark.parametrize(
    ("ring", "between_empty", "encircled"),
    [
        ({1, 4}, True, True),
        ({2, 5}, True, True),
        ({1, 2}, True, False),
        ({1, 3, 5}, True, True),
        ({1, 3, 5}, False, False),
        ({2, 4, 6}, True, True),
        ({1, 3}, True, False),
        ({1, 2, 3}, True, False),
    ],
)
def test_r6_encirclement_from_the_ring(ring: set[int], between_empty: bool, encircled: bool) -> None:
    attackers = tuple(Fighter(f"a{p}", 2, hex=p) for p in ring)
    shown = preview(Combat(attackers, (Fighter("d", 2),), between_empty=between_empty), LADDER, Readings())
    assert shown.encircled is encircled and (("encirclement", 1) in shown.shifts) is encircled


def test_r6_no_encirclement_against_a_fortified_hex() -> None:
    attackers = (Fighter("a", 2, hex=1), Fighter("b", 2, hex=4))
    shown = preview(
        Combat(attackers, (Fighter("d", 2),), (DefendingHex("city", 0, True),)), LADDER, Readings()
    )
    assert not shown.encircled and shown.final_column == "2:1"


def test_r6b_one_artillery_and_one_infantry_bonus_per_hex_and_none_when_shaken() -> None:
    attackers = (
        Fighter("g1", 3, elite=1, hex=1),
        Fighter("g2", 3, elite=2, hex=1),
        Fighter("art", 2, "artillery", elite=1, hex=1),
        Fighter("g3", 3, elite=1, hex=2),
    )
    defenders = (Fighter("d", 8, elite=1, shaken=True),)
    shown = preview(Combat(attackers, defenders), LADDER, Readings())
    assert [n for _, n in shown.die_modifiers] == [1, 2, 1] and shown.modifier == 4


def test_r8_the_forced_march_bonus_applies_when_any_defender_marched() -> None:
    defenders = (Fighter("d", 2, forced_march=True), Fighter("e", 2))
    combat = Combat((Fighter("a", 4, hex=1),), defenders)
    assert preview(combat, LADDER, Readings()).modifier == 1
    assert preview(combat, LADDER, Readings(forced_march_bonus_when="all")).modifier == 0


def test_shaken_or_force_marched_attackers_and_major_rivers_are_refused_with_a_reason() -> None:
    shown = odds([4], [2], across_major_river=True)
    assert "major river" in " ".join(shown.refusals)
    combat = Combat((Fighter("IR 17", 4, shaken=True, hex=1),), (Fighter("d", 2),))
    assert preview(combat, LADDER, Readings()).refusals == ("IR 17 is Shaken: Shaken units cannot attack.",)


def test_example_4_8_a_three_piemonte_against_ir_28() -> None:
    combat = Combat((Fighter("3 Piemonte", 4, elite=1, steps=2, hex=1),), (Fighter("IR 28", 4, steps=2),))
    shown = preview(combat, LADDER, Readings())
    result = resolve(shown, 1, TEXT_ONLY_CRT)
    assert (shown.final_column, result.modified, result.result) == ("1:1", 2, "A1")
    losses = apply_losses(combat.attackers, result.attacker_losses, withdrawal=1)
    assert losses.applied == 0 and losses.shaken == ("3 Piemonte",)
    assert advance_allowance(result.result, None, 1) == 0


def test_example_4_8_b_the_bonuses_cancel_and_the_grenzers_withdraw_two_hexes() -> None:
    attackers = (Fighter("14 Pinerolo", 4, steps=2, hex=1), Fighter("S-btr", 2, "artillery", 2, 1, hex=1))
    combat = Combat(attackers, (Fighter("Grz 3", 3, steps=2, elite=1),))
    shown = preview(combat, LADDER, Readings())
    result = resolve(shown, 6, TEXT_ONLY_CRT)
    assert (shown.ratio, shown.final_column, shown.modifier, result.result) == (2, "2:1", 0, "D2")
    losses = apply_losses(combat.defenders, 2, withdrawal=2)
    assert losses.applied == 0 and losses.shaken == ("Grz 3",)
    assert advance_allowance("D2", losses, 1) == 2


def test_example_4_8_c_encircled_ir_7_is_flipped_and_shaken() -> None:
    attackers = (
        Fighter("4 Piemonte", 3, hex=1),
        Fighter("13 Pinerolo", 3, hex=4),
        Fighter("Bers", 3, elite=1, hex=4),
    )
    combat = Combat(attackers, (Fighter("IR 7", 4, steps=2),))
    shown = preview(combat, LADDER, Readings())
    assert (shown.base_column, shown.final_column) == ("2:1", "3:1")
    result = resolve(shown, 6, TEXT_ONLY_CRT)
    assert (result.modified, result.result) == (7, "D3")
    losses = apply_losses(combat.defenders, 3, withdrawal=2)
    assert losses.steps == {"IR 7": 1} and losses.eliminated == () and losses.shaken == ("IR 7",)
    assert advance_allowance("D3", losses, 1) == 2
    assert "right shift 1: encirclement" in shown.explain()


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("w", [0, 1, 2])
def test_example_4_9_the_withdrawal_table(n: int, w: int) -> None:
    unit = (Fighter("u", 6, steps=9),)
    if w > min(2, n):
        with pytest.raises(IllegalActionError, match="withdrawal of"):
            apply_losses(unit, n, w)
        return
    losses = apply_losses(unit, n, w)
    assert losses.applied == max(0, n - w) and (losses.shaken == ("u",)) is (w >= 1)


def test_r30_a_retreat_that_cannot_be_made_eliminates_every_unit_of_the_side() -> None:
    units = (Fighter("u", 4, steps=2), Fighter("v", 1))
    losses = apply_losses(units, 1, 1, retreat_impossible=True)
    assert losses.eliminated == ("u", "v") and losses.applied == 3


def test_a_cell_the_table_lacks_is_named_in_one_sentence() -> None:
    shown = preview(Combat((Fighter("a", 4, hex=1),), (Fighter("d", 4),)), LADDER, Readings())
    with pytest.raises(TableMissing, match="column 1:1, modified roll 5"):
        resolve(shown, 5, TEXT_ONLY_CRT)
    assert resolve(shown, 5, TEXT_ONLY_CRT, entered="D1").source == "table"
    assert (resolve(shown, 2, None).result, resolve(shown, 2, None).source) == ("A1", "text")


def test_the_odds_need_no_table() -> None:
    shown = preview(Combat((Fighter("a", 9, hex=1),), (Fighter("d", 4),)), LADDER, Readings())
    assert shown.explain()[:3] == [
        "attack 9 (a 9)",
        "defence 4 (d 4)",
        "ratio 9:4 = 2.25, rounded down: column 2:1",
    ]
