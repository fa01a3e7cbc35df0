"""Readings R-12 (timing), R-16 (free surprise), R-26, R-34, R-35, R-36; the rules.toml switches; the 6th
Division variant; reinforcements from the track; examples 4.4 and 4.10. Units, tracks and boxes below are
INVENTED test fixtures (fixtures.py says which values an example implies)."""

from __future__ import annotations

import dataclasses

import pytest

from companion.assets import read_asset
from companion.games.novara1849 import (
    Activate,
    ApplyLosses,
    Counter,
    DataError,
    Draw,
    EndActivation,
    EndTurn,
    Fight,
    Game,
    Hide,
    IllegalActionError,
    MoveDummies,
    NightSupply,
    NovaraSetup,
    Pass,
    Readings,
    Reinforce,
    Reveal,
    RollAttrition,
    Select,
    Surprise,
    TurnFacts,
    scenario,
)
from companion.games.novara1849.edition import Formation, Reinforcement, Turn, load
from companion.games.novara1849.placement import PlacementBox, reveal_placement
from companion.games.novara1849.plugin import FILES

from .fixtures import FORMATIONS, UNITS, edition, game
from .helpers import draw_until


def empty_cup(g: Game) -> None:
    while g.state.cup:
        g.play(Draw())
        g.play(Pass())


def test_r12_the_other_timing_rolls_the_retreat_after_the_last_draw() -> None:
    g = game(first_turn=2, readings=Readings(general_retreat_timing="end_of_B"))
    g.play(TurnFacts(False, 4, 1))
    g.play(Select("sardinia", general_retreat=("S-4",)))
    g.play(Select("austria", ("A-I",)))
    g.play(Draw())  # no die is due yet: the cup comes first
    g.play(Pass())
    with pytest.raises(IllegalActionError, match="Attrition refused"):
        g.play(RollAttrition())
    empty_cup(g)
    with pytest.raises(IllegalActionError, match="End of turn refused"):
        g.play(EndTurn())
    g.play(RollAttrition(), [2])
    g.play(ApplyLosses("sardinia", allocation=(("14 Pinerolo", 1),)))
    g.play(EndTurn())
    assert g.state.turn == 3 and g.state.ledger.lost["sardinia"] == 1


def test_r16_the_free_surprise_needs_no_point_and_no_selection() -> None:
    free = Readings(surprise_costs_ap=False)
    g = Game(edition(), scenario("campaign", seed=2, units=UNITS, readings=free))
    g.play(TurnFacts(False, 1, 1))
    g.play(Select("austria", ("A-II", "A-I")))  # A-II costs nothing: 1 point buys A-I
    g.play(Select("sardinia", ()))
    assert "A-II" not in g.state.cup and "A-I" in g.state.cup
    g.play(Surprise())
    assert g.state.active is not None and g.state.active.formations == ("A-II",)
    h = Game(edition(), scenario("campaign", seed=2, units=UNITS, readings=free))
    h.play(TurnFacts(False, 1, 1))
    h.play(Select("austria", ("A-I",)))
    h.play(Select("sardinia", ()))
    h.play(Surprise())  # not even selected
    assert h.state.active is not None and h.state.active.formations == ("A-II",)


def shipped(**changed: str):  # noqa: ANN201
    texts = {name: read_asset(f"novara1849/{name}") for name in FILES}
    texts.update(changed)
    return load(texts.__getitem__, lambda name: name)


RULES_TOML = 'format = "companion/novara1849-rules"\nversion = 1\n[readings]\nclamp = "before_shifts"\n'


