"""Italia's tickets (spec section 7): the battle report, the nation-turn summary, the score pad after a
scoring turn and the chronicle of the game. Each fits 100 mm of 58 mm paper: when a long battle or a
long game would run over, the ticket says the same in fewer lines (rounds in one line each, then the
first rounds summed), measured with the printer's own layout (`hardware.document.length_dots`).
Every word prints in the table's language (the catalog's, as the screen's: `companion.i18n`, and
the nations and units in the screen's words); numbers never change."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from companion.assets import edition
from companion.games.italia.battle import FATES, LEADER, Battle, Counts, Side, supremacy
from companion.games.italia.departure import SAID
from companion.games.italia.fight import aftermath
from companion.games.italia.game import Game, State, replay
from companion.games.italia.ledger import SIDES, Award, RoundLog, Throw
from companion.games.italia.scenario import Scenario
from companion.games.vocabulary import Sentence
from companion.i18n import _, ngettext
from companion.tables.italia.words import (
    colour_name,
    departure_words,
    nation_name,
    source_name,
    terrain_name,
    told,
    unit_name,
)
from hardware.document import Block, Columns, Cut, Document, Rule, Text, length_dots

TICKET_DOTS = 787  # 100 mm at 203 dpi, the cut's feed included
WIDTH_PX = 384  # 58 mm paper: 32 characters of Font A
CLOSED = "Battle over: {how}."  # the CloseBattle sentence: the ticket's result says it


def how_said(how: str) -> str:
    """A battle's end as the ticket's result line says it (upper case: the names it takes are)."""
    return {
        "cleared": _("{a} CLEAR {zone}"),
        "held": _("{d} HOLD {zone}"),
        "both destroyed": _("BOTH SIDES DESTROYED"),
        "submitted": _("{d} SUBMIT: {a} LEAVE"),
        "raided": _("RAID: {zone} CITY RUINED"),
        "raid failed": _("RAID FAILED"),
    }.get(how, how)


def battle_ticket(before: State, after: State, sentences: Sequence[Sentence] = ()) -> Document:
    """The battle that just ended (call it with the states before and after CloseBattle): sides,
    what each die needed, every round's dice and losses, retreats, the result and what follows."""
    if before.sea is not None:
        return _sea_ticket(before, after)
    battle = after.ledger.closed or before.battle
    if battle is None:
        raise ValueError("no battle has ended: give the states around CloseBattle")
    scenario = _scenario(after)
    name = _namer(scenario)
    count = len(after.ledger.battles)
    head: list[Block] = [
        Text(_heading(after.scenario, after.turn, count), bold=True),
        Text(
            f"{name(battle.attacker.nation).upper()} {_verb(battle)} {(battle.zone or _('a zone')).upper()}"
        ),
        Text(_ground(battle)),
        Rule(),
        *_sides(battle, after, name),
        Rule(),
    ]
    notes = [Text(told(s)) for s in sentences if getattr(s, "template", "") != CLOSED]
    for level in range(4):  # every die; a line a round; the first rounds summed; losses as counts
        middle = _rounds(after, battle, name, level)
        result = _result(battle, name, short=level == 3)
        blocks = [*head, *middle, Rule(), *result, *_awards(before, after, name), *notes, Cut()]
        if length_dots(blocks, WIDTH_PX) <= TICKET_DOTS:
            break
    return Document(f"Italia battle, turn {after.turn}", tuple(blocks))


def _heading(scenario: str, turn: int, battle: int) -> str:
    return _("ITALIA {scenario}  TURN {turn}  BATTLE {battle}").format(
        scenario=scenario, turn=turn, battle=battle
    )


