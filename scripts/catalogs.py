"""The gettext catalogs: collect every `_("...")` and `ngettext("...", "...", n)` text of the
companion, and the `Sentence("...")` templates (the rules engine's and the devices', also built through an
engine's `refuse("...")`, `need(ok, "...", "...")` and `.say("...")`) and `plural(n, "...", "...")`,
into companion/locale/companion.pot, merge it into each language's .po (new texts arrive untranslated,
gone ones are dropped) and compile each .po to the .mo the app reads.

Run: .venv/bin/python scripts/catalogs.py [--check | --compile]   (--check: exit 1 if anything is
stale or untranslated, which is what the test suite asks; --compile: keep each .po as it is, in its
own order, and only write the .pot and the .mo, which is what a merge of two branches' .po needs)
"""

from __future__ import annotations

import argparse
import ast
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "companion" / "locale"
SOURCES = (ROOT / "companion", ROOT / "hardware", ROOT / "firmware_bridge")  # the devices' sentences too
LANGUAGES = ("it",)
HEADER = {
    "it": "Language: it\\nMIME-Version: 1.0\\nContent-Type: text/plain; charset=UTF-8\\n"
    "Content-Transfer-Encoding: 8bit\\nPlural-Forms: nplurals=2; plural=(n != 1);\\n"
}

Message = tuple[str, str | None]  # msgid, msgid_plural


def extract() -> list[Message]:
    found: dict[Message, None] = {}
    for path in sorted(p for source in SOURCES for p in source.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            for message in _messages(node):
                found[message] = None
    return list(found)


SENTENCE_MAKERS = ("_", "Sentence", "refuse", "say")  # refuse/say: an engine's Sentence, built for it
SENTENCE_PARTS = ("need",)  # need(condition, what, template): both the action's name and the template


def _messages(node: ast.Call) -> list[Message]:
    """The texts one call gives the catalogs: the first string of a sentence's maker, every string of an
    engine's need(), both forms of ngettext and plural (the engine picks the form: both are plain texts)."""
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if isinstance(func, ast.Attribute) and name != "say":
        return []
    texts = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    if name in SENTENCE_MAKERS and texts:
        return [(texts[0], None)]
    if name in SENTENCE_PARTS:
        return [(text, None) for text in texts]
    if name == "ngettext" and len(texts) == 2:
        return [(texts[0], texts[1])]
    if name == "plural" and len(texts) == 2:
        return [(texts[0], None), (texts[1], None)]
    return []


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def unquote(text: str) -> str:
    return ast.literal_eval(text)


def read_po(path: Path) -> dict[str, list[str]]:
    """msgid -> [msgstr] or [msgstr[0], msgstr[1]]."""
    entries: dict[str, list[str]] = {}
    msgid, strings, field = None, [], None
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = line.strip()
        if line.startswith("msgid "):
            if msgid is not None:
                entries[msgid] = strings
            msgid, strings, field = unquote(line[6:]), [], "id"
        elif line.startswith("msgid_plural "):
            field = "plural"
        elif line.startswith("msgstr"):
            strings.append(unquote(line.split(" ", 1)[1]))
            field = "str"
        elif line.startswith('"') and msgid is not None:
            if field == "id":
                msgid += unquote(line)
            elif field == "str":
                strings[-1] += unquote(line)
    if msgid is not None:
        entries[msgid] = strings
    return entries


def write_po(path: Path, language: str, messages: list[Message], old: dict[str, list[str]]) -> None:
    lines = ['msgid ""', f'msgstr "{HEADER[language]}"', ""]
    for msgid, plural in messages:
        known = old.get(msgid, [])
        lines.append(f"msgid {quote(msgid)}")
        if plural is None:
            lines.append(f"msgstr {quote(known[0] if known else '')}")
        else:
            lines.append(f"msgid_plural {quote(plural)}")
            for n in range(2):
                lines.append(f"msgstr[{n}] {quote(known[n] if len(known) > n else '')}")
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")


def compile_mo(messages: list[Message], entries: dict[str, list[str]]) -> bytes:
    """The GNU .mo format: a header, two tables of (length, offset), then the strings."""
    pairs = {"": HEADER_TEXT}
    for msgid, plural in messages:
        strings = entries.get(msgid, [])
        if not strings or not all(strings):
            continue
        key = msgid if plural is None else f"{msgid}\0{plural}"
        pairs[key] = "\0".join(strings)
    keys = sorted(pairs)
    ids = b"".join(k.encode() + b"\0" for k in keys)
    strs = b"".join(pairs[k].encode() + b"\0" for k in keys)
    start = 7 * 4 + 16 * len(keys)
    id_table, offset = [], start
    for k in keys:
        id_table += [len(k.encode()), offset]
        offset += len(k.encode()) + 1
    str_table = []
    for k in keys:
        str_table += [len(pairs[k].encode()), offset]
        offset += len(pairs[k].encode()) + 1
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    return (
        header
        + struct.pack(f"{len(id_table)}i", *id_table)
        + struct.pack(f"{len(str_table)}i", *str_table)
        + ids
        + strs
    )


HEADER_TEXT = HEADER["it"].replace("\\n", "\n")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a catalog is stale")
    parser.add_argument("--compile", action="store_true", help="keep the .po files; write the .pot and .mo")
    args = parser.parse_args()
    messages = extract()
    problems = []
    pot = "\n".join(
        f"msgid {quote(m)}" + (f"\nmsgid_plural {quote(p)}" if p else "") + '\nmsgstr ""\n'
        for m, p in messages
    )
    for language in LANGUAGES:
        po = LOCALE / language / "LC_MESSAGES" / "companion.po"
        mo = po.with_suffix(".mo")
        entries = read_po(po) if po.exists() else {}
        missing = [m for m, _ in messages if not all(entries.get(m, [""]))]
        stale = set(entries) - {m for m, _ in messages} - {""}
        built = compile_mo(messages, entries)
        if args.check:
            problems += [f"{language}: untranslated {m!r}" for m in missing]
            problems += [f"{language}: no longer used {m!r}" for m in sorted(stale)]
            if not mo.exists() or mo.read_bytes() != built:
                problems.append(f"{language}: {mo.relative_to(ROOT)} is not compiled from {po.name}")
            continue
        po.parent.mkdir(parents=True, exist_ok=True)
        if not args.compile:
            write_po(po, language, messages, entries)
        mo.write_bytes(compile_mo(messages, read_po(po)))
        print(f"{language}: {len(messages)} texts, {len(missing)} untranslated")
    if args.check:
        (LOCALE / "companion.pot").exists() or problems.append("companion.pot is missing")
        print("\n".join(problems) or "catalogs up to date")
        return 1 if problems else 0
    (LOCALE / "companion.pot").write_text(pot, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
