"""An Italia game in progress: the clerk's state, the battle being fought, every decision recorded
with its dice, undo that never re-rolls a seen die, and replay from the record."""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.games.base import History
from companion.games.vocabulary import DataError, IllegalActionError, Sentence

from . import clerk, phases
from .actions import (
    TURN_ACTIONS,
    Action,
    Buy,
    CloseBattle,
    CollectIncome,
    Convert,
    EndNationTurn,
    Loot,
    NextPhase,
    OpenBattle,
    OpenSeaBattle,
    Rebuild,
    Retreat,
    Revolt,
    RollRound,
    RollSeaRound,
    Score,
    ScoreCard,
    SeaAttackOrder,
    SeaRetreat,
    Subjugate,
    Submit,
    SwitchLegions,
    action_from_dict,
    action_to_dict,
)
from .battle import Battle
from .campaign import Campaign, hannibal_under_way, turn_ten_reactions
from .campaign import reactions as campaign_reactions
from .cardscore import card_lines, scoring_row
from .control import ConfirmMap, apply_changes, checked_changes, zone_for
from .conversion import convert
from .departure import Departure, depart, departures
from .dice import Dice
from .edition import Edition
from .fight import (
    Roll,
    Step,
    aftermath,
    before_first_round,
    opening_refusal,
    over,
    play_step,
    pre_round_dice,
    rebuild_city,
    retreat,
    romans_facing_elephants,
    submit,
)
from .ledger import SOURCES, Award, BattleLine, Ledger, Throw, add_retreat, round_log
from .naval import SeaBattle, sea_over
from .navalplay import close_sea, next_sea_attacker, open_sea, roll_sea, sea_attack_order, sea_retreat_action
from .phases import Leader, rome_duty
from .rounds import Aim, Count, refit_aims
from .scenario import Scenario
from .scoring import player_totals, subject_share
from .subjects import Moment, loot_points, revolt, subjugate, submitted
from .turn10 import switch_legions, turn_over
from .turnplay import play_turn_action

RECORD_FORMAT = "companion/italia-record"
RECORD_VERSION = 1


@dataclass(frozen=True)
class Options:
    scenario: str = "I"  # "I" (3 players) or "II" (4 players)
    seed: int = 0
    names: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"scenario": self.scenario, "seed": self.seed, "names": list(self.names)}

    def validate(self) -> None:
        """DataError naming the option at fault (`companion run --autoplay` checks before a game)."""
        Options.from_dict(self.to_dict())

    @classmethod
    def from_dict(cls, data: object) -> Options:
        if not isinstance(data, dict) or data.get("scenario") not in ("I", "II"):
            raise DataError("options.scenario", "must be 'I' or 'II'")
        seed, names = data.get("seed", 0), data.get("names", [])
        if (
            not isinstance(seed, int)
            or not isinstance(names, list)
            or not all(isinstance(n, str) for n in names)
        ):
            raise DataError("options", "seed must be a whole number and names a list of names")
        return cls(data["scenario"], seed, tuple(names))


@dataclass(frozen=True)
class State:
    """Where the game stands. `dice` counts every die rolled so far: the next die is a function of
    the seed and that count, so an undone roll played again shows the same dice."""

    scenario: str
    turn: int = 1
    at: int = 0  # index in this turn's queue of nations that play
    without_pieces: tuple[str, ...] = ()
    gold: dict[str, int] = field(default_factory=dict)
    collected: bool = False  # the active nation's income is in
    must_spend: dict[str, int] = field(default_factory=dict)  # masters over 10 (§6.4)
    masters: dict[str, str] = field(default_factory=dict)  # subject -> master
    elephant_battles: int = 0
    conversions: int = 0  # the Patrimonium's, of 2 a game (§14.3)
    battle: Battle | None = None
    sea: SeaBattle | None = None  # a naval battle being fought (§10.8)
    dice: int = 0
    over: bool = False
    phase: int = 1  # the active nation's phase: 1-4, 5-6 in a major invasion, 7 a campaign (phases.py)
    major: bool = False  # the active nation makes a major invasion this turn (§12.2)
    leaders: tuple[Leader, ...] = ()  # leaders in play, with the turn each arrived (§7.2)
    campaign: Campaign | None = None
    told: dict[str, int] = field(default_factory=dict)  # the table's answers to ValueNeeded, by key
    ledger: Ledger = field(default_factory=Ledger)  # this nation's turn and the last battle (tickets)
    scores: tuple[Award, ...] = ()  # the score pad, one line per award (§11.0)
    control: dict[str, str] = field(default_factory=dict)  # land zone -> the nation holding it (1.4)
    cities: dict[str, str] = field(default_factory=dict)  # land zone -> "intact" or "ruin"
    confirmed: bool = False  # the control map was confirmed in this nation's turn
    looted: bool = False  # the last battle's city was looted (§10.6)
    campaigned: bool = False  # the active nation started a campaign this turn (Italia I turn 10)
    passes: int = 0  # Italia I turn 10: slots in a row that ended without a campaign (§13.4, A30)
    granted: tuple[str, ...] = ()  # Italia I turn 10: nations whose card's campaign gold is in (A30)
    sea_order: tuple[str, ...] = ()  # §10.8.1: the nations still to attack sea_target's fleet, in order
    sea_target: str = ""
    winner: str = ""  # the score pad's winner at the end (players tied: "red, blue", reading A56)
    departed: dict[str, int] = field(default_factory=dict)  # nation -> the turn after which it left (§12.4)


