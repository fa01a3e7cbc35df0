"""The panel's buttons of the turn clerk's phase pages (placement, movement, combat), masters and
subjects, campaigns, Italia I's turn 10, naval battles and a question for a card's value. A tap
changes what the table enters (the desk) and returns None, or returns an intent."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from companion.games.italia import actions as a
from companion.games.italia.campaign import campaign_gold, hannibal_under_way
from companion.games.italia.fight import aftermath
from companion.games.italia.game import State, revolt_moment, turn_ten
from companion.games.italia.phases import card
from companion.games.italia.subjects import loot_points, revolt_allowed, threshold
from companion.games.vocabulary import IllegalActionError, ValueNeeded
from companion.i18n import _
from companion.tables.base import Entry, Intent, Play
from companion.tables.italia.desk import Desk, held
from companion.tables.italia.words import nation_name

TEN_LEADERS = {"optimates": "Sulla", "populares": "Marius"}  # §13.4


def _go(desk: Desk, page: str) -> Callable[[], None]:
    return partial(setattr, desk, "local", page)


def asking(
    desk: Desk, check: Callable[[], object], intent: Callable[[], Intent]
) -> Callable[[], Intent | None]:
    """A tap that first asks the table for a card value the nation files lack (kept for the game); a
    refusal the check finds is the engine's to say when the decision is played."""

    def tap() -> Intent | None:
        try:
            check()
        except ValueNeeded as need:
            desk.turn.need, desk.turn.answer = need, 0
            return None
        except IllegalActionError:
            pass
        return intent()

    return tap


def _then(desk: Desk, page: str, action: Callable[[], a.Action]) -> Callable[[], Intent]:
    """Play the action and show `page` after it ("": the phase's own)."""

    def tap() -> Intent:
        desk.local = page
        return Play(action())

    return tap


def next_phase(desk: Desk, label: str) -> Entry:
    return (label, ("next-phase",), _then(desk, "", a.NextPhase))


def place(desk: Desk, state: State) -> list[Entry]:
    found: list[Entry] = []
    if not state.major:
        found.append((_("Major invasion"), ("major",), lambda: Play(a.MajorInvasion())))
    return [*found, next_phase(desk, _("On to movement"))]


INSTEAD = ("cimbri", "visigoths")  # a campaign instead of the movement and combat (§12.3)


def move(desk: Desk, state: State) -> list[Entry]:
    label = _("On to the second combat") if state.phase == 5 else _("On to combat")
    found = [next_phase(desk, label)]
    if desk.nation(state) in INSTEAD and state.phase == 3 and not state.campaigned:
        found.append((_("A campaign"), ("campaign",), partial(_leader_page, desk, state)))
    return found


def combat(desk: Desk, state: State) -> list[Entry]:
    found: list[Entry] = [
        (_("A battle"), ("battle",), _go(desk, "setup")),
        (_("A naval battle"), ("sea-battle",), partial(_sea_setup, desk, state)),
    ]
    found += loot(desk, state)
    if state.major and state.phase == 4:
        found.append(next_phase(desk, _("Second movement")))
    elif state.phase in (4, 6) and state.campaign is None:
        found.append((_("A campaign"), ("campaign",), partial(_leader_page, desk, state)))
    found += [
        (_("Masters and subjects"), ("subjects",), partial(_subjects_page, desk, state)),
        (_("End of turn: the map"), ("to-map",), _go(desk, "map")),
    ]
    return found


def loot(desk: Desk, state: State) -> list[Entry]:
    """The city the attacker just took, looted (§10.6): the card's 4 gold or points, or its choice."""
    closed = state.ledger.closed
    if closed is None or state.looted or not aftermath(closed).loot:
        return []
    nation = closed.attacker.nation
    takes = ("gold", "vp") if card(desk.edition, nation).get("loot", {}).get("reward") == "choice" else ("",)
    labels = {"": _("Loot the city"), "gold": _("Loot: 4 gold"), "vp": _("Loot: the points")}
    return [
        (
            labels[take],
            ("loot", take),
            asking(
                desk,
                partial(loot_points, desk.edition, state.told, nation, take),
                partial(Play, a.Loot(take)),
            ),
        )
        for take in takes
    ]


