"""The Road to Novara on the game screen: the left square is the moment's sheet (the cup, a secret
selection, the combat ring, the night's checklist, the ledger), the panel its sentences and buttons.
The companion never sees the map: every sheet asks what it needs and says what the rules want next."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from companion import i18n
from companion.games.novara1849 import actions as a
from companion.games.novara1849.turns import retreat_due
from companion.i18n import _
from companion.tables.base import Intent, Play, StillBoard, tap_first
from companion.tables.novara1849 import fights, hidden, moments
from companion.tables.novara1849.draft import Draft
from companion.tables.novara1849.moments import Moment
from companion.tables.novara1849.sheet import Sheet
from companion.tables.novara1849.texts import side_name
from companion.ui import theme
from companion.ui.painter import Painter

FIGHTS = {"combat": fights.combat, "charge": fights.charge, "bombard": fights.bombardment}


def _open_display(draft: Draft) -> None:
    draft.mode, draft.display, draft.hiding = "display", "", []


class NovaraView(StillBoard):
    def __init__(self, height: int, target: int, table_dice: bool = False, table_cup: bool = False) -> None:
        self.board_rect = pygame.Rect(0, 0, height, height)
        self.target = target
        self.font = theme.font_of_height(pygame, theme.text_px(height))
        self.table_dice, self.table_cup = table_dice, table_cup
        self.draft = Draft()
        self.animate = True
        self.moment: Moment | None = None
        self._built: tuple[object, ...] = ()
        self._phase: tuple[object, ...] = ()
        self._records = 0  # the decisions recorded when the screen was last built

    # what the screen shows

    def build(self, session: Any) -> Moment:
        """This moment's sheet, sentences and buttons (built again only when something changed)."""
        key = (id(session.state), repr(self.draft), i18n.language, len(session.game.records))
        if self.moment is not None and key == self._built:
            return self.moment
        self._forget_stale(session.state, len(session.game.records))
        sheet = Sheet(self.board_rect.inflate(-8, -8), self.target, self.font)
        moment = Moment(sheet)
        self._fill(moment, session)
        moments.undo_entry(moment, session.state, len(session.game.records))
        self.moment, self._built = (
            moment,
            (id(session.state), repr(self.draft), i18n.language, len(session.game.records)),
        )
        return moment

    def _forget_stale(self, state: Any, records: int) -> None:
        """A new phase, chit or result, or the charge or bombardment being built played (one that hit
        nothing changes none of these): what was being put together no longer applies (a unit being
        typed in and the ledger stay open)."""
        phase = (state.turn, state.phase, state.current, state.active, state.pending, len(state.selections))
        fought, self._records = self.draft.mode in FIGHTS and records != self._records, records
        if phase == self._phase and not fought:
            return
        keep = self.draft.mode in ("units", "ledger")
        old = self.draft
        self.draft = Draft(mode=old.mode if keep else "", back=old.back if keep else "", filters=old.filters)
        self.draft.form, self.draft.supplied, self.draft.points = old.form, old.supplied, old.points
        self._phase = phase

    def _fill(self, moment: Moment, session: Any) -> None:
        state, game, draft = session.state, session.game, self.draft
        mode = draft.mode
        if mode == "units":
            return moments.unit_form(moment, draft, state)
        if mode == "display":
            return hidden.display(moment, draft, state, game.context.first_turn)
        if mode == "ledger" or state.phase == "over":
            moments.ledger(moment, draft, state, game)
            if mode == "ledger":
                moment.entry(_("Back"), ("back",), moments.local(lambda: setattr(draft, "mode", "")))
            return None
        if state.pending is not None:
            return self._pending(moment, session)
        if retreat_due(state):
            return fights.attrition(moment, draft, state, self.table_dice)
        if (
            state.phase == "activation"
            and mode == "attrition"
            and state.active
            and state.active.attrition_due
        ):
            return fights.attrition(moment, draft, state, self.table_dice)
        if state.phase == "activation" and mode in FIGHTS:
            context = game.context
            if mode == "combat":
                return fights.combat(moment, draft, state, game, self.table_dice)
            return FIGHTS[mode](moment, draft, state, context, self.table_dice)
        return self._phase_screen(moment, session)

    def _pending(self, moment: Moment, session: Any) -> None:
        state = session.state
        pending = state.pending
        if not pending.result and not pending.due:
            thrown = [r.drawn for r in session.game.records if r.drawn and isinstance(r.drawn[0], int)]
            return fights.read_result(moment, state, thrown[-1][0] if thrown else "?")
        return fights.losses(moment, self.draft, state)

    def _phase_screen(self, moment: Moment, session: Any) -> None:
        state, game, draft = session.state, session.game, self.draft
        phase = state.phase
        if phase == "turn":
            moments.turn_facts(moment, draft, state, game.context.points)
        elif phase == "select":
            moments.selection(moment, draft, state, game.edition, game.context.commanders_allowed)
        elif phase == "decide":
            moments.decide(moment, draft, state, game.edition)
        elif phase == "activation":
            fights.walk_through(moment, draft, state, game.edition)
        elif draft.mode == "chits" and state.cup:
            moments.chits(moment, draft, state, game.edition)
        elif state.cup:
            moments.cup(moment, draft, state, game, self.table_cup)
        elif state.night and not state.night_done:
            moments.night(moment, draft, state)
        else:
            if state.night:
                moments.recovery(moment, state)
            else:
                moment.sheet.say(_("The cup is empty: Forced March markers and the chits come off."))
            moment.entry(_("End turn"), ("end-turn",), moments.play(a.EndTurn()))
        self._app_entries(moment, state, game.context.first_turn)

    def _app_entries(self, moment: Moment, state: Any, first_turn: int) -> None:
        """Always at hand between decisions: a counter typed in, the ledger, the hidden displays."""
        if state.phase in ("select",) and self.draft.handed:
            return
        draft = self.draft
        if hidden.display_open(state, first_turn):
            moment.entry(_("Hidden display"), ("display",), moments.local(partial(_open_display, draft)))

        def units() -> None:
            draft.back, draft.mode = draft.mode, "units"

        moment.entry(_("New unit"), ("units",), units)
        moment.entry(_("Ledger"), ("ledger",), moments.local(lambda: setattr(draft, "mode", "ledger")))

    def roll(self, session: Any) -> Intent | None:
        """What the die box's button does (spec 6, step 3): the screen's Roll, tapped; an attrition die
        that is due, thrown even while the screen shows something else; nothing when no roll is waited
        for, or when the table types its own dice."""
        from companion.tables.novara1849.table import attrition_due

        tapped = tap_first(self.build(session).entries, lambda marker: marker == ("roll",))
        if tapped is not None:
            return tapped
        if not self.table_dice and attrition_due(session.state):
            return Play(a.RollAttrition())
        return None

    # the game screen's questions

    def draw_whole(self, painter: Painter, panel: pygame.Rect, session: Any) -> None:
        return None

    def draw_legend(self, painter: Painter, area: pygame.Rect) -> None:
        """What the rosters' marks mean, on a card over the sheet."""
        pygame.draw.rect(painter.screen, theme.ZONE, area, border_radius=8)
        y = area.y + 8
        for text in (
            _("r: reduced side up"),
            _("SH: Shaken"),
            _("OOS: out of supply"),
            _("@3: attacks from ring hex 3"),
        ):
            painter.text(text, (area.x + 12, y))
            y += painter.body.get_linesize() + 4

    def lens_area(self, target: int) -> pygame.Rect:
        return pygame.Rect(8, self.board_rect.bottom - target - 8, self.board_rect.width // 2, target)

    def draw_board(self, painter: Painter, session: Any) -> None:
        self.build(session).sheet.draw(painter.screen, painter.fonts)

    def headline(self, session: Any) -> list[str]:
        state = session.state
        night = _(" (night)") if state.night else ""
        head = _("Turn {turn}{night}").format(turn=state.turn, night=night)
        if state.phase == "over":
            head += " - " + _("game over")
        elif state.active is not None:
            head += " - " + side_name(state.active.side)
        return [head]

    def lines(self, session: Any) -> list[tuple[str, tuple[int, int, int]]]:
        """The moment's own sentences, then what the last decision did."""
        found = list(self.build(session).lines)
        if session.last_events and not found:
            found += [(i18n.translate(event), theme.MUTED) for event in session.last_events[-3:]]
        return found

    def entries(self, session: Any) -> list[Any]:
        return list(self.build(session).entries)

    def board_tap(self, position: tuple[int, int], session: Any) -> Intent | None:
        spot = self.build(session).sheet.hit(position)
        if spot is None:
            return None
        result: Intent | None = spot.on_tap()
        return result

    def view_key(self, session: Any) -> tuple[object, ...]:
        return (repr(self.draft),)
