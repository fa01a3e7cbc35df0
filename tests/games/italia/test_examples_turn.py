"""The rulebook's worked examples of a nation's turn beyond income (reading section 4: E6, E8, E14,
E15, E26, E27), Rome's duty (§13.1), major invasions (§12.2), campaigns (§12.3), and the engine asking
for a value printed on the owner's card.

The nation files below hold only what the rulebook's own examples say (the Cimbri's turn-8
reinforcement, Hamilcar's arrival, the Romans' campaign gold is the one value invented, and says so);
the companion ships no card."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from companion.assets import edition
from companion.games import find_game
from companion.games.italia.actions import (
    BlockZone,
    CampaignGold,
    CampaignMove,
    CloseBattle,
    CollectIncome,
    EndCampaign,
    EndNationTurn,
    LeaderArrives,
    LeaderDies,
    MajorInvasion,
    NextPhase,
    OpenBattle,
    RollRound,
    StartCampaign,
    Tell,
    action_from_dict,
    action_to_dict,
)
from companion.games.italia.battle import Battle, Side, attack_cap
from companion.games.italia.campaign import reaction_zones
from companion.games.italia.fight import aftermath
from companion.games.italia.game import Game, Options, active, queue
from companion.games.italia.stacking import invasion_needs
from companion.games.vocabulary import IllegalActionError, ValueNeeded

RULES = find_game("italia")
CARDS = {  # what the rulebook's examples say of these cards, nothing more
    "cimbri": {
        "nation": {"id": "cimbri"},
        "reinforcement": [{"turn": 8, "zone": "helvetia", "units": {"infantry": 9}, "leaders": ["Boiorix"]}],
    },
    "carthaginians": {"nation": {"id": "carthaginians"}, "leader": [{"name": "Hamilcar", "turn": 2}]},
}


def game_at(turn: int, nation: str, cards: dict | None = None, scenario: str = "I", phase: int = 1) -> Game:
    """The nation's turn with its income in, at `phase` (4: after movement, where campaigns start)."""
    data = replace(edition("italia"), nations=cards if cards is not None else CARDS)
    game = Game(data, Options(scenario, 5))
    game.state = replace(game.state, turn=turn, collected=True, phase=phase)
    game.state = replace(game.state, at=queue(game.scenario, game.state).index(nation))
    assert active(game.scenario, game.state) == nation
    return game


def said(game: Game, action) -> list[str]:
    return [str(s) for s in game.play(action)]


def test_example_7_2_cimbri_reinforcements_in_helvetia():
    """E6: 9 infantry and Boiorix placed in Helvetia; all must leave it in the Cimbri movement phase."""
    game = game_at(8, "cimbri")
    placing = said(game, NextPhase())
    assert (
        "Reinforcements, free and without stacking limit: 9 infantry and Boiorix in Helvetia (§7.2)."
        in placing
    )
    assert [leader.name for leader in game.state.leaders] == ["Boiorix"]
    moving = said(game, NextPhase())
    assert "Every unit placed in Helvetia must leave it in this movement phase (§7.2)." in moving
    assert "Every unit placed in Helvetia must leave it in this movement phase (§7.2)." in game.reminders()


def end_turn_of(game: Game, nation: str) -> None:
    """Turns end until the nation's comes; its income is collected (phase 1 opens with it)."""
    while active(game.scenario, game.state) != nation:
        game.play(EndNationTurn())
    game.play(CollectIncome(0, 0))


def test_example_7_2_hamilcar_leaves_at_phase_2_of_the_next_carthaginian_turn():
    """E8: Hamilcar arrives on turn 2; at the start of phase 2 of turn 3 the companion says remove him."""
    game = game_at(2, "carthaginians")
    placing = said(game, NextPhase())
    assert "Place Hamilcar in any zone the nation controls (§7.2)." in placing
    game.play(EndNationTurn())
    end_turn_of(game, "carthaginians")
    assert game.state.turn == 3 and [x.name for x in game.state.leaders] == ["Hamilcar"]
    assert said(game, NextPhase())[0] == "Remove Hamilcar (§7.2)."
    assert game.state.leaders == ()
    assert game.reminders()[0] == "Remove Hamilcar (§7.2)."  # said again after a resume


def test_a_leader_who_died_is_not_removed_again():
    game = game_at(2, "carthaginians")
    game.play(NextPhase())
    game.play(LeaderDies("Hamilcar"))
    game.play(EndNationTurn())
    end_turn_of(game, "carthaginians")
    assert not any("Hamilcar" in s for s in said(game, NextPhase()))


