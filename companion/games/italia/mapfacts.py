"""The map facts the rulebook text gives (reading Appendix A): any map file, the shipped one or the
owner's completed one, must agree with them; `faults` says where it does not."""

from __future__ import annotations

from companion.games.vocabulary import Sentence

from .edition import Board

MOUNTAIN = ("pavia", "florentia", "perusia", "umbria", "samnium", "rhegium", "corsica", "agrigentum", "olbia")
SWAMP = ("ravenna", "venetia")
NO_CITY = ("corsica", "olbia", "carales", "alps", "helvetia", "noricum", "illyricum", "aures")
SOUTH = ("apulia", "samnium", "neapolis", "lucania", "calabria", "bruttium", "rhegium")
STRAITS = (("messana", "rhegium"), ("corsica", "olbia"))
NOT_ADJACENT = (("noricum", "tridentum"), ("mare-ligusticum", "carales"))  # corners, §9.0
RAVENNA = ("venetia", "verona", "pavia", "florentia", "picenum", "mare-hadriaticum")  # §12.3.2


def faults(board: Board) -> list[Sentence]:
    """Every way this map contradicts the text, one sentence each (empty: it agrees)."""
    found: list[Sentence] = []
    for zone_id, terrain in [(z, "mountain") for z in MOUNTAIN] + [(z, "swamp") for z in SWAMP]:
        zone = board.zones.get(zone_id)
        if zone is None or zone.terrain != terrain:
            found.append(Sentence("{zone} must be a {terrain} zone (§2.1).", zone=zone_id, terrain=terrain))
    for zone_id in NO_CITY:
        if zone_id in board.zones and board.zones[zone_id].city_allowed:
            found.append(Sentence("{zone} allows no city (§2.2.1.9).", zone=zone_id))
    for zone_id in SOUTH:
        if zone_id not in board.zones or board.zones[zone_id].region != "south":
            found.append(Sentence("{zone} belongs to the South (§2.1).", zone=zone_id))
    for a, b in STRAITS:
        if frozenset((a, b)) not in board.adjacent:
            found.append(Sentence("{a} and {b} are joined by a strait (§2.1).", a=a, b=b))
    for a, b in NOT_ADJACENT:
        if frozenset((a, b)) in board.adjacent:
            found.append(Sentence("{a} and {b} meet only at a corner: not adjacent (§9.0).", a=a, b=b))
    ravenna = {next(iter(p - {"ravenna"})) for p in board.adjacent if "ravenna" in p}
    if ravenna != set(RAVENNA):
        found.append(
            Sentence("Ravenna's neighbours are exactly {zones} (§12.3.2).", zones=", ".join(RAVENNA))
        )
    return found
