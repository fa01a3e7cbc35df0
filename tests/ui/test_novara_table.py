"""The Road to Novara in the app, headless: taps through the real widgets, the session and the
simulated devices. The counters the tests type in are the scripted players' (companion.tables.
novara1849.autoplay: invented for the tests and the demonstration, never the game's)."""

from __future__ import annotations

import os
import random
import re

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

from companion import i18n  # noqa: E402
from companion.assets import edition  # noqa: E402
from companion.games.novara1849 import Game, scenario  # noqa: E402
from companion.games.novara1849 import actions as a
from companion.session import Devices, Session  # noqa: E402
from companion.tables.novara1849 import bot, next_tap  # noqa: E402
from companion.tables.novara1849.choices import Choices  # noqa: E402
from companion.ui.app import App  # noqa: E402
from companion.ui.widgets import label_fits  # noqa: E402
from hardware.faces import BLANK, QUESTION  # noqa: E402
from hardware.printer import PrintService  # noqa: E402
from hardware.sim.die import SimDie  # noqa: E402
from hardware.sim.printer import SimPrinter  # noqa: E402


@pytest.fixture
def service(tmp_path):
    printing = PrintService(SimPrinter(), tmp_path / "queue.jsonl", retry_s=0.05)
    yield printing
    printing.close()


def novara_app(
    service,
    size=(800, 480),
    choices: Choices | None = None,
    seed: int = 3,
    name: str = "campaign",
    **options: object,
) -> App:
    session = Session(
        Game(edition("novara1849"), scenario(name, seed=seed, **options)), Devices(SimDie(), service)
    )
    app = App(session, size, headless=True, choices={"novara1849": choices or Choices()})
    app.animate = False
    app.draw()
    return app


@pytest.fixture
def app(service):
    application = novara_app(service)
    yield application
    application.close()


def spots(app):
    view = app.game.view
    view.build(app.session)
    return view.moment.sheet.spots


def tap(app, marker) -> None:
    """Tap the button (panel or sheet) that carries this marker."""
    found = [b for b in [*app.buttons, *spots(app)] if b.action == marker]
    assert found, f"no button {marker!r} on screen: {[b.action for b in [*app.buttons, *spots(app)]]}"
    app.tap(found[0].rect.center)
    app.draw()


def words(app) -> str:
    """Everything the screen says: the sheet's sentences, the panel's lines, every label."""
    view = app.game.view
    moment = view.build(app.session)
    return " | ".join(
        [" ".join(text for text, _pos, _c in moment.sheet.texts)]
        + [text for text, _c in app.game.lines()]
        + [b.label for b in [*app.buttons, *moment.sheet.spots]]
    )


def play_until(app, stop, rng=None, limit=400) -> None:
    """The scripted players tap toward each decision until `stop(state)`."""
    rng = rng or random.Random(3)
    for _ in range(limit):
        if stop(app.session.state):
            return
        action = bot(app.session.state, rng)
        decisions = len(app.session.game.records)
        for _tap in range(14):
            target = next_tap(app, action)
            assert target is not None, f"no tap toward {action!r}: {app.session.message}"
            app.tap(target)
            app.draw()
            if len(app.session.game.records) != decisions:
                break
        assert len(app.session.game.records) != decisions, f"{action!r} not played: {app.session.message}"
    raise AssertionError("the scripted game did not get there")


def play_by_taps(app, action) -> None:
    decisions = len(app.session.game.records)
    while len(app.session.game.records) == decisions:
        target = next_tap(app, action)
        assert target is not None, f"no tap toward {action!r}"
        app.tap(target)
        app.draw()


def kinds(app) -> list[str]:
    return [r.action.kind for r in app.session.game.records]


def test_a_whole_turn_and_a_night_played_by_taps_alone(app, service):
    stats = app.autoplay(rounds=2, seed=3)
    assert stats.direct == 0 and stats.taps > 80  # every decision through the screen's own buttons
    played = kinds(app)
    for kind in (
        "enter-unit",
        "turn-facts",
        "select",
        "surprise",
        "draw",
        "activate",
        "pass",
        "attrition",
        "charge",
        "bombard",
        "fight",
        "enter-result",
        "apply-losses",
        "end-activation",
        "night-supply",
        "recover",
        "end-turn",
        "command-factor",
    ):
        assert kind in played, kind
    assert app.session.state.command_factors["radetzky"] == 2  # typed in by taps on the selection screen
    assert any(getattr(r.action, "commander", "") == "radetzky" for r in app.session.game.records)
    activations = [r.action for r in app.session.game.records if isinstance(r.action, a.Activate)]
    assert any(act.forced_march for act in activations)
    assert app.session.state.turn == 3
    assert service.printer.printed if hasattr(service.printer, "printed") else True


