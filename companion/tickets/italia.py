"""Italia's tickets (spec section 7): the battle report, the nation-turn summary, the score pad after a
scoring turn and the chronicle of the game. Each fits 100 mm of 58 mm paper: when a long battle or a
long game would run over, the ticket says the same in fewer lines (rounds in one line each, then the
first rounds summed), measured with the printer's own layout (`hardware.document.length_dots`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from companion.assets import edition
from companion.games.italia.battle import FATES, LEADER, Battle, Counts, Side, supremacy, unit_type
from companion.games.italia.fight import aftermath
from companion.games.italia.game import Game, State, replay
from companion.games.italia.ledger import SIDES, Award, RoundLog, Throw
from companion.games.italia.scenario import Scenario
from companion.games.vocabulary import Sentence
from hardware.document import Block, Columns, Cut, Document, Rule, Text, length_dots

TICKET_DOTS = 787  # 100 mm at 203 dpi, the cut's feed included
WIDTH_PX = 384  # 58 mm paper: 32 characters of Font A
CLOSED = "Battle over: {how}."  # the CloseBattle sentence: the ticket's result says it
HOW = {
    "cleared": "{a} CLEAR {zone}",
    "held": "{d} HOLD {zone}",
    "both destroyed": "BOTH SIDES DESTROYED",
    "submitted": "{d} SUBMIT: {a} LEAVE",
    "raided": "RAID: {zone} CITY RUINED",
    "raid failed": "RAID FAILED",
}


def battle_ticket(before: State, after: State, sentences: Sequence[Sentence] = ()) -> Document:
    """The battle that just ended (call it with the states before and after CloseBattle): sides,
    what each die needed, every round's dice and losses, retreats, the result and what follows."""
    battle = after.ledger.closed or before.battle
    if battle is None:
        raise ValueError("no battle has ended: give the states around CloseBattle")
    scenario = _scenario(after)
    name = _namer(scenario)
    count = len(after.ledger.battles)
    head: list[Block] = [
        Text(f"ITALIA {after.scenario}  TURN {after.turn}  BATTLE {count}", bold=True),
        Text(f"{name(battle.attacker.nation).upper()} {_verb(battle)} {(battle.zone or 'a zone').upper()}"),
        Text(_ground(battle)),
        Rule(),
        *_sides(battle, after, name),
        Rule(),
    ]
    notes = [Text(s) for s in sentences if getattr(s, "template", "") != CLOSED]
    for level in range(4):  # every die; a line a round; the first rounds summed; losses as counts
        middle = _rounds(after, battle, name, level)
        result = _result(battle, name, short=level == 3)
        blocks = [*head, *middle, Rule(), *result, *_awards(before, after, name), *notes, Cut()]
        if length_dots(blocks, WIDTH_PX) <= TICKET_DOTS:
            break
    return Document(f"Italia battle, turn {after.turn}", tuple(blocks))


def _scenario(state: State) -> Scenario:
    scenario: Scenario = edition("italia").scenario(state.scenario)
    return scenario


def _namer(scenario: Scenario) -> Callable[[str], str]:
    names = {n.id: n.name for n in scenario.nations}
    return lambda nation: names.get(nation, nation.replace("-", " ").title())


def _verb(battle: Battle) -> str:
    return "RAID" if battle.mode == "raid" else "ATTACK"


def _ground(battle: Battle) -> str:
    """The zone and the attacker's penalties: "mountain -1, city -2, no supremacy"."""
    n, raid = battle.numbers, battle.mode == "raid"
    terrain = battle.terrain
    if battle.terrain in ("mountain", "swamp") and not raid:
        terrain += f" -{n.terrain_penalty}"
    city = {"none": "no city", "intact": "city", "ruin": "ruined city"}[battle.city]
    if battle.city == "intact" and not raid:
        city += f" -{n.city_penalty}"
    held = [w for w in SIDES if supremacy(battle, w)]
    said = [terrain, city, f"{held[0]} supremacy +{n.supremacy_bonus}" if held else "no supremacy"]
    if battle.capital_of:
        said.append("capital")
    if battle.phase != "normal":
        said.append(battle.phase.replace("-", " "))
    if raid:
        said.append("raid: 7+")
    return ", ".join(said)