def _sea_ticket(before: State, after: State) -> Document:
    """A naval battle: the fleets and what they carry, each round's dice (one per fleet) and the
    fleets sunk with their cargo, who holds the sea."""
    sea, name = before.sea, _namer(_scenario(after))
    assert sea is not None
    navies = {w: sea.side(w) for w in SIDES}
    short = {w: name(n.nation)[:3] for w, n in navies.items()}
    blocks: list[Block] = [
        Text(_heading(after.scenario, after.turn, len(after.ledger.battles)), bold=True),
        Text(
            _("{nation} ATTACK AT SEA {sea}")
            .format(nation=name(sea.attacker.nation).upper(), sea=(sea.sea or "").upper())
            .rstrip()
        ),
        Rule(),
    ]
    for navy in navies.values():
        fleets = [*navy.fleets, *navy.sunk, *navy.retreated]
        aboard = sum(f.embarked for f in fleets)
        leaders = sum(f.leaders for f in fleets)
        said = _("{nation}: {fleets} fleets, {units} units and {leaders} leaders aboard")
        blocks.append(
            Text(said.format(nation=name(navy.nation), fleets=len(fleets), units=aboard, leaders=leaders))
        )
    blocks.append(Rule())
    for log in after.ledger.rounds:
        blocks += _round_full(log, short)
    line = after.ledger.battles[-1] if after.ledger.battles else None
    how = line.how if line else "both destroyed"
    a, d = name(sea.attacker.nation).upper(), name(sea.defender.nation).upper()
    zone = (sea.sea or _("the sea")).upper()
    blocks += [Rule(), Text(how_said(how).format(a=a, d=d, zone=zone), bold=True)]
    for navy in navies.values():
        if navy.sunk or navy.retreated:
            cargo = sum(f.embarked + f.leaders for f in navy.sunk)
            said = _("{nation}: {sunk} sunk ({cargo} aboard lost), {gone} retreated")
            blocks.append(
                Text(
                    said.format(
                        nation=name(navy.nation), sunk=len(navy.sunk), cargo=cargo, gone=len(navy.retreated)
                    )
                )
            )
    blocks.append(Cut())
    return Document(f"Italia naval battle, turn {after.turn}", tuple(blocks))


def _scenario(state: State) -> Scenario:
    scenario: Scenario = edition("italia").scenario(state.scenario)
    return scenario


def _namer(scenario: Scenario) -> Callable[[str], str]:
    """A nation's name in the table's language (the screen's words)."""
    return nation_name


def _verb(battle: Battle) -> str:
    return _("RAID") if battle.mode == "raid" else _("ATTACK")


def _ground(battle: Battle) -> str:
    """The zone and the attacker's penalties: "mountain -1, city -2, no supremacy"."""
    n, raid = battle.numbers, battle.mode == "raid"
    terrain = terrain_name(battle.terrain)
    if battle.terrain in ("mountain", "swamp") and not raid:
        terrain += f" -{n.terrain_penalty}"
    city = {"none": _("no city"), "intact": _("city"), "ruin": _("ruined city")}[battle.city]
    if battle.city == "intact" and not raid:
        city += f" -{n.city_penalty}"
    held = [w for w in SIDES if supremacy(battle, w)]
    supreme = (
        _("{side} supremacy +{bonus}").format(side=side_word(held[0]), bonus=n.supremacy_bonus)
        if held
        else ""
    )
    said = [terrain, city, supreme or _("no supremacy")]
    if battle.capital_of:
        said.append(_("capital"))
    if battle.phase != "normal":
        said.append(phase_word(battle.phase))
    if raid:
        said.append(_("raid: 7+"))
    return ", ".join(said)


def side_word(which: str) -> str:
    return _("attacker") if which == "attacker" else _("defender")


def phase_word(phase: str) -> str:
    return {
        "major-invasion-1": _("major invasion 1"),
        "major-invasion-2": _("major invasion 2"),
        "campaign": _("campaign"),
    }.get(phase, phase.replace("-", " "))


def _leaders(count: int) -> str:
    return ngettext("{count} leader", "{count} leaders", count).format(count=count)


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
    parts = [f"{n} {_key(k, n)}" for k, n in sorted(units.items()) if n and k != LEADER]
    leaders += units.get(LEADER, 0)
    if leaders:
        parts.append(_leaders(leaders))
    return ", ".join(parts) or _("none")


