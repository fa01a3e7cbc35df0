"""What the table is entering on the Italia screens before it becomes a decision: the income's
counts, the shop's basket, the battle being set up, the dice being typed, a retreat, the control
map's changes, the score pad's row. It lives on the screen only (nothing here is a decision yet);
the page shown follows from the engine's state and from it."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.italia import actions as a
from companion.games.italia.actions import Score
from companion.games.italia.battle import Battle, Side
from companion.games.italia.control import ConfirmMap
from companion.games.italia.edition import Edition, Zone
from companion.games.italia.fight import over, pre_round_dice
from companion.games.italia.game import State, active, queue, turn_ten
from companion.games.italia.naval import Fleet, Navy, SeaBattle, sea_over
from companion.games.italia.numbers import Numbers
from companion.games.italia.phases import battle_phase
from companion.games.italia.scenario import Scenario
from companion.games.vocabulary import ValueNeeded
from companion.tables.italia.aiming import Aiming

SIDES = ("attacker", "defender")
REGIONS = ("north", "south", "sicily", "sardinia", "corsica", "africa", "borderland")


def battle_types(scenario: str) -> tuple[str, ...]:
    """The land unit types a battle of this scenario counts (§2.1: Italia I has no cavalry nor
    Foederati; consular legions are Italia I's)."""
    if scenario == "I":
        return ("infantry", "legion", "consular", "elephant")
    return ("infantry", "foederati", "legion", "cavalry", "elephant")


def shop_types(numbers: Numbers, nation: str) -> tuple[str, ...]:
    """What may be bought (§6.2): every unit with a price (leaders come from the cards)."""
    priced = set(numbers.costs) | (set(numbers.western_roman_costs) if nation == "western-romans" else set())
    return tuple(
        t
        for t in ("infantry", "foederati", "legion", "consular", "cavalry", "elephant", "fleet")
        if t in priced
    )


def land_zones(edition: Edition) -> list[Zone]:
    """The land zones grouped by region, in the map file's order within each."""
    zones = [z for z in edition.board.zones.values() if z.kind == "land"]
    return sorted(zones, key=lambda z: REGIONS.index(z.region) if z.region in REGIONS else len(REGIONS))


def held(state: State, nation: str) -> tuple[int, int]:
    """Zones the control map gives the nation, and the intact cities in them."""
    zones = [z for z, n in state.control.items() if n == nation]
    return len(zones), sum(1 for z in zones if state.cities.get(z) == "intact")


def scoring_turn_ends(scenario: Scenario, state: State) -> bool:
    """The last nation of a scoring turn has confirmed its map: the score pad's row comes now,
    before the turn marker moves (spec 1.5.6)."""
    last = state.at == len(queue(scenario, state)) - 1
    return state.turn in scenario.scoring_turns and last and state.confirmed


def awarded(state: State, nation: str, source: str) -> bool:
    """This turn's score pad has the nation's line for this source."""
    return any(a.turn == state.turn and a.nation == nation and a.source == source for a in state.scores)


def pre_dice(battle: Battle, elephant_battles: int) -> int:
    """Dice rolled before the first round (elephant fear, Foederati switching, §13.3, §14.1)."""
    return pre_round_dice(battle, elephant_battles)


@dataclass
class Setup:
    """A battle being entered: the zone, the defender, the units per side (spec 1.5.3)."""

    zone: str = ""
    defender: str = ""
    city: str = "none"
    terrain: str = "standard"  # a battle off the map (no zone chosen): the table says the terrain
    units: dict[str, dict[str, int]] = field(default_factory=lambda: {"attacker": {}, "defender": {}})
    leaders: dict[str, int] = field(default_factory=lambda: {"attacker": 0, "defender": 0})
    fleets: dict[str, int] = field(default_factory=lambda: {"attacker": 0, "defender": 0})
    by_sea: int = 0
    raid: bool = False
    invaded: bool = False
    must_submit: bool = False  # the defender's card makes it submit with no combat (§12.5.1)

    def battle(self, edition: Edition, attacker: str, phase: str = "normal") -> Battle:
        """The battle as entered; the first `by_sea` attackers (in type order) came by sea."""
        zone = edition.board.zones.get(self.zone)
        sides = []
        for which, nation in (("attacker", attacker), ("defender", self.defender)):
            units = {k: n for k, n in self.units[which].items() if n}
            if which == "attacker" and self.by_sea:
                units = _by_sea(units, self.by_sea)
            sides.append(Side(nation, units, leaders=self.leaders[which], fleets=self.fleets[which]))
        return Battle(
            sides[0],
            sides[1],
            zone=zone.name if zone else "",
            terrain=zone.terrain if zone else self.terrain,
            city=self.city,
            mode="raid" if self.raid else "normal",
            invaded=self.invaded,
            numbers=edition.numbers,
            phase=phase,
        )


PHASE_PAGES = {1: "shop", 2: "place", 3: "move", 4: "combat", 5: "move", 6: "combat", 7: "combat"}


def _by_sea(units: dict[str, int], count: int) -> dict[str, int]:
    keyed: dict[str, int] = {}
    for key in sorted(units):
        sea = min(count, units[key])
        count -= sea
        for name, n in ((f"{key}:sea", sea), (key, units[key] - sea)):
            if n:
                keyed[name] = n
    return keyed


@dataclass
class SeaSetup:
    """A naval battle being entered (§10.8): the defender, each side's fleets and the units aboard."""

    defender: str = ""
    fleets: dict[str, int] = field(default_factory=lambda: {"attacker": 1, "defender": 1})
    cargo: dict[str, int] = field(default_factory=lambda: {"attacker": 0, "defender": 0})
    leaders: dict[str, int] = field(default_factory=lambda: {"attacker": 0, "defender": 0})
    rivals: dict[str, int] = field(default_factory=dict)  # §10.8.1: each attacker's fleets there
    rival: str = ""  # the attacker whose fleets are being entered

    def sea(self, attacker: str, numbers: Numbers) -> SeaBattle:
        """Each side's fleets, the units aboard two a fleet from the first (§9.6), the leaders one a
        fleet from the last (a leader adds +2 to every friendly fleet but his own, §10.8)."""
        navies = []
        for which, nation in (("attacker", attacker), ("defender", self.defender)):
            cargo, fleets, count = self.cargo[which], [], self.fleets[which]
            for number in range(count):
                aboard = min(2, cargo)
                cargo -= aboard
                led = int(number >= count - self.leaders[which])
                fleets.append(Fleet(f"{which[0]}{number + 1}", aboard, led))
            navies.append(Navy(nation, tuple(fleets)))
        return SeaBattle(navies[0], navies[1], numbers=numbers)


@dataclass
class Turn:
    """The turn's other entries: subjugation, a campaign, turn 10's legion switching, a question."""

    subject: str = ""
    master: str = ""
    zones: int = 0  # the subject's land zones (its card's threshold, §12.5.1)
    leader: str = ""
    zone: str = ""  # the zone tapped for the campaign
    zone_use: str = "start"  # what a tapped zone is for: the campaign's start, a move, a block
    campaign_gold: int = 0  # loot or raid gold for the campaign's purse
    legions: int = 0
    sulla: bool = True
    marius: bool = False
    consular: bool = False
    need: ValueNeeded | None = None  # a value on the owner's card the table is asked for
    answer: int = 0
    after: str = ""  # the page to go back to once answered


class Desk:
    """The screen's entries for one nation's turn (a new nation starts afresh)."""

    def __init__(self, edition: Edition, scenario: Scenario) -> None:
        self.edition, self.scenario = edition, scenario
        self.types = battle_types(scenario.id)
        self.names: tuple[str, ...] = ()  # the players' names, one per colour
        self._for: tuple[int, int] | None = None
        self._battle: object = None
        self._spent = 0
        self.reset(None)

    def reset(self, state: State | None) -> None:
        self.local = "shop"  # shop | move | setup | zones | map
        self.sub = ""  # during a battle: "" | retreat | pad
        self.zones = self.cities = 0
        self.half = False
        self.basket: dict[str, int] = {}
        self.city_buys: dict[str, int] = {}
        self.consular_in_play = 0
        self.setup = Setup()
        self.retreat_side = "attacker"
        self.retreat: dict[str, int] = {}
        self.typed: list[int] = []
        self.aiming = Aiming()  # the battle's aims, elephant victims and typed hits (aiming.py)
        self.changes: dict[str, tuple[str, str]] = {}
        self.city_mode = False
        self.points: dict[str, int] = {}
        self.source = "zones"  # what the points being typed are for (the score pad's sources)
        self.scored = False  # the score pad's row is done: the turn may end
        self.leaving: set[str] = set()
        self.sea_setup = SeaSetup()
        self.turn = Turn()
        if state is not None:
            nation = self.nation(state)
            if nation:
                self.zones, self.cities = held(state, nation)

    def follow(self, state: State) -> None:
        """A new nation's turn (or a new game turn) starts the entries afresh."""
        key = (state.turn, state.at)
        if key != self._for:
            self._for = key
            self.reset(state)
        if state.confirmed and self.changes:  # confirmed: the map holds them now
            self.changes = {}
        spent = sum(state.ledger.spent.values())
        if spent != self._spent:  # a purchase went through: the basket is empty again
            self._spent, self.basket, self.city_buys = spent, {}, {}
        if state.battle is not self._battle:  # a round, a retreat played: back to the battle's page
            self._battle, self.sub, self.typed, self.retreat = state.battle, "", [], {}
            if state.battle is not None:
                self.aiming.follow(state.battle)

    def nation(self, state: State) -> str | None:
        return active(self.scenario, state)

    def buyer(self, state: State) -> str | None:
        """The nation at the shop: a master over 10 gold first (§6.4), else the active one."""
        return next(iter(sorted(state.must_spend)), None) or self.nation(state)

    def page(self, state: State) -> str:
        """The page of the moment: a battle's, a question, the master's forced purchase, then the
        active nation's phase (§5.0) unless the table opened another page from it."""
        self.follow(state)
        if state.over:
            return "over"
        battle = state.battle
        if battle is not None:
            return "aftermath" if over(battle) else self.sub or "battle"
        if state.sea is not None:
            return "sea-over" if sea_over(state.sea) else "sea"
        if self.turn.need is not None:
            return "ask"
        if state.must_spend:
            return "shop"
        if self.local in (
            "setup",
            "zones",
            "sea-setup",
            "sea-order",
            "subjects",
            "leader",
            "czones",
            "switch",
        ):
            return self.local
        ten = turn_ten(self.scenario, state.turn)
        if not state.collected and not ten:
            return "income"
        if state.confirmed:
            return "score" if scoring_turn_ends(self.scenario, state) and not self.scored else "end"
        if self.local == "map":
            return "map"
        if state.campaign is not None:
            return "campaign"
        return "ten" if ten else PHASE_PAGES[state.phase]

    # the decisions the entries make

    def income(self) -> a.CollectIncome:
        return a.CollectIncome(self.zones, self.cities, half=self.half)

    def purchase(self, state: State) -> a.Buy:
        nation = self.buyer(state) or ""
        cities = sum(1 for z, n in state.control.items() if n == nation and state.cities.get(z) == "intact")
        units = {k: n for k, n in self.basket.items() if n}
        return a.Buy(
            nation, units, {k: n for k, n in self.city_buys.items() if n}, self.consular_in_play, cities
        )

    def opening(self, state: State) -> a.OpenBattle:
        """The battle as entered, in the context of the phase (a major invasion's, a campaign's)."""
        phase = battle_phase(state.phase, state.major, state.campaign is not None)
        battle = self.setup.battle(self.edition, self.nation(state) or "", phase)
        return a.OpenBattle(battle, must_submit=self.setup.must_submit)

    def sea_opening(self, state: State) -> a.OpenSeaBattle:
        """The naval battle as entered; while an order of attackers stands (§10.8.1), the next one's
        against that fleet."""
        if state.sea_order:
            self.sea_setup.defender = state.sea_target
            return a.OpenSeaBattle(self.sea_setup.sea(state.sea_order[0], self.edition.numbers))
        return a.OpenSeaBattle(self.sea_setup.sea(self.nation(state) or "", self.edition.numbers))

    def subjugation(self) -> a.Subjugate:
        return a.Subjugate(self.turn.subject, self.turn.master, self.turn.zones)

    def switching(self) -> a.SwitchLegions:
        turn = self.turn
        leaders = tuple(name for name, on in (("Sulla", turn.sulla), ("Marius", turn.marius)) if on)
        return a.SwitchLegions(turn.legions, leaders, turn.consular)

    def confirmation(self, state: State) -> ConfirmMap:
        changes = tuple(
            (zone, holder, city)
            for zone, (holder, city) in sorted(self.changes.items())
            if (holder, city) != (state.control.get(zone, ""), state.cities.get(zone, "none"))
        )
        return ConfirmMap(changes)

    def pending(self, state: State) -> str | None:
        """The next nation whose typed points are not on the score pad yet (in table order)."""
        nations = queue(self.scenario, state)
        return next((n for n in nations if self.points.get(n) and not awarded(state, n, self.source)), None)

    def score(self, state: State) -> Score:
        nation = self.pending(state) or ""
        return Score(nation, self.source, self.points.get(nation, 0))

    def end(self) -> a.EndNationTurn:
        return a.EndNationTurn(tuple(sorted(self.leaving)))

    # the control map being confirmed

    def holding(self, state: State, zone: str) -> tuple[str, str]:
        return self.changes.get(zone, (state.control.get(zone, ""), state.cities.get(zone, "none")))

    def toggle(self, state: State, zone: str) -> None:
        """A zone tapped: the active nation takes it or leaves it; in city mode its city cycles
        none, intact, ruin (where the map allows a city)."""
        holder, city = self.holding(state, zone)
        if self.city_mode:
            if self.edition.board.zones[zone].city_allowed:
                order = ("none", "intact", "ruin")
                self.changes[zone] = (holder, order[(order.index(city) + 1) % 3])
            return
        nation = self.nation(state) or ""
        self.changes[zone] = ("" if holder == nation else nation, city)

    def pick_zone(self, state: State, zone: str) -> None:
        """The battle's zone: its defender and city default from the control map."""
        self.setup.zone = zone
        holder, city = self.holding(state, zone)
        if holder and holder != self.nation(state):
            self.setup.defender = holder
        self.setup.city = city
        self.local = "setup"