def start_side(side: Side) -> tuple[Counts, int]:
    """The units and leaders a side began with, from where every one of them went (the tally)."""
    units = dict(side.units)
    for fate in FATES:
        for key, n in getattr(side.tally, fate).items():
            if key != LEADER:
                units[key] = units.get(key, 0) + n
    for key, n in side.tally.joined.items():
        units[key] = units.get(key, 0) - n
    leaders = side.leaders + sum(getattr(side.tally, f).get(LEADER, 0) for f in FATES)
    return {k: n for k, n in units.items() if n > 0}, leaders


def said_units(units: Mapping[str, int], leaders: int = 0) -> str:
    """ "3 legion, 1 legion by sea, 2 leaders" (the table's counters, in a fixed order)."""
    parts = [f"{n} {_key(k)}" for k, n in sorted(units.items()) if n and k != LEADER]
    leaders += units.get(LEADER, 0)
    if leaders:
        parts.append(f"{leaders} leader{'s' if leaders > 1 else ''}")
    return ", ".join(parts) or "none"


def _sides(battle: Battle, state: State, name: Callable[[str], str]) -> list[Block]:
    """Each side as it began, with what its dice needed in round 1 ("Romans: 3 legion 7+, 1 leader"),
    then the reasons the attacker's needs went up."""
    first = state.ledger.rounds[0].throws if state.ledger.rounds else ()
    lines: list[Block] = []
    for which in SIDES:
        units, leaders = start_side(battle.side(which))
        needs = {t.unit: t.needed for t in first if t.side == which and t.target != "city"}
        parts = [f"{n} {_key(k)}" + (f" {needs[k]}+" if k in needs else "") for k, n in sorted(units.items())]
        if leaders:
            parts.append(f"{leaders} leader{'s' if leaders > 1 else ''}")
        lines.append(Text(f"{name(battle.side(which).nation)}: {', '.join(parts)}"))
    return lines


def _key(key: str) -> str:
    return f"{unit_type(key)}{' by sea' if key.endswith(':sea') else ''}"


def _rounds(state: State, battle: Battle, name: Callable[[str], str], level: int) -> list[Block]:
    """Level 0: every die of every round; 1: a line a round; 2 (3): the last 2 rounds (the last one),
    the rest summed."""
    ledger = state.ledger
    short = {w: name(battle.side(w).nation)[:3] for w in SIDES}
    lines: list[Block] = [*_before(ledger.before_rounds, short)]
    rounds = list(ledger.rounds)
    told = 2 if level == 2 else 1
    if level >= 2 and len(rounds) > told + 1:
        early, rounds = rounds[:-told], rounds[-told:]
        lines.append(_summed(early, short))
    for log in rounds:
        lines += _round_full(log, short) if level == 0 else [_round_line(log, short)]
    return lines


def _before(throws: Sequence[Throw], short: Mapping[str, str]) -> list[Block]:
    lines: list[Block] = []
    for t in throws:
        what = "desert" if t.target == "fear" else "switch"
        lines.append(Text(f"{short[t.side]} {t.unit} {what} on {t.needed}+: {_dice(t.values, t.needed)}"))
    return lines


def _dice(values: Sequence[int], needed: int) -> str:
    return " ".join(f"{v}*" if v >= needed else str(v) for v in values)


def _round_full(log: RoundLog, short: Mapping[str, str]) -> list[Block]:
    lines: list[Block] = []
    for which in SIDES:
        throws = [t for t in log.throws if t.side == which]
        if not throws:
            continue
        dice = " ".join(_dice(t.values, t.needed) for t in throws)
        hits = sum(t.hits for t in throws)
        lead = f"R{log.number}" if not lines else " " * len(f"R{log.number}")
        lines.append(Columns(f"{lead} {short[which]}: {dice}", _hits(hits, log.wasted.get(which, 0))))
    for which in SIDES:
        lines += _fates(log, which, short[which])
    return lines


def _hits(hits: int, wasted: int) -> str:
    said = f"{hits} hit{'' if hits == 1 else 's'}"
    return f"{said}, {wasted} wasted" if wasted else said


