"""The rulebook's worked combat examples (reading section 4: E11, E16, E19-E22, E28) as tests."""

from __future__ import annotations

import random

import pytest

from companion.games.italia.battle import Battle, Side, attack_cap, cap_sentence, group, supremacy
from companion.games.italia.dice import Dice
from companion.games.italia.fight import Step, fight, retreat
from companion.games.italia.rounds import roll_round
from companion.games.vocabulary import IllegalActionError


def test_example_10_4_targets_extra_hits_on_legions_are_wasted():
    """E16: 3 Epirote infantry and an elephant attack 2 legions and a consular legion in Corfinium;
    the elephant and 2 infantry aim at the legions, 3 hits there: 2 legions gone, 1 hit wasted."""
    battle = Battle(
        Side("epirotes", {"infantry": 3, "elephant": 1}),
        Side("romans", {"legion": 2, "consular": 1}),
        zone="Corfinium",
    )
    aims = {
        "attacker": [("elephant", "legion", 1), ("infantry", "legion", 2), ("infantry", "consular", 1)],
        "defender": [("legion", "infantry", 2), ("consular", "infantry", 1)],
    }
    # elephant 8, infantry 7 and 9 at the legions, infantry 1 at the consular; Romans all miss
    after, report = roll_round(battle, aims, [8, 7, 9, 1, 1, 1, 1])
    legions = next(h for h in report.hits["attacker"] if h.target == "legion")
    assert (legions.hits, legions.eliminated, legions.wasted) == (3, 2, 1)
    assert after.defender.units == {"consular": 1}
    assert report.elephant_forced == {}  # an 8 is no 9 or 10


def test_example_10_4_the_defender_rolls_for_every_unit_even_unattacked():
    battle = Battle(
        Side("epirotes", {"infantry": 3, "elephant": 1}), Side("romans", {"legion": 2, "consular": 1})
    )
    aims = {
        "attacker": [("elephant", "consular", 1), ("infantry", "consular", 3)],
        "defender": [("legion", "infantry", 2), ("consular", "infantry", 1)],
    }
    _, report = roll_round(battle, aims, [2, 2, 2, 2, 3, 3, 3])
    assert sum(len(v) for g, v in zip(report.groups, report.values) if g.side == "defender") == 3


def test_combat_example_1_celts_attack_verona():
    """E20: Celts 3, 4 / Illyrians 2, 9; then Celt 7 / Illyrians 10, 10: Illyrians hold with 1."""
    battle = Battle(Side("celts", {"infantry": 2}), Side("illyrians", {"infantry": 2}), zone="Verona")
    fought = fight(battle, [Step()], Dice(given=[3, 4, 2, 9, 7, 10, 0]))
    assert [r.dealt("attacker") for r in fought.rounds] == [0, 1]
    assert [r.dealt("defender") for r in fought.rounds] == [1, 2]
    assert fought.rounds[1].hits["defender"][0].wasted == 1
    assert fought.aftermath.how == "held"
    assert fought.end.defender.units == {"infantry": 1}
    assert fought.end.attacker.tally.lost == {"infantry": 2}
    assert fought.end.defender.tally.lost == {"infantry": 1}


def test_combat_example_2_legion_attacks_picenum_and_the_etruscan_retreats():
    """E21: the legion hits on 6, the Etruscans miss on 5, 5; the last Etruscan retreats."""
    battle = Battle(Side("romans", {"legion": 1}), Side("etruscans", {"infantry": 2}), zone="Picenum")
    step = Step(retreats={"defender": {"infantry": 1}})
    fought = fight(battle, [step], Dice(given=[6, 5, 5]))
    assert len(fought.rounds) == 1
    assert fought.aftermath.how == "cleared"
    assert fought.end.attacker.units == {"legion": 1}
    assert fought.end.defender.tally.lost == {"infantry": 1}
    assert fought.end.defender.tally.retreated == {"infantry": 1}


