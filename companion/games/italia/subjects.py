"""Masters and subjects (§12.5, §12.6) and the loot of a city (§10.6): who may submit to whom at how
many zones (the card's threshold, or the table's answer), revolts, and the 4 gold or the card's points
a looted city gives, split with a master like income (§6.4). The card values are the owner's: a
missing one is asked at the table (ValueNeeded) and kept for the game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.vocabulary import IllegalActionError, Sentence, ValueNeeded

from .edition import Edition
from .nations import HANNIBAL
from .phases import card


def told_or_ask(told: Mapping[str, int], key: str, question: Sentence) -> int:
    """The table's earlier answer under `key`, or ValueNeeded asking `question`."""
    if key in told:
        return told[key]
    raise ValueNeeded(key, question)


def threshold(edition: Edition, told: Mapping[str, int], subject: str, master: str) -> int:
    """The most zones the subject may hold and still submit (§12.5.1: its card's "may", or "must")."""
    found = card(edition, subject).get("submission", {})
    most = max(int(found.get("may_at_most", -1)), int(found.get("must_at_most", -1)))
    if most >= 0:
        return most
    question = Sentence(
        "The {nation} card: they may submit to the {master} with how many zones or fewer?",
        nation=subject,
        master=master,
    )
    return told_or_ask(told, f"{subject}.submission.may", question)


def subjugate(
    edition: Edition,
    told: Mapping[str, int],
    masters: Mapping[str, str],
    subject: str,
    master: str,
    zones: int,
) -> tuple[dict[str, str], list[Sentence]]:
    """The masters after `subject` submits to `master` holding `zones` zones; refused with the reason."""
    if subject == master:
        raise IllegalActionError(Sentence("A nation cannot submit to itself."))
    if masters.get(master) == subject:
        raise IllegalActionError(
            Sentence(
                "The {master} are subjects of the {nation}: free them first.", nation=subject, master=master
            )
        )
    allowed = card(edition, subject).get("submission", {}).get("to", [])
    if allowed and master not in allowed:
        raise IllegalActionError(
            Sentence(
                "The {nation} card lets them submit only to: {to}.", nation=subject, to=", ".join(allowed)
            )
        )
    most = threshold(edition, told, subject, master)
    if zones > most:
        raise IllegalActionError(
            Sentence(
                "The {nation} hold {zones} zones: their card lets them submit with {most} or fewer "
                "(§12.5.1).",
                nation=subject,
                zones=zones,
                most=most,
            )
        )
    said = [submitted(subject, master)]
    if masters.get(subject):
        said.insert(
            0,
            Sentence(
                "The {nation} are no longer subjects of the {master}.",
                nation=subject,
                master=masters[subject],
            ),
        )
    return {**masters, subject: master}, said


def submitted(subject: str, master: str) -> Sentence:
    return Sentence(
        "The {nation} submit to the {master}: the units of the {master} leave every zone with {nation} "
        "units; half the income, loot and points of the {nation} go to their master (§12.5.2).",
        nation=subject,
        master=master,
    )


HANNIBAL_NEIGHBOURS = ("celts", "etruscans", "samnites")  # §13.2: may revolt against Rome near Hannibal


def revolt(
    edition: Edition, told: Mapping[str, int], masters: Mapping[str, str], subject: str, moment: Moment
) -> tuple[dict[str, str], Sentence]:
    """The masters after `subject` revolts, with what the table is told; refused in one sentence when
    its card (or the table's answer, asked when the card lacks its revolts) gives no revolt now."""
    if subject not in masters:
        raise IllegalActionError(Sentence("The {nation} are no one's subjects.", nation=subject))
    said = revolt_allowed(edition, told, subject, masters[subject], moment)
    return {k: v for k, v in masters.items() if k != subject}, said


@dataclass(frozen=True)
class Moment:
    """When a revolt is declared: the scenario, the game turn, Hannibal's campaign under way (§13.2)."""

    scenario: str
    turn: int
    hannibal: bool = False


def revolt_allowed(
    edition: Edition, told: Mapping[str, int], subject: str, master: str, moment: Moment
) -> Sentence:
    """§12.6: a revolt "at a certain point (see the nation cards)"; §13.2: the Celts, Etruscans and
    Samnites (and a card's "hannibal-adjacent" revolt) against Rome while Hannibal's campaign is under
    way; the table confirms he is in or next to a zone with their units (the companion sees no unit)."""
    rows = card(edition, subject).get("revolt")
    near = [r for r in rows or () if r.get("against") == master and r.get("when") == HANNIBAL]
    named = moment.scenario == "I" and subject in HANNIBAL_NEIGHBOURS and master == "romans"
    if moment.hannibal and (named or near):
        return Sentence(
            "The {nation} revolt as Hannibal comes near: free of the {master}, not yet the "
            "Carthaginians' (§13.2).",
            nation=subject,
            master=master,
        )
    freed = Sentence("The {nation} revolt: free of the {master} (§12.6).", nation=subject, master=master)
    if rows is None:
        question = Sentence(
            "The {nation} card: may they revolt against the {master} on turn {turn}?",
            nation=subject,
            master=master,
            turn=moment.turn,
        )
        if told_or_ask(told, f"{subject}.revolt.{master}.{moment.turn}", question):
            return freed
        raise IllegalActionError(_no_revolt(subject, master, [], moment.turn))
    against = [r for r in rows if r.get("against") == master]
    if any(r.get("when") == moment.turn for r in against):
        return freed
    turns = [r["when"] for r in against if isinstance(r.get("when"), int)]
    if near or (named and not turns):
        raise IllegalActionError(
            Sentence(
                "The {nation} revolt against the {master} during Hannibal's campaign, when he is in or "
                "next to a zone with their units (§13.2); it is not under way.",
                nation=subject,
                master=master,
            )
        )
    raise IllegalActionError(_no_revolt(subject, master, turns, moment.turn))


def _no_revolt(subject: str, master: str, turns: list[int], turn: int) -> Sentence:
    if not turns:
        return Sentence(
            "The {nation} card gives no revolt against the {master} on turn {turn} (§12.6).",
            nation=subject,
            master=master,
            turn=turn,
        )
    return Sentence(
        "The {nation} card lets them revolt against the {master} on turn {turns}, not on turn {turn} "
        "(§12.6).",
        nation=subject,
        master=master,
        turns=", ".join(map(str, sorted(turns))),
        turn=turn,
    )


def loot_points(edition: Edition, told: Mapping[str, int], nation: str, take: str) -> int:
    """The points the card gives for looting a city, 0 when it gives the gold (§10.6)."""
    found = card(edition, nation).get("loot", {})
    reward, vp = str(found.get("reward", "")), int(found.get("vp", 0))
    if reward == "gold":
        return 0
    if reward == "choice" and take not in ("gold", "vp"):
        raise IllegalActionError(
            Sentence("The {nation} card gives a choice: take the gold or the points.", nation=nation)
        )
    if take == "gold" and reward == "choice":
        return 0
    if reward in ("vp", "choice") and vp > 0:
        return vp
    question = Sentence(
        "The {nation} card: points for looting a city (0 if it gives the gold)?", nation=nation
    )
    return told_or_ask(told, f"{nation}.loot.vp", question)