def _fates(log: RoundLog, which: str, who: str) -> list[Block]:
    lines: list[Block] = []
    for label, counts in (
        ("lose", log.lost.get(which, {})),
        ("flip", log.flipped.get(which, {})),
        ("retreat", log.retreated.get(which, {})),
    ):
        units = {k: n for k, n in counts.items() if k != LEADER}
        leaders = counts.get(LEADER, 0)
        if units or leaders:
            lines.append(Text(f"  {who} {label} {said_units(units, leaders)}"))
    return lines


def _round_line(log: RoundLog, short: Mapping[str, str]) -> Block:
    hits = {w: sum(t.hits for t in log.throws if t.side == w) for w in SIDES}
    lost = {w: sum(log.lost.get(w, {}).values()) for w in SIDES}
    gone = {w: sum(log.retreated.get(w, {}).values()) for w in SIDES}
    a, d = short["attacker"], short["defender"]
    left = f"R{log.number} hits {a} {hits['attacker']} {d} {hits['defender']}"
    right = f"lost {lost['attacker']}/{lost['defender']}"
    if any(gone.values()):
        right += f" out {gone['attacker']}/{gone['defender']}"
    return Columns(left, right)


def _summed(early: Sequence[RoundLog], short: Mapping[str, str]) -> Block:
    lost = {w: sum(sum(r.lost.get(w, {}).values()) for r in early) for w in SIDES}
    left = f"Rounds 1-{early[-1].number}"
    return Columns(
        left, f"lost {short['attacker']} {lost['attacker']} {short['defender']} {lost['defender']}"
    )


def _result(battle: Battle, name: Callable[[str], str], *, short: bool = False) -> list[Block]:
    """Who holds the zone with what, where every unit went (in counts when `short`), what follows."""
    end = aftermath(battle)
    a, d = name(battle.attacker.nation).upper(), name(battle.defender.nation).upper()
    lines: list[Block] = [
        Text(HOW[end.how].format(a=a, d=d, zone=(battle.zone or "the zone").upper()), bold=True)
    ]
    if end.winner:
        side = battle.side(end.winner)
        lines.append(Text(f"  left: {said_units(side.units, side.leaders)}"))
    for which in SIDES:
        side = battle.side(which)
        tally = {fate: getattr(side.tally, fate) for fate in FATES if getattr(side.tally, fate)}
        gone = [f"{fate} {sum(c.values()) if short else said_units(c)}" for fate, c in tally.items()]
        if gone:
            lines.append(Text(f"{name(side.nation)}: {'; '.join(gone)}"))
    lines += _after(battle, end.surplus, end.loot, end.major, end.restored)
    return lines


def _after(battle: Battle, surplus: int, loot: bool, major: bool, restored: Counts) -> list[Block]:
    lines: list[Block] = []
    if surplus:
        lines.append(Text(f"Stacking: remove {surplus} now"))
    if restored:
        lines.append(Text(f"Flip back: {said_units(restored)}"))
    if loot:
        lines.append(Text("City taken: loot it (the card)"))
    if battle.city == "ruin" and battle.mode != "raid":
        lines.append(Text("Ruin: rebuild by removing a unit"))
    if major:
        lines.append(Text("Major battle won (§13.2)"))
    return lines


def _awards(before: State, after: State, name: Callable[[str], str]) -> list[Block]:
    new = after.scores[len(before.scores) :]
    if not new:
        return [Text("VP: from the cards")]
    return [Columns(f"VP {name(a.nation)} {a.source}", str(a.points)) for a in new]


def nation_turn_ticket(before: State, after: State, sentences: Sequence[Sentence] = ()) -> Document:
    """The end of a nation's turn (call it with the states around EndNationTurn): income, tribute,
    purchases and what to place, masters' forced purchases, battles, who plays next and who leaves."""
    ledger, scenario = before.ledger, _scenario(before)
    name = _namer(scenario)
    nation = ledger.nation or _active(scenario, before)
    colour = scenario.nation(nation).colour if nation in {n.id for n in scenario.nations} else ""
    blocks: list[Block] = [
        Text(f"ITALIA {before.scenario}  TURN {before.turn}", bold=True),
        Text(f"{name(nation).upper()} ({colour})", bold=True),
        Rule(),
        *_income(before, nation, name),
        *_shop(before, nation, name),
        *_battles(before),
        Rule(),
        *_next(before, after, scenario, name),
        *map(Text, sentences),
        Cut(),
    ]
    return Document(f"Italia turn {before.turn}: {name(nation)}", tuple(blocks))