def queue(scenario: Scenario, state: State) -> list[str]:
    return [s.nation for s in order(scenario, state) if s.plays]


def order(scenario: Scenario, state: State) -> list[clerk.Slot]:
    """This game turn's nations in table order, who plays and why the others do not (§5.0-5.2, A53)."""
    return clerk.turn_order(scenario, state.turn, state.without_pieces, state.departed)


def active(scenario: Scenario, state: State) -> str | None:
    nations = queue(scenario, state)
    return nations[state.at] if state.at < len(nations) else None


@dataclass(frozen=True)
class Record:
    """One decision and the dice it rolled (its random outcome)."""

    action: Action
    drawn: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"action": action_to_dict(self.action), "drawn": list(self.drawn)}

    @classmethod
    def from_dict(cls, data: object) -> Record:
        if not isinstance(data, dict) or not isinstance(data.get("drawn", []), list):
            raise DataError("record", "must be an object with action and drawn")
        drawn = data.get("drawn", [])
        if not all(isinstance(v, int) and 1 <= v <= 10 for v in drawn):
            raise DataError("drawn", "must list natural d10 values 1-10")
        return cls(action_from_dict(data.get("action")), tuple(drawn))


class Game:
    """The checked way to play: `play` refuses an illegal action with the reason, `undo` steps back."""

    def __init__(self, edition: Edition, options: Options) -> None:
        self.edition, self.options = edition, options
        self.scenario = edition.scenario(options.scenario)
        self.state = State(options.scenario)
        self.history: History[State, Record] = History()

    def play(self, action: Action, cards: Sequence[int] = ()) -> list[Sentence]:
        """Apply a decision; `cards` are dice already rolled for it (a replay's), never re-rolled."""
        dice = Dice(random.Random(f"{self.options.seed}:{self.state.dice}"), cards)
        after, said = _apply(self, self.state, action, dice)
        self.history.push(self.state, Record(action, tuple(dice.drawn)))
        self.state = replace(after, dice=self.state.dice + len(dice.drawn))
        return said

    def undo(self) -> Record:
        """Drop the last decision; rolling again shows the same dice (they follow from the state)."""
        self.state, record = self.history.pop()
        return record

    @property
    def records(self) -> list[Record]:
        """Every decision so far with the dice it rolled, in order."""
        return self.history.records

    def legal_actions(self) -> list[Action]:
        """The decisions that need no numbers from the table (the rest carry counts it gives)."""
        if self.state.sea is not None:
            return [CloseBattle()] if sea_over(self.state.sea) else [RollSeaRound()]
        battle = self.state.battle
        if battle is not None:
            return [CloseBattle()] if over(battle) else [RollRound()]
        state = self.state
        if state.over:
            return []
        found: list[Action] = []
        started = (state.collected or state.phase > 1) and not turn_ten(self.scenario, state.turn)
        if started and state.phase < (6 if state.major else 4) and not state.must_spend:
            found.append(NextPhase())
        return [*found, EndNationTurn()]

    def reminders(self) -> list[Sentence]:
        """What the table should do in the active nation's phase now (the sentences the phase's start
        said, again after a resume): Rome's duty in phase 1, the placement checklist, movement, combat."""
        nation, state = active(self.scenario, self.state), self.state
        if nation is None:
            return []
        if state.phase == 1:
            return rome_duty(self.scenario.id, state.turn, nation)
        if state.phase == 2:
            bought = state.ledger.bought.get(nation, {})
            gone = tuple(Leader(name, nation, 0) for name in state.ledger.removed)
            return phases.placement(self.edition, nation, state.turn, gone, bought)
        if state.phase in (3, 5):
            return phases.movement(self.edition, nation, state.turn, second=state.phase == 5)
        if state.phase in (4, 6):
            return phases.combat(state.major, second=state.phase == 6)
        if state.campaign is None:
            return []
        if turn_ten(self.scenario, state.turn):
            return [turn_ten_reactions()]
        return [campaign_reactions(self.edition, state.campaign.zone)]

    def battle_phase(self) -> str:
        """The context a battle opened now gets (Battle.phase): normal, major-invasion-1/2, campaign."""
        return phases.battle_phase(self.state.phase, self.state.major, self.state.campaign is not None)

    def header(self) -> dict[str, Any]:
        return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "options": self.options.to_dict()}


