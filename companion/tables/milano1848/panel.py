"""Milano 1848's side panel: whose turn, the fight, the active hand, and the buttons for this moment
(as entries: the screen lays them out and hands their intents to the session)."""

from __future__ import annotations

from functools import partial

from companion.games.milano1848 import actions as a
from companion.games.milano1848.setup import placement_order
from companion.games.milano1848.state import (
    ACT,
    ANSWER,
    AUSTRIAN_TURN,
    CHOOSE_PATRIOT,
    CONTINUE,
    OVER,
    PLACE,
    PROMOTE,
    State,
)
from companion.i18n import _, ngettext
from companion.tables.base import CancelCard, Entry, Intent, Moment, NameCard, Play, Refuse, Undo
from companion.tables.milano1848.helps import HelpChooser, card_face, hidden_card
from companion.tables.milano1848.icons import icon_name, side_name
from companion.tables.milano1848.table import MilanoTable, drawable, unseen_card
from companion.ui.panel import HOLD, UNDO

PRIVACY = ("open", "count", "hidden")  # the rulebook's hand-information levels
PEEK = (HOLD, "peek")  # the Peek button's marker: held down, not tapped


class Panel:
    def __init__(self, table: MilanoTable, privacy: str = "open") -> None:
        self.table = table
        self.selected: list[str] = []  # cards picked for a 3-card answer against Radetzky
        self.privacy = privacy
        self.peeking = False  # hidden hands: shown while the Peek button is held
        self.helps = HelpChooser()  # Advanced: a Help or a Strengthen being chosen
        self.counting: list[int] | None = (
            None  # table decks: the fighters' icons being tapped in for the odds
        )

    def hand_line(self, state: State) -> str | None:
        """The active Patriot's hand as the table agreed to share it (tracked decks only)."""
        if state.step != ACT or state.active is None or not state.tracked:
            return None
        cards = [c for c in state.hands[state.patriots[state.active].hand] if c != "?"]
        count = ngettext("{count} card", "{count} cards", len(cards)).format(count=len(cards))
        if self.privacy == "count" and not self.peeking:
            kinds = len({state.edition.italy[c][0] for c in cards})
            icons = ngettext("{count} icon", "{count} different icons", kinds).format(count=kinds)
            return _("Hand: {cards}, {icons}").format(cards=count, icons=icons)
        if self.privacy == "hidden" and not self.peeking:
            return _("Hand: {cards} (hold Peek)").format(cards=count)
        if self.peeking:  # held to look: each card's Help too, to plan the Helps
            return _("Hand: {icons}").format(icons=", ".join(sorted(card_face(state, c) for c in cards)))
        return _("Hand: {icons}").format(
            icons=", ".join(sorted(icon_name(state.edition.italy[c][0]) for c in cards))
        )

    def faces_shown(self) -> bool:
        """Whether buttons may name the cards in hand: open hands, or while Peek is held."""
        return self.privacy == "open" or self.peeking

    def headline(self, state: State) -> list[str]:
        if state.step == OVER:
            return [
                _("{side} wins!").format(side=side_name(state.winner or "")),
                _("after {rounds} rounds").format(rounds=state.round),
            ]
        who = state.patriots[state.active].name if state.active is not None else ""
        lines = [_("Round {round}").format(round=state.round)]
        if state.mode == "advanced":  # the Combat cube's space on its track, beside the round
            lines = [
                _("Round {round}, cube {space}/{spaces}").format(
                    round=state.round, space=state.cube, spaces=state.edition.rules.combat_track_spaces
                )
            ]
        if state.step == PLACE:
            lines.append(self._placing(state))
        elif state.step == AUSTRIAN_TURN:
            lines.append(_("Austria moves"))
        elif state.fight and state.active is not None:
            lines += self._fight_lines(state, who)
        elif who:
            lines.append(
                ngettext("{name}: {count} action", "{name}: {count} actions", state.actions_left).format(
                    name=who, count=state.actions_left
                )
            )
        return lines

    @staticmethod
    def _fight_lines(state: State, who: str) -> list[str]:
        """Who fights where (the actions left wait until it ends), what Austria shows, the Lens."""
        assert state.fight is not None and state.active is not None
        zone = state.patriots[state.active].zone
        lines = [
            _("{name} against Radetzky, zone {zone}").format(name=who, zone=zone)
            if state.fight.kind == "radetzky"
            else _("{name}: fight in zone {zone}").format(name=who, zone=zone)
        ]
        if state.fight.revealed:
            shown = ", ".join(icon_name(state.edition.austria[c]) for c in state.fight.revealed)
            lines.append(_("Austria shows: {icons}").format(icons=shown))
        if state.fight.lens:
            lines.append(_("In the Lens: {count}").format(count=state.fight.lens))
        return lines

    @staticmethod
    def _placing(state: State) -> str:
        """Whose Patriot the next tap places: the First Player's, then clockwise (setup step 9)."""
        waiting = next(i for i in placement_order(state) if state.patriots[i].zone == 0)
        name = state.patriots[waiting].name
        if waiting == state.first_player:
            return _("First Player {name}: tap a zone").format(name=name)
        return _("Place {name}: tap a zone").format(name=name)

    def entries(self, moment: Moment) -> list[Entry]:
        """This moment's buttons; `extra` come after them (the screen's own: a new game)."""
        state = moment.state
        if moment.needed is not None:
            return self._name_the_card(moment)
        if state.step not in (ACT, CONTINUE):
            self.counting = None  # the moment passed
        if state.step != ANSWER:
            self.selected = []  # cards picked toward an answer that was taken back
        if self.counting is not None:
            return self._counting_entries(state)
        specs: list[tuple[str, a.Action]] = []
        if state.step != ACT:
            self.helps.reset()
        elif self.helps.mode:
            return self.helps.entries(state, Play, self.faces_shown()) + self._peek(state)
        if state.step == ACT:
            specs = [
                (_("Conquer"), a.Conquer()),
                (_("Fight"), a.FightSoldiers()),
                (_("Radetzky"), a.FightRadetzky()),
                (_("Refresh"), a.Refresh()),
                (_("End turn"), a.EndTurn()),
            ]
        elif state.step == ANSWER:
            return self._answers(state) + self._peek(state) + self._undo(moment)
        elif state.step == CONTINUE:
            specs = [(_("Continue"), a.Continue()), (_("Stop"), a.Stop())]
        elif state.step == AUSTRIAN_TURN:
            specs = [(_("Austrian turn"), a.AustrianTurn())]
        elif state.step == CHOOSE_PATRIOT:
            specs = [
                (state.patriots[i].name, a.ChoosePatriot(i)) for i, done in enumerate(state.done) if not done
            ]
        elif state.step == PROMOTE:
            specs = [(_("Zone {zone}").format(zone=z), a.Promote(z)) for z in state.not_available]
        entries: list[Entry] = [(label, action, partial(Play, action)) for label, action in specs]
        if state.step == ACT and state.mode == "advanced":
            entries += self.helps.entries(state, Play, self.faces_shown())
        if state.step in (ACT, CONTINUE) and not state.tracked and not self.helps.mode:
            entries.append((_("Odds"), ("odds",), partial(self._count, [0, 0, 0])))  # the table's own decks
        return entries + self._peek(state) + self._undo(moment)

    @staticmethod
    def _undo(moment: Moment) -> list[Entry]:
        """Undo, a tap away whenever a decision can be taken back (answering a card too)."""
        if moment.state.step != OVER and moment.game.records:
            return [(_("Undo"), UNDO, Undo)]
        return []

    def _peek(self, state: State) -> list[Entry]:
        """Hidden or counted hands: Peek, held (not tapped), shows the hand while it is down."""
        if state.step in (ACT, ANSWER) and self.privacy != "open" and state.tracked:
            return [(_("Peek"), PEEK, _nothing)]
        return []

    def _count(self, icons: list[int] | None) -> None:
        self.counting = icons

    def _counting_entries(self, state: State) -> list[Entry]:
        """Table decks: the fighters tap in how many of each icon they hold; the odds follow."""
        assert self.counting is not None
        entries: list[Entry] = []
        for index, icon in enumerate(("swords", "map", "cannonball")):
            entries.append((f"- {icon_name(icon)}", ("less", icon), partial(self._step, index, -1)))
            entries.append(
                (
                    f"+ {icon_name(icon)} ({self.counting[index]})",
                    ("more", icon),
                    partial(self._step, index, 1),
                )
            )
        entries.append((_("Show the odds"), ("tell",), partial(self._tell, state)))
        entries.append((_("Cancel"), ("cancel",), partial(self._count, None)))
        return entries

    def _tell(self, state: State) -> None:
        assert self.counting is not None
        self.table.tell_hand(state, (self.counting[0], self.counting[1], self.counting[2]))
        self.counting = None

    def _step(self, index: int, change: int) -> None:
        assert self.counting is not None
        self.counting[index] = max(0, min(12, self.counting[index] + change))

    def _name_the_card(self, moment: Moment) -> list[Entry]:
        """Table decks: the table says what it drew (an icon; a Zone card is a tap on the board)."""
        assert moment.needed is not None
        deck = moment.needed[1]
        entries: list[Entry] = []
        if deck != "zone":
            entries = [
                (icon_name(icon), ("name", icon), partial(name_icon, moment, icon))
                for icon in ("swords", "map", "cannonball")
            ]
        entries.append((_("Cancel"), ("cancel",), CancelCard))
        return entries

    def _answers(self, state: State) -> list[Entry]:
        """A button per card that can answer; with Patriots fighting together (or the solitaire's
        revealed cards, which carry no mark) a card from a hand carries its holder's initials, as
        the pawns do ("Map C")."""
        assert state.fight is not None and state.active is not None
        radetzky = state.fight.kind == "radetzky"
        owners = self._owners(state)
        tags = initials(list(dict.fromkeys(owners.values())))
        together = len(tags) > 1 or bool(state.pool)
        entries: list[Entry] = []
        for number, card in enumerate(list(owners) + [c for c in state.pool if c not in owners], 1):
            face = icon_name(state.edition.italy[card][0]) if self.faces_shown() else hidden_card(number)
            whose = f" {tags[owners[card]]}" if together and card in owners else ""
            label = f"{face}{whose}{' *' if card in self.selected else ''}"
            entries.append(self._answer_entry(label, card, radetzky))
        return entries + self._unseen(state, radetzky)

    @staticmethod
    def _owners(state: State) -> dict[str, str]:
        """The fighters' seen cards, each with the name of the Patriot holding it (the active first)."""
        assert state.active is not None
        zone = state.patriots[state.active].zone
        fighters = [state.active] + [i for i in state.patriots_in(zone) if i != state.active]
        owners: dict[str, str] = {}
        for index in fighters:
            for card in state.hands[state.patriots[index].hand]:
                if card != "?":
                    owners.setdefault(card, state.patriots[index].name)
        return owners

    def _answer_entry(self, label: str, card: str, radetzky: bool) -> Entry:
        if radetzky:
            return label, ("pick", card), partial(self._pick, card)
        action = a.Answer((card,))
        return label, action, partial(Play, action)

    def _unseen(self, state: State, radetzky: bool) -> list[Entry]:
        """Table decks: cards still face down in a fighter's hand are played by naming their icon."""
        assert state.active is not None
        zone = state.patriots[state.active].zone
        hidden = sum(state.hands[state.patriots[i].hand].count("?") for i in state.patriots_in(zone))
        picked = sum(1 for c in self.selected if c not in self._known(state))
        if not hidden or picked >= hidden:
            return []
        entries: list[Entry] = []
        for icon in ("swords", "map", "cannonball"):
            card = unseen_card(state, icon, self.selected)
            if card is not None:
                entries.append(
                    self._answer_entry(_("{icon} (hand)").format(icon=icon_name(icon)), card, radetzky)
                )
        return entries

    @staticmethod
    def _known(state: State) -> set[str]:
        return {c for hand in state.hands for c in hand} | set(state.pool)

    def _pick(self, card: str) -> Intent | None:
        """Against Radetzky: pick three cards, then they are played together."""
        if card in self.selected:
            self.selected.remove(card)
            return None
        self.selected.append(card)
        if len(self.selected) < 3:
            return None
        chosen, self.selected = tuple(self.selected), []
        return Play(a.Answer(chosen))


def initials(names: list[str]) -> dict[str, str]:
    """Each name's shortest beginning that tells it from the others (Carlo, Cesare: Ca, Ce)."""
    for length in range(1, max(map(len, names), default=0) + 1):
        tags = {name: name[:length] for name in names}
        if len(set(tags.values())) == len(tags):
            return tags
    return {name: name for name in names}


def name_icon(moment: Moment, icon: str) -> Intent:
    """An Austria (or face-up Italy) card named by its icon: any card of that icon still in the deck
    stands for it, as the rules tell cards of one icon apart only by the icon."""
    assert moment.needed is not None
    deck, cards = moment.needed[1], moment.needed[2]
    card = drawable(moment.state, deck, icon, {named for _deck, named in cards})
    if card is None:
        return Refuse(_("No {icon} card can still be in that deck.").format(icon=icon))
    return NameCard(card)


def _nothing() -> None:
    return None
