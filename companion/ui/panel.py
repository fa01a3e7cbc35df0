"""The side panel: whose turn, the counts, the last message, and the buttons for this moment."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from companion.games.milano1848 import actions as a
from companion.games.milano1848.state import (
    ACT, ANSWER, AUSTRIA, AUSTRIAN_TURN, CHOOSE_PATRIOT, CONTINUE, ITALY, OVER, PLACE, PROMOTE, State,
)
from companion.session import Session
from companion.ui import theme
from companion.ui.helps import HelpChooser
from companion.ui.widgets import Button

ICON_NAMES = {"swords": "Swords", "map": "Map", "cannonball": "Cannon"}


PRIVACY = ("open", "count", "hidden")  # the rulebook's hand-information levels


class Panel:
    def __init__(self, rect: pygame.Rect, target: int, privacy: str = "open") -> None:
        self.rect = rect
        self.target = target  # button height
        self.selected: list[str] = []  # cards picked for a 3-card answer against Radetzky
        self.privacy = privacy
        self.peeking = False  # hidden hands: shown while the Peek button is held
        self.helps = HelpChooser()  # Advanced: a Help or a Strengthen being chosen

    def hand_line(self, state: State) -> str | None:
        """The active Patriot's hand as the table agreed to share it (tracked decks only)."""
        if state.step != ACT or state.active is None or not state.tracked:
            return None
        cards = state.hands[state.patriots[state.active].hand]
        icons = [ICON_NAMES[state.edition.italy[c][0]] for c in cards if c != "?"]
        if self.privacy == "count":
            return f"Hand: {len(cards)} cards, {len(set(icons))} different icons"
        if self.privacy == "hidden" and not self.peeking:
            return f"Hand: {len(cards)} cards (hold Peek)"
        return "Hand: " + " ".join(sorted(icons))

    def headline(self, state: State) -> list[str]:
        if state.step == OVER:
            return [f"{(state.winner or '').capitalize()} wins!", f"after {state.round} rounds"]
        who = state.patriots[state.active].name if state.active is not None else ""
        lines = [f"Round {state.round}"]
        if state.step == PLACE:
            waiting = next(p.name for p in state.patriots if p.zone == 0)
            lines.append(f"Place {waiting}: tap a zone")
        elif state.step == AUSTRIAN_TURN:
            lines.append("Austria moves")
        elif who:
            lines.append(f"{who}: {state.actions_left} action{'s' if state.actions_left != 1 else ''}")
        italy, austria = len(state.conquered(ITALY)), len(state.conquered(AUSTRIA))
        lines.append(f"Castle {state.castle}  Reserve {state.reserve}")
        lines.append(f"Zones: Italy {italy}, Austria {austria}")
        if state.fight and state.fight.revealed:
            shown = ", ".join(ICON_NAMES[state.edition.austria[c]] for c in state.fight.revealed)
            lines.append(f"Austria shows: {shown}")
        if state.fight and state.fight.lens:
            lines.append(f"In the Lens: {state.fight.lens}")
        return lines

    def buttons(self, session: Session, top: int) -> list[Button]:
        state = session.state
        specs: list[tuple[str, a.Action]] = []
        if state.step != ACT:
            self.helps.reset()
        elif self.helps.mode:
            return self._grid(self.helps.entries(state, session.do), top)
        if state.step == ACT:
            specs = [("Conquer", a.Conquer()), ("Fight", a.FightSoldiers()), ("Radetzky", a.FightRadetzky()),
                     ("Refresh", a.Refresh()), ("End turn", a.EndTurn())]
        elif state.step == ANSWER:
            return self._answers(session, top)
        elif state.step == CONTINUE:
            specs = [("Continue", a.Continue()), ("Stop", a.Stop())]
        elif state.step == AUSTRIAN_TURN:
            specs = [("Austrian turn", a.AustrianTurn())]
        elif state.step == CHOOSE_PATRIOT:
            specs = [(state.patriots[i].name, a.ChoosePatriot(i)) for i, done in enumerate(state.done) if not done]
        elif state.step == PROMOTE:
            specs = [(f"Zone {z}", a.Promote(z)) for z in state.not_available]
        entries: list[tuple[str, object, Callable[[], object]]] = [
            (label, action, partial(session.do, action)) for label, action in specs]
        if state.step == ACT and state.mode == "advanced":
            entries += self.helps.entries(state, session.do)
        if state.step == ACT and self.privacy == "hidden" and state.tracked:
            entries.append(("Peek", None, lambda: None))  # held, not tapped: the app shows the hand while it is down
        buttons = self._grid(entries, top)
        if state.step not in (OVER,) and session.game.records:
            row = self.rect.bottom - self.target - 34
            buttons.append(Button(pygame.Rect(self.rect.x + 8, row, self.rect.width // 2 - 12, self.target),
                                  "Undo", session.undo, colour=theme.MUTED))
        return buttons

    def _answers(self, session: Session, top: int) -> list[Button]:
        state = session.state
        assert state.fight is not None and state.active is not None
        radetzky = state.fight.kind == "radetzky"
        zone = state.patriots[state.active].zone
        cards = [c for i in state.patriots_in(zone) for c in state.hands[state.patriots[i].hand] if c != "?"]
        cards = list(dict.fromkeys(cards + state.pool))
        entries: list[tuple[str, object, Callable[[], object]]] = []
        for card in cards:
            icon, help_ = state.edition.italy[card]
            label = f"{ICON_NAMES[icon]}{' *' if card in self.selected else ''}"
            if radetzky:
                entries.append((label, ("pick", card), partial(self._pick, session, card)))
            else:
                action = a.Answer((card,))
                entries.append((label, action, partial(session.do, action)))
        return self._grid(entries, top)

    def _pick(self, session: Session, card: str) -> None:
        """Against Radetzky: pick three cards, then they are played together."""
        if card in self.selected:
            self.selected.remove(card)
            return
        self.selected.append(card)
        if len(self.selected) == 3:
            chosen, self.selected = tuple(self.selected), []
            session.do(a.Answer(chosen))

    def _grid(self, entries: Sequence[tuple[str, object, Callable[[], object]]], top: int) -> list[Button]:
        width = (self.rect.width - 24) // 2
        buttons = []
        for index, (label, action, tap) in enumerate(entries):
            column, row = index % 2, index // 2
            rect = pygame.Rect(self.rect.x + 8 + column * (width + 8), top + row * (self.target + 8), width, self.target)
            buttons.append(Button(rect, label, tap, action=action))
        return buttons