def _active(scenario: Scenario, state: State) -> str:
    from companion.games.italia.game import active

    return active(scenario, state) or ""


def _income(state: State, nation: str, name: Callable[[str], str]) -> list[Block]:
    made, ledger = state.ledger.income, state.ledger
    if made is None:
        return [Text("No income collected")]
    lines: list[Block] = [Columns(f"Zones {made.zones} + cities {made.cities}", f"{made.earned} gold")]
    if made.national != made.earned:
        lines.append(Columns("National income", str(made.national)))
    if made.tribute:
        lines.append(Columns(f"Tribute to {name(ledger.master)}", f"-{made.tribute}"))
    gold = state.gold.get(nation, 0)
    track = gold - made.kept + ledger.spent.get(nation, 0)
    lines.append(Columns(f"Wealth {track} + {made.kept}", str(track + made.kept)))
    return lines


def _shop(state: State, nation: str, name: Callable[[str], str]) -> list[Block]:
    ledger = state.ledger
    gold, cap = state.gold.get(nation, 0), 10
    bought = ledger.bought.get(nation, {})
    cities = ledger.cities.get(nation, {})
    lines: list[Block] = [Columns("Bought", said_units(bought) if bought else "nothing")]
    if cities:
        lines.append(Columns("  cities", ", ".join(f"{n} {t}" for t, n in sorted(cities.items()))))
    if bought or cities:
        lines.append(Columns("  spent", f"-{ledger.spent.get(nation, 0)}"))
    lost = ledger.lost_gold.get(nation, 0) + max(0, gold - cap)
    lines.append(Columns("Kept", f"{min(gold, cap)}{f', lost {lost}' if lost else ''}"))
    if bought:
        lines.append(Text(f"Place now: {said_units(bought)}"))
    for master, units in sorted(ledger.bought.items()):
        if master != nation and units:
            lines += [
                Text(f"{name(master).upper()} over 10: bought", bold=True),
                Columns(f"  {said_units(units)}", f"-{ledger.spent.get(master, 0)}"),
                Text(f"  place in the {name(master)} turn"),
            ]
    return lines


def _battles(state: State) -> list[Block]:
    fought = state.ledger.battles
    if not fought:
        return []
    won = {"cleared": "won", "held": "lost", "submitted": "submitted", "raided": "raided"}
    said = ", ".join(f"{b.zone or '?'} ({won.get(b.how, b.how)})" for b in fought)
    return [Text(f"Battles: {said}")]


def _next(before: State, after: State, scenario: Scenario, name: Callable[[str], str]) -> list[Block]:
    lines: list[Block] = []
    gone = sorted(set(after.without_pieces) - set(before.without_pieces))
    if gone:
        lines.append(Text(f"No pieces left: {', '.join(map(name, gone))}"))
    if after.turn != before.turn or after.over:
        leaving = [n.name for n in scenario.nations if n.last == before.turn]
        if leaving:
            lines.append(Text(f"Leave the game: {', '.join(leaving)}"))
        if before.turn in scenario.scoring_turns:
            lines.append(Text(f"Score turn {before.turn} now", bold=True))
    nxt = _active(scenario, after)
    lines.append(Text("The game is over" if after.over else f"Next: {name(nxt)} (turn {after.turn})"))
    return lines


def score_ticket(state: State) -> Document:
    """The score pad after a scoring turn: each nation's lines of that turn (a subject's halved), then
    every player's total so far, highest first."""
    scenario = _scenario(state)
    name = _namer(scenario)
    turn = max((a.turn for a in state.scores), default=state.turn)
    head: list[Block] = [Text(f"ITALIA {state.scenario}  END OF TURN {turn}", bold=True), Text("SCORES")]
    tail = [Rule(), *_totals(state.scores, scenario), Cut()]
    for short in (False, True):  # each line's sources, or (a long pad) each nation's total
        rows = [
            block
            for nation, lines in _by_nation([a for a in state.scores if a.turn == turn]).items()
            for block in _nation_score(name(nation), lines, short)
        ]
        blocks = [*head, *rows, *tail]
        if length_dots(blocks, WIDTH_PX) <= TICKET_DOTS:
            break
    return Document(f"Italia scores, turn {turn}", tuple(blocks))


