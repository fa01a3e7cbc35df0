"""The card loop: reveal, top-left symbols, eligibility, passes, the option matrix (§6.1, X-3)."""

from __future__ import annotations

import pytest

from companion.games.italy4345 import (
    RULES,
    Adjust,
    Answer,
    ClashDie,
    Event,
    Game,
    IllegalActionError,
    MovePawn,
    Op,
    Pass,
    Reveal,
    Step,
    Stukas,
    ValueNeeded,
)

from .helpers import card, l0_game, revealed, s


def rsi_op(game: Game) -> None:
    """A Propaganda in a non-city area with an RSI troop: an operation any test can afford."""
    game.play(
        Adjust(
            "set-up",
            (
                ("area-a", "rsi", 1),
                ("area-b", "rsi", 1),
                ("area-a", "type", "countryside"),
                ("area-b", "type", "countryside"),
            ),
        )
    )


def test_x3_pass_then_op_sa_then_limited_op() -> None:
    game = l0_game()
    game.play(Adjust("resources", resources=(("rsi", 5), ("cln", 3))))
    game.play(
        Adjust(
            "pieces",
            (
                ("area-a", "rsi", 1),
                ("area-a", "type", "countryside"),
                ("milano", "rsi", 2),
                ("milano", "loyalty", "coll"),
                ("area-c", "cln_hidden", 1),
            ),
        )
    )
    revealed(game, 1, order=("ger", "rsi", "cln", "aut"))
    assert game.active() == "ger"
    assert game.play(Pass()) == [
        "Germany passes: +3.",
    ]
    assert game.state.resources["ger"] == 3 and game.active() == "rsi"
    game.play(Op("propaganda", (s("area-a"),), sa="police", sa_steps=(s("milano"),)))
    assert game.state.acted == [{"faction": "rsi", "choice": "op+sa"}]
    with pytest.raises(IllegalActionError, match="Limited Operation is one area"):
        game.play(Op("revolt", (s("area-c"), s("area-d"))))
    events = game.play(Op("revolt", (s("area-c"),)))
    assert "Put CLN's cylinder in the Limited Op space." in events
    assert game.state.step == "reveal"
    assert game.state.eligible == ["ger", "aut"] and game.state.ineligible == ["rsi", "cln"]


def test_pass_incomes_and_the_card_ends_when_no_eligible_faction_is_left() -> None:
    game = revealed(l0_game(), 2, order=("rsi", "cln", "aut", "ger"))
    for _ in range(4):
        game.play(Pass())
    assert game.state.resources == {"ger": 3, "rsi": 2, "cln": 1, "aut": 1}
    assert game.state.step == "reveal" and game.state.eligible == ["ger", "rsi", "cln", "aut"]


def test_a_card_whose_order_reaches_no_eligible_faction_simply_ends() -> None:
    game = l0_game()
    game.state.eligible, game.state.ineligible = ["ger", "cln"], ["rsi", "aut"]
    revealed(game, 3, order=("rsi", "aut"))
    assert game.active() is None and game.state.step == "reveal"
    assert game.state.eligible == ["ger", "rsi", "cln", "aut"]  # §6.1.6: NOT eligible back to Eligible


def test_the_second_faction_after_an_event_may_not_play_the_event() -> None:
    game = revealed(l0_game(), 4, order=("cln", "rsi", "ger", "aut"))
    game.play(Event(changes=(("area-x", "cln_hidden", 1),)))
    assert game.state.areas["area-x"].cln_brigades == [1, 0]
    with pytest.raises(IllegalActionError, match="RSI may not choose Event now"):
        game.play(Event())


def test_the_second_faction_after_a_plain_op_has_a_limited_op_only() -> None:
    game = l0_game()
    rsi_op(game)
    game.play(Adjust("resources", resources=(("rsi", 5), ("ger", 5))))
    revealed(game, 5, order=("rsi", "ger", "cln", "aut"))
    game.play(Op("propaganda", (s("area-a"), s("area-b"))))
    with pytest.raises(IllegalActionError, match="Germany may not choose Op \\+ SA now"):
        game.play(
            Op("reinforce", (s("bozen", 1),), sa="convoys", sa_steps=(s("bozen", 1, pick=("area-a",)),))
        )
    game.play(Op("reinforce", (s("bozen", 2),)))
    assert game.state.areas["bozen"].ger == 2 and game.state.resources["ger"] == 3


def test_an_unknown_cards_order_is_asked_once_and_remembered() -> None:
    game = l0_game()
    with pytest.raises(ValueNeeded) as asked:
        game.play(Reveal("event-07"))
    assert asked.value.key == "events.event-07"
    assert game.state.card_index == 0  # nothing changed
    with pytest.raises(IllegalActionError, match="must list distinct factions"):
        game.play(Answer("events.event-07", {"order": ["ger", "ger"], "symbols": []}))
    revealed(game, 7, order=("aut", "ger"))
    assert game.state.order == ["aut", "ger"] and game.state.answers["events.event-07"]["order"] == [
        "aut",
        "ger",
    ]


