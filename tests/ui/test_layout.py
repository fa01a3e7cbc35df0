"""Every screen the app shows, at 800x480 and 1280x720, in English and in Italian: no two buttons
overlap, every label fits its button, every text lies on the screen and off the other buttons, and
nothing hides a text (the desk camera's lens). The screens are the ones scripts/screenshots.py
draws, so a screen added there is checked here."""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame  # noqa: E402

from companion import i18n  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def screenshots_script():
    spec = importlib.util.spec_from_file_location("screenshots", ROOT / "scripts" / "screenshots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class RecordingScreen(pygame.Surface):
    """The screen, noting where each rendered text lands (a text's whole box, even off the screen)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.rendered: dict[int, tuple[str, pygame.Surface]] = {}
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.marks: dict[str, int] = {}  # a widget drawn over what came before: how many texts then

    def blit(self, source, dest, area=None, special_flags=0):
        drawn = self.rendered.get(id(source))
        if drawn is not None and drawn[1] is source and drawn[0].strip():
            self.texts.append((drawn[0], pygame.Rect((dest[0], dest[1]), source.get_size())))
        return super().blit(source, dest, area, special_flags)


class TextFont:
    """A font whose every rendered text the recording screen recognises."""

    def __init__(self, font, screen: RecordingScreen) -> None:
        self.font, self.screen = font, screen

    def render(self, text, *args):
        surface = self.font.render(text, *args)
        self.screen.rendered[id(surface)] = (text, surface)
        return surface

    def __getattr__(self, name):
        return getattr(self.font, name)


def record(app) -> RecordingScreen:
    screen = RecordingScreen(app.screen.get_size())
    app.screen = app.painter.screen = screen
    for name, font in app.fonts.items():
        app.fonts[name] = TextFont(getattr(font, "font", font), screen)
    if app.game is not None:
        lens, draw = app.game.lens, type(app.game.lens).draw

        def lens_drawn(surface, font, camera):
            screen.marks["lens"] = len(screen.texts)
            draw(lens, surface, font, camera)

        lens.draw = lens_drawn
        view, legend = app.game.view, type(app.game.view).draw_legend

        def legend_drawn(painter, area):  # a card over the board: what it covers is meant to be hidden
            screen.marks["legend"] = len(screen.texts)
            legend(view, painter, area)

        view.draw_legend = legend_drawn
    return screen


def problems(app) -> list[str]:
    """What a player would see wrong on the screen drawn now."""
    screen = record(app)
    app.draw()
    area, buttons, found = screen.get_rect(), app.buttons, []
    for i, button in enumerate(buttons):
        if not area.contains(button.rect):
            found.append(f"button {button.label!r} {button.rect} off the screen")
        found += [
            f"buttons {button.label!r} and {other.label!r} overlap"
            for other in buttons[i + 1 :]
            if button.rect.colliderect(other.rect)
        ]
    lens = app.game.lens.rect if app.game is not None and "lens" in screen.marks else None
    for number, (text, rect) in enumerate(screen.texts):
        if not area.contains(rect):
            found.append(f"{text!r} {rect} runs off the screen")
        on = [b for b in buttons if b.rect.colliderect(rect)]
        if any(text not in b.label or not b.rect.contains(rect) for b in on):
            found.append(f"{text!r} {rect} spills over the button {[b.label for b in on]}")
        if lens is not None and number < screen.marks["lens"] and lens.colliderect(rect):
            found.append(f"{text!r} {rect} hidden under the camera's lens")
        if number < screen.marks.get("legend", -1):
            continue  # under the legend's card
        found += [
            f"{text!r} {rect} and {other!r} {box} overlap"
            for other, box in screen.texts[number + 1 :]
            if rect.colliderect(box) and not (lens is not None and number >= screen.marks["lens"])
        ]  # the card dragged to the lens covers the lens's words: a finger's doing
    return found


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
@pytest.mark.parametrize("language", ["en", "it"])
def test_no_screen_has_overlapping_buttons_clipped_labels_or_hidden_text(size, language):
    script, found, seen = screenshots_script(), [], {}

    def check(app, name: str) -> None:
        found.extend(f"{name}: {problem}" for problem in problems(app))
        said = app.session.message if app.game is not None else ""
        seen[name] = ([b.label for b in app.buttons], said)

    i18n.use(language)
    try:
        script.every_screen(check, size)
        assert i18n._("New game") in seen["over"][0]  # the game over screen as a player meets it
    finally:
        i18n.use("en")
    assert not found, "\n".join(found)
    refusal = seen["act"][1]  # the refusal the docs show is one a tap on the map can meet
    assert refusal and all(1 <= int(z) <= 16 for z in re.findall(r"\d+", refusal)), refusal


def _advanced_game(tmp_path, size=(800, 480), seed=2):
    from companion.assets import edition
    from companion.games.milano1848.game import Game
    from companion.games.milano1848.setup import Options
    from companion.session import Devices, Session
    from companion.ui.app import App
    from hardware.printer import PrintService
    from hardware.sim.die import SimDie
    from hardware.sim.printer import SimPrinter

    service = PrintService(SimPrinter(), tmp_path / "q.jsonl", retry_s=0.05)
    options = Options(players=4, mode="advanced", seed=seed)
    app = App(Session(Game(edition("milano1848"), options), Devices(SimDie(), service)), size, headless=True)
    app.animate = False
    for _page in range(2):  # the set-up screen's two pages: the board, then the players
        app.draw()
        app.tap(app.buttons[0].rect.center)
    return app, service


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_refusal_appearing_never_moves_a_button_under_the_next_tap(tmp_path, language):
    import random

    from companion.games.milano1848 import actions as a
    from companion.games.milano1848.bots import greedy_bot

    app, service = _advanced_game(tmp_path)
    session, rng, moments = app.session, random.Random(4), 0
    i18n.use(language)
    try:
        while not session.over and moments < 60:
            session.message = ""
            app.draw()
            before = [(b.label, tuple(b.rect)) for b in app.buttons]
            session.do(a.Move(99))  # refused: a sentence appears above the buttons
            app.draw()
            assert [(b.label, tuple(b.rect)) for b in app.buttons] == before, session.state.step
            session.do(greedy_bot(session.state, rng))
            moments += 1
    finally:
        i18n.use("en")
        app.close()
        service.close()
    assert session.over and moments > 15  # every moment of a whole game (greedy loses it in round 3)


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_what_the_last_clash_did_is_shown_even_after_a_long_advice(tmp_path, size):
    import random

    from companion.games.milano1848 import actions as a
    from companion.games.milano1848.bots import greedy_bot
    from companion.tables.milano1848.texts import fight_news

    app, service = _advanced_game(tmp_path, size, seed=3)
    session, rng, told = app.session, random.Random(7), 0
    try:
        for _ in range(500):
            if session.over:
                break
            news = session.last_move is not None and isinstance(session.last_move[1], a.Answer)
            if news and session.state.step != "austrian-turn":
                _settle(session)
                screen = record(app)
                app.draw()
                lines = [text for text, _ in app.game.lines()]
                drawn = " ".join(text for text, _ in screen.texts)
                clash = next(line for line in lines if fight_news(*session.last_move) == line)
                assert all(word in drawn for word in clash.split()), (clash, lines)
                told += 1
            session.do(greedy_bot(session.state, rng))
    finally:
        app.close()
        service.close()
    assert told >= 5


def _settle(session) -> None:
    """Let the odds worker finish: the advice a player sees a moment later is on screen."""
    import time

    deadline = time.monotonic() + 5
    while not session.looked_ahead and time.monotonic() < deadline:
        time.sleep(0.01)
