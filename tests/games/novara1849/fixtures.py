"""TEST FIXTURES, NOT THE GAME'S DATA. Counter values, Command Factors and CRT columns below are invented
for the tests (or implied by a worked example of the rulebook, said so beside each); the companion never
ships them. The rulebook prints no counter values (spec 3, G6)."""

from __future__ import annotations

from companion.games.novara1849 import Counter, Edition, Game, Options
from companion.games.novara1849.edition import Formation
from companion.games.novara1849.results import Crt

# Formations as named by the text (the Activation examples, the Order of Battle)
FORMATIONS = {
    fid: Formation(fid, side)
    for fid, side in (
        ("A-I", "austria"),
        ("A-II", "austria"),
        ("A-III", "austria"),
        ("A-IV", "austria"),
        ("S-1", "sardinia"),
        ("S-4", "sardinia"),
    )
}

# Invented counters. Where a worked example implies a value, the comment says which.
UNITS = (
    Counter(
        "3 Piemonte", "sardinia", 4, "S-4", "infantry", 2, 1
    ),  # +1 bonus: Combat example (a); cf 4 invented
    Counter("14 Pinerolo", "sardinia", 4, "S-4", "infantry", 2),  # 4 + battery 2 = 6: Combat example (b)
    Counter("S-btr", "sardinia", 2, "S-4", "artillery", 1, 1),  # +1: Combat example (b)
    Counter("4 Piemonte", "sardinia", 3, "S-4", "infantry", 1),  # with 13 Pinerolo and Bers = 9: example (c)
    Counter("13 Pinerolo", "sardinia", 3, "S-4", "infantry", 1),
    Counter("Bers", "sardinia", 3, "", "light-infantry", 1, 1),  # +1: example (c); an independent unit here
    Counter("3 Bers", "sardinia", 2, "", "light-infantry", 1),  # a second independent (invented)
    Counter("IR 28", "austria", 4, "A-I", "infantry", 2),  # 1:1 against 3 Piemonte: example (a)
    Counter("Grz 3", "austria", 3, "A-I", "infantry", 1, 1),  # 3 with +1: example (b)
    Counter("IR 7", "austria", 4, "A-I", "infantry", 2),  # 4, two steps: example (c)
    Counter("KJ 4", "austria", 3, "A-I", "light-infantry", 1, 1),
    Counter("Uhl 1", "austria", 1, "A-II", "cavalry"),  # one step: Cavalry Charges example
    Counter("Dr 2", "austria", 2, "A-II", "cavalry", 1),  # two steps, flipped: Cavalry Charges example
    Counter("A-btr-1", "austria", 2, "A-II", "artillery", 1),  # 2 + 3 = 5: Bombardments example
    Counter("A-btr-2", "austria", 3, "A-II", "artillery", 1),
    Counter("5 Aosta", "sardinia", 4, "S-1", "infantry", 2),  # "the Sardinian regiment" (invented values)
    Counter("Nizza Cav", "sardinia", 2, "S-1", "cavalry", 1),
)

# A CRT holding only the text's three cells, with invented columns between the text's ends.
TEXT_ONLY_CRT = Crt(
    ("1:3", "1:2", "1:1", "2:1", "3:1", "4:1"),
    {2: ("", "", "A1", "", "", ""), 6: ("", "", "", "D2", "", ""), 7: ("", "", "", "", "D3", "")},
)


def edition(crt: Crt | None = TEXT_ONLY_CRT) -> Edition:
    return Edition(crt=crt, formations=FORMATIONS, command_factors={"radetzky": 2, "chrzanowski": 2})


def game(seed: int = 7, crt: Crt | None = TEXT_ONLY_CRT, **options: object) -> Game:
    return Game(edition(crt), Options(seed=seed, units=UNITS, **options))  # type: ignore[arg-type]