def _sides(battle: Battle, state: State, name: Callable[[str], str]) -> list[Block]:
    """Each side as it began, with what its dice needed in round 1 ("Romans: 3 legion 7+, 1 leader"),
    then the reasons the attacker's needs went up."""
    first = state.ledger.rounds[0].throws if state.ledger.rounds else ()
    lines: list[Block] = []
    for which in SIDES:
        units, leaders = start_side(battle.side(which))
        needs = {t.unit: t.needed for t in first if t.side == which}
        parts = [
            f"{n} {_key(k, n)}" + (f" {needs[k]}+" if k in needs else "") for k, n in sorted(units.items())
        ]
        if leaders:
            parts.append(_leaders(leaders))
        lines.append(Text(f"{name(battle.side(which).nation)}: {', '.join(parts)}"))
    return lines


def _key(key: str, count: int = 1) -> str:
    """A unit key as the table says it: "legions", "legion (by sea)" (the screen's words)."""
    return unit_name(key, count)


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
        what = (
            _("{side} {unit} desert on {needed}+: {dice}")
            if t.target == "fear"
            else _("{side} {unit} switch on {needed}+: {dice}")
        )
        said = what.format(
            side=short[t.side], unit=_key(t.unit, 2), needed=t.needed, dice=_dice(t.values, t.needed)
        )
        lines.append(Text(said))
    return lines


def _dice(values: Sequence[int], needed: int) -> str:
    return " ".join(f"{v}*" if v >= needed else str(v) for v in values)


def _round_full(log: RoundLog, short: Mapping[str, str]) -> list[Block]:
    lines: list[Block] = []
    for which in SIDES:
        throws = [t for t in log.throws if t.side == which]
        if not throws:
            continue
        dice = " ".join(
            _dice(t.values, t.needed) if t.typed is None else f"{t.hits}/{t.dice}" for t in throws
        )
        hits = sum(t.hits for t in throws)
        lead = f"R{log.number}" if not lines else " " * len(f"R{log.number}")
        lines.append(Columns(f"{lead} {short[which]}: {dice}", _hits(hits, log.wasted.get(which, 0))))
    for which in SIDES:
        lines += _fates(log, which, short[which])
    return lines


def _hits(hits: int, wasted: int) -> str:
    said = ngettext("{count} hit", "{count} hits", hits).format(count=hits)
    return _("{hits}, {wasted} wasted").format(hits=said, wasted=wasted) if wasted else said