def _apply(game: Game, state: State, action: Action, dice: Dice) -> tuple[State, list[Sentence]]:
    if isinstance(action, Score):  # at the end of a scoring turn, or at once (loot), or after turn 10
        return _score(game, state, action)
    if isinstance(action, ScoreCard):
        return _score_card(game, state, action.nation)
    if state.over:
        raise IllegalActionError(Sentence("The game is over."))
    if isinstance(action, RollSeaRound | SeaRetreat) or (isinstance(action, CloseBattle) and state.sea):
        return _sea_action(state, action, dice)
    if isinstance(action, RollRound | Retreat | Submit | Rebuild | Convert | CloseBattle):
        return _battle_action(game, state, action, dice)
    if state.battle is not None or state.sea is not None:
        raise IllegalActionError(Sentence("Finish the battle first."))
    refusal = phase_refusal(game, state, action)
    if refusal is not None:
        raise IllegalActionError(refusal)
    if isinstance(action, SeaAttackOrder):
        return sea_attack_order(game, state, action, dice)
    if isinstance(action, OpenSeaBattle):
        state = next_sea_attacker(state, action.sea)
        return replace(state, sea=open_sea(action.sea), ledger=_opened(state.ledger), looted=False), []
    if isinstance(action, Subjugate | Revolt | Loot | SwitchLegions):
        return _masters(game, state, action, dice)
    if isinstance(action, TURN_ACTIONS):
        nation = active(game.scenario, state)
        if nation is None:
            raise IllegalActionError(Sentence("No nation is playing now."))
        return play_turn_action(game, state, action, nation)
    if isinstance(action, CollectIncome):
        return _collect(game, state, action)
    if isinstance(action, Buy):
        return _buy(game, state, action)
    if isinstance(action, ConfirmMap):
        return _confirm(game, state, action)
    if isinstance(action, OpenBattle):
        refusal = opening_refusal(action.battle)
        if refusal:
            raise IllegalActionError(refusal)
        if action.must_submit:
            end = submit(action.battle, must=True)
            opened = replace(state, battle=end, ledger=_opened(state.ledger), looted=False)
            return opened, [Sentence("The defender submits: no combat (§12.5.1).")]
        return replace(state, battle=action.battle, ledger=_opened(state.ledger), looted=False), []
    return _end_nation_turn(game, state, action)


def turn_ten(scenario: Scenario, turn: int) -> bool:
    """Italia I's last turn: campaigns only, no income nor buying (§13.4)."""
    return scenario.id == "I" and turn == scenario.turns


BATTLE_PHASES = (4, 6, 7)


