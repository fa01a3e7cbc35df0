"""The side panel: whose turn, the counts, the last message, and the buttons for this moment."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from companion.games.milano1848 import actions as a
from companion.games.milano1848.state import (
    ACT, ANSWER, AUSTRIAN_TURN, CHOOSE_PATRIOT, CONTINUE, OVER, PLACE, PROMOTE, State,
)
from companion.i18n import _, ngettext
from companion.session import Session, unseen_card
from companion.ui import theme
from companion.ui.helps import HelpChooser
from companion.ui.icons import icon_name, side_name
from companion.ui.widgets import Button



PRIVACY = ("open", "count", "hidden")  # the rulebook's hand-information levels
Entry = tuple[str, object, Callable[[], object]]  # a button's label, its marker (the action it plays), its tap
PEEK = ("peek",)  # the Peek button's marker: held down, not tapped
UNDO = ("undo",)


class Panel:
    def __init__(self, rect: pygame.Rect, target: int, privacy: str = "open",
                 label_width: Callable[[str], int] = lambda label: 0) -> None:
        """`label_width`: how wide a label is in the buttons' type (a label too wide for its cell
        takes a whole row rather than a smaller type)."""
        self.rect = rect
        self.target = target  # button height
        self.label_width = label_width
        self.selected: list[str] = []  # cards picked for a 3-card answer against Radetzky
        self.privacy = privacy
        self.peeking = False  # hidden hands: shown while the Peek button is held
        self.helps = HelpChooser()  # Advanced: a Help or a Strengthen being chosen
        self.counting: list[int] | None = None  # table decks: the fighters' icons being tapped in for the odds

    def hand_line(self, state: State) -> str | None:
        """The active Patriot's hand as the table agreed to share it (tracked decks only)."""
        if state.step != ACT or state.active is None or not state.tracked:
            return None
        cards = state.hands[state.patriots[state.active].hand]
        icons = [icon_name(state.edition.italy[c][0]) for c in cards if c != "?"]
        if self.privacy == "count":
            return _("Hand: {cards} cards, {icons} different icons").format(cards=len(cards), icons=len(set(icons)))
        if self.privacy == "hidden" and not self.peeking:
            return _("Hand: {cards} cards (hold Peek)").format(cards=len(cards))
        return _("Hand: {icons}").format(icons=" ".join(sorted(icons)))

    def headline(self, state: State) -> list[str]:
        if state.step == OVER:
            return [_("{side} wins!").format(side=side_name(state.winner or "")),
                    _("after {rounds} rounds").format(rounds=state.round)]
        who = state.patriots[state.active].name if state.active is not None else ""
        lines = [_("Round {round}").format(round=state.round)]
        if state.step == PLACE:
            waiting = next(p.name for p in state.patriots if p.zone == 0)
            lines.append(_("Place {name}: tap a zone").format(name=waiting))
        elif state.step == AUSTRIAN_TURN:
            lines.append(_("Austria moves"))
        elif who:
            lines.append(ngettext("{name}: {count} action", "{name}: {count} actions", state.actions_left).format(
                name=who, count=state.actions_left))
        if state.fight and state.active is not None:
            zone = state.patriots[state.active].zone
            lines.append(_("Against Radetzky, zone {zone}").format(zone=zone) if state.fight.kind == "radetzky"
                         else _("Fight in zone {zone}").format(zone=zone))
        if state.fight and state.fight.revealed:
            shown = ", ".join(icon_name(state.edition.austria[c]) for c in state.fight.revealed)
            lines.append(_("Austria shows: {icons}").format(icons=shown))
        if state.fight and state.fight.lens:
            lines.append(_("In the Lens: {count}").format(count=state.fight.lens))
        return lines

    def buttons(self, session: Session, top: int, extra: Sequence[Entry] = ()) -> list[Button]:
        """This moment's buttons in a grid from `top`; `extra`: the app's own (the last ticket, a new
        game) after them, so nothing is laid on a fixed row that a long grid could reach."""
        state = session.state
        if session.needed is not None:
            return self._name_the_card(session, top)
        if state.step not in (ACT, CONTINUE):
            self.counting = None  # the moment passed
        if self.counting is not None:
            return self._grid(self._counting_entries(session), top)
        specs: list[tuple[str, a.Action]] = []
        if state.step != ACT:
            self.helps.reset()
        elif self.helps.mode:
            return self._grid(self.helps.entries(state, session.do), top)
        if state.step == ACT:
            specs = [(_("Conquer"), a.Conquer()), (_("Fight"), a.FightSoldiers()), (_("Radetzky"), a.FightRadetzky()),
                     (_("Refresh"), a.Refresh()), (_("End turn"), a.EndTurn())]
        elif state.step == ANSWER:
            return self._answers(session, top)
        elif state.step == CONTINUE:
            specs = [(_("Continue"), a.Continue()), (_("Stop"), a.Stop())]
        elif state.step == AUSTRIAN_TURN:
            specs = [(_("Austrian turn"), a.AustrianTurn())]
        elif state.step == CHOOSE_PATRIOT:
            specs = [(state.patriots[i].name, a.ChoosePatriot(i)) for i, done in enumerate(state.done) if not done]
        elif state.step == PROMOTE:
            specs = [(_("Zone {zone}").format(zone=z), a.Promote(z)) for z in state.not_available]
        entries: list[tuple[str, object, Callable[[], object]]] = [
            (label, action, partial(session.do, action)) for label, action in specs]
        if state.step == ACT and state.mode == "advanced":
            entries += self.helps.entries(state, session.do)
        if state.step in (ACT, CONTINUE) and not state.tracked and not self.helps.mode:
            entries.append((_("Odds"), ("odds",), partial(self._count, [0, 0, 0])))  # the table's own decks
        if state.step == ACT and self.privacy == "hidden" and state.tracked:
            entries.append((_("Peek"), PEEK, lambda: None))  # held, not tapped: the app shows the hand while it is down
        if state.step not in (OVER,) and session.game.records:
            entries.append((_("Undo"), UNDO, session.undo))
        entries += extra
        buttons = self._grid(entries, top)
        for button in buttons:
            if button.action == UNDO:
                button.colour = theme.MUTED
        return buttons

    def _count(self, icons: list[int] | None) -> None:
        self.counting = icons

    def _counting_entries(self, session: Session) -> list[Entry]:
        """Table decks: the fighters tap in how many of each icon they hold; the odds follow."""
        assert self.counting is not None
        entries: list[Entry] = []
        for index, icon in enumerate(("swords", "map", "cannonball")):
            entries.append((f"- {icon_name(icon)}", ("less", icon), partial(self._step, index, -1)))
            entries.append((f"+ {icon_name(icon)} ({self.counting[index]})", ("more", icon), partial(self._step, index, 1)))
        entries.append((_("Show the odds"), ("tell",), partial(self._tell, session)))
        entries.append((_("Cancel"), ("cancel",), partial(self._count, None)))
        return entries

    def _tell(self, session: Session) -> None:
        assert self.counting is not None
        session.tell_hand((self.counting[0], self.counting[1], self.counting[2]))
        self.counting = None

    def _step(self, index: int, change: int) -> None:
        assert self.counting is not None
        self.counting[index] = max(0, min(12, self.counting[index] + change))

    def _name_the_card(self, session: Session, top: int) -> list[Button]:
        """Table decks: the table says what it drew (an icon; a Zone card is a tap on the board)."""
        assert session.needed is not None
        deck = session.needed[1]
        entries: list[tuple[str, object, Callable[[], object]]] = []
        if deck != "zone":
            entries = [(icon_name(icon), ("name", icon), partial(session.name_icon, icon))
                       for icon in ("swords", "map", "cannonball")]
        entries.append((_("Cancel"), ("cancel",), session.cancel_card))
        return self._grid(entries, top)

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
            label = f"{icon_name(icon)}{' *' if card in self.selected else ''}"
            if radetzky:
                entries.append((label, ("pick", card), partial(self._pick, session, card)))
            else:
                action = a.Answer((card,))
                entries.append((label, action, partial(session.do, action)))
        return self._grid(entries + self._unseen(session, radetzky), top)

    def _unseen(self, session: Session, radetzky: bool) -> list[tuple[str, object, Callable[[], object]]]:
        """Table decks: cards still face down in a fighter's hand are played by naming their icon."""
        state = session.state
        assert state.active is not None
        zone = state.patriots[state.active].zone
        hidden = sum(state.hands[state.patriots[i].hand].count("?") for i in state.patriots_in(zone))
        picked = sum(1 for c in self.selected if c not in self._known(state))
        if not hidden or picked >= hidden:
            return []
        entries: list[tuple[str, object, Callable[[], object]]] = []
        for icon in ("swords", "map", "cannonball"):
            card = unseen_card(state, icon, self.selected)
            if card is None:
                continue
            label = _("{icon} (hand)").format(icon=icon_name(icon))
            if radetzky:
                entries.append((label, ("pick", card), partial(self._pick, session, card)))
            else:
                action = a.Answer((card,))
                entries.append((label, action, partial(session.do, action)))
        return entries

    @staticmethod
    def _known(state: State) -> set[str]:
        return {c for hand in state.hands for c in hand} | set(state.pool)

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
        """Two columns, a label too wide for its cell across both; three columns when there are
        more than eight buttons (there a long label takes the small type)."""
        columns = 3 if len(entries) > 8 else 2
        width = (self.rect.width - 8 - 8 * columns) // columns
        buttons, column, row = [], 0, 0
        for label, action, tap in entries:
            wide = columns == 2 and self.label_width(label) > width - 12
            if wide and column:
                column, row = 0, row + 1
            span = columns if wide else 1
            rect = pygame.Rect(self.rect.x + 8 + column * (width + 8), top + row * (self.target + 8),
                               span * width + (span - 1) * 8, self.target)
            buttons.append(Button(rect, label, tap, action=action))
            column += span
            if column >= columns:
                column, row = 0, row + 1
        return buttons
