"""A game's die faces are its own data: Milano 1848's icons come from assets/milano1848/die-faces.toml."""

from __future__ import annotations

import shutil

from companion import assets
from companion.assets import die_faces, edition
from companion.cli import main


def test_milano_has_a_face_for_every_austria_icon():
    faces = die_faces("milano1848")
    assert set(edition("milano1848").austria.values()) == set(faces) == {"swords", "map", "cannonball"}
    assert len({face.rows for face in faces.values()}) == 3  # three faces a table tells apart


def test_a_broken_die_faces_file_is_one_line_before_any_screen(capsys, tmp_path, monkeypatch):
    shutil.copytree(assets.assets_dir() / "milano1848", tmp_path / "milano1848")
    path = tmp_path / "milano1848" / "die-faces.toml"
    path.write_text(path.read_text().replace('"##....##",', '"##....#",', 1))
    monkeypatch.setenv("COMPANION_ASSETS", str(tmp_path))
    die_faces.cache_clear()
    try:
        code = main(["run", "--headless"])
    finally:
        die_faces.cache_clear()
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    problem = "row 2 must be 8 characters, each '#' (lit) or '.' (dark)"
    assert err == f"companion: {path}: faces.swords: {problem}\n"