def phase_refusal(game: Game, state: State, action: Action) -> Sentence | None:
    """One sentence when the action does not belong to the active nation's phase now (§5.0). A battle
    opened before the nation's income (a battle file, the first decision of a game) is not refused."""
    ten = turn_ten(game.scenario, state.turn)
    if isinstance(action, CollectIncome | Buy | NextPhase) and ten and action_is_own(game, state, action):
        return Sentence("Turn 10 has no income and no buying: campaigns only (§13.4).")
    if isinstance(action, CollectIncome) and state.phase != 1:
        return Sentence("Income comes in phase 1; this nation is past it.")
    if isinstance(action, Buy) and state.phase != 1 and action_is_own(game, state, action):
        return Sentence(
            "Units are bought in phase 1 (income and purchase, §5.0); buying is over for this turn."
        )
    opening = isinstance(action, OpenBattle | OpenSeaBattle)
    early = state.phase not in BATTLE_PHASES and (state.collected or state.phase > 1)
    if opening and early:
        return Sentence("Battles are fought in the combat phase: go on to it first (§5.0).")
    if isinstance(action, NextPhase) and state.phase == 1 and not state.collected and not ten:
        return Sentence("Collect the income first: it opens phase 1 (§6.1).")
    return None


def action_is_own(game: Game, state: State, action: Action) -> bool:
    """The active nation's own income or purchase (a master over 10 gold buys in any phase, §6.4)."""
    return not (isinstance(action, Buy) and action.nation in state.must_spend)


def _masters(game: Game, state: State, action: Action, dice: Dice) -> tuple[State, list[Sentence]]:
    """Subjugation, revolt, loot and turn 10's legion switching."""
    nations = {n.id for n in game.scenario.nations}
    if isinstance(action, Subjugate):
        if not {action.subject, action.master} <= nations or not 0 <= action.zones <= 99:
            raise IllegalActionError(Sentence("A subject and its master are nations of this game."))
        masters, said = subjugate(
            game.edition, state.told, state.masters, action.subject, action.master, action.zones
        )
        return replace(state, masters=masters), said
    if isinstance(action, Revolt):
        moment = revolt_moment(game.scenario, state)
        masters, freed = revolt(game.edition, state.told, state.masters, action.subject, moment)
        return replace(state, masters=masters), [freed]
    if isinstance(action, Loot):
        return _loot(game, state, action)
    assert isinstance(action, SwitchLegions)
    return _switch(game, state, action, dice)


def revolt_moment(scenario: Scenario, state: State) -> Moment:
    """When a revolt is declared now: the game turn, and whether Hannibal's campaign is under way."""
    return Moment(scenario.id, state.turn, hannibal_under_way(scenario.id, state.campaign))


def _loot(game: Game, state: State, action: Loot) -> tuple[State, list[Sentence]]:
    """The city the attacker took is looted (§10.6): 4 gold (half to a master) or the card's points;
    the city is a ruin."""
    closed = state.ledger.closed
    if closed is None or state.looted or not aftermath(closed).loot:
        raise IllegalActionError(Sentence("Only a city the attacker just took is looted, once (§10.6)."))
    nation = closed.attacker.nation
    points = loot_points(game.edition, state.told, nation, action.take)
    zone = zone_for(game.edition.board, closed.zone)
    control, cities = state.control, state.cities
    if zone is not None:
        control, cities = apply_changes(control, cities, ((zone, nation, "ruin"),))
    after = replace(state, looted=True, control=control, cities=cities)
    if points:
        scored, said = _score(game, after, Score(nation, "loot", points))
        return scored, [Sentence("Loot: the city is a ruin (§10.6)."), *said]
    return _gold_in(game, after, nation, game.edition.numbers.loot_gold)


def _gold_in(game: Game, state: State, nation: str, amount: int) -> tuple[State, list[Sentence]]:
    """Loot gold on the wealth track, split with a master like income (§6.4, §12.5.2)."""
    master = state.masters.get(nation)
    tribute = amount // 2 if master else 0
    gold = {**state.gold, nation: state.gold.get(nation, 0) + amount - tribute}
    must = dict(state.must_spend)
    if master:
        gold[master] = gold.get(master, 0) + tribute
        if clerk.forced_purchase(game.edition.numbers, gold[master]):
            must[master] = gold[master]
    said = Sentence(
        "Loot: {gold} gold for the {nation}, {tribute} to their master; the city is a ruin (§10.6).",
        gold=amount - tribute,
        nation=nation,
        tribute=tribute,
    )
    return replace(state, gold=gold, must_spend=must), [said]


