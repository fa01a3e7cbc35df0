"""`companion cards identify` and `companion cards sheet`."""

from __future__ import annotations

import json

import cv2

from companion.cli import main
from hardware.scene import PlacedCard, Scene, render


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_identify_prints_one_json_object_per_image_and_fails_at_the_end_for_bad_ones(capsys, tmp_path):
    good = tmp_path / "table.png"
    cv2.imwrite(
        str(good), render(Scene((1280, 720), [PlacedCard(203, (400, 360)), PlacedCard(350, (900, 360))]))
    )
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"\x89PNG not really")
    code, out, err = run(capsys, "cards", "identify", str(broken), str(good), str(tmp_path / "missing.jpg"))
    first, second, third = (json.loads(line) for line in out.splitlines())
    assert code == 1 and err == ""
    assert first == {"image": str(broken), "error": f"{broken} is not an image OpenCV can read"}
    assert [c["card"] for c in second["cards"]] == ["italy-04"] and second["cards"][0]["marker"] == 203
    assert len(second["cards"][0]["corners"]) == 4 and second["unknown_markers"] == [350] and second["ms"] > 0
    assert third["error"].endswith("cannot be read (No such file or directory)")


def test_identify_for_one_game_names_another_games_cards_unknown(capsys, tmp_path):
    table = tmp_path / "table.png"
    cv2.imwrite(
        str(table), render(Scene((1280, 720), [PlacedCard(203, (400, 360)), PlacedCard(450, (900, 360))]))
    )
    found = {}
    for game in ("milano1848", "italy4345"):
        code, out, _ = run(capsys, "cards", "identify", "--game", game, str(table))
        result = json.loads(out)
        found[game] = ([c["card"] for c in result["cards"]], result["unknown_markers"])
        assert code == 0
    assert found == {"milano1848": (["italy-04"], [450]), "italy4345": (["event-51"], [203])}
    code, _, err = run(capsys, "cards", "identify", "--game", "chess", str(table))
    assert code == 2 and err.count("\n") == 1 and "chess" in err


def test_a_printed_sticker_sheet_reads_back_completely(capsys, tmp_path):
    code, out, _ = run(capsys, "cards", "sheet", "--out", str(tmp_path / "stickers.png"))
    assert code == 0 and out.startswith("110 stickers of 20 mm on 5 file(s)")  # each with its face beside it
    seen = set()
    for page in sorted(tmp_path.glob("stickers-*.png")):
        run_code, result, _ = run(capsys, "cards", "identify", str(page))
        seen |= {c["card"] for c in json.loads(result)["cards"]}
    from companion.assets import edition

    assert seen == set(edition("milano1848").card_ids())


def test_sheet_as_pdf_and_on_the_thermal_printer(capsys, tmp_path):
    code, out, _ = run(capsys, "cards", "sheet", "--size-mm", "25", "--out", str(tmp_path / "s.pdf"))
    assert code == 0 and (tmp_path / "s.pdf").read_bytes().startswith(b"%PDF")
    lp = tmp_path / "lp0"
    code, out, _ = run(capsys, "cards", "sheet", "--printer", f"file:{lp}")
    assert (
        code == 0
        and out == "110 stickers printed, one per ticket\n"
        and lp.read_bytes().count(b"\x1dv0") == 110
    )


def test_sheet_mistakes_are_one_line(capsys, tmp_path):
    assert (
        run(capsys, "cards", "sheet", "--out", str(tmp_path / "s.svg"))[2]
        == "companion: --out: name a .pdf or .png file (or use --printer)\n"
    )
    assert (
        run(capsys, "cards", "sheet", "--game", "chess", "--out", "x.pdf")[2]
        == "companion: --game: no cards for 'chess'; the registry has italy4345, milano1848\n"
    )
    assert "is not usb:VID:PID" in run(capsys, "cards", "sheet", "--printer", "usb:zz")[2]
    code, _, err = run(capsys, "cards", "sheet", "--printer", f"file:{tmp_path}/no/such/dir/lp0")
    assert (
        err == "companion: --printer: the printer cannot be reached (DeviceNotFoundError); "
        "print the stickers again when it is fixed\n"
    )
    assert code == 2


def test_each_sticker_names_the_face_of_the_card_it_goes_on(capsys, tmp_path):
    from companion.assets import edition
    from companion.tables.milano1848.helps import help_name
    from companion.tables.milano1848.icons import icon_name

    lp = tmp_path / "lp0"
    assert run(capsys, "cards", "sheet", "--printer", f"file:{lp}")[0] == 0
    printed = lp.read_bytes()
    cards = edition("milano1848")
    for card, (icon, help_) in cards.italy.items():  # the Italy cards differ only by icon and Help
        assert f"{card}: {icon_name(icon)} / {help_name(help_)}".encode() in printed, card
    assert all(
        f"{card}: Austria / {icon_name(icon)}".encode() in printed for card, icon in cards.austria.items()
    )
    assert b"zone-07: Zone 7" in printed
    code, out, _ = run(capsys, "cards", "sheet", "--out", str(tmp_path / "s.png"))
    page = cv2.imread(str(tmp_path / "s-1.png"), cv2.IMREAD_GRAYSCALE)
    first = page[120:420, 120:420]  # the first sticker (10 mm margin at 300 dpi), then its face beside it
    beside = page[120:420, 440:700]
    assert first.min() == 0 and beside.min() < 100  # the face is written beside the sticker