def test_the_start_screen_offers_the_game_and_opens_on_the_turn_track(service):
    opened = []

    def new_session(game, options):
        opened.append((game, options))
        return Session(Game(edition(game), options), Devices(SimDie(), service))

    app = App(None, headless=True, new_session=new_session)
    try:
        app.draw()
        picker = next(b for b in app.buttons if b.label == "The Road to Novara")
        app.tap(picker.rect.center)
        app.draw()
        labels = [b.label for b in app.buttons]
        assert {"Campaign", "Sforzesca", "Mortara", "Novara", "Ramorino"} <= set(labels)
        assert {"Dice: the LED die", "Cup: the companion's", "Radetzky: ?", "Chrzanowski: ?"} <= set(labels)
        assert "Fog of war: none" in labels
        assert "6th Division: not in play" in labels
        for label in (
            "Mortara",
            "Radetzky: ?",
            "Radetzky: 1",
            "Fog of war: none",
            "Fog of war: dummy markers",
            "6th Division: not in play",
            "Idle die: blank",
        ):
            app.tap(next(b for b in app.buttons if b.label == label).rect.center)
            app.draw()
        app.tap(next(b for b in app.buttons if b.label == "New game").rect.center)
        app.draw()
        app.tap(next(b for b in app.buttons if b.label == "Start").rect.center)
        assert opened and opened[0][0] == "novara1849"
        options = opened[0][1]
        assert options.scenario == "mortara" and options.points == (2, 2) and options.first_turn == 5
        assert dict(options.command_factors) == {"radetzky": 2} and options.fog == "hidden"
        assert options.sixth_division
        app.draw()
        assert app.session.table.ambient  # the die shows the chits left between activations
        assert "Turn 5: what does the turn track show?" in words(app)  # Mortara begins on turn 5
    finally:
        app.close()


def test_the_secret_selection_is_hidden_until_tapped_refused_in_one_sentence_and_never_shown_again(app):
    play_until(app, lambda s: s.phase == "select")
    said = words(app)
    assert "Pass the screen to the Austrian player; the Sardinian player looks away." in said
    assert "A-I" not in said  # nothing of the choice before the Austrian player taps
    tap(app, ("hand", "austria"))
    for formation in ("A-I", "A-II", "A-III"):
        tap(app, ("pick", formation))
    tap(app, ("select", "austria"))
    assert app.session.message == (
        "Selection refused: 3 formations need 3 activation points; Austria has 2 this turn."
    )
    assert app.game.view.draft.picks == {"A-I": "cup", "A-II": "cup", "A-III": "cup"}  # nothing lost
    tap(app, ("pick", "A-III"))  # cup -> box
    tap(app, ("pick", "A-III"))  # box -> retreat
    tap(app, ("pick", "A-III"))  # retreat -> not chosen
    tap(app, ("select", "austria"))
    assert "austria" in app.session.state.selections
    said = words(app)
    assert "Pass the screen to the Sardinian player; the Austrian player looks away." in said
    assert "A-I" not in said and "A-II" not in said  # the Austrian choice is never shown again
    tap(app, ("hand", "sardinia"))
    assert "A-I" not in words(app)
    assert "S-1" in words(app) and "S-6" not in words(app)  # the 6th Division: a variant not in play
    tap(app, ("pick", "S-1"))
    tap(app, ("select", "sardinia"))
    said = words(app)
    assert "Austrians: 2 chits left." in said and "Sardinians: 2 chits left." in said  # counts only
    assert not re.search(r"A-I(?![IV])", said)  # A-II is the surprise: out of the cup, on its own button