def _switch(game: Game, state: State, action: SwitchLegions, dice: Dice) -> tuple[State, list[Sentence]]:
    if not turn_ten(game.scenario, state.turn) or state.campaign is None or not state.campaign.moves:
        raise IllegalActionError(
            Sentence("Legions switch on turn 10, after a campaign move and its reactions (§13.4).")
        )
    leaders = tuple(x for x in action.leaders if x in ("Sulla", "Marius"))
    if not leaders or not 0 < action.legions <= 30:
        raise IllegalActionError(Sentence("Name Sulla or Marius and 1 to 30 Roman legions in the zone."))
    made = switch_legions(action.legions, leaders, action.consular, dice)
    said = Sentence(
        "{sulla} legions join Sulla, {marius} join Marius: replace them with Optimate and Populares "
        "legions (§13.4).",
        sulla=made.to_sulla,
        marius=made.to_marius,
    )
    return replace(state, campaign=replace(state.campaign, switches=state.campaign.switches + 1)), [said]


def _score(game: Game, state: State, action: Score) -> tuple[State, list[Sentence]]:
    if action.nation not in {n.id for n in game.scenario.nations}:
        raise IllegalActionError(Sentence("{nation} is not a nation of this game.", nation=action.nation))
    if action.source not in SOURCES or not 0 <= action.points <= 999 or not 0 <= action.turn <= state.turn:
        raise IllegalActionError(
            Sentence(
                "A score line names a source ({sources}) and 0 to 999 points.", sources=", ".join(SOURCES)
            )
        )
    turn = action.turn or scored_turn(state)
    halved = action.nation in state.masters
    points = subject_share(action.points) if halved else action.points
    award = Award(action.nation, turn, action.source, points, halved, action.points)
    said = Sentence(
        "{nation}: {points} points for {source}.", nation=action.nation, points=points, source=action.source
    )
    scored = replace(state, scores=state.scores + (award,))
    if state.over:
        scored = replace(scored, winner=winner(game, scored))
    return scored, [said]


def _score_card(game: Game, state: State, nation: str) -> tuple[State, list[Sentence]]:
    """The nation's lines from its card for the scoring turn now (or just ended), once a turn."""
    if nation not in {n.id for n in game.scenario.nations}:
        raise IllegalActionError(Sentence("{nation} is not a nation of this game.", nation=nation))
    turn = scored_turn(state)
    if turn not in game.scenario.scoring_turns and scoring_row(game.edition, nation, turn) is None:
        raise IllegalActionError(Sentence("Turn {turn} is not a scoring turn (§11.0).", turn=turn))
    if any(a.turn == turn and a.nation == nation for a in state.scores):
        raise IllegalActionError(
            Sentence("{nation} already scored on turn {turn}.", nation=nation, turn=turn)
        )
    lines = card_lines(game.edition, state.told, state.control, state.cities, state.masters, nation, turn)
    said: list[Sentence] = []
    for source, points in lines or [("zones", 0)]:
        state, line = _score(game, state, Score(nation, source, points, turn))
        said += line
    return state, said


def scored_turn(state: State) -> int:
    """The turn a score line belongs to: the turn now, or between two turns the one just ended."""
    between = state.at == 0 and not state.collected and state.battle is None and state.turn > 1
    return state.turn if state.over or not between else state.turn - 1


def _opened(ledger: Ledger) -> Ledger:
    return replace(ledger, before_rounds=(), rounds=(), closed=None)


def _collect(game: Game, state: State, action: CollectIncome) -> tuple[State, list[Sentence]]:
    nation = active(game.scenario, state)
    if nation is None or state.collected:
        raise IllegalActionError(Sentence("Income is collected once, at the start of a nation's turn."))
    master = state.masters.get(nation)
    made = clerk.income(
        game.scenario.nation(nation),
        action.zones,
        action.cities,
        subject=master is not None,
        controls=action.controls,
        half=action.half,
    )
    gold = dict(state.gold)
    gold[nation] = gold.get(nation, 0) + made.kept
    must = dict(state.must_spend)
    if master:
        gold[master] = gold.get(master, 0) + made.tribute
        if clerk.forced_purchase(game.edition.numbers, gold[master]):
            must[master] = gold[master]
    ledger = replace(state.ledger, nation=nation, income=made, master=master or "")
    return replace(state, gold=gold, collected=True, must_spend=must, ledger=ledger), [made.sentence()]