def test_combat_example_3_samnite_raid_on_apulia():
    """E22: Greeks 5, 7 (1 hit, no bonus); Samnites 4, 8, 9 on the city: ruined, looted, the two
    Samnites retreat, the Greeks remove an infantry and rebuild: 1 Greek and an intact city."""
    battle = Battle(
        Side("samnites", {"infantry": 3}, fleets=3),
        Side("greeks", {"infantry": 2}, leaders=1),
        zone="Apulia",
        city="intact",
        terrain="mountain",  # invented for the test: a raid ignores terrain (reading A36)
        mode="raid",
    )
    fought = fight(battle, [Step(raid_rebuild="infantry")], Dice(given=[4, 8, 9, 5, 7]))
    (only,) = fought.rounds
    assert only.city_hits == 2
    assert all(g.needed == 7 for g in only.groups)  # no leader, terrain, city or supremacy term
    assert fought.aftermath.how == "raided"
    assert fought.end.attacker.tally.retreated == {"infantry": 2}
    assert fought.end.attacker.tally.lost == {"infantry": 1}
    assert fought.end.defender.units == {"infantry": 1}
    assert fought.end.city == "intact"


def test_a_failed_raid_still_retreats_and_leaves_the_city():
    battle = Battle(
        Side("samnites", {"infantry": 1}), Side("greeks", {"infantry": 1}), city="intact", mode="raid"
    )
    fought = fight(battle, [], Dice(given=[6, 1]))
    assert fought.aftermath.how == "raid failed"
    assert fought.end.city == "intact"
    assert fought.end.attacker.tally.retreated == {"infantry": 1}


def test_example_8_3_attack_cap_on_calabria():
    """E11: limit 3 -> 4 attackers; 5 with a leader or a major invasion; 6 with both; a mountain
    capital only 3; none in an invaded zone."""

    def cap(**kw: object) -> int | None:
        leaders = int(kw.pop("leaders", 0))  # type: ignore[call-overload]
        return attack_cap(Battle(Side("romans", {"legion": 1}, leaders=leaders), Side("x"), **kw))  # type: ignore[arg-type]

    assert cap() == 4
    assert cap(leaders=1) == 5 and cap(phase="major-invasion-1") == 5
    assert cap(leaders=1, phase="major-invasion-2") == 6
    assert cap(terrain="mountain", capital_of="x") == 3
    assert cap(invaded=True) is None and cap(phase="campaign") is None
    sentence = cap_sentence(Battle(Side("romans", leaders=1), Side("x"), zone="Calabria"))
    assert sentence == "At most 5 attackers: Calabria holds 3, +1 attack, +1 leader (§8.3)."


def test_the_screen_line_names_every_modifier():
    battle = Battle(
        Side("romans", {"legion": 3}, leaders=1),
        Side("samnites", {"infantry": 2}),
        terrain="mountain",
        city="intact",
    )
    line = group(battle, "attacker", "legion", "infantry", 3).sentence()
    assert line == "Legion hits on 7+: 6, mountain -1, city -2, leader +2"


@pytest.mark.parametrize(
    ("roman_fleets", "carthage", "romans"),
    [(1, True, False), (2, False, False), (3, False, False), (4, False, True)],
)
def test_example_10_9_naval_supremacy(roman_fleets: int, carthage: bool, romans: bool):
    """E19: 2 Carthaginian fleets against 1 Roman: Carthage +1; 2 or 3 Roman: nobody; 4: the Romans."""
    battle = Battle(
        Side("romans", {"legion": 1}, fleets=roman_fleets), Side("carthaginians", {"infantry": 1}, fleets=2)
    )
    assert supremacy(battle, "defender") is carthage
    assert supremacy(battle, "attacker") is romans


def test_thresholds_clamp_a_city_in_a_swamp_at_minus_three():
    battle = Battle(
        Side("celts", {"infantry": 1}), Side("x", {"infantry": 1}), terrain="swamp", city="intact"
    )
    g = group(battle, "attacker", "infantry", "infantry", 1)
    assert g.needed == 10  # 7 + 3, and a natural 10 always hits
    lucky = Battle(Side("celts", {"consular": 1}, leaders=3, fleets=1), Side("x", {"infantry": 1}))
    assert group(lucky, "attacker", "consular", "infantry", 1).needed == 2  # a 1 always misses