def test_rules_toml_switches_a_reading_and_a_games_own_option_wins() -> None:
    errata = dataclasses.replace(edition(), readings=shipped(**{"rules.toml": RULES_TOML}).readings)
    g = Game(errata, scenario("campaign", units=UNITS))
    assert g.context.readings.clamp == "before_shifts" and g.state.readings.clamp == "before_shifts"
    assert g.context.readings.overridden() == {"clamp": "before_shifts"}  # printed on every ticket
    mine = Game(errata, scenario("campaign", units=UNITS, readings=Readings(steps_lost="gross")))
    assert mine.context.readings.overridden() == {"clamp": "before_shifts", "steps_lost": "gross"}


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (RULES_TOML.replace("before_shifts", "never"), "rules.toml: readings.clamp: must be one of"),
        (RULES_TOML.replace("clamp", "clomp"), "rules.toml: readings.clomp: is not a switch"),
        ('format = "companion/novara1849-rules"\nversion = 1\n[rulez]\n', "rules.toml: rulez: unknown key"),
    ],
)
def test_a_bad_rules_toml_names_the_file_and_switch(text: str, problem: str) -> None:
    with pytest.raises(DataError) as raised:
        shipped(**{"rules.toml": text})
    assert str(raised.value).startswith(problem)


def with_track(**turns: Turn) -> Game:
    track = {int(k.removeprefix("t")): t for k, t in turns.items()}
    return Game(dataclasses.replace(edition(), turns=track), scenario("campaign", units=UNITS, first_turn=2))


def test_reinforcements_from_the_track_wait_for_their_turn() -> None:
    g = with_track(t3=Turn(3, reinforcements=(Reinforcement("austria", ("IR 7",), "Vigevano"),)))
    assert "IR 7" in g.state.waiting and not g.state.on_map("IR 7")
    with pytest.raises(IllegalActionError, match="IR 7 is not a reinforcement due by turn 2"):
        g.play(Reinforce(("IR 7",)))
    g.play(TurnFacts(False, 1, 1))
    g.play(Select("sardinia", ("S-4",)))
    g.play(Select("austria", ()))
    draw_until(g, "S-4")
    g.play(Activate())
    with pytest.raises(IllegalActionError, match="IR 7 is not an enemy unit on the map"):
        g.play(Fight((("3 Piemonte", 1),), (("IR 7", 0),)))
    g.play(EndActivation())
    empty_cup(g)
    g.play(EndTurn())
    g.play(Reinforce(("IR 7",)))
    assert g.state.on_map("IR 7") and g.state.waiting == ()


def test_the_track_refuses_a_reinforcement_oob_does_not_know() -> None:
    track = read_asset("novara1849/track.toml").replace(
        'number = 3\nnight = ""\nap = { austria = "", sardinia = "" }',
        'number = 3\nnight = ""\nap = { austria = "", sardinia = "" }\n'
        'reinforcements = [{ side = "austria", units = ["a-ghost"], entry = "Pavia" }]',
    )
    with pytest.raises(DataError, match=r"track.toml: turn\[2\].reinforcements\[0\].units: 'a-ghost'"):
        shipped(**{"track.toml": track})


SIXTH_UNIT = Counter("6 Brigata", "sardinia", 3, "S-6", "infantry", 1)  # invented


def sixth(on: bool = True) -> Game:
    formations = {**FORMATIONS, "S-6": Formation("S-6", "sardinia")}
    ed = dataclasses.replace(edition(), formations=formations)
    return Game(ed, scenario("campaign", units=(*UNITS, SIXTH_UNIT), first_turn=4, sixth_division=on))


def test_the_sixth_division_enters_from_turn_5_and_adds_a_point_every_turn() -> None:
    g = sixth()
    assert not g.state.on_map("6 Brigata")
    with pytest.raises(IllegalActionError, match="can enter from turn 5"):
        g.play(Reinforce(sixth_division=True))
    g.play(TurnFacts(False, 2, 1))
    with pytest.raises(IllegalActionError, match="the 6th Division has not entered"):
        g.play(Select("sardinia", ("S-6",)))
    g.play(Select("sardinia", ("S-4",)))
    g.play(Select("austria", ()))
    empty_cup(g)
    g.play(EndTurn())
    g.play(TurnFacts(False, 2, 1))
    g.play(Reinforce(sixth_division=True))  # turn 5, before the Sardinian selection: +1 now
    assert g.state.points == {"austria": 2, "sardinia": 2} and g.state.on_map("6 Brigata")
    g.play(Select("sardinia", ("S-6", "S-4")))
    g.play(Select("austria", ()))
    empty_cup(g)
    g.play(EndTurn())
    g.play(TurnFacts(False, 2, 1))
    assert g.state.points["sardinia"] == 2  # "1 additional activation point for each game turn"
    with pytest.raises(IllegalActionError, match="has entered"):
        g.play(Reinforce(sixth_division=True))