def _buy(game: Game, state: State, action: Buy) -> tuple[State, list[Sentence]]:
    numbers, nation = game.edition.numbers, action.nation
    forced = nation in state.must_spend
    if not forced and (nation != active(game.scenario, state) or not state.collected):
        raise IllegalActionError(Sentence("A nation buys in its own phase 1, after its income."))
    if forced and action.cities:
        raise IllegalActionError(Sentence("A master over 10 gold buys units, not cities (§6.4)."))
    refusal = clerk.unit_refusal(game.scenario.id, nation, action.units)
    if refusal:
        raise IllegalActionError(refusal)
    consular = action.units.get("consular", 0)
    refusal = clerk.consular_refusal(
        nation, consular, action.consular_in_play, action.cities_controlled, game.scenario.id
    )
    if refusal:
        raise IllegalActionError(refusal)
    cost = clerk.bill(numbers, nation, action.units, action.cities)
    purse = clerk.after_purchase(numbers, state.gold.get(nation, 0), 0, cost)
    gold = dict(state.gold)
    gold[nation] = purse.kept
    must = {k: v for k, v in state.must_spend.items() if k != nation}
    ledger = _bought(state.ledger, action, cost, purse.lost)
    return replace(state, gold=gold, must_spend=must, ledger=ledger), [
        Sentence(
            "Bought for {cost} gold; {kept} kept, {lost} lost.", cost=cost, kept=purse.kept, lost=purse.lost
        )
    ]


def _bought(ledger: Ledger, action: Buy, cost: int, lost: int) -> Ledger:
    nation = action.nation
    bought, cities = dict(ledger.bought), dict(ledger.cities)
    bought[nation] = _summed(bought.get(nation, {}), action.units)
    cities[nation] = _summed(cities.get(nation, {}), action.cities)
    spent = {**ledger.spent, nation: ledger.spent.get(nation, 0) + cost}
    lost_gold = {**ledger.lost_gold, nation: ledger.lost_gold.get(nation, 0) + lost}
    return replace(ledger, bought=bought, cities=cities, spent=spent, lost_gold=lost_gold)


def _summed(have: dict[str, int], more: dict[str, int]) -> dict[str, int]:
    made = dict(have)
    for key, n in more.items():
        made[key] = made.get(key, 0) + n
    return {k: n for k, n in made.items() if n}


def leaving_now(
    edition: Edition, scenario: Scenario, state: State, without_pieces: Collection[str] = ()
) -> list[Departure]:
    """The departures the end of the active nation's turn carries out when it closes the game turn
    (§12.4, A53; ValueNeeded asks the table when a nation's file does not say); `without_pieces`: the
    nations the table says have none now."""
    without = tuple(sorted({*state.without_pieces, *without_pieces}))
    last = state.at + 1 >= len(queue(scenario, replace(state, without_pieces=without)))
    if not last or turn_ten(scenario, state.turn) or state.turn >= scenario.turns:
        return []
    return departures(edition, scenario, state.turn, state.told, without)


def _end_nation_turn(game: Game, state: State, action: EndNationTurn) -> tuple[State, list[Sentence]]:
    if state.must_spend:
        raise IllegalActionError(Sentence("A master over 10 gold must buy units first (§6.4)."))
    gone = leaving_now(game.edition, game.scenario, state, action.without_pieces)
    numbers = game.edition.numbers
    gold = {k: min(v, numbers.gold_cap) for k, v in state.gold.items()}  # what is kept (§6.1, A9)
    without = tuple(sorted(set(state.without_pieces) | set(action.without_pieces)))
    after = replace(
        state,
        gold=gold,
        without_pieces=without,
        collected=False,
        at=state.at + 1,
        ledger=Ledger(),
        phase=1,
        major=False,
        campaign=None,
        confirmed=False,
        looted=False,
        campaigned=False,
        sea_order=(),
        sea_target="",
        passes=0 if state.campaigned else state.passes + 1,
    )
    if turn_ten(game.scenario, state.turn):
        return _next_campaigner(game, after)
    if after.at < len(queue(game.scenario, after)):
        return after, rome_duty(game.scenario.id, after.turn, active(game.scenario, after) or "")
    if state.turn >= game.scenario.turns:
        return _game_over(game, after)
    after, leaving = depart(after, gone)  # after the turn's scoring: it comes before (§11.0, §12.4)
    after = replace(after, turn=state.turn + 1, at=0, passes=0)
    first = active(game.scenario, after) or ""
    return after, [
        *leaving,
        Sentence("Turn {turn} begins.", turn=after.turn),
        *rome_duty(game.scenario.id, after.turn, first),
    ]