def test_a_leader_the_table_announces_without_a_card():
    game = game_at(2, "romans", cards={})
    game.play(LeaderArrives("romans", "Fabius"))
    with pytest.raises(IllegalActionError, match="already in play"):
        game.play(LeaderArrives("romans", "Fabius"))
    game.play(EndNationTurn())
    end_turn_of(game, "romans")
    assert "Remove Fabius (§7.2)." in said(game, NextPhase())


def test_example_9_movement_and_naval_transport_reminders():
    """E14 and E15: the movement phase's reminders state the rules the examples show; the map holds
    the facts the movement example walks through."""
    game = game_at(1, "carthaginians", cards={})
    game.play(NextPhase())
    moving = " ".join(said(game, NextPhase()))
    assert (
        "stop on entering a mountain zone, unless they move with a leader or the nation holds an intact city"
        in moving
    )
    assert "a leader adds one zone" in moving and "unless they invade it (§9.3)" in moving
    assert "A fleet moves 2 zones and carries 2 units and any leaders" in moving
    assert "no overland move before embarking (§9.5, §9.6)" in moving
    board = edition("italia").board
    for pair in (
        ("lucania", "neapolis"),
        ("neapolis", "rome"),
        ("samnium", "corfinium"),
        ("corfinium", "picenum"),
    ):
        assert frozenset(pair) in board.adjacent
    for pair in (
        ("mare-sardoum", "mare-balearicum"),
        ("mare-balearicum", "olbia"),
        ("mare-ligusticum", "pisae"),
    ):
        assert frozenset(pair) in board.adjacent
    assert board.zones["samnium"].terrain == "mountain"


def test_rome_s_duty_at_the_start_of_each_roman_turn_of_italia_one():
    game = game_at(3, "illyrians", cards={})
    assert active(game.scenario, game.state) == "illyrians"
    duty = said(game, EndNationTurn())
    assert active(game.scenario, game.state) == "romans"
    assert duty == [
        "Before income: units of other nations in Rome retreat (eliminated if they cannot), "
        "and Rome's city is rebuilt free (§13.1)."
    ]
    assert game.reminders() == duty
    assert game_at(3, "celts", cards={}).reminders() == []


def test_a_major_invasion_has_two_movements_and_two_combats():
    game = game_at(4, "epirotes", cards={})
    game.play(MajorInvasion())
    assert game.battle_phase() == "major-invasion-1"
    for _ in range(3):
        game.play(NextPhase())
    assert game.state.phase == 4 and game.battle_phase() == "major-invasion-1"
    second = said(game, NextPhase())
    assert second[0] == "Second movement: every unit moves again with its full allowance (§12.2)."
    game.play(NextPhase())
    assert game.battle_phase() == "major-invasion-2"
    with pytest.raises(IllegalActionError, match="last phase"):
        game.play(NextPhase())
    ordinary = game_at(4, "celts", cards={})
    for _ in range(3):
        ordinary.play(NextPhase())
    with pytest.raises(IllegalActionError, match="last phase"):
        ordinary.play(NextPhase())


def test_a_card_s_major_invasion_and_its_first_combat_keeps_the_surplus():
    cards = {"epirotes": {"nation": {"id": "epirotes"}, "major_invasion": [{"turn": 4}]}}
    game = game_at(4, "epirotes", cards=cards)
    game.play(NextPhase())
    assert game.state.major
    fight = Battle(
        Side("epirotes", {"infantry": 5}), Side("romans", {"legion": 1}), phase=game.battle_phase()
    )
    assert attack_cap(fight) == 5  # 3 + 1, and 1 more in a major invasion (§8.3, §12.2)