# masters and subjects


def _subjects_page(desk: Desk, state: State) -> None:
    turn, active = desk.turn, desk.nation(state)
    nations = [n.id for n in desk.scenario.nations]
    turn.master = turn.master or active or nations[0]  # the attacker is the usual master
    turn.subject = turn.subject or next(n for n in nations if n != turn.master)
    turn.zones = held(state, turn.subject)[0]
    desk.local = "subjects"


def _cycle(desk: Desk, state: State, name: str) -> None:
    nations = [n.id for n in desk.scenario.nations]
    now = getattr(desk.turn, name)
    setattr(
        desk.turn, name, nations[(nations.index(now) + 1) % len(nations)] if now in nations else nations[0]
    )
    if name == "subject":
        desk.turn.zones = held(state, desk.turn.subject)[0]


def subjects(desk: Desk, state: State) -> list[Entry]:
    turn = desk.turn
    check = partial(threshold, desk.edition, state.told, turn.subject, turn.master)
    found: list[Entry] = [
        (
            _("Subject: {nation}").format(nation=nation_name(turn.subject)),
            ("subject",),
            partial(_cycle, desk, state, "subject"),
        ),
        (
            _("Master: {nation}").format(nation=nation_name(turn.master)),
            ("master",),
            partial(_cycle, desk, state, "master"),
        ),
        (_("Submits"), ("subjugate",), asking(desk, check, _then(desk, "", desk.subjugation))),
    ]
    moment = revolt_moment(desk.scenario, state)
    found += [
        (
            _("{nation} revolt").format(nation=nation_name(s)),
            ("revolt", s),
            asking(
                desk,
                partial(revolt_allowed, desk.edition, state.told, s, m, moment),
                _then(desk, "", partial(a.Revolt, s)),
            ),
        )
        for s, m in sorted(state.masters.items())
    ]
    return [*found, (_("Back"), ("back",), _go(desk, ""))]


# campaigns


def leaders(desk: Desk, state: State) -> list[str]:
    """The leaders the active nation may send: those in play, its card's, turn 10's own."""
    nation = desk.nation(state) or ""
    found = [x.name for x in state.leaders if x.nation == nation]
    found += [
        str(row["leader"]) for row in card(desk.edition, nation).get("campaign", []) if row.get("leader")
    ]
    if nation in TEN_LEADERS:
        found.append(TEN_LEADERS[nation])
    if desk.scenario.id == "I" and nation == "carthaginians":
        found.append("Hannibal")  # §13.2 names him
    found = list(dict.fromkeys(found))
    return found or ["Leader"]  # a name for the record when the table names none


def _leader_page(desk: Desk, state: State) -> None:
    desk.turn.leader, desk.turn.zone, desk.turn.zone_use = leaders(desk, state)[0], "", "start"
    desk.local = "leader"


def _next_leader(desk: Desk, state: State) -> None:
    names = leaders(desk, state)
    now = desk.turn.leader
    desk.turn.leader = names[(names.index(now) + 1) % len(names)] if now in names else names[0]


def _purse(desk: Desk, state: State) -> int:
    """The card's gold for this campaign, or ValueNeeded (none asked on turn 10 after the first)."""
    nation = desk.nation(state) or ""
    if turn_ten(desk.scenario, state.turn) and nation in state.granted:
        return 0
    return campaign_gold(desk.edition, state.told, nation, state.turn, desk.turn.leader)


def leader(desk: Desk, state: State) -> list[Entry]:
    turn = desk.turn
    found: list[Entry] = [
        (_("Leader: {leader}").format(leader=turn.leader), ("leader",), partial(_next_leader, desk, state))
    ]
    if turn.zone:
        start = _then(desk, "", lambda: a.StartCampaign(turn.leader, turn.zone))
        label = _("Start in {zone}").format(zone=_zone(desk, turn.zone))
        found.append((label, ("start-campaign",), asking(desk, partial(_purse, desk, state), start)))
    return [*found, (_("Back"), ("back",), _go(desk, ""))]