def test_landing_bonus_only_on_sea_borne_attackers_in_the_first_round():
    """§10.8.2: +2 to defender dice aimed at units that came by sea, first round only."""
    battle = Battle(Side("carthaginians", {"infantry:sea": 1, "infantry": 1}), Side("romans", {"legion": 2}))
    assert group(battle, "defender", "legion", "infantry:sea", 1).needed == 4
    assert group(battle, "defender", "legion", "infantry", 1).needed == 6
    later = Battle(battle.attacker, battle.defender, round=2)
    assert group(later, "defender", "legion", "infantry:sea", 1).needed == 6


def test_two_hit_units_all_flip_before_any_goes():
    """§14.2: with two cavalry, the 3rd hit eliminates the first and the 4th the second (A21)."""
    battle = Battle(Side("vandals", {"infantry": 4}), Side("franks", {"cavalry": 2}))
    aims = {"attacker": [("infantry", "cavalry", 4)], "defender": [("cavalry", "infantry", 2)]}
    after, report = roll_round(battle, aims, [10, 10, 10, 1, 1, 1])
    assert (report.hits["attacker"][0].flipped, report.hits["attacker"][0].eliminated) == (2, 1)
    assert after.defender.units == {"cavalry": 1} and after.defender.damaged == {"cavalry": 1}
    with pytest.raises(IllegalActionError):
        retreat(after, "defender", {"cavalry": 1})  # a hit cavalry cannot retreat


def test_an_elephant_nine_forces_a_retreat_and_a_stuck_unit_is_eliminated():
    battle = Battle(Side("carthaginians", {"elephant": 1}), Side("romans", {"legion": 3}))
    aims = {"attacker": [("elephant", "legion", 1)], "defender": [("legion", "elephant", 3)]}
    after, report = roll_round(battle, aims, [9, 1, 1, 1], {"defender": ({}, {"legion": 1})})
    assert after.defender.units == {"legion": 1}
    assert after.defender.tally.lost == {"legion": 2}
    assert report.elephant_removed == {"defender": {"legion": 1}}


def test_a_lone_leader_is_removed():
    battle = Battle(Side("celts", {"infantry": 1}, leaders=1), Side("romans", {"legion": 2}))
    fought = fight(battle, [], Dice(given=[1, 6, 1]))
    assert fought.end.attacker.leaders == 0
    assert fought.end.attacker.tally.lost == {"infantry": 1, "leader": 1}


def test_example_12_5_1_submission():
    """E28: a 'may' nation submits after round 1 while both stand; a 'must' nation before any die."""
    battle = Battle(Side("romans", {"legion": 2}), Side("celts", {"infantry": 2}), zone="Verona")
    fought = fight(battle, [Step(submits=True)], Dice(given=[1, 1, 1, 1]))
    assert fought.aftermath.how == "submitted"
    assert fought.end.attacker.tally.retreated == {"legion": 2}
    must = fight(battle, [], Dice(), must_submit=True)
    assert must.rounds == () and must.aftermath.how == "submitted"
    wiped = fight(battle, [Step(submits=True)], Dice(given=[10, 10, 1, 1]))
    assert wiped.aftermath.how == "cleared"  # no submission once a side is gone


def test_elephant_fear_first_battle_deserts_on_eight():
    battle = Battle(Side("epirotes", {"elephant": 1}), Side("romans", {"legion": 2, "consular": 1}))
    fought = fight(battle, [], Dice(random.Random(1), given=[8, 7]), elephant_battles=0)
    assert [r.value for r in fought.rolls] == [8, 7]  # one die per legion, none for the consular
    assert fought.end.defender.tally.deserted == {"legion": 1}
    assert fought.elephant_battles == 1
    later = fight(battle, [], Dice(random.Random(1), given=[9, 10]), elephant_battles=1)
    assert later.end.defender.tally.deserted == {"legion": 1}
    never = fight(battle, [], Dice(random.Random(1)), elephant_battles=3)
    assert never.rolls == ()


