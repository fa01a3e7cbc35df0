"""A counter typed in at the table survives its record: the unit's type has a key of its own, since
"type" names the action (it once overwrote it, and a journal with a typed counter could not be replayed)."""

from __future__ import annotations

from companion.games.novara1849 import EnterUnit, action_from_dict
from companion.games.novara1849.game import Record


def test_a_typed_counter_comes_back_from_its_record_with_its_type():
    unit = EnterUnit("Dr 2", "austria", 2, "A-II", "cavalry", 1, 0, reduced=True)
    data = unit.to_dict()
    assert data["type"] == "enter-unit" and data["unit_type"] == "cavalry"
    assert action_from_dict(data) == unit
    assert Record.from_dict(Record(unit).to_dict()).action == unit