def test_without_the_variant_the_sixth_division_never_enters() -> None:
    g = sixth(on=False)
    g.play(TurnFacts(False, 2, 1))
    g.play(Select("sardinia", ()))
    g.play(Select("austria", ()))
    empty_cup(g)
    g.play(EndTurn())
    with pytest.raises(IllegalActionError, match="variant is not in play"):
        g.play(Reinforce(sixth_division=True))


NOVARA_UNITS = (  # invented: three 2-step units in S-1, one in S-4, a 1-step and a 2-step cavalry
    Counter("s1-a", "sardinia", 4, "S-1", "infantry", 2),
    Counter("s1-b", "sardinia", 4, "S-1", "infantry", 2),
    Counter("s1-c", "sardinia", 4, "S-1", "infantry", 2),
    Counter("s1-d", "sardinia", 4, "S-1", "infantry", 2),
    Counter("s4-a", "sardinia", 4, "S-4", "infantry", 2),
    Counter("s4-b", "sardinia", 4, "S-4", "artillery", 2),
    Counter("s-form", "sardinia", 2, "", "infantry", 1),
    Counter("cav-1", "sardinia", 1, "S-4", "cavalry"),
    Counter("cav-2", "sardinia", 2, "S-1", "cavalry", 1),
    Counter("ir-n", "austria", 4, "A-II", "infantry", 2),
)


def novara() -> Game:
    formations = {k: v for k, v in FORMATIONS.items()}
    return Game(dataclasses.replace(edition(), formations=formations), scenario("novara", units=NOVARA_UNITS))


def test_r36_fateful_novaras_starting_losses_are_counted_and_score_nothing() -> None:
    g = novara()
    with pytest.raises(IllegalActionError, match="S-1 starts 4 steps down: flip 4 of its units, not 3"):
        g.play(NovaraSetup(("s1-a", "s1-b", "s1-c", "s4-a", "s4-b")))
    with pytest.raises(IllegalActionError, match="cav-2 is not a full two-step non-cavalry unit"):
        g.play(NovaraSetup(("s1-a", "s1-b", "s1-c", "cav-2", "s4-a", "s4-b")))
    start = g.state.start_steps()
    g.play(NovaraSetup(("s1-a", "s1-b", "s1-c", "s1-d", "s4-a", "s4-b"), removed=("s-form",)))
    units = g.state.units
    assert all(units[u].steps == 1 for u in ("s1-a", "s1-d", "s4-b")) and units["s-form"].steps == 0
    assert units["cav-1"].steps == 0 and units["cav-2"].steps == 1  # every cavalry unit one step down
    assert g.state.start_steps() == start - 10 and g.score("austria").total == 0  # scores nothing
    with pytest.raises(IllegalActionError, match="entered once"):
        g.play(NovaraSetup())


def at_novaras_night(g: Game) -> None:
    g.play(TurnFacts(True, 1, 1))
    g.play(Select("austria", ()))
    g.play(Select("sardinia", ()))
    empty_cup(g)


def test_r26_the_sardinian_army_out_of_supply_loses_fateful_novara() -> None:
    g = novara()
    at_novaras_night(g)
    checked = [u for u in g.state.units if u.startswith("s") and g.state.counters[u].kind != "cavalry"]
    g.play(NightSupply(tuple(checked)))
    assert g.state.winner == "austria" and g.state.how == "the Sardinian army is out of supply"
    h = novara()
    at_novaras_night(h)
    h.play(NightSupply(tuple(checked[1:])))
    assert h.state.winner is None
    k = novara()
    at_novaras_night(k)
    k.play(NightSupply((), army_cut_off=True))
    assert k.state.winner == "austria" and "the players' answer" in k.state.how