def _zone(desk: Desk, zone: str) -> str:
    found = desk.edition.board.zones.get(zone)
    return found.name if found else zone


def _czones(desk: Desk, use: str) -> None:
    desk.turn.zone_use, desk.turn.zone, desk.local = use, "", "czones"


def campaign(desk: Desk, state: State) -> list[Entry]:
    going = state.campaign
    assert going is not None
    found: list[Entry] = [(_("Campaign move"), ("campaign-move",), partial(_czones, desk, "move"))]
    if going.moves and not going.this_block:
        found.append((_("Block a zone"), ("block",), partial(_czones, desk, "block")))
    found.append((_("A battle"), ("battle",), _go(desk, "setup")))
    found += loot(desk, state)
    gold = desk.turn.campaign_gold
    if gold:
        label = _("Add {gold} gold to the purse").format(gold=gold)
        found.append((label, ("campaign-gold",), _then(desk, "", lambda: a.CampaignGold(gold))))
    if turn_ten(desk.scenario, state.turn) and going.moves:
        found.append((_("Legions switch"), ("switch",), _go(desk, "switch")))
    if hannibal_under_way(desk.scenario.id, going):  # his nearness lets subjects revolt (§13.2)
        found.append((_("Masters and subjects"), ("subjects",), partial(_subjects_page, desk, state)))
    found.append((_("End the campaign"), ("end-campaign",), lambda: Play(a.EndCampaign())))
    return found


def czones(desk: Desk, state: State) -> list[Entry]:
    turn = desk.turn
    found: list[Entry] = []
    if turn.zone:
        where = _zone(desk, turn.zone)
        make: Callable[[], a.Action] = partial(a.CampaignMove, turn.zone)
        label = _("Move to {zone}").format(zone=where)
        if turn.zone_use != "move":
            make, label = partial(a.BlockZone, turn.zone), _("Block {zone}").format(zone=where)
        found.append((label, ("go-" + turn.zone_use,), _then(desk, "", make)))
    return [*found, (_("Back"), ("back",), _go(desk, ""))]


def _flip(desk: Desk, name: str) -> None:
    setattr(desk.turn, name, not getattr(desk.turn, name))


def switch(desk: Desk, state: State) -> list[Entry]:
    turn = desk.turn
    yes_no = {True: _("yes"), False: _("no")}
    found: list[Entry] = [
        (
            _("Sulla there: {answer}").format(answer=yes_no[turn.sulla]),
            ("sulla",),
            partial(_flip, desk, "sulla"),
        ),
        (
            _("Marius there: {answer}").format(answer=yes_no[turn.marius]),
            ("marius",),
            partial(_flip, desk, "marius"),
        ),
        (
            _("Consular legion there: {answer}").format(answer=yes_no[turn.consular]),
            ("consular",),
            partial(_flip, desk, "consular"),
        ),
    ]
    if turn.legions and (turn.sulla or turn.marius):
        found.append((_("Roll for the legions"), ("switch-go",), _then(desk, "", desk.switching)))
    return [*found, (_("Back"), ("back",), _go(desk, ""))]


def ten(desk: Desk, state: State) -> list[Entry]:
    """Turn 10: a campaign or a pass; after the campaign, the map and the end of the slot."""
    if state.campaigned:
        return [(_("End of turn: the map"), ("to-map",), _go(desk, "map"))]
    return [
        (_("A campaign"), ("campaign",), partial(_leader_page, desk, state)),
        (_("Pass"), ("pass",), lambda: Play(a.EndNationTurn())),
    ]


# naval battles


def _sea_setup(desk: Desk, state: State) -> None:
    attacker = desk.nation(state)
    others = [n.id for n in desk.scenario.nations if n.id != attacker]
    if desk.sea_setup.defender not in others:
        desk.sea_setup.defender = others[0]
    desk.local = "sea-setup"


def _sea_defender(desk: Desk, state: State) -> None:
    attacker = desk.nation(state)
    others = [n.id for n in desk.scenario.nations if n.id != attacker]
    now = desk.sea_setup.defender
    desk.sea_setup.defender = others[(others.index(now) + 1) % len(others)] if now in others else others[0]