def test_marines_are_added_then_the_pawn_moves_even_with_a_short_reserve() -> None:
    game = l0_game()
    game.play(Adjust("almost all out", (("area-n", "aa", 24),)))
    revealed(game, 8, symbols=("marines",), marines=3)
    assert game.state.areas["rds"].aa == 1 and game.state.step == "symbols"
    with pytest.raises(IllegalActionError, match="not liberated"):
        game.play(MovePawn("area-n"))
    game.play(Adjust("liberated", (("area-n", "liberated", True),)))
    game.play(MovePawn("area-n"))
    assert game.state.pawn == "area-n" and game.state.step == "choose"


def test_royal_army_with_an_empty_reserve_has_no_effect_and_the_pawn_stays() -> None:
    game = l0_game()
    game.play(Adjust("all out", (("area-n", "aut_troops", 10),)))
    revealed(game, 9, symbols=("royal_army", "stukas"))
    assert game.state.pending == ["stukas"] and game.state.pawn == "rds"


def test_stukas_take_an_anglo_american_troop_while_one_is_in_play() -> None:
    game = l0_game()
    game.play(Adjust("troops", (("rds", "aa", 2), ("rds", "aut_troops", 1))))
    revealed(game, 10, symbols=("stukas",))
    with pytest.raises(IllegalActionError, match="while any is in play"):
        game.play(Stukas("rds", "aut_troops"))
    game.play(Stukas("rds"))
    assert game.state.areas["rds"].aa == 1 and game.state.step == "choose"


def test_a_bomb_turns_the_disk_and_sets_the_city_neutral() -> None:
    game = l0_game()
    game.play(Adjust("coll", (("genova", "loyalty", "coll"),)))
    events = revealed(game, 11, symbols=("bomb",), bomb=("genova",)).state
    assert events.areas["genova"].disk == "bombed" and events.areas["genova"].loyalty == "neutral"


def test_a_wrongly_built_table_deck_is_said_at_the_reveal_and_the_game_goes_on() -> None:
    game = l0_game()
    events = game.play(Answer("offensives.offensive-3.arrows", 2))
    events = game.play(Reveal("offensive-3"))
    assert (
        events[0] == "Card 1 is an offensive card where pile 1 has an event; the deck was built differently."
    )
    assert game.state.step == "offensive" and game.state.offensive is not None
    assert game.state.offensive.power == 2


def test_a_companion_deck_turns_its_own_cards() -> None:
    game = l0_game(deck_mode="companion", seed=4)
    assert game.state.deck is not None
    first = game.state.deck[0]
    game.play(Answer(f"events.{first}", card()))
    game.play(Reveal())
    assert game.state.current == first and game.records[-1].drawn == (first,)
    with pytest.raises(IllegalActionError, match="waits for the acting faction's choice"):
        game.play(Reveal())
    for _ in range(4):
        game.play(Pass())
    with pytest.raises(IllegalActionError, match="has .* next, not"):
        game.play(Reveal(first))


def test_a_table_decks_reveal_needs_the_card_named() -> None:
    from companion.games.vocabulary import CardNeeded

    with pytest.raises(CardNeeded, match="Say which event or offensive card was drawn"):
        l0_game().play(Reveal())


def test_a_clash_declared_waits_for_its_die_and_only_the_autonomous_faction_declares_one() -> None:
    """The LED die's "?" (spec 6): the declaration is a recorded step; nothing but that Clash follows."""
    game = l0_game()
    pieces = (("genova", "aut_hidden", 2), ("genova", "rsi", 2))
    game.play(Adjust("test", pieces, tuple((f, 5) for f in ("ger", "rsi", "cln", "aut"))))
    game.play(Answer("events.event-11", {"order": ["ger", "aut", "rsi", "cln"], "symbols": []}))
    game.play(Reveal("event-11"))
    with pytest.raises(IllegalActionError, match="Only the Autonomous faction declares a Clash"):
        game.play(ClashDie("genova"))
    game.play(Pass())
    game.play(ClashDie("genova"))
    assert game.state.die_pending == "genova"
    with pytest.raises(IllegalActionError, match="pending in genova"):
        game.play(ClashDie("genova"))
    with pytest.raises(IllegalActionError, match="pending in genova: play that Clash"):
        game.play(Pass())
    assert RULES.loads(RULES.dumps(game.state), game.edition).die_pending == "genova"
    game.play(Op("clash", (Step("genova", 1),)), [6])
    assert game.state.die_pending == "" and game.records[-1].drawn == (6,)
    game.undo()
    assert game.state.die_pending == "genova"


def test_an_adjust_counts_its_changes_in_the_singular_and_the_plural() -> None:
    game = l0_game()
    assert game.play(Adjust("resources", resources=(("rsi", 5),))) == ["Adjusted: 1 change."]
    assert game.play(Adjust("resources", resources=(("rsi", 5), ("cln", 3)))) == ["Adjusted: 2 changes."]