def test_the_combat_screen_shows_the_whole_preview_before_the_roll_then_asks_for_the_printed_result(app):
    play_until(app, lambda s: s.active is not None and s.active.chit == "A-I")  # before it bombards
    tap(app, ("combat",))
    assert app.session.devices.die.face == QUESTION  # the table waits for a die (spec 6)
    tap(app, ("cancel",))
    assert app.session.devices.die.face == BLANK  # Back: no die waited for any more
    tap(app, ("combat",))
    tap(app, ("ring", 1))
    tap(app, ("pick", "A-I inf 4"))
    tap(app, ("ring", 4))
    tap(app, ("pick", "A-I art 3"))  # opposite hexes: encircled
    tap(app, ("ring", 0))
    defender = next(
        u
        for u in ("S-1 inf 4", "S-1 cav 2", "S-1 art 2", "S lt 3")
        if u in app.session.state.units and app.session.state.units[u].steps
    )
    tap(app, ("pick", defender))
    tap(app, ("terrain", 1))
    tap(app, ("terrain", 1))
    said = words(app)
    assert "1 right: encirclement" in said and "2 left: terrain: your chart" in said
    assert "ratio" in said and "Final column" in said
    assert "Die +1: attacker's elite infantry/cavalry bonus: A-I inf 4" in said
    assert "Die +1: attacker's elite artillery bonus: A-I art 3" in said
    records = len(app.session.game.records)
    tap(app, ("roll",))
    assert len(app.session.game.records) == records + 1
    assert app.session.devices.die.face is not None  # the die box shows the pips
    state = app.session.state
    if state.pending is not None and not state.pending.result:  # the text's three cells aside
        said = words(app)
        assert "Your results table has no value here" in said and f"column {state.pending.column}" in said
        tap(app, ("result", "D1"))
        assert app.session.game.records[-1].action == a.EnterResult("D1")


def test_undo_never_draws_again_nor_throws_again(app):
    play_until(app, lambda s: s.phase == "draw" and not s.surprise and len(s.cup) == 4)
    tap(app, ("draw",))
    first = app.session.state.current
    tap(app, ("undo",))
    assert "Undo again" in app.session.message and app.session.state.current == first  # asked twice
    tap(app, ("undo",))
    assert app.session.state.phase == "draw"
    tap(app, ("draw",))
    assert app.session.state.current == first  # the same chit: undo never draws again
    play_until(app, lambda s: s.pending is not None)  # the next roll: its dice are on the record
    thrown = app.session.game.records[-1]
    assert thrown.drawn and all(isinstance(v, int) for v in thrown.drawn)
    tap(app, ("undo",))
    tap(app, ("undo",))
    assert app.session.state.pending is None
    play_by_taps(app, thrown.action)
    assert app.session.game.records[-1].drawn == thrown.drawn  # the same dice: undo never throws again


def test_the_tables_own_cup_and_dice(service):
    choices = Choices()
    choices.table_cup = choices.table_dice = True
    app = novara_app(service, choices=choices)
    try:
        play_until(app, lambda s: s.phase == "draw" and not s.surprise)
        tap(app, ("draw",))
        assert "Which chit did the table pull from its cup?" in words(app)
        _check_sheet(app)  # every chit of the edition on the sheet, clear of the menu
        offered = {b.action[1] for b in spots(app) if isinstance(b.action, tuple) and b.action[0] == "chit"}
        assert {"A-I", "A-III", "S-3", "radetzky"} <= offered  # every chit: the cup's contents stay secret
        tap(app, ("chit", "A-III"))
        assert app.session.message == "Draw refused: A-III is not in the cup."
        tap(app, ("chit", "S-1"))
        assert app.session.state.current == "S-1" and app.session.game.records[-1].drawn == ("S-1",)
        tap(app, ("forced",))
        tap(app, ("activate",))
        tap(app, ("attrition",))
        assert "Forced march of S-1: one die; a 1 costs a step." in words(app)
        tap(app, ("die", 1))  # the table's own die: a 1 costs a step
        assert app.session.game.records[-1].drawn == (1,) and app.session.state.pending is not None
    finally:
        app.close()


def test_night_checklist_and_recovery(app):
    play_until(app, lambda s: s.night and s.phase == "draw" and not s.cup)
    said = words(app)
    assert "Night, supply: tap the infantry and artillery out of supply." in said
    assert "A-II cav 2" not in said  # cavalry is never checked
    tap(app, ("oos", "A-I inf 4"))
    tap(app, ("supply",))
    assert app.session.state.units["A-I inf 4"].oos
    assert "Night, recovery" in words(app)