def sea_setup(desk: Desk, state: State) -> list[Entry]:
    fight: Entry = (_("Fight at sea"), ("sea-fight",), _then(desk, "", lambda: desk.sea_opening(state)))
    if state.sea_order:  # §10.8.1: the next attacker's battle against that fleet
        return [(_("Cancel"), ("back",), _go(desk, "")), fight]
    defender = nation_name(desk.sea_setup.defender)
    return [
        (
            _("Defender: {nation}").format(nation=defender),
            ("sea-defender",),
            partial(_sea_defender, desk, state),
        ),
        (_("Several attack"), ("sea-several",), partial(_sea_rivals, desk, state)),
        (_("Cancel"), ("back",), _go(desk, "")),
        fight,
    ]


def _sea_rivals(desk: Desk, state: State) -> None:
    _sea_rival(desk, state)
    desk.local = "sea-order"


def _sea_rival(desk: Desk, state: State) -> None:
    """The next nation whose fleets are entered (any but the fleet attacked)."""
    others = [n.id for n in desk.scenario.nations if n.id != desk.nation(state)]
    now = desk.sea_setup.rival
    desk.sea_setup.rival = others[(others.index(now) + 1) % len(others)] if now in others else others[0]


def sea_order(desk: Desk, state: State) -> list[Entry]:
    """§10.8.1: the nations that attack the active nation's fleet, each with its fleets there."""
    target = desk.nation(state) or ""
    fleets = {n: c for n, c in desk.sea_setup.rivals.items() if c}
    order = _then(desk, "sea-setup", lambda: a.SeaAttackOrder(target, fleets))
    rival = _("Attacker: {nation}").format(nation=nation_name(desk.sea_setup.rival))
    return [
        (rival, ("sea-rival",), partial(_sea_rival, desk, state)),
        (_("Back"), ("back",), _go(desk, "sea-setup")),
        (_("Roll the order"), ("sea-order",), order),
    ]


def sea(desk: Desk, state: State) -> list[Entry]:
    battle = state.sea
    assert battle is not None
    found: list[Entry] = [(_("Roll the round"), ("sea-roll",), lambda: Play(a.RollSeaRound()))]
    if battle.round > 1:
        for which, label in (("attacker", _("Attacker withdraws")), ("defender", _("Defender withdraws"))):
            ids = tuple(f.id for f in battle.side(which).fleets)
            found.append((label, ("sea-retreat", which), partial(Play, a.SeaRetreat(which, ids))))
    return found


def sea_over(desk: Desk, state: State) -> list[Entry]:
    return [(_("Close the battle"), ("close",), lambda: Play(a.CloseBattle()))]


def yes_no(key: str) -> bool:
    """A question the table answers yes (1) or no (0): may they revolt now, do their pieces leave."""
    return ".revolt." in key or key.endswith(".leaves")


def ask(desk: Desk, state: State) -> list[Entry]:
    need = desk.turn.need
    assert need is not None

    def tell(value: int) -> Intent:
        desk.turn.need = None
        return Play(a.Tell(need.key, value))

    cancel: Entry = (_("Cancel"), ("cancel",), partial(setattr, desk.turn, "need", None))
    if yes_no(need.key):
        return [
            cancel,
            (_("No"), ("tell-no",), partial(tell, 0)),
            (_("Yes"), ("tell-yes",), partial(tell, 1)),
        ]
    label = _("Answer {value}").format(value=desk.turn.answer)
    return [cancel, (label, ("tell",), lambda: tell(desk.turn.answer))]


PAGES: dict[str, Callable[[Desk, State], list[Entry]]] = {
    "place": place,
    "move": move,
    "combat": combat,
    "subjects": subjects,
    "leader": leader,
    "czones": czones,
    "campaign": campaign,
    "switch": switch,
    "ten": ten,
    "sea-setup": sea_setup,
    "sea-order": sea_order,
    "sea": sea,
    "sea-over": sea_over,
    "ask": ask,
}