def _next_campaigner(game: Game, state: State) -> tuple[State, list[Sentence]]:
    """Italia I turn 10 (§13.4, A30): Optimates, Populares, Romans, again and again; a nation without
    gold passes by itself; the game ends when none has gold or all three passed in a row."""
    nations = queue(game.scenario, state)
    gold = {n: state.gold.get(n, 0) if n in state.granted else 1 for n in nations}  # the card's purse to come
    at, passes = state.at % len(nations), state.passes
    for _ in nations:
        if turn_over(gold, passes) or gold[nations[at]] > 0:
            break
        at, passes = (at + 1) % len(nations), passes + 1
    if turn_over(gold, passes):
        return _game_over(game, replace(state, at=len(nations), passes=passes))
    who = nations[at]
    return replace(state, at=at, passes=passes), [
        Sentence("Turn 10: the {nation} campaign or pass (§13.4).", nation=who)
    ]


def _game_over(game: Game, state: State) -> tuple[State, list[Sentence]]:
    ended = replace(state, over=True)
    return replace(ended, winner=winner(game, ended)), [Sentence("The game is over.")]


def winner(game: Game, state: State) -> str:
    """The players with the most points on the score pad (a player scores for every nation of its
    colour, §11.0), named as the game's names give them; players tied share it (reading A56)."""
    totals = player_totals(game.scenario, state.scores)
    best = max(totals.values(), default=0)
    names = dict(zip(game.scenario.colours, game.options.names, strict=False))
    return ", ".join(names.get(c) or c for c, points in totals.items() if points == best)


def _battle_action(game: Game, state: State, action: Action, dice: Dice) -> tuple[State, list[Sentence]]:
    battle = state.battle
    if battle is None:
        raise IllegalActionError(Sentence("No battle is open."))
    if isinstance(action, CloseBattle):
        if not over(battle):
            raise IllegalActionError(Sentence("The battle goes on: both sides still have units."))
        end = aftermath(battle)
        winner = None if end.winner is None else battle.side(end.winner).nation
        fought = BattleLine(battle.zone, battle.attacker.nation, battle.defender.nation, end.how, winner)
        ledger = replace(state.ledger, battles=state.ledger.battles + (fought,), closed=battle)
        closed = _held_after(game, state, battle, end.winner)
        said = [Sentence("Battle over: {how}.", how=end.how)]
        if end.how == "submitted":  # the defender is the attacker's subject now (§12.5.2)
            masters = {**closed.masters, battle.defender.nation: battle.attacker.nation}
            closed = replace(closed, masters=masters)
            said.append(submitted(battle.defender.nation, battle.attacker.nation))
        return replace(closed, battle=None, ledger=ledger), said
    if isinstance(action, Rebuild):  # at the end of combat (§10.6.1), or at once after a raid (§10.7)
        return replace(state, battle=rebuild_city(battle, action.side, action.unit)), []
    if over(battle):
        raise IllegalActionError(Sentence("The battle is over: close it."))
    if isinstance(action, RollRound):
        return _roll(state, battle, action, dice)
    if isinstance(action, Retreat):
        ledger = add_retreat(state.ledger, action.side, action.units)
        return replace(state, battle=retreat(battle, action.side, action.units), ledger=ledger), []
    if isinstance(action, Convert):
        converted = convert(battle, action.unit, state.conversions)
        return replace(state, battle=converted, conversions=state.conversions + 1), []
    return replace(state, battle=submit(battle)), [Sentence("The defender submits (§12.5.1).")]


def _sea_action(state: State, action: Action, dice: Dice) -> tuple[State, list[Sentence]]:
    sea = state.sea
    if sea is None:
        raise IllegalActionError(Sentence("No naval battle is open."))
    if isinstance(action, CloseBattle):
        line, said = close_sea(sea)
        ledger = replace(state.ledger, battles=state.ledger.battles + (line,))
        return replace(state, sea=None, ledger=ledger), [said]
    if isinstance(action, SeaRetreat):
        return replace(state, sea=sea_retreat_action(sea, action.side, action.fleets)), []
    assert isinstance(action, RollSeaRound)
    after, log = roll_sea(sea, action.sink, action.values, dice)
    return replace(state, sea=after, ledger=replace(state.ledger, rounds=state.ledger.rounds + (log,))), []