def test_example_12_3_fabius_campaign_purse_and_moves():
    """E26: Fabius with 5 gold may move up to 5 times; each move costs 1; Pisae (a city and 1 infantry)
    is invaded by one legion; the Etruscans' 2 infantry join the battle in Pavia (no stacking limit)."""
    game = game_at(2, "romans", cards={}, phase=4)
    game.state = replace(game.state, gold={"romans": 5})
    assert said(game, StartCampaign("Fabius", "rome", gold=0)) == [
        "Fabius's campaign: 5 gold, so up to 5 moves (§12.3.1)."
    ]
    assert game.battle_phase() == "campaign"
    first = said(game, CampaignMove("ravenna"))
    assert first[0] == "Campaign move 1: 4 gold left."
    ravenna = Battle(
        Side("romans", {"legion": 5, "consular": 1}, leaders=1),
        Side("celts", {"infantry": 2}),
        phase="campaign",
    )
    assert attack_cap(ravenna) is None  # no stacking limit in the leader's zone (§8.4)
    game.play(OpenBattle(ravenna))
    game.play(RollRound(values=(10,) * 6 + (1, 1)))
    game.play(CloseBattle())
    assert said(game, CampaignMove("pavia"))[0] == "Campaign move 2: 3 gold left."
    assert invasion_needs(1, city=True) == 1  # Pisae: one legion may stay
    pavia = Battle(
        Side("romans", {"legion": 6}, leaders=1), Side("etruscans", {"infantry": 4}), phase="campaign"
    )
    assert attack_cap(pavia) is None
    end = aftermath(replace(pavia, defender=Side("etruscans")))
    assert end.surplus == 0  # no stacking check in a campaign (§8.4)
    assert game.state.gold["romans"] == 3
    game.play(EndCampaign())
    assert game.battle_phase() == "normal"  # a battle after the campaign has ended is no campaign's


def test_example_12_3_2_who_may_react_to_a_leader_in_ravenna():
    """E27: units in Ravenna, Venetia, Verona, Pavia, Florentia, Picenum or Mare Hadriaticum."""
    board = edition("italia").board
    assert reaction_zones(board, "ravenna") == {
        "ravenna",
        "venetia",
        "verona",
        "pavia",
        "florentia",
        "picenum",
        "mare-hadriaticum",
    }
    game = game_at(2, "romans", cards={}, phase=4)
    game.state = replace(game.state, gold={"romans": 2})
    game.play(StartCampaign("Fabius", "rome", gold=0))
    reacting = said(game, CampaignMove("ravenna"))[1]
    assert reacting == (
        "Nations with units in Florentia, Mare Hadriaticum, Pavia, Picenum, Ravenna, Venetia, Verona "
        "may react, in turn order (§12.3.2, A42)."
    )
    unknown = said(game, CampaignMove("perusia"))[1]  # the map does not list all of Perusia's neighbours
    assert unknown.startswith("Nations with units in Perusia or next to it may react")


def test_campaign_gold_blocks_loot_and_the_end():
    game = game_at(2, "romans", cards={}, phase=4)
    game.state = replace(game.state, gold={"romans": 3})
    game.play(StartCampaign("Fabius", "rome", gold=0))
    with pytest.raises(IllegalActionError, match="follows a campaign move"):
        game.play(BlockZone("etruria"))
    game.play(CampaignMove("perusia"))
    assert RULES.describe(game.state)[2] == "campaign: Fabius, 1 moves"
    game.play(BlockZone("etruria"))
    game.play(CampaignMove("picenum"))
    with pytest.raises(IllegalActionError, match="not twice in a row"):
        game.play(BlockZone("etruria"))
    with pytest.raises(IllegalActionError, match="No gold left"):
        game.play(CampaignMove("ravenna"))
    game.play(CampaignGold(4))  # a looted city's gold
    game.play(CampaignMove("ravenna"))
    assert game.state.gold["romans"] == 3
    game.play(LeaderDies("Fabius"))
    assert game.state.campaign is None
    with pytest.raises(IllegalActionError, match="No campaign"):
        game.play(EndCampaign())


def test_missing_campaign_gold_is_asked_once_and_remembered():
    game = game_at(8, "romans", cards={}, phase=4)
    with pytest.raises(ValueNeeded) as asked:
        game.play(StartCampaign("Marius", "rome"))
    assert asked.value.key == "romans.campaign.8.gold"
    assert str(asked.value.question) == "The romans card: gold granted for Marius's campaign on turn 8?"
    game.play(Tell(asked.value.key, 3))  # the table's answer (an invented value for this test)
    game.play(StartCampaign("Marius", "rome"))
    assert game.state.gold["romans"] == 3
    game.play(EndCampaign())
    game.play(StartCampaign("Marius", "rome"))  # asked once: the answer is kept for the game
    assert game.state.gold["romans"] == 6


def test_a_score_line_for_an_unknown_nation_is_refused_with_the_reason():
    from companion.games.italia.actions import Score

    game = game_at(2, "romans", cards={})
    with pytest.raises(IllegalActionError, match="gauls is not a nation of this game"):
        game.play(Score("gauls", "zones", 3))
    with pytest.raises(IllegalActionError, match="names a source"):
        game.play(Score("romans", "bribes", 3))


