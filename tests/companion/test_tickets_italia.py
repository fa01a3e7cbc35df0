"""Italia's tickets: what the table reads on them, and that each fits 100 mm of 58 mm paper on the
widest inputs (the longest battle, a turn with a master's forced purchase, 4 players), measured on
the bytes python-escpos gets. The battles are invented to stretch the tickets, not the game's."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion import i18n
from companion.assets import edition
from companion.games.italia.actions import (
    Buy,
    CloseBattle,
    CollectIncome,
    EndNationTurn,
    NextPhase,
    OpenBattle,
    Rebuild,
    Retreat,
    RollRound,
    Score,
    Tell,
)
from companion.games.italia.battle import Battle, Side
from companion.games.italia.game import Game, Options, active
from companion.tickets.italia import battle_ticket, chronicle_ticket, nation_turn_ticket, score_ticket
from hardware.document import DOTS_PER_MM, Columns, Text
from hardware.paper import paper_mm
from hardware.printer import escpos_bytes
from hardware.ticket_image import render


def lines(ticket):
    said = []
    for block in ticket.blocks:
        if isinstance(block, Text):
            said.append(block.text)
        elif isinstance(block, Columns):
            said.append(f"{block.left} | {block.right}")
    return said


def paper(ticket):
    return paper_mm(escpos_bytes(ticket, "POS-5890"))


def game(scenario="I", seed=3):
    return Game(edition("italia"), Options(scenario, seed))


def closed(g, *rolls, retreat=None):
    """Roll the given rounds (the table's dice), retreat after the first if told, close the battle."""
    for number, values in enumerate(rolls):
        g.play(RollRound(values=values))
        if number == 0 and retreat:
            g.play(Retreat(*retreat))
    before = g.state
    said = g.play(CloseBattle())
    return before, g.state, said


def test_the_battle_ticket_tells_combat_example_2_with_the_retreat():
    g = game()
    g.play(
        OpenBattle(Battle(Side("romans", {"legion": 1}), Side("etruscans", {"infantry": 2}), zone="Picenum"))
    )
    before, after, said = closed(g, (6, 5, 5), retreat=("defender", {"infantry": 1}))
    said = lines(battle_ticket(before, after, said))
    assert said[0] == "ITALIA I  TURN 1  BATTLE 1"
    assert said[1] == "ROMANS ATTACK PICENUM"
    assert "Romans: 1 legion 6+" in said and "Etruscans: 2 infantry 7+" in said
    assert "R1 Rom: 6* | 1 hit" in said and "   Etr: 5 5 | 0 hits" in said
    assert "  Etr lose 1 infantry" in said and "  Etr retreat 1 infantry" in said
    assert "ROMANS CLEAR PICENUM" in said
    assert "Etruscans: lost 1 infantry; retreated 1 infantry" in said
    assert not any("Battle over" in line for line in said)  # the result line says it


def test_the_battle_ticket_says_what_the_attackers_dice_needed_and_why():
    g = game()
    fight = Battle(
        Side("romans", {"legion": 3}, leaders=1),
        Side("samnites", {"infantry": 2}),
        zone="Samnium",
        terrain="mountain",
        city="intact",
    )
    g.play(OpenBattle(fight))
    before, after, said = closed(g, (7, 6, 1, 10, 3), (9, 2, 1, 6))
    said = lines(battle_ticket(before, after, said))
    assert "mountain -1, city -2, no supremacy" in said
    assert "Romans: 3 legions 7+, 1 leader" in said  # 6, mountain -1, city -2, leader +2
    assert "R1 Rom: 7* 6 1 | 1 hit" in said and "   Sam: 10* 3 | 1 hit" in said
    assert "ROMANS CLEAR SAMNIUM" in said and "  left: 2 legions, 1 leader" in said
    assert "City taken: loot it (the card)" in said
    assert paper(battle_ticket(before, after, [])) <= 100


def longest_battle(rounds):
    """Every kind of unit, leaders on both sides, a swamp with a city and supremacy, and `rounds`
    rounds of misses (a 1 always misses) before the tens: the most a battle ticket has to say."""
    g = game("II")
    fight = Battle(
        Side("byzantium", {"infantry": 2, "cavalry": 2, "legion": 1}, leaders=2, fleets=2),
        Side("ostrogoths", {"infantry": 3, "cavalry": 2, "elephant": 1}, leaders=1),
        zone="Ravenna",
        terrain="swamp",
        city="intact",
        capital_of="ostrogoths",
        phase="major-invasion-2",
    )
    g.play(OpenBattle(fight))
    while g.state.battle is not None and len(g.state.ledger.rounds) < rounds:
        battle = g.state.battle
        if not (battle.attacker.count() and battle.defender.count()):
            break
        g.play(RollRound(values=(1,) * (battle.attacker.count() + battle.defender.count())))
    while g.state.battle is not None and g.state.battle.attacker.count() and g.state.battle.defender.count():
        battle = g.state.battle
        g.play(RollRound(values=(10,) * (battle.attacker.count() + battle.defender.count())))
    before = g.state
    said = g.play(CloseBattle())
    return before, g.state, said


@pytest.mark.parametrize("rounds", [1, 3, 6, 12, 40])
def test_every_battle_ticket_fits_100_mm_and_still_gives_the_result(rounds):
    before, after, said = longest_battle(rounds)
    ticket = battle_ticket(before, after, said)
    assert paper(ticket) <= 100
    text = lines(ticket)
    assert "Byzantium: 2 cavalry 3+, 2 infantry 5+, 1 legion 4+, 2 leaders" in text
    assert any(line.startswith(("BYZANTIUM CLEAR", "OSTROGOTHS HOLD", "BOTH SIDES")) for line in text)
    assert "Major battle won (§13.2)" in text or "BOTH SIDES DESTROYED" in text
    if rounds >= 12:  # the first rounds are summed up, the last ones told
        assert any(line.startswith("Rounds 1-") for line in text)
        assert any(line.startswith(f"R{len(after.ledger.rounds)} hits") for line in text)


def test_the_picture_is_as_long_as_the_paper():
    before, after, said = longest_battle(6)
    ticket = battle_ticket(before, after, said)
    assert abs(render(ticket, 384).height / DOTS_PER_MM - paper(ticket)) <= 2


def to_combat(g: Game) -> None:
    """Placement, movement, then the combat phase, where battles are fought (§5.0)."""
    for _ in range(3):
        g.play(NextPhase())


def test_the_nation_turn_ticket_gives_income_tribute_purchases_and_the_masters_forced_buy():
    g = game()
    g.state = g.state.__class__(
        **{**vars(g.state), "masters": {"celts": "romans"}, "gold": {"romans": 9, "celts": 5}}
    )
    g.play(CollectIncome(zones=5, cities=2))  # 7: the Celts keep 4 and give 3 (E5's shape)
    g.play(Buy("romans", {"legion": 1}))  # the Romans reached 12: they must buy at once
    g.play(Buy("celts", {"infantry": 2}))
    to_combat(g)
    g.play(
        OpenBattle(Battle(Side("celts", {"infantry": 2}), Side("illyrians", {"infantry": 2}), zone="Verona"))
    )
    g.play(RollRound(values=(3, 4, 2, 9)))
    g.play(RollRound(values=(7, 10, 10)))  # Combat Example 1: the Illyrians hold Verona
    g.play(CloseBattle())
    before = g.state
    said = g.play(EndNationTurn())
    ticket = nation_turn_ticket(before, g.state, said)
    text = lines(ticket)
    assert text[:2] == ["ITALIA I  TURN 1", "CELTS (yellow)"]
    assert "Zones 5 + cities 2 | 7 gold" in text
    assert "Tribute to Romans | -3" in text
    assert "Wealth 5 + 4 | 9" in text
    assert "Bought | 2 infantry" in text and "  spent | -8" in text and "Kept | 1" in text
    assert "Place now: 2 infantry" in text
    assert "ROMANS over 10 | -4" in text and "  bought 1 legion: place in the Romans turn" in text
    assert "Battles: Verona (defeat)" in text
    assert "Next: Etruscans (turn 1)" in text
    assert paper(ticket) <= 100


def test_the_last_nation_of_a_scoring_turn_says_who_leaves_and_to_score():
    g = game()
    g.state = g.state.__class__(**{**vars(g.state), "turn": 4})
    g.play(Tell("greeks.leaves", 1))  # the table's answer: the Greeks' pieces leave the board (A53)
    for _ in range(20):
        before = g.state
        said = g.play(EndNationTurn())
        if g.state.turn == 5:
            break
    text = lines(nation_turn_ticket(before, g.state, said))
    assert "Off the board: Greeks" in text  # they leave the game, their pieces too
    assert "Leave the game: Greeks" not in text
    assert "Next: Celts (turn 5)" in text
    assert "Turn 5 begins." in text
    assert not [line for line in text if "their zones are empty" in line]  # said short, not at length


def test_the_ticket_says_whose_pieces_stay_and_who_replaces_whom():
    g = Game(
        replace(
            edition("italia"),
            nations={"byzantium": {"nation": {"id": "byzantium", "replaces": "western-romans"}}},
        ),
        Options("II", 3),
    )  # an invented file: Byzantium replaces the Western Romans
    g.state = replace(g.state, turn=3)
    g.play(Tell("visigoths.leaves", 0))
    text = _last_of_turn(g)
    assert "Pieces stay on the board: Visigoths" in text and "Off the board" not in " ".join(text)
    g.state = replace(g.state, turn=5, at=0)
    text = _last_of_turn(g)
    assert "Byzantium replace the Western Romans" in text


def _last_of_turn(g):
    turn = g.state.turn
    while True:
        before = g.state
        said = g.play(EndNationTurn())
        if g.state.turn != turn:
            return lines(nation_turn_ticket(before, g.state, said))


def test_a_naval_battle_ticket():
    from companion.games.italia.actions import OpenSeaBattle, RollSeaRound
    from companion.games.italia.naval import Fleet, Navy, SeaBattle

    g = game()
    fleets = (
        Navy("romans", (Fleet("r1", 2), Fleet("r2"))),
        Navy("carthaginians", (Fleet("c1", 0, 1), Fleet("c2"))),
    )
    g.play(OpenSeaBattle(SeaBattle(*fleets, sea="Mare Tyrrhenum")))
    g.play(RollSeaRound({"attacker": ("r2",)}, (7, 9, 9, 1)))
    before = g.state
    said = g.play(CloseBattle())
    ticket = battle_ticket(before, g.state, said)
    text = lines(ticket)
    assert "ROMANS ATTACK AT SEA MARE TYRRHENUM" in text
    assert "Romans: 2 fleets, 2 units and 0 leaders aboard" in text
    assert "R1 Rom: 7* 9* | 2 hits" in text and "   Car: 9* 1 | 1 hit" in text
    assert "ROMANS CLEAR MARE TYRRHENUM" in text
    assert "Carthaginians: 2 sunk (1 aboard lost), 0 retreated" in text
    assert paper(ticket) <= 100


def four_players_scored():
    g = game("II")
    for nation in (
        "romans-of-africa",
        "ostrogoths",
        "lombards",
        "western-romans",
        "patrimonium",
        "foederati",
        "burgundians",
        "arabs",
    ):
        for source in ("zones", "cities", "region", "eliminations", "loot", "major battle"):
            g.play(Score(nation, source, 12))
    return g


def test_the_score_ticket_lists_each_nations_lines_and_the_players_totals():
    g = game()
    g.state = g.state.__class__(**{**vars(g.state), "turn": 6, "masters": {"samnites": "romans"}})
    g.play(Score("romans", "zones", 2))
    g.play(Score("romans", "cities", 2))
    g.play(Score("romans", "region", 4))
    g.play(Score("samnites", "zones", 3))  # a subject: half, rounded up
    text = lines(score_ticket(g.state))
    assert text[0] == "ITALIA I  END OF TURN 5"
    assert "Romans  zones 2 cities 2 region 4 | 8" in text
    assert "Samnites (subject) | 3 -> 2" in text
    assert text[-3:] == [
        "RED    Greeks+Romans | 8",
        "YELLOW Celts+Epirotes+Samni... | 2",
        "BLUE   Etruscans+Carthagini... | 0",
    ]


def test_four_players_scores_and_chronicle_fit_100_mm():
    g = four_players_scored()
    assert paper(score_ticket(g.state)) <= 100
    chronicle = chronicle_ticket(g)
    assert paper(chronicle) <= 100
    assert (
        len([line for line in lines(chronicle) if " | " in line and line[:3] in ("BLU", "YEL", "RED", "GRE")])
        == 4
    )


def test_the_chronicle_is_rebuilt_from_the_record_without_undone_decisions():
    g = game()
    g.play(
        OpenBattle(Battle(Side("romans", {"legion": 1}), Side("etruscans", {"infantry": 2}), zone="Picenum"))
    )
    closed(g, (6, 5, 5), retreat=("defender", {"infantry": 1}))
    g.play(Score("romans", "loot", 3))
    g.play(Score("celts", "loot", 5))
    g.undo()
    text = lines(chronicle_ticket(g))
    assert "RED LEADS" in text
    assert "T1 1 battle (1 won) | R3 Y0 B0" in text


def test_the_elephants_fear_and_a_raid_rebuilt_at_once():
    g = game()
    fight = Battle(
        Side("romans", {"legion": 3, "consular": 1}), Side("carthaginians", {"infantry": 1, "elephant": 1})
    )
    g.play(OpenBattle(fight))
    g.play(RollRound(values=(8, 3, 9, 10, 10, 10, 10)))  # 2 legions desert on 8+ (§13.3)
    text = lines(battle_ticket(*closed(g)))
    assert "Rom legions desert on 8+: 8* 3 9*" in text
    assert "R1 Rom: 10* 10* | 2 hits, 1 wasted" in text  # the one elephant takes one of them
    assert "  Rom retreat 1 legion" in text  # the elephant's 10 (§10.2)
    assert "Romans: lost 1 consular legion; retreated 1 legion; deserted 2 legions" in text
    g.play(
        OpenBattle(
            Battle(
                Side("samnites", {"infantry": 3}), Side("greeks", {"infantry": 2}), mode="raid", city="intact"
            )
        )
    )
    g.play(RollRound(values=(4, 8, 9, 5, 7)))  # Combat Example 3
    g.play(Rebuild("defender", "infantry"))
    text = lines(battle_ticket(*closed(g)))
    assert text[1:4] == [
        "SAMNITES RAID A ZONE",
        "clear, city, no supremacy, raid: 7+",
        "Samnites: 3 infantry 7+",
    ]
    assert "RAID: THE ZONE CITY RUINED" in text and "City rebuilt at once (§10.7)" in text
    assert "Greeks: spent 1 infantry" in text


def test_the_longest_nation_turn_fits_100_mm():
    """The last nation of a scoring turn, a subject, with cities bought, its master's forced
    purchase, twelve battles, nations leaving: the battles are then counted, not named."""
    ticket = longest_turn()
    text = lines(ticket)
    assert "Battles: 12 (4 defeats, 8 victories)" in text
    assert "Place now: 2 infantry, a city in a mountain zone" in text
    assert "Off the board: Visigoths" in text and "Score turn 3 now" in text
    assert "WESTERN ROMANS over 10 | -18" in text
    assert paper(ticket) <= 100


@pytest.fixture
def italian():
    i18n.use("it")
    yield
    i18n.use("en")


@pytest.mark.parametrize("rounds", [1, 6, 40])
def test_the_tickets_print_in_italian_and_still_fit_100_mm(italian, rounds):
    before, after, said = longest_battle(rounds)
    battle = battle_ticket(before, after, said)
    text = lines(battle)
    assert text[0] == "ITALIA II  TURNO 1  BATTAGLIA 1" and text[1] == "BISANZIO ALL'ATTACCO: RAVENNA"
    assert "Bisanzio: 2 cavallerie 3+, 2 fanterie 5+, 1 legione 4+, 2 condottieri" in text
    assert paper(battle) <= 100
    turn = lines(longest_turn())
    assert "Battaglie: 12 (4 sconfitte, 8 vittorie)" in turn and "Fuori dal tabellone: Visigoti" in turn
    assert paper(longest_turn()) <= 100
    g = four_players_scored()
    assert paper(score_ticket(g.state)) <= 100 and paper(chronicle_ticket(g)) <= 100
    assert lines(chronicle_ticket(g))[1] == "Cronaca della partita"


def test_a_lost_battle_and_the_losses_agree_in_italian_whatever_the_nation(italian):
    """A battle is lost ("sconfitta"), not "perse"; the sentences name a nation without a verb that
    must agree with it (Bisanzio is one, the Celti many) and count units with nouns (an elephant is
    masculine, an infantry feminine)."""
    g = game()
    g.play(CollectIncome(zones=5, cities=2))
    to_combat(g)
    g.play(
        OpenBattle(Battle(Side("celts", {"infantry": 2}), Side("illyrians", {"infantry": 2}), zone="Verona"))
    )
    before, after, said = closed(g, (3, 4, 2, 9), (7, 10, 10))  # Combat Example 1: the Illyrians hold
    text = lines(battle_ticket(before, after, said))
    assert text[1] == "CELTI ALL'ATTACCO: VERONA" and "ILLIRI: VERONA TENUTA" in text
    assert "  Cel perdite: 1 fanteria" in text and "Celti: perdite 2 fanterie" in text
    before = g.state
    turn = lines(nation_turn_ticket(before, g.state, g.play(EndNationTurn())))
    assert "Battaglie: Verona (sconfitta)" in turn


def longest_turn():
    g = game("II")
    masters, gold = {"foederati": "western-romans"}, {"western-romans": 10, "foederati": 9}
    g.state = g.state.__class__(**{**vars(g.state), "turn": 3, "masters": masters, "gold": gold})
    while active(g.scenario, g.state) != "foederati":
        g.play(EndNationTurn())
    g.play(CollectIncome(zones=12, cities=9, controls=("ravenna",)))  # 21: 11 kept, 10 to the master
    g.play(Buy("western-romans", {"legion": 1, "foederati": 2, "cavalry": 1}))
    g.play(Buy("foederati", {"infantry": 2}, {"mountain": 1}))
    to_combat(g)
    for number in range(12):
        fight = Battle(
            Side("foederati", {"infantry": 1}), Side("vandals", {"infantry": 1}), zone=f"Zone {number}"
        )
        g.play(OpenBattle(fight))
        g.play(RollRound(values=(10, 1) if number % 3 else (1, 10)))
        g.play(CloseBattle())
    g.play(Tell("visigoths.leaves", 1))
    before = g.state
    said = g.play(EndNationTurn())
    return nation_turn_ticket(before, g.state, said)