def test_every_screen_in_italian_with_the_names_as_printed(service):
    i18n.use("it")
    app = novara_app(service)
    try:
        play_until(app, lambda s: s.phase == "select")
        said = words(app)
        assert "Passa lo schermo al giocatore austriaco; il giocatore sardo guarda altrove." in said
        play_until(app, lambda s: s.phase == "activation" and s.active.chit == "A-I")
        tap(app, ("combat",))
        said = words(app)
        assert "Combattimento: tocca un esagono dell'anello, poi le sue unità." in said
        assert "A-I inf 4" in said  # the units' names as typed from the counters
    finally:
        i18n.use("en")
        app.close()


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_the_sheets_buttons_never_overlap_nor_hide_under_the_menu_and_their_labels_fit(service, size):
    app = novara_app(service, size)
    seen: set[tuple[str, str]] = set()
    try:
        rng = random.Random(3)
        while app.session.state.turn <= 2:
            screen = (app.session.state.phase, app.game.view.draft.mode)
            if screen not in seen:
                seen.add(screen)
                _check_sheet(app)
            action = bot(app.session.state, rng)
            decisions = len(app.session.game.records)
            while len(app.session.game.records) == decisions:
                app.tap(next_tap(app, action))
                app.draw()
                _check_sheet(app)
    finally:
        app.close()
    assert len(seen) >= 6


def _check_sheet(app) -> None:
    sheet, fonts = app.game.view.moment.sheet, app.fonts
    menu = next(b for b in app.buttons if b.action == ("menu",))
    board = app.game.view.board_rect
    for i, spot in enumerate(sheet.spots):
        assert board.contains(spot.rect), spot.label
        assert not spot.rect.colliderect(menu.rect), f"{spot.label} under the menu's button"
        assert label_fits(spot.label, spot.rect, fonts["body"], fonts["small"]), spot.label
        for other in sheet.spots[i + 1 :]:
            assert not spot.rect.colliderect(other.rect), (spot.label, other.label)
    for text, (x, _y), _colour in sheet.texts:
        assert x + fonts["body"].size(text)[0] <= board.right, text


