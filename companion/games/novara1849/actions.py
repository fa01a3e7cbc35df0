"""The decisions the players take, as small frozen values with to_dict/from_dict (spec 10.2). Every
field has a default, whose type is the field's; tuples of pairs say their element types in `shapes`."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .errors import DataError

Pairs = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Action:
    kind: ClassVar[str]
    shapes: ClassVar[dict[str, tuple[type, ...]]] = {}
    keys: ClassVar[dict[str, str]] = {}  # a field whose key in the record differs from its name

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            data[self.keys.get(f.name, f.name)] = (
                [list(v) if isinstance(v, tuple) else v for v in value] if isinstance(value, tuple) else value
            )
        return data


@dataclass(frozen=True)
class TurnFacts(Action):
    """What the turn track says for this turn, when the players' track.toml does not hold it."""

    kind: ClassVar[str] = "turn-facts"
    night: bool = False
    austria: int = 0
    sardinia: int = 0


@dataclass(frozen=True)
class Select(Action):
    """Phase A, one side, in secret: formation chits, a Higher Commander's box, or a general retreat."""

    kind: ClassVar[str] = "select"
    side: str = ""
    formations: tuple[str, ...] = ()
    commander: str = ""
    boxed: tuple[str, ...] = ()
    general_retreat: tuple[str, ...] = ()


@dataclass(frozen=True)
class Draw(Action):
    """Pull a chit: the companion's cup draws it (seeded); with the table's own cup, `cards` names it."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Activate(Action):
    kind: ClassVar[str] = "activate"
    forced_march: bool = False
    independents: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class RollAttrition(Action):
    """End of a forced march's movement: one die for the next formation that marched (R-10)."""

    kind: ClassVar[str] = "attrition"


@dataclass(frozen=True)
class Fight(Action):
    """A combat: attackers with their ring position (1-6), defenders with their defending hex (0, 1, ...),
    each defending hex's terrain (label, left shifts, fortified), and the players' answers."""

    kind: ClassVar[str] = "fight"
    shapes: ClassVar[dict[str, tuple[type, ...]]] = {
        "attackers": (str, int),
        "defenders": (str, int),
        "hexes": (str, int, bool),
    }
    attackers: Pairs = ()
    defenders: Pairs = ()
    hexes: tuple[tuple[str, int, bool], ...] = (("clear", 0, False),)
    between_empty: bool = True
    encircled: str = ""  # "", "yes" or "no": the players' own answer
    hexside: str = ""
    hexside_shifts: int = 0
    across_major_river: bool = False
    unticked: tuple[str, ...] = ()  # bonuses their owners chose not to use


@dataclass(frozen=True)
class Charge(Action):
    kind: ClassVar[str] = "charge"
    chargers: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()
    terrain: str = "clear"
    hexside: str = ""


@dataclass(frozen=True)
class Bombard(Action):
    kind: ClassVar[str] = "bombard"
    shapes: ClassVar[dict[str, tuple[type, ...]]] = {"batteries": (str, bool)}
    batteries: tuple[tuple[str, bool], ...] = ()  # (unit, two hexes away)
    targets: tuple[str, ...] = ()
    blocked: bool = False


@dataclass(frozen=True)
class EnterResult(Action):
    """The result the players read on their printed table (recorded as read from the table)."""

    kind: ClassVar[str] = "enter-result"
    code: str = ""


@dataclass(frozen=True)
class ApplyLosses(Action):
    kind: ClassVar[str] = "apply-losses"
    shapes: ClassVar[dict[str, tuple[type, ...]]] = {"allocation": (str, int)}
    side: str = ""
    withdrawal: int = 0
    allocation: Pairs = ()
    retreat_impossible: bool = False


@dataclass(frozen=True)
class EndActivation(Action):
    """R-18: the Shaken units that were activated, did not move and carry no OOS marker lose the marker."""

    kind: ClassVar[str] = "end-activation"
    unshaken: tuple[str, ...] = ()


@dataclass(frozen=True)
class NightSupply(Action):
    """Night step 2: the infantry and artillery the players found out of supply (everything else is in)."""

    kind: ClassVar[str] = "night-supply"
    out_of_supply: tuple[str, ...] = ()
    army_cut_off: bool = False  # the players agree the Sardinian army is out of supply


@dataclass(frozen=True)
class Recover(Action):
    kind: ClassVar[str] = "recover"
    unit: str = ""
    adjacent: bool = False


@dataclass(frozen=True)
class OccupyCity(Action):
    kind: ClassVar[str] = "occupy"
    city: str = ""
    side: str = ""
    supplied: bool = True


@dataclass(frozen=True)
class ExitMap(Action):
    kind: ClassVar[str] = "exit"
    unit: str = ""
    supplied: bool = True


