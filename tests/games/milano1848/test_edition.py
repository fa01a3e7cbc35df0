"""The map, deck and rules files are validated at load, with the line or key named."""

from __future__ import annotations

import pytest

from companion.assets import read_asset
from companion.games.milano1848.edition import parse_board, parse_decks, parse_rules
from companion.games.milano1848.errors import DataError

MAP = read_asset("milano1848/map.toml")


def test_the_default_map_matches_the_rulebook_examples(edition):
    board = edition.board
    assert board.neighbours[16] == {11, 12, 13, 15}
    assert board.open_neighbours[16] == {12, 13, 15}  # Example 7: no Soldier to 11 behind the Barrier
    assert board.adjacent(9, 14) and not board.adjacent(9, 14, barriers_block=True)  # Example 9
    for a in range(1, 17):
        for b in board.neighbours[a]:
            assert a in board.neighbours[b]


def test_the_default_decks(edition):
    icons = list(edition.austria.values())
    assert len(icons) == 33 and all(icons.count(i) == 11 for i in ("swords", "map", "cannonball"))
    faces = list(edition.italy.values())
    assert len(faces) == 60
    assert all(
        faces.count((i, h)) == 4
        for i in ("swords", "map", "cannonball")
        for h in ("balloon", "martinitt", "rifle", "barricade", "noblewoman")
    )


@pytest.mark.parametrize(
    "change, message",
    [
        (
            ('"1-2", "2-3"', '"1-2", "2-17"'),
            "map.toml line 8: edges: zone 17 in '2-17' is not between 1 and 16",
        ),
        (
            ('"11-16", ', '"1-16", '),
            "map.toml line 15: barriers: barrier '1-16' is not on an edge of the map",
        ),
        (("zones = 16", 'zones = "many"'), "map.toml: zones: must be a whole number of zones, at least 2"),
        (("edges = [", "edges = [[["), "map.toml: not valid TOML"),
        (('"1-2", "2-3"', '"1-2", "2-\u00b3"'), "map.toml line 8: edges: '2-\u00b3' is not a zone pair"),
    ],
)
def test_a_broken_map_is_refused_with_the_line(change, message):
    with pytest.raises(DataError) as info:
        parse_board(MAP.replace(*change), "map.toml")
    assert str(info.value).startswith(message)


def test_a_map_in_two_pieces_is_refused():
    with pytest.raises(DataError, match="map.toml: edges: zone 3 cannot be reached from zone 1"):
        parse_board('zones = 3\nedges = ["1-2"]\n', "map.toml")


def test_broken_decks_and_rules_name_the_key():
    with pytest.raises(DataError, match=r"decks.toml line 2: austria.austria-01: unknown icon 'sword'"):
        parse_decks('[austria]\n"austria-01" = "sword"\n[italy]\n', "decks.toml")
    rules = read_asset("milano1848/rules.toml")
    with pytest.raises(DataError, match=r"rules.toml: by_players.4.wave: must be a whole number"):
        parse_rules(rules.replace("wave = 13", "wave = 'thirteen'"), "rules.toml")


def test_every_one_of_the_110_cards_has_a_stable_id(edition):
    from companion.games.milano1848.edition import zone_of_card

    ids = edition.card_ids()
    assert len(ids) == len(set(ids)) == 110  # the rulebook's component list
    assert ids[0] == "zone-01" and ids[15] == "zone-16" and ids[-1] == "first-player"
    assert "austria-33" in ids and "italy-60" in ids
    assert [zone_of_card(c) for c in ("zone-07", "zone-16", "austria-07", "zone-x")] == [7, 16, None, None]
    assert [zone_of_card(c) for c in ("zone-\u00b2", "zone-\uff17", "zone-" + "9" * 5000)] == [None] * 3


@pytest.fixture
def own_assets(tmp_path, monkeypatch):
    """A copy of assets/milano1848 the test may break, in force while it runs (loader caches cleared)."""
    import shutil

    from companion import assets
    from companion.tables.milano1848.layout import zone_layout

    folder = tmp_path / "milano1848"
    shutil.copytree(assets.assets_dir() / "milano1848", folder)
    monkeypatch.setenv("COMPANION_ASSETS", str(tmp_path))
    loaders = (assets.edition, zone_layout)
    for loader in loaders:
        loader.cache_clear()
    yield folder
    for loader in loaders:
        loader.cache_clear()


def test_a_milano_map_must_have_16_zones(own_assets):
    from companion import assets

    map_17 = MAP.replace("zones = 16", "zones = 17").replace('"16-15",', '"16-15", "16-17",')
    (own_assets / "map.toml").write_text(map_17)
    with pytest.raises(DataError, match="milano1848/map.toml: zones: Milano 1848 has 16 zones, not 17"):
        assets.edition("milano1848")


def test_a_layout_key_int_cannot_read_is_one_line(own_assets):
    from companion.tables.milano1848.layout import zone_layout

    layout = own_assets / "layout.toml"
    layout.write_text(layout.read_text().replace("\n1 = ", '\n"\u00b9" = ', 1))
    with pytest.raises(DataError, match="layout.toml: zones.\u00b9: must be"):
        zone_layout()