def test_the_terminal_demo_tells_the_first_turn(capsys):
    from companion.cli import main

    assert main(["run", "--game", "novara1849", "--terminal", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "A-II activated by surprise, without its chit." in out and "Turn 2 begins." in out


def test_a_concession_is_asked_twice(app):
    play_until(app, lambda s: s.phase == "turn" and len(s.counters) == 8)
    tap(app, ("back",))  # the last counter typed in: the form closes
    tap(app, ("ledger",))
    tap(app, ("concede", "sardinia"))
    assert app.session.state.phase == "turn"  # one tap (a slip) ends nothing
    assert "Tap again: Sardinians concede" in words(app)
    tap(app, ("concede", "sardinia"))
    assert app.session.state.winner == "austria" and "Winner: Austrians (Sardinia conceded)." in words(app)
    i18n.use("it")
    try:  # how the game ended is the engine's sentence, said in the table's language
        assert "Vincono: Austriaci (la Sardegna: resa)." in words(app)
    finally:
        i18n.use("en")


def test_the_start_screen_offers_every_scenario_of_the_engine_without_loading_it():
    import subprocess
    import sys

    from companion.games.novara1849 import SCENARIOS
    from companion.tables.novara1849.choices import scenario_names

    assert list(scenario_names()) == list(SCENARIOS)
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, companion.tables.novara1849 as t; t.Choices().rows(); "
            "print(any(m.startswith('companion.games.novara1849') for m in sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert loaded.stdout.strip() == "False"  # the app's start stays quick: the engine comes with a game


def test_reinforcements_due_are_placed_from_the_cup_screen(service):
    """INVENTED for the test: a track whose turn 2 brings one counter (the text prints no track)."""
    import dataclasses

    from companion.games.novara1849 import Counter, Draw, Options, Pass, Select, TurnFacts
    from companion.games.novara1849.edition import Reinforcement, Turn

    shipped = edition("novara1849")
    turns = {2: Turn(2, None, {}, (Reinforcement("austria", ("IR 99",)),))}
    game = Game(
        dataclasses.replace(shipped, turns=turns),
        Options(seed=1, first_turn=1, units=(Counter("IR 99", "austria", 4, "A-I", "infantry", 2),)),
    )
    for action in (TurnFacts(False, 1, 1), Select("austria", ()), Select("sardinia", ())):
        game.play(action)
    while game.state.cup:
        game.play(Draw())
        game.play(Pass())
    app = App(Session(game, Devices(SimDie(), service)), headless=True, choices={"novara1849": Choices()})
    try:
        app.draw()
        assert "Reinforcements due" not in words(app)  # turn 1: nothing due yet
        tap(app, ("end-turn",))
        for action in (TurnFacts(False, 1, 1), Select("austria", ()), Select("sardinia", ())):
            app.session.do(action)
        app.draw()
        assert "Reinforcements due: tap those placed on the map." in words(app)
        tap(app, ("arrive", "IR 99"))
        tap(app, ("reinforce",))
        assert "IR 99" not in app.session.state.waiting
    finally:
        app.close()


def test_the_previews_reasons_come_as_sentences_and_are_said_in_the_tables_language():
    """Issue 17: the engine gives each shift and modifier as a Sentence (template and values); the screen
    translates it, the terrain the players took from their chart named as such, no English matched."""
    from companion.games.novara1849.combat import Combat, DefendingHex, Fighter, preview
    from companion.games.novara1849.ladder import TEXT_LADDER, Ladder
    from companion.games.novara1849.readings import Readings
    from companion.tables.novara1849.texts import preview_lines

    combat = Combat(
        (Fighter("Bers", 6, elite=1, hex=1), Fighter("Batt", 3, "artillery", elite=1, hex=4)),
        (Fighter("IR 7", 2, elite=1),),
        (DefendingHex("chart", 1),),
        hexside="stream",
        hexside_shifts=2,
    )
    shown = preview(combat, Ladder.of(TEXT_LADDER), Readings())
    assert [why.template for why, _ in shown.shifts] == [
        "{why} (the defender's choice, not added up)",
        "encirclement",
    ]
    i18n.use("it")
    try:
        said = preview_lines(shown)
    finally:
        i18n.use("en")
    assert (
        "2 a sinistra: lato attraversato da tutti gli attaccanti: stream "
        "(scelta del difensore, non si sommano)" in said
    )
    assert "1 a destra: accerchiamento" in said
    assert "Dado +1: bonus d'élite di fanteria/cavalleria (attaccante): Bers" in said
    assert "Dado +1: bonus d'élite di artiglieria (attaccante): Batt" in said
    assert "Dado -1: bonus d'élite di fanteria/cavalleria (difensore): IR 7" in said
    english = preview_lines(
        preview(
            Combat(combat.attackers, combat.defenders, (DefendingHex("chart", 3),)),
            Ladder.of(TEXT_LADDER),
            Readings(),
        )
    )
    assert "3 left: terrain: your chart" in english


def test_the_selection_screen_sets_and_corrects_a_command_factor_as_a_decision(app):
    """Issue 17: the factor is set mid-game on the selection screen, each tap a decision Undo takes back."""
    play_until(app, lambda s: s.phase == "select")
    tap(app, ("hand", "austria"))
    assert "Radetzky's Command Factor" in words(app)
    tap(app, ("factor", "radetzky", 1))
    tap(app, ("factor", "radetzky", 2))
    assert app.session.state.command_factors == {"radetzky": 2}
    tap(app, ("factor", "radetzky", 3))
    app.session.undo()
    assert app.session.state.command_factors == {"radetzky": 2}
    assert app.session.message == "Undone: Command Factor."


def test_the_dummy_markers_are_reminded_at_each_turn_and_never_take_losses(service):
    """Fog of War, dummy markers (spec 2.17.1, [remind]): the companion never sees the map; it says when
    to place them and, at every loss, that they absorb none (the roster it offers holds no dummy)."""
    app = novara_app(service, fog="dummies")
    try:
        play_until(app, lambda s: s.phase == "select")
        assert "Fog of war: place your dummy markers on your units now" in words(app)
        play_until(app, lambda s: s.pending is not None and bool(s.pending.due))
        assert "Dummy markers cannot absorb losses: only real units take steps." in words(app)
        assert app.session.state.fog == "dummies"
    finally:
        app.close()


def test_the_hidden_display_is_filled_moved_and_revealed_by_taps_alone(service):
    """Fog of war, the Hidden Forces Display (R-34, R-35): each side hides a unit on the first turn, a
    chit moves two dummies on the second, and every box is revealed, all through the screen's buttons."""
    app = novara_app(service, fog="hidden")
    try:
        stats = app.autoplay(rounds=2, seed=3)
        assert stats.direct == 0
        played = kinds(app)
        assert played.count("hide") == 2 and "move-dummies" in played and played.count("reveal") == 2
        assert not any(app.session.state.hidden.values())  # every box revealed: its units on the map
    finally:
        app.close()


def test_a_hidden_display_is_shown_only_to_its_owner_after_the_hand_over(service):
    app = novara_app(service, fog="hidden")
    try:
        play_until(app, lambda s: bool(s.hidden.get("austria")))
        (unit,) = app.session.state.hidden["austria"]["A"]
        assert f"A: {unit}" in words(app)  # the Austrian player, who just filled it, sees it
        tap(app, ("back",))  # Done: hidden again
        assert unit not in words(app)
        tap(app, ("display",))
        assert unit not in words(app)  # the hand-over first: nothing shown until the owner taps
        tap(app, ("hand-display", "sardinia"))
        assert unit not in words(app) and "Box A: tap the units its dummy stands for." in words(app)
        tap(app, ("back",))
        play_until(app, lambda s: s.phase == "draw")
        for mode in ("", "ledger"):  # no roster offers a hidden unit, nor says it
            app.game.view.draft.mode = mode
            assert unit not in words(app)
        app.game.view.draft.mode = ""
        tap(app, ("display",))
        tap(app, ("hand-display", "austria"))
        tap(app, ("reveal", "A"))  # its dummy came two hexes from the enemy
        assert app.session.state.units[unit].forced_march and app.session.state.on_map(unit)
    finally:
        app.close()


def test_the_sixth_division_enters_from_the_turn_track_screen_and_its_chit_goes_in_the_cup(service):
    app = novara_app(service, name="mortara", sixth_division=True)
    try:
        play_until(app, lambda s: s.phase == "turn" and len(s.counters) == 8)
        tap(app, ("back",))  # the last counter typed in: the form closes
        assert "The 6th Division may enter from Vercelli or Casale" in words(app)
        tap(app, ("sixth",))
        state = app.session.state
        assert state.sixth == 5 and "6th Division enters" not in words(app)
        play_until(app, lambda s: s.phase == "draw")
        assert app.session.state.points["sardinia"] == 3  # Mortara's 2, and 1 for the 6th Division
        assert "S-6" in app.session.state.selections["sardinia"].formations
    finally:
        app.close()


def test_an_empty_hidden_display_says_to_type_in_the_units_first_and_offers_no_hide(service):
    """Found in a newcomer's run: before any counter is typed in, the display asked to tap units it did
    not show, and its Hide button could only be refused."""
    app = novara_app(service, fog="hidden")
    try:
        tap(app, ("display",))
        tap(app, ("hand-display", "austria"))
        assert "Box A: type in your units first (New unit), then hide them here." in words(app)
        assert not [b for b in [*app.buttons, *spots(app)] if b.action == ("hide", "austria")]
    finally:
        app.close()


def test_a_combat_with_no_units_typed_in_says_where_they_come_from(app):
    """Found in a newcomer's run: before any counter is typed in, the combat screen asked to tap a hex's
    units beside an empty roster."""
    _activate_with_no_units(app)
    tap(app, ("combat",))
    assert "Combat: tap a hex of the ring; type in its units with New unit." in words(app)
    assert "then its units" not in words(app)


def test_the_charge_and_the_bombardment_offer_a_new_unit_and_refuse_nothing_before_a_tap(app):
    """Found in a newcomer's run: with no cavalry typed in, the charge screen said "Charge refused"
    before any tap, and neither it nor the bombardment offered New unit: only Back led on."""
    _activate_with_no_units(app)
    tap(app, ("charge",))
    assert "refused" not in words(app) and "Tap the charging cavalry first." in words(app)
    tap(app, ("new-unit",))
    assert app.game.view.draft.mode == "units"
    tap(app, ("back",))  # the form closes: back on the charge
    assert app.game.view.draft.mode == "charge"
    tap(app, ("cancel",))
    tap(app, ("bombard",))
    tap(app, ("new-unit",))
    assert app.game.view.draft.mode == "units"


def _activate_with_no_units(app) -> None:
    """The first turn's facts and selections played, a chit drawn and activated: no counter typed in."""
    session = app.session
    for action in (a.TurnFacts(False, 2, 2), a.Select("austria", ("A-I",)), a.Select("sardinia", ("S-1",))):
        session.do(action)
    while session.state.phase == "draw":
        session.do(a.Draw())
        if session.state.phase == "decide":
            session.do(a.Activate())
    app.draw()


def test_a_refusal_said_in_english_goes_when_the_table_switches_to_italian(app):
    """Found in a newcomer's run: a refusal stayed on the panel in English after Italian was chosen in
    the settings, on an otherwise Italian screen."""
    _activate_with_no_units(app)
    tap(app, ("combat",))
    tap(app, ("roll",))  # nothing on the ring: refused
    assert any("Combat refused" in text for text, _colour in app.game.lines())
    try:
        app.lobby.settings.use_language("it")
        app.draw()
        assert not any("refused" in text for text, _colour in app.game.lines())
    finally:
        i18n.use("en")


def test_a_counter_typed_in_with_its_factors_wrong_is_refused_in_the_tables_words(app):
    """Found in a newcomer's run: a cavalry of factor 2 left with the form's reduced factor 2 was refused
    as "unit.cf_reduced: a two-step unit's reduced factor is below its full one", in English on the
    Italian screen."""
    i18n.use("it")
    try:
        tap(app, ("units",))
        tap(app, ("form", "kind", "cavalry"))
        tap(app, ("form", "cf", 2))
        tap(app, ("enter-unit",))
        said = " ".join(text for text, _colour in app.game.lines())
        assert (
            "Unità rifiutata: il suo fattore ridotto deve essere almeno 1 e minore del fattore di "
            "combattimento." in said
        )
        assert "cf_reduced" not in said and not app.session.state.counters
    finally:
        i18n.use("en")


def test_a_charge_without_a_hit_closes_its_screen_and_says_what_happened(service):
    """Found in a newcomer's run: a charge whose dice hit nothing left the charge screen as it was, its
    Roll offered again and no word of the dice on the panel."""
    choices = Choices()
    choices.table_dice = True
    app = novara_app(service, choices=choices)
    try:
        _charge_without_a_hit(app)
        assert app.session.game.records[-1].action.kind == "charge"
        assert app.game.view.draft.mode == ""  # back on the activation's steps
        assert "charge" in " ".join(text for text, _c in app.game.lines()).lower()
    finally:
        app.close()


def test_an_undone_decision_is_no_longer_told_on_the_panel(service):
    """Found in a newcomer's run: after Undo took back the losses, the panel still said the steps were
    lost, under "Undone: losses"."""
    choices = Choices()
    choices.table_dice = True
    app = novara_app(service, choices=choices)
    try:
        _charge_without_a_hit(app)
        assert any("Charge" in text for text, _c in app.game.lines())
        tap(app, ("undo",))
        tap(app, ("undo",))  # the dice were thrown: a second Undo takes it back
        said = [text for text, _c in app.game.lines()]
        assert said[0].startswith("Undone") and not any("Charge" in text for text in said[1:])
    finally:
        app.close()


def _charge_without_a_hit(app) -> None:
    """A cavalry of the active formation charges an enemy cavalry (both invented for the test), the
    table's dice typed in: every die a 1, no hit either way."""
    _activate_with_no_units(app)
    side = app.session.state.active.side
    formation = app.session.state.active.chit
    enemy = "austria" if side == "sardinia" else "sardinia"
    app.session.do(a.EnterUnit("ours", side, 3, formation, "cavalry", 1))
    app.session.do(a.EnterUnit("theirs", enemy, 2, "", "cavalry", 1))
    app.draw()
    tap(app, ("charge",))
    tap(app, ("charger", "ours"))
    tap(app, ("target", "theirs"))
    for _die in range(4):
        tap(app, ("die", 1))
