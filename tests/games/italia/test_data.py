"""The shipped Italia data: only what the text gives, validated at load; faults name the field."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.assets import edition, read_asset
from companion.games.italia.edition import Board, parse_board
from companion.games.italia.mapfacts import faults
from companion.games.italia.nations import parse_nation
from companion.games.italia.numbers import TEXT, parse_numbers
from companion.games.vocabulary import DataError


def test_the_shipped_map_agrees_with_every_fact_of_the_text():
    assert faults(edition("italia").board) == []


def test_a_map_that_contradicts_the_text_is_told_where():
    board = edition("italia").board
    wrong = Board(
        {**board.zones, "venetia": replace(board.zones["venetia"], terrain="standard")},
        board.adjacent | {frozenset({"noricum", "tridentum"}), frozenset({"ravenna", "rome"})},
        board.complete,
    )
    said = faults(wrong)
    assert "venetia must be a swamp zone (§2.1)." in said
    assert "noricum and tridentum meet only at a corner: not adjacent (§9.0)." in said
    assert any(s.startswith("Ravenna's neighbours are exactly") for s in said)


def test_the_shipped_rule_numbers_are_the_texts():
    assert parse_numbers(read_asset("italia/rules.toml"), "rules.toml") == TEXT


def test_a_rule_number_file_with_a_fault_names_the_key():
    with pytest.raises(DataError, match="rules.toml: costs.legion"):
        parse_numbers("costs = { legion = -4 }", "rules.toml")
    with pytest.raises(DataError, match="rules.toml: morale"):
        parse_numbers("morale = 3", "rules.toml")


def test_the_nation_template_is_empty_and_valid_and_no_card_is_shipped():
    template = parse_nation(read_asset("italia/nations/TEMPLATE.toml"), "TEMPLATE.toml", template=True)
    assert template["nation"]["id"] == "" and template["loot"]["vp"] == 0
    assert edition("italia").nations == {}


def test_a_nation_file_with_a_fault_names_the_field():
    with pytest.raises(DataError, match="celts.toml: nation.id"):
        parse_nation("[nation]\nstarting_gold = 0\n", "celts.toml")
    with pytest.raises(DataError, match="celts.toml: loot.vp"):
        parse_nation('[nation]\nid = "celts"\n[loot]\nvp = "many"\n', "celts.toml")
    with pytest.raises(DataError, match="celts.toml: weather"):
        parse_nation('[nation]\nid = "celts"\n[weather]\nrain = 1\n', "celts.toml")


def test_a_map_zone_with_a_fault_names_the_field():
    with pytest.raises(DataError, match="map.toml: zone 1.terrain"):
        parse_board(
            '[[zone]]\nid="a"\nname="A"\nkind="land"\nregion="north"\nterrain="lava"\ncity_allowed=true\n',
            "map.toml",
        )
    with pytest.raises(DataError, match="map.toml: adjacent 1.zones"):
        parse_board('[[adjacent]]\nzones = ["atlantis", "rome"]\n', "map.toml")