def test_r26_applies_to_fateful_novara_only() -> None:
    g = game(first_turn=2)
    g.play(TurnFacts(True, 1, 1))
    g.play(Select("austria", ()))
    g.play(Select("sardinia", ()))
    empty_cup(g)
    g.play(NightSupply((), army_cut_off=True))
    assert g.state.winner is None


def fog(kind: str = "hidden") -> Game:
    return game(first_turn=2, fog=kind)


def test_r34_r35_the_hidden_display_is_secret_moves_dummies_and_reveals_under_forced_march() -> None:
    with pytest.raises(IllegalActionError, match="Hidden Forces Display is not in play"):
        fog("dummies").play(Hide("austria", "A", ("IR 28",)))
    g = fog()
    events = g.play(Hide("austria", "C", ("IR 28", "KJ 4")))
    assert events == ["Austria's display is filled in secret."]  # names nothing on the shared screen
    assert g.display("austria") == {"C": ("IR 28", "KJ 4")} and g.display("sardinia") == {}
    assert not g.state.on_map("IR 28")
    g.play(TurnFacts(False, 2, 1))
    g.play(Select("austria", ("A-I",)))
    g.play(Select("sardinia", ("S-4",)))
    draw_until(g, "A-I")
    assert MoveDummies() in g.legal_actions() and Reveal("austria") in g.legal_actions()
    g.play(MoveDummies())  # a pass
    assert "A-I" in g.state.passed and g.state.phase == "draw"
    g.play(Reveal("austria", "C"))
    assert g.state.on_map("IR 28") and g.state.units["IR 28"].forced_march and g.display("austria") == {}
    draw_until(g, "S-4")
    g.play(Activate())
    shown = g.preview(Fight((("3 Piemonte", 1),), (("IR 28", 0),)))
    assert ("the defenders force-marched this turn", 1) in shown.die_modifiers  # the +1 applies
    assert g.state.active is not None and g.state.active.attrition_due == ()  # and no attrition die


def test_hiding_comes_before_the_selection_and_only_the_owners_units() -> None:
    g = fog()
    with pytest.raises(IllegalActionError, match="3 Piemonte is not one of Austria's units on the map"):
        g.play(Hide("austria", "A", ("3 Piemonte",)))
    with pytest.raises(IllegalActionError, match="choose an empty box from A to H"):
        g.play(Hide("austria", "J", ("IR 28",)))
    g.play(TurnFacts(False, 2, 1))
    g.play(Select("austria", ()))
    with pytest.raises(IllegalActionError, match="before selecting"):
        g.play(Hide("austria", "A", ("IR 28",)))


def test_example_4_4_the_templates_say_what_the_road_movement_example_implies() -> None:
    oob = read_asset("novara1849/oob.toml")
    assert "3 Piemonte (S-4): MF 3 implied by the Road Movement example" in oob
    mf = 3  # road movement gives MF + 1; after 2 points spent, 2 are left: m + 1 - 2 = 2
    assert mf + 1 - 2 == 2 and mf + 1 - 2 - (1 + 1) == 0  # the second step: road 1 + adjacent 1
    assert "Grnz 3 (A-I): breaks contact" in oob and shipped().counters == {}  # no value is shipped


def test_example_4_10_a_placement_box_takes_min_1_max_4() -> None:
    boxes = {"X": PlacementBox("X", 1, 4, "within five hexes from Vigevano")}  # a fixture box
    with pytest.raises(
        IllegalActionError, match="box X needs at least 1 and at most 4 command counters, not 0"
    ):
        reveal_placement(boxes, {})
    with pytest.raises(IllegalActionError, match="not 5"):
        reveal_placement(boxes, {"X": ("S-1", "S-2", "S-3", "S-4", "S-5")})
    assert reveal_placement(boxes, {"X": ("S-4 Ferdinando", "S-2 Bes")}) == [
        "X: S-4 Ferdinando, S-2 Bes, within five hexes from Vigevano."
    ]