def _by_nation(awards: Sequence[Award]) -> dict[str, list[Award]]:
    found: dict[str, list[Award]] = {}
    for award in awards:
        found.setdefault(award.nation, []).append(award)
    return found


def _nation_score(who: str, awards: Sequence[Award], short: bool = False) -> list[Block]:
    total, asked = sum(a.points for a in awards), sum(a.asked for a in awards)
    parts = " ".join(f"{a.source} {a.asked}" for a in awards)
    if any(a.halved for a in awards):
        said: list[Block] = [Columns(f"{who} (subject)", f"{asked} -> {total}")]
        return said if short else [*said, Text(f"  {parts}")]
    if short:
        return [Columns(who, str(total))]
    return [Columns(f"{who}  {parts}", str(total))]


def player_totals(awards: Sequence[Award], scenario: Scenario) -> list[tuple[str, list[str], int]]:
    """(colour, its nations' names, points) for every player, highest first (ties in table order)."""
    rows = []
    for colour in scenario.colours:
        nations = [n for n in scenario.nations if n.colour == colour]
        ids = {n.id for n in nations}
        rows.append((colour, [n.name for n in nations], sum(a.points for a in awards if a.nation in ids)))
    return sorted(rows, key=lambda row: -row[2])


def _totals(awards: Sequence[Award], scenario: Scenario) -> list[Block]:
    lines: list[Block] = []
    for colour, names, points in player_totals(awards, scenario):
        label = f"{colour.upper():<7}{'+'.join(names)}"
        room = 32 - len(str(points)) - 1
        if len(label) > room:
            label = label[: room - 3] + "..."
        lines.append(Columns(label, str(points)))
    return lines


def chronicle_ticket(game: Game) -> Document:
    """The whole game, rebuilt from its record (an undone decision leaves no trace): each turn's
    battles and points by player, the battles' totals, and the final standing."""
    again = replay(game.edition, game.header(), game.records)
    scenario, turns = again.scenario, _turn_lines(game)
    totals = player_totals(again.state.scores, scenario)
    leader = totals[0] if totals and totals[0][2] else None
    blocks: list[Block] = [
        Text(f"ITALIA {scenario.id}", bold=True, size=2, align="center"),
        Text("Chronicle of the game", align="center"),
        Rule(),
        Text(_standing(leader[0] if leader else None, again.state.over), bold=True, align="center"),
        Text(f"{scenario.players} players, {again.state.turn} of {scenario.turns} turns"),
        Rule(),
        *_totals(again.state.scores, scenario),
        Rule(),
        Text("Turn: battles, VP by player", bold=True),
        *turns,
        Cut(),
    ]
    return Document("Italia chronicle", tuple(blocks))


def _standing(colour: str | None, over: bool) -> str:
    if colour is None:
        return "NO SCORES YET"
    return f"{colour.upper()} {'WINS' if over else 'LEADS'}"


def _turn_lines(game: Game) -> list[Block]:
    """One line a game turn: battles fought (and won by the attacker) and the points each colour made."""
    replayed = Game(game.edition, game.options)
    battles: dict[int, list[int]] = {}
    for record in game.records:
        turn = replayed.state.turn
        before = len(replayed.state.ledger.battles)
        replayed.play(record.action, record.drawn)
        new = replayed.state.ledger.battles[before:] if replayed.state.turn == turn else ()
        row = battles.setdefault(turn, [0, 0])
        row[0] += len(new)
        row[1] += sum(1 for b in new if b.winner == b.attacker)
    scenario = replayed.scenario
    lines: list[Block] = []
    for turn in sorted(battles):
        made = [a for a in replayed.state.scores if a.turn == turn]
        points = {c: p for c, _, p in player_totals(made, scenario)}
        vp = " ".join(f"{c[0].upper()}{points[c]}" for c in scenario.colours) if made else ""
        b, won = battles[turn]
        lines.append(Columns(f"T{turn} {b} battles ({won} won)" if b else f"T{turn} no battle", vp))
    return lines
