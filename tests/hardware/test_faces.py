"""Die faces: the generic ones, a game's faces from its data file, and what is refused (one sentence)."""

from __future__ import annotations

import pytest

from hardware.faces import BLANK, QUESTION, Face, FaceError, number, parse_faces, pips

# A face file invented for these tests (no game's).
GOOD = """
[faces]
arrow = ["...##...", "..####..", ".######.", "########", "...##...", "...##...", "...##...", "...##..."]
dot = ["........", "........", "........", "...##...", "...##...", "........", "........", "........"]
"""


def test_a_games_faces_come_from_its_pictures():
    faces = parse_faces(GOOD, "faces.toml")
    assert list(faces) == ["arrow", "dot"]
    assert faces["arrow"] == Face("arrow", (0x18, 0x3C, 0x7E, 0xFF, 0x18, 0x18, 0x18, 0x18))
    assert faces["dot"].rows == pips(1).rows


@pytest.mark.parametrize(
    "text, message",
    [
        ("[faces", "faces.toml: not valid TOML"),
        ("", "faces.toml: faces: must be a table of at least one face"),
        ("faces = 3", "faces.toml: faces: must be a table of at least one face"),
        (
            GOOD + "\n[colours]\nred = 1\n",
            "faces.toml: colours: is not known here (the file holds one [faces] table)",
        ),
        (
            GOOD.replace('"...##..."]', '"...##..."]\nshort = ["#"]'),
            "faces.toml: faces.short: must be a list of 8 rows",
        ),
        (
            GOOD.replace('"########"', '"#######"'),
            "faces.toml: faces.arrow: row 4 must be 8 characters, each '#' (lit) or '.' (dark)",
        ),
        (
            GOOD.replace('"########"', '"####0###"'),
            "faces.toml: faces.arrow: row 4 must be 8 characters, each '#' (lit) or '.' (dark)",
        ),
        (GOOD.replace('"########"', "8"), "faces.toml: faces.arrow: row 4 must be 8 characters"),
        (
            GOOD.replace("arrow =", '"Big Arrow" ='),
            "faces.toml: faces.Big Arrow: a face's name is 1-40 lower-case",
        ),
    ],
)
def test_a_bad_face_file_is_one_sentence_naming_the_file_and_field(text, message):
    with pytest.raises(FaceError) as caught:
        parse_faces(text, "faces.toml")
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


@pytest.mark.parametrize(
    "name, rows",
    [
        ("arrow", (0,) * 7),
        ("arrow", (0,) * 9),
        ("arrow", (0, 0, 0, 256, 0, 0, 0, 0)),
        ("arrow", (0, 0, 0, -1, 0, 0, 0, 0)),
        ("arrow", (True,) * 8),
        ("arrow", [0] * 8),
        ("", (0,) * 8),
        ("x" * 41, (0,) * 8),
        ("a\nb", (0,) * 8),
    ],
)
def test_a_face_is_a_name_and_eight_rows_of_eight_pixels(name, rows):
    with pytest.raises(FaceError):
        Face(name, rows)


def test_a_face_is_stored_and_read_back():
    face = parse_faces(GOOD, "faces.toml")["arrow"]
    assert Face.from_dict(face.to_dict()) == face
    for damaged in ("swords", None, {"name": "arrow"}, {"name": "arrow", "rows": [1] * 7}, {"rows": [0] * 8}):
        with pytest.raises(FaceError):
            Face.from_dict(damaged)


def test_the_generic_faces():
    assert BLANK.rows == (0,) * 8 and QUESTION.name == "question"
    assert pips(6).rows == (0, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0)
    assert number(0).rows == (0x38, 0x44, 0x4C, 0x54, 0x64, 0x44, 0x38, 0)  # a d10's ten, as printed on it
    assert number(10).name == "number-10" and number(10).rows != number(0).rows
    for wrong in (lambda: pips(0), lambda: pips(7), lambda: number(-1), lambda: number(100)):
        with pytest.raises(FaceError):
            wrong()
