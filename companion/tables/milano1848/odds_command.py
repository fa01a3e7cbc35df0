"""`companion milano1848 odds`: exact fight odds and the stop advice, as JSON."""

from __future__ import annotations

import argparse
import json

from companion.commands import UserError, user_errors
from companion.games.milano1848 import odds

PER_ICON = 11  # Austria cards of each icon in the game
SAID = {"sword": "swords", "maps": "map", "cannon": "cannonball", "cannons": "cannonball"}  # as on screen
DIGITS = 12  # figures printed: float noise (0.9999999999999999) is no figure of the odds


def icon_of(name: str) -> str:
    """An icon as the screen names it ("Cannon") or as the data does ("cannonball")."""
    name = name.strip().lower()
    return SAID.get(name, name)


def _icons(text: str, option: str) -> odds.Counts:
    names = [icon_of(name) for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in odds.ICONS]
    if unknown:
        raise UserError(f"{option}: {unknown[0]!r} is not an icon; use {', '.join(odds.ICONS)} (or cannon)")
    return odds.counts(names)


def _tidy(report: object) -> object:
    """The report's figures rounded to 12 decimals, so 1.0 prints as 1.0, not 0.9999999999999999."""
    if isinstance(report, float):
        return round(report, DIGITS)
    if isinstance(report, dict):
        return {key: _tidy(value) for key, value in report.items()}
    if isinstance(report, list):
        return [_tidy(value) for value in report]
    return report


def _pile(text: str | None, option: str, default: odds.Counts) -> odds.Counts:
    """ "swords=11,map=10,cannonball=9" (icons left out count 0) or the default."""
    if text is None:
        return default
    tally = dict.fromkeys(odds.ICONS, 0)
    for part in filter(None, (p.strip() for p in text.split(","))):
        said, _, number = part.partition("=")
        icon = icon_of(said)
        if icon not in tally or not (number.isascii() and number.isdigit() and len(number) <= 3):
            icons = ", ".join(odds.ICONS)
            raise UserError(f"{option}: {part[:40]!r} is not ICON=COUNT with an icon of {icons}")
        tally[icon] = int(number)
    return tally["swords"], tally["map"], tally["cannonball"]


def _piles(args: argparse.Namespace) -> odds.Piles:
    deck = _pile(args.deck, "--deck", odds.FULL_DECK.deck)
    discard = _pile(args.discard, "--discard", odds.NONE)
    for icon, in_deck, in_discard in zip(odds.ICONS, deck, discard):
        if in_deck + in_discard > PER_ICON:
            raise UserError(
                f"--deck and --discard: {in_deck + in_discard} {icon} cards, but the game has {PER_ICON}"
            )
    if not any(deck) and not any(discard):
        raise UserError("--deck: the Austria deck and its discard pile cannot both be empty")
    return odds.Piles(deck, discard)


@user_errors
def fight_odds(args: argparse.Namespace) -> int:
    hand = _icons(args.hand, "--hand")
    if not sum(hand):
        raise UserError("--hand: name at least one card, like swords,map")
    piles = _piles(args)
    if args.fight == "radetzky":
        win = odds.radetzky_win(hand, piles)
        print(json.dumps({"fight": "radetzky", "win": round(float(win), DIGITS), "win_exact": str(win)}))
        return 0
    print(json.dumps(_tidy(_soldiers(args, hand, piles))))
    return 0


def _soldiers(args: argparse.Namespace, hand: odds.Counts, piles: odds.Piles) -> dict[str, object]:
    reveal = args.reveal if args.fight == "rifle" else 1
    if args.soldiers < 1 or args.lens < 0:
        raise UserError("--soldiers must be 1 or more and --lens 0 or more")
    try:
        fight = odds.SoldiersFight(hand, args.soldiers, args.lens, piles, reveal)
        return _advise(args, fight, reveal)
    except odds.TooLarge as error:
        raise UserError(f"--hand and --soldiers: {error}") from None
    except ValueError as error:
        raise UserError(f"--hand: {error}") from None


def _advise(args: argparse.Namespace, fight: odds.SoldiersFight, reveal: int) -> dict[str, object]:
    report: dict[str, object] = {
        "fight": args.fight,
        "reveal": reveal,
        "soldiers": args.soldiers,
        "lens": args.lens,
    }
    if args.revealed:
        shown = _icons(args.revealed, "--revealed")
        if sum(shown) != reveal:
            raise UserError(f"--revealed: a {args.fight} fight reveals {reveal} card(s), not {sum(shown)}")
        options = fight.answer(shown)
        report["advice"] = {"answer": options[0][0], "expected_by_answer": dict(options)}
        return report
    if args.lens:
        go, stop = fight.decide()
        best = go if go.expected > stop.expected + 1e-12 else stop
        report["advice"] = {
            "decision": best.choice,
            "continue_expected": go.expected,
            "stop_expected": stop.expected,
            "next_clash_win": go.clash_win,
            "text": odds.advice_sentence(go, stop),
        }
    else:
        best = fight.start()
        report["advice"] = {"decision": "fight", "next_clash_win": best.clash_win}
    report["expected_removed"] = best.expected
    report["distribution"] = list(best.distribution)
    return report