@dataclass(frozen=True)
class EnterUnit(Action):
    """A counter typed at the table (its values read off the counter), with its steps and markers now."""

    kind: ClassVar[str] = "enter-unit"
    keys: ClassVar[dict[str, str]] = {"type": "unit_type"}  # "type" names the action in its record
    id: str = ""
    side: str = ""
    cf: int = 1
    formation: str = ""
    type: str = "infantry"
    cf_reduced: int = 0
    elite: int = 0
    reduced: bool = False
    oos: bool = False
    shaken: bool = False


@dataclass(frozen=True)
class Surprise(Action):
    """R-16: on the campaign's first turn the Austrian activates II Corps when he likes, without its chit."""

    kind: ClassVar[str] = "surprise"
    forced_march: bool = False


@dataclass(frozen=True)
class Reinforce(Action):
    """Units the turn track brings, placed on their entry hex (text: Reinforcements); or, with the
    variant, the 6th Division entering from Vercelli or Casale (turn 5 or later)."""

    kind: ClassVar[str] = "reinforce"
    units: tuple[str, ...] = ()
    sixth_division: bool = False


@dataclass(frozen=True)
class NovaraSetup(Action):
    """Fateful Novara's starting losses (R-36): the units the Sardinian player flips to their weaker side,
    and the units removed from play ("FORM units"); every Sardinian cavalry unit loses a step."""

    kind: ClassVar[str] = "novara-setup"
    flipped: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Hide(Action):
    """Fog of war, Hidden Forces Display: units put in a box (A-H) of their owner's display, a dummy with
    the box's letter standing for them on the map. Secret: only the owner may see it."""

    kind: ClassVar[str] = "hide"
    side: str = ""
    box: str = ""
    units: tuple[str, ...] = ()


@dataclass(frozen=True)
class MoveDummies(Action):
    """R-34: instead of activating the drawn chit, two dummies move five movement points (a pass)."""

    kind: ClassVar[str] = "move-dummies"


@dataclass(frozen=True)
class Reveal(Action):
    """A dummy two hexes or less from the enemy: its box's units come on the map (R-35)."""

    kind: ClassVar[str] = "reveal"
    side: str = ""
    box: str = ""


@dataclass(frozen=True)
class SetCommandFactor(Action):
    """A Higher Commander's Command Factor read off his chit, set or corrected during the game (it bounds
    his box from the next selection on; text: Higher Commanders)."""

    kind: ClassVar[str] = "command-factor"
    commander: str = ""
    factor: int = 0


@dataclass(frozen=True)
class EndTurn(Action):
    kind: ClassVar[str] = "end-turn"


@dataclass(frozen=True)
class Concede(Action):
    kind: ClassVar[str] = "concede"
    side: str = ""


ACTIONS: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        EnterUnit,
        Surprise,
        TurnFacts,
        Select,
        Draw,
        Activate,
        Pass,
        RollAttrition,
        Fight,
        Charge,
        Bombard,
        EnterResult,
        ApplyLosses,
        EndActivation,
        NightSupply,
        Recover,
        OccupyCity,
        ExitMap,
        EndTurn,
        Concede,
        Reinforce,
        NovaraSetup,
        Hide,
        MoveDummies,
        Reveal,
        SetCommandFactor,
    )
}


def action_from_dict(data: object) -> Action:
    """An action from its dict; DataError names the field at fault."""
    if not isinstance(data, dict) or data.get("type") not in ACTIONS:
        raise DataError("action", f"must be an object whose type is one of {', '.join(ACTIONS)}")
    cls = ACTIONS[data["type"]]
    values: dict[str, Any] = {}
    for f in fields(cls):
        key = cls.keys.get(f.name, f.name)
        if key in data:
            values[f.name] = _value(data[key], f.default, cls.shapes.get(f.name), f"action.{key}")
    unknown = set(data) - {cls.keys.get(f.name, f.name) for f in fields(cls)} - {"type"}
    if unknown:
        raise DataError(f"action.{sorted(unknown)[0]}", "is not a field of this action")
    return cls(**values)


def _value(value: object, default: object, shape: tuple[type, ...] | None, where: str) -> object:
    if isinstance(default, tuple):
        if not isinstance(value, list) or len(value) > 100:
            raise DataError(where, "must be a list")
        return tuple(_item(item, shape, where) for item in value)
    if type(value) is not type(default) or (isinstance(value, (int, str)) and len(str(value)) > 60):
        raise DataError(where, f"must be a {type(default).__name__}")
    return value


def _item(item: object, shape: tuple[type, ...] | None, where: str) -> object:
    if shape is None:
        if not isinstance(item, str) or len(item) > 60:
            raise DataError(where, "must be a list of names")
        return item
    if (
        not isinstance(item, list)
        or len(item) != len(shape)
        or any(type(v) is not t for v, t in zip(item, shape))
    ):
        names = ", ".join(t.__name__ for t in shape)
        raise DataError(where, f"each entry must be [{names}]")
    return tuple(item)