def test_a_major_battle_needs_three_units_a_side_at_the_first_dice():
    """Reading A34: at least 3 units a side when the first round's dice are rolled; won when the
    enemy has nothing left in the zone."""
    big = Battle(Side("carthaginians", {"infantry": 3}), Side("romans", {"legion": 3}))
    won = fight(big, [], Dice(given=[10, 10, 10, 1, 1, 1]))
    assert won.aftermath.major and won.aftermath.how == "cleared"
    small = Battle(Side("carthaginians", {"infantry": 3}), Side("romans", {"legion": 2}))
    assert not fight(small, [], Dice(given=[10, 10, 10, 1, 1])).aftermath.major


def test_dice_cannot_aim_at_a_leader():
    """Reading A35: targets are unit types; leaders are no target."""
    battle = Battle(Side("celts", {"infantry": 1}), Side("romans", {"legion": 1}, leaders=1))
    aims = {"attacker": [("infantry", "leader", 1)], "defender": [("legion", "infantry", 1)]}
    with pytest.raises(IllegalActionError, match="cannot aim at leader"):
        roll_round(battle, aims, [10, 1])


def test_roman_foederati_switch_on_six_and_become_enemy_infantry():
    """§14.1, reading A57: 6-10 against the Foederati (9-10 against the Ostrogoths alone); a switched
    unit is replaced by an enemy infantry unit."""
    battle = Battle(Side("foederati", {"infantry": 1}), Side("western-romans", {"foederati": 2, "legion": 1}))
    fought = fight(battle, [], Dice(random.Random(3), given=[6, 5]))
    assert [r.value for r in fought.rolls] == [6, 5]
    assert fought.end.defender.tally.switched == {"foederati": 1}
    assert fought.end.attacker.tally.joined == {"infantry": 1}
    ostrogoths = Battle(Side("ostrogoths", {"infantry": 1}), battle.defender)
    assert [r.taken for r in fight(ostrogoths, [], Dice(random.Random(3), given=[8, 9])).rolls] == [
        False,
        True,
    ]


def test_the_screen_preview_says_the_cap_the_rolls_before_and_every_group():
    from companion.games.italia.preview import preview

    battle = Battle(
        Side("romans", {"legion": 5}, leaders=1),
        Side("carthaginians", {"infantry": 2, "elephant": 1}),
        zone="Samnium",
        terrain="mountain",
        city="intact",
    )
    shown = preview(battle)
    assert shown.cap == 4 and shown.over_cap
    assert shown.lines[0] == "At most 4 attackers: Samnium holds 2, +1 attack, +1 leader (§8.3)."
    assert "Elephant fear: each Roman unit but consular legions deserts on 8+ (§13.3)." in shown.lines
    assert "5 x Legion hits on 7+: 6, mountain -1, city -2, leader +2" in shown.lines


def test_the_patrimonium_converts_one_enemy_unit_a_battle_twice_a_game():
    """§14.3: the converted unit fights for the Patrimonium; never cavalry, never two in a battle."""
    from companion.games.italia.conversion import convert

    battle = Battle(Side("lombards", {"infantry": 2, "cavalry": 1}), Side("patrimonium", {"infantry": 1}))
    after = convert(battle, "infantry", used=0)
    assert after.defender.units == {"infantry": 2} and after.attacker.units == {"infantry": 1, "cavalry": 1}
    assert after.attacker.tally.switched == {"infantry": 1}
    with pytest.raises(IllegalActionError, match="never twice in one battle"):
        convert(after, "infantry", used=1)
    with pytest.raises(IllegalActionError, match="not cavalry"):
        convert(battle, "cavalry", used=0)
    with pytest.raises(IllegalActionError, match="twice a game"):
        convert(battle, "infantry", used=2)


def test_a_hit_cavalry_that_raided_cannot_retreat_and_is_eliminated():
    """§10.7 with §14.2: the raider must retreat; a hit cavalry cannot, so it is lost."""
    battle = Battle(
        Side("avars", {"cavalry": 1}), Side("lombards", {"infantry": 1}), city="intact", mode="raid"
    )
    fought = fight(battle, [], Dice(given=[10, 10]))
    assert fought.end.attacker.tally.lost == {"cavalry": 1}
    assert fought.end.city == "ruin"