def test_a_card_s_campaign_gold_needs_no_question():
    cards = {"romans": {"nation": {"id": "romans"}, "campaign": [{"turn": 8, "leader": "Marius", "gold": 2}]}}
    game = game_at(8, "romans", cards=cards, phase=4)  # an invented card value, for this test only
    game.play(StartCampaign("Marius", "rome"))
    assert game.state.gold["romans"] == 2


def test_the_turn_actions_round_trip_replay_and_the_state_file():
    game = game_at(2, "carthaginians")
    for action in (
        NextPhase(),
        MajorInvasion(),
        NextPhase(),
        NextPhase(),
        LeaderArrives("carthaginians", "H-Barkas"),
        StartCampaign("H-Barkas", "africa", gold=1),
        CampaignMove("mare-libycum"),
        Tell("x.y", 4),
        EndCampaign(),
    ):
        again = action_from_dict(json.loads(json.dumps(action_to_dict(action))))
        assert again == action
        game.play(again)
    text = RULES.dumps(game.state)
    assert RULES.loads(text, game.edition) == game.state
    lines = [json.loads(json.dumps(r.to_dict())) for r in game.records]
    replayed = Game(game.edition, game.options)
    replayed.state = replace(replayed.state, turn=2, at=game_at(2, "carthaginians").state.at, collected=True)
    for line in lines:
        record = type(game.records[0]).from_dict(line)
        replayed.play(record.action, record.drawn)
    assert replayed.state == game.state


@pytest.mark.parametrize(
    "data, field",
    [
        ({"kind": "tell", "key": "a.b", "value": "3"}, "action.value"),
        ({"kind": "start-campaign", "leader": "Fabius", "zone": "rome", "gold": True}, "action.gold"),
        ({"kind": "campaign-gold", "gold": 10**9}, "action.gold"),
        ({"kind": "leader-arrives", "nation": "romans", "name": ["x"]}, "action.name"),
        ({"kind": "income", "zones": 3, "cities": 1, "half": "no"}, "action.half"),
        ({"kind": "end-nation-turn", "without_pieces": [1]}, "action.without_pieces"),
        ({"kind": "buy", "nation": "celts", "cities": {"lava": 1}}, "action.cities"),
        ({"kind": "buy", "nation": 5, "units": {"infantry": 1}}, "action.nation"),
        ({"kind": "buy", "nation": "celts", "cities": {"standard": "1"}}, "action.cities"),
    ],
)
def test_a_record_s_action_of_the_wrong_type_names_its_field(data, field):
    from companion.games.vocabulary import DataError

    with pytest.raises(DataError) as refused:
        action_from_dict(data)
    assert refused.value.field == field


def test_several_nations_attack_the_arriving_fleet_one_at_a_time_in_the_order_rolled():
    """§10.8.1 (R50, A38): most fleets first, a tie to the higher die; each battle apart, in that order."""
    from companion.games.italia.actions import OpenSeaBattle, RollSeaRound, SeaAttackOrder
    from companion.games.italia.naval import Fleet, Navy, SeaBattle

    game = game_at(2, "romans", phase=4)
    order = said(game, SeaAttackOrder("romans", {"greeks": 1, "carthaginians": 3}))
    assert order == ["Against the romans fleet, one nation at a time: carthaginians, greeks (§10.8.1)."]
    assert not game.records[-1].drawn  # no tie, no die

    def fight(attacker: str) -> OpenSeaBattle:
        return OpenSeaBattle(SeaBattle(Navy(attacker, (Fleet("a1"),)), Navy("romans", (Fleet("d1"),))))

    with pytest.raises(IllegalActionError, match="The carthaginians attack the romans fleet next"):
        game.play(fight("greeks"))
    game.play(fight("carthaginians"))
    game.play(RollSeaRound(values=(10, 1)))
    game.play(CloseBattle())
    with pytest.raises(IllegalActionError, match="The greeks attack the romans fleet next"):
        game.play(fight("carthaginians"))  # the order stands until the greeks have had theirs
    game.play(fight("greeks"))
    assert game.state.sea_order == ()
    tied = game_at(2, "romans", phase=4)
    with pytest.raises(IllegalActionError, match="two nations or more"):
        tied.play(SeaAttackOrder("romans", {"greeks": 1}))
    tied.play(SeaAttackOrder("romans", {"greeks": 2, "carthaginians": 2}))
    assert tied.records[-1].drawn  # the tie is rolled off, the dice kept in the record
    first = tied.state.sea_order[0]
    with pytest.raises(IllegalActionError, match=f"The {first} attack the romans fleet next"):
        tied.play(fight(tied.state.sea_order[1]))