def _roll(state: State, battle: Battle, action: RollRound, dice: Dice) -> tuple[State, list[Sentence]]:
    typed = _typed(battle, action, state.elephant_battles)
    given = Dice(None, action.values) if action.values else dice
    fear, ledger = state.elephant_battles, state.ledger
    aims: dict[str, Sequence[Aim] | None] = {k: v for k, v in action.aims.items()}
    if battle.round == 1:
        faced = romans_facing_elephants(battle) is not None  # counted as the battle starts (A33)
        battle, rolls = before_first_round(battle, given, fear)
        fear += faced
        throws = _grouped(rolls)
        ledger = replace(ledger, before_rounds=throws)
        if rolls:  # the aims were chosen for the units before fear and switching
            aims = {w: refit_aims(battle, w, chosen) for w, chosen in action.aims.items()}
    step = Step(aims=aims, typed=typed, first=dict(action.first))
    after, report = play_step(battle, step, given)
    if given is not dice:
        dice.drawn.extend(given.drawn)
    said = [g.sentence() for g in report.groups]
    ledger = replace(ledger, rounds=ledger.rounds + (round_log(report, battle, after),))
    return replace(state, battle=after, elephant_battles=fear, ledger=ledger), said


def _typed(battle: Battle, action: RollRound, elephant_battles: int) -> tuple[Count, ...] | None:
    """The hits the table typed per group (spec 6), or None when it rolls (or typed the dice)."""
    if not action.hits and not action.nines:
        return None
    if action.values or (action.nines and len(action.nines) != len(action.hits)):
        raise IllegalActionError(
            Sentence("Type the dice or the hits of each group (with elephants' 9s and 10s), not both.")
        )
    if pre_round_dice(battle, elephant_battles):
        raise IllegalActionError(
            Sentence("Elephant fear or Foederati switching rolls first: type this round's dice one by one.")
        )
    return tuple(zip(action.hits, action.nines or (0,) * len(action.hits), strict=True))


def _grouped(rolls: Sequence[Roll]) -> tuple[Throw, ...]:
    """The rolls before round 1 as one throw per side, unit key and kind (fear, switch)."""
    found: dict[tuple[str, str, str, int], list[int]] = {}
    for r in rolls:
        found.setdefault((r.side, r.unit, r.kind, r.needed), []).append(r.value)
    return tuple(Throw(side, unit, kind, needed, tuple(v)) for (side, unit, kind, needed), v in found.items())


def _confirm(game: Game, state: State, action: ConfirmMap) -> tuple[State, list[Sentence]]:
    """The control map as the table confirms it at the end of a nation's turn (spec 1.4)."""
    nations = {n.id for n in game.scenario.nations}
    checked_changes(game.edition.board, nations, action.changes)
    control, cities = apply_changes(state.control, state.cities, action.changes)
    return replace(state, control=control, cities=cities, confirmed=True), []


def _held_after(game: Game, state: State, battle: Battle, winner: str | None) -> State:
    """A closed battle updates the control map: the winner holds the zone (none when both are
    gone), its city as the battle left it."""
    zone = zone_for(game.edition.board, battle.zone)
    if zone is None:
        return state
    holder = battle.side(winner).nation if winner else ""
    city = battle.city if game.edition.board.zones[zone].city_allowed else "none"
    control, cities = apply_changes(state.control, state.cities, ((zone, holder, city),))
    return replace(state, control=control, cities=cities)


def replay(edition: Edition, header: dict[str, Any], records: Iterable[Record]) -> Game:
    """Rebuild a game from its record, feeding the recorded dice back in."""
    if header.get("format") != RECORD_FORMAT:
        raise DataError("format", f"must be {RECORD_FORMAT!r}")
    if header.get("version") != RECORD_VERSION:
        raise DataError("version", f"must be {RECORD_VERSION}")
    game = Game(edition, Options.from_dict(header.get("options")))
    for number, record in enumerate(records, start=1):
        try:
            game.play(record.action, record.drawn)
        except IllegalActionError as exc:
            raise DataError(f"action {number}", str(exc)) from None
    return game