def _fates(log: RoundLog, which: str, who: str) -> list[Block]:
    lines: list[Block] = []
    for label, counts in (
        (_("lose"), log.lost.get(which, {})),
        (_("flip"), log.flipped.get(which, {})),
        (_("retreat"), log.retreated.get(which, {})),
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
    left = _("R{round} hits {a} {ah} {d} {dh}").format(
        round=log.number, a=a, ah=hits["attacker"], d=d, dh=hits["defender"]
    )
    right = _("lost {a}/{d}").format(a=lost["attacker"], d=lost["defender"])
    if any(gone.values()):
        right += " " + _("out {a}/{d}").format(a=gone["attacker"], d=gone["defender"])
    return Columns(left, right)


def _summed(early: Sequence[RoundLog], short: Mapping[str, str]) -> Block:
    lost = {w: sum(sum(r.lost.get(w, {}).values()) for r in early) for w in SIDES}
    left = _("Rounds 1-{last}").format(last=early[-1].number)
    right = _("lost {a} {al} {d} {dl}").format(
        a=short["attacker"], al=lost["attacker"], d=short["defender"], dl=lost["defender"]
    )
    return Columns(left, right)


def _result(battle: Battle, name: Callable[[str], str], *, short: bool = False) -> list[Block]:
    """Who holds the zone with what, where every unit went (in counts when `short`), what follows."""
    end = aftermath(battle)
    a, d = name(battle.attacker.nation).upper(), name(battle.defender.nation).upper()
    lines: list[Block] = [
        Text(how_said(end.how).format(a=a, d=d, zone=(battle.zone or _("the zone")).upper()), bold=True)
    ]
    if end.winner:
        side = battle.side(end.winner)
        lines.append(Text("  " + _("left: {units}").format(units=said_units(side.units, side.leaders))))
    for which in SIDES:
        side = battle.side(which)
        tally = {fate: getattr(side.tally, fate) for fate in FATES if getattr(side.tally, fate)}
        gone = [
            f"{fate_word(fate)} {sum(c.values()) if short else said_units(c)}" for fate, c in tally.items()
        ]
        if gone:
            lines.append(Text(f"{name(side.nation)}: {'; '.join(gone)}"))
    lines += _after(battle, end.surplus, end.loot, end.major, end.restored)
    return lines


def fate_word(fate: str) -> str:
    return {
        "lost": _("lost"),
        "retreated": _("retreated"),
        "deserted": _("deserted"),
        "switched": _("switched"),
        "spent": _("spent"),
    }.get(fate, fate)


def _after(battle: Battle, surplus: int, loot: bool, major: bool, restored: Counts) -> list[Block]:
    lines: list[Block] = []
    if surplus:
        lines.append(Text(_("Stacking: remove {count} now").format(count=surplus)))
    if restored:
        lines.append(Text(_("Flip back: {units}").format(units=said_units(restored))))
    if loot:
        lines.append(Text(_("City taken: loot it (the card)")))
    if battle.ended == "raided" and battle.city == "intact":
        lines.append(Text(_("City rebuilt at once (§10.7)")))
    if battle.city == "ruin" and battle.mode != "raid":
        lines.append(Text(_("Ruin: rebuild by removing a unit")))
    if major:
        lines.append(Text(_("Major battle won (§13.2)")))
    return lines


def _awards(before: State, after: State, name: Callable[[str], str]) -> list[Block]:
    new = after.scores[len(before.scores) :]
    if not new:
        return [Text(_("VP: from the cards"))]
    return [
        Columns(
            _("VP {nation} {source}").format(nation=name(a.nation), source=source_word(a.source)),
            str(a.points),
        )
        for a in new
    ]


source_word = source_name  # what a score line is for, as the screen says it


def nation_turn_ticket(before: State, after: State, sentences: Sequence[Sentence] = ()) -> Document:
    """The end of a nation's turn (call it with the states around EndNationTurn): income, tribute,
    purchases and what to place, masters' forced purchases, battles, who plays next and who leaves."""
    ledger, scenario = before.ledger, _scenario(before)
    name = _namer(scenario)
    nation = ledger.nation or _active(scenario, before)
    colour = scenario.nation(nation).colour if nation in {n.id for n in scenario.nations} else ""
    for short in (False, True):  # each battle by name, or (a long turn) their count
        blocks: list[Block] = [
            Text(
                _("ITALIA {scenario}  TURN {turn}").format(scenario=before.scenario, turn=before.turn),
                bold=True,
            ),
            Text(f"{name(nation).upper()} ({colour_word(colour)})", bold=True),
            Rule(),
            *_income(before, nation, name),
            *_shop(before, nation, name),
            *_battles(before, nation, short),
            Rule(),
            *_next(before, after, scenario, name, sentences),
            *(Text(told(s)) for s in sentences if getattr(s, "template", "") not in SAID),
            Cut(),
        ]
        if length_dots(blocks, WIDTH_PX) <= TICKET_DOTS:
            break
    return Document(f"Italia turn {before.turn}: {nation}", tuple(blocks))


colour_word = colour_name


def _active(scenario: Scenario, state: State) -> str:
    from companion.games.italia.game import active

    return active(scenario, state) or ""


def _income(state: State, nation: str, name: Callable[[str], str]) -> list[Block]:
    made, ledger = state.ledger.income, state.ledger
    if made is None:
        return [Text(_("No income collected"))]
    lines: list[Block] = [
        Columns(
            _("Zones {zones} + cities {cities}").format(zones=made.zones, cities=made.cities),
            _("{gold} gold").format(gold=made.earned),
        )
    ]
    if made.national != made.earned:
        lines.append(Columns(_("National income"), str(made.national)))
    if made.tribute:
        lines.append(Columns(_("Tribute to {nation}").format(nation=name(ledger.master)), f"-{made.tribute}"))
    gold = state.gold.get(nation, 0)
    track = gold - made.kept + ledger.spent.get(nation, 0)
    lines.append(
        Columns(_("Wealth {track} + {kept}").format(track=track, kept=made.kept), str(track + made.kept))
    )
    return lines


def _shop(state: State, nation: str, name: Callable[[str], str]) -> list[Block]:
    ledger = state.ledger
    gold, cap = state.gold.get(nation, 0), 10
    bought = ledger.bought.get(nation, {})
    cities = ledger.cities.get(nation, {})
    lines: list[Block] = [Columns(_("Bought"), said_units(bought) if bought else _("nothing"))]
    if cities:
        built = ", ".join(f"{n} {terrain_name(t)}" for t, n in sorted(cities.items()))
        lines.append(Columns("  " + _("cities"), built))
    if bought or cities:
        lines.append(Columns("  " + _("spent"), f"-{ledger.spent.get(nation, 0)}"))
    lost = ledger.lost_gold.get(nation, 0) + max(0, gold - cap)
    kept = _("{kept}, lost {lost}").format(kept=min(gold, cap), lost=lost) if lost else str(min(gold, cap))
    lines.append(Columns(_("Kept"), kept))
    if bought or cities:
        places = [said_units(bought)] if bought else []
        for terrain, n in sorted(cities.items()):
            places.append(
                ngettext("a city in a {terrain} zone", "{count} cities in a {terrain} zone", n).format(
                    count=n, terrain=terrain_name(terrain)
                )
            )
        lines.append(Text(_("Place now: {what}").format(what=", ".join(places))))
    for master, units in sorted(ledger.bought.items()):
        if master != nation and units:
            over = _("{nation} over 10").format(nation=name(master).upper())
            placed = _("bought {units}: place in the {nation} turn").format(
                units=said_units(units), nation=name(master)
            )
            lines += [Columns(over, f"-{ledger.spent.get(master, 0)}", bold=True), Text("  " + placed)]
    return lines


def _battles(state: State, nation: str, short: bool) -> list[Block]:
    """ "Battles: Verona (victory), Pavia (defeat)", or "Battles: 12 (8 victories, 4 defeats)"."""
    fought = state.ledger.battles
    if not fought:
        return []
    ends = [_end_for(b.how, b.winner, nation) for b in fought]
    if short:
        counts = {end: ends.count(end) for end in dict.fromkeys(ends)}
        summed = ", ".join(_ended(end, n) for end, n in counts.items())
        return [Text(_("Battles: {count} ({ends})").format(count=len(ends), ends=summed))]
    named = [f"{b.zone or '?'} ({_ended(end)})" for b, end in zip(fought, ends, strict=True)]
    return [Text(_("Battles: {named}").format(named=", ".join(named)))]


def _end_for(how: str, winner: str | None, nation: str) -> str:
    if how in ("raided", "raid failed", "submitted", "both destroyed"):
        return how
    return "victory" if winner == nation else "defeat"


def _ended(end: str, count: int = 0) -> str:
    """How a battle of the nation's turn ended: "victory", or with a count "8 victories" (a noun: in
    Italian it agrees with no nation's name)."""
    if not count:
        return {
            "raided": _("raided"),
            "raid failed": _("raid failed"),
            "submitted": _("submitted"),
            "both destroyed": _("both destroyed"),
            "victory": _("victory"),
            "defeat": _("defeat"),
        }[end]
    return {
        "raided": ngettext("{count} raided", "{count} raided", count),
        "raid failed": ngettext("{count} raid failed", "{count} raids failed", count),
        "submitted": ngettext("{count} submitted", "{count} submitted", count),
        "both destroyed": ngettext("{count} both destroyed", "{count} both destroyed", count),
        "victory": ngettext("{count} victory", "{count} victories", count),
        "defeat": ngettext("{count} defeat", "{count} defeats", count),
    }[end].format(count=count)


def _next(
    before: State, after: State, scenario: Scenario, name: Callable[[str], str], sentences: Sequence[Sentence]
) -> list[Block]:
    """Who has no pieces left, who leaves the game and what becomes of its pieces (§12.4, A53), the
    score pad's turn, who plays next."""
    lines: list[Block] = []
    gone = sorted(set(after.without_pieces) - set(before.without_pieces) - set(after.departed))
    if gone:
        lines.append(Text(_("No pieces left: {nations}").format(nations=", ".join(map(name, gone)))))
    if after.turn != before.turn or after.over:
        fated = {str(s.values.get("nation")) for s in sentences if getattr(s, "template", "") in SAID}
        leaving = [name(n.id) for n in scenario.nations if n.last == before.turn and n.id not in fated]
        if leaving:  # those whose pieces' fate was said: in its own line (§12.4, A53)
            lines.append(Text(_("Leave the game: {nations}").format(nations=", ".join(leaving))))
        lines += [Text(line) for line in departure_words(sentences)]
        if before.turn in scenario.scoring_turns:
            lines.append(Text(_("Score turn {turn} now").format(turn=before.turn), bold=True))
    nxt = _active(scenario, after)
    following = _("Next: {nation} (turn {turn})").format(nation=name(nxt), turn=after.turn)
    lines.append(Text(_("The game is over") if after.over else following))
    return lines


def score_ticket(state: State) -> Document:
    """The score pad after a scoring turn: each nation's lines of that turn (a subject's halved), then
    every player's total so far, highest first."""
    scenario = _scenario(state)
    name = _namer(scenario)
    turn = max((a.turn for a in state.scores), default=state.turn)
    head: list[Block] = [
        Text(
            _("ITALIA {scenario}  END OF TURN {turn}").format(scenario=state.scenario, turn=turn), bold=True
        ),
        Text(_("SCORES")),
    ]
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
    parts = " ".join(f"{source_word(a.source)} {a.asked}" for a in awards)
    if any(a.halved for a in awards):
        said: list[Block] = [Columns(_("{nation} (subject)").format(nation=who), f"{asked} -> {total}")]
        return said if short else [*said, Text(f"  {parts}")]
    if short:
        return [Columns(who, str(total))]
    return [Columns(f"{who}  {parts}", str(total))]


def player_totals(
    awards: Sequence[Award], scenario: Scenario, named: Callable[[str], str] | None = None
) -> list[tuple[str, list[str], int]]:
    """(colour, its nations' names, points) for every player, highest first (ties in table order);
    the names the scenario file's unless `named` gives them (a ticket: in the table's language)."""
    rows = []
    for colour in scenario.colours:
        nations = [n for n in scenario.nations if n.colour == colour]
        ids = {n.id for n in nations}
        names = [named(n.id) if named else n.name for n in nations]
        rows.append((colour, names, sum(a.points for a in awards if a.nation in ids)))
    return sorted(rows, key=lambda row: -row[2])


def _totals(awards: Sequence[Award], scenario: Scenario) -> list[Block]:
    lines: list[Block] = []
    for colour, names, points in player_totals(awards, scenario, nation_name):
        label = f"{colour_word(colour).upper():<7}{'+'.join(names)}"
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
        Text(_("Chronicle of the game"), align="center"),
        Rule(),
        Text(_standing(leader[0] if leader else None, again.state.over), bold=True, align="center"),
        Text(
            _("{players} players, {turn} of {turns} turns").format(
                players=scenario.players, turn=again.state.turn, turns=scenario.turns
            )
        ),
        Rule(),
        *_totals(again.state.scores, scenario),
        Rule(),
        Text(_("Turn: battles, VP by player"), bold=True),
        *turns,
        Cut(),
    ]
    return Document("Italia chronicle", tuple(blocks))


def _standing(colour: str | None, over: bool) -> str:
    if colour is None:
        return _("NO SCORES YET")
    said = _("{colour} WINS") if over else _("{colour} LEADS")
    return said.format(colour=colour_word(colour).upper())


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
        vp = " ".join(f"{colour_word(c)[0].upper()}{points[c]}" for c in scenario.colours) if made else ""
        b, won = battles[turn]
        said = (
            ngettext("T{turn} {count} battle ({won} won)", "T{turn} {count} battles ({won} won)", b)
            if b
            else _("T{turn} no battle")
        )
        lines.append(Columns(said.format(turn=turn, count=b, won=won), vp))
    return lines
