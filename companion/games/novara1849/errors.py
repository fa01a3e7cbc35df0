"""The errors the engine raises (the shared vocabulary of every engine) and the one of its own:
a table the rulebook does not print and the players have not filled."""

from companion.games.vocabulary import DataError, IllegalActionError, Sentence, plural


class TableMissing(IllegalActionError):
    """A lookup needs a cell the players' tables do not hold: read it on the map and enter it."""

    def __init__(self, table: str, cell: str) -> None:
        super().__init__(
            Sentence(
                "Your {table} has no entry for {cell}: read it on the map's printed table and enter it, "
                "or fill tables.toml.",
                table=table,
                cell=cell,
            )
        )
        self.table = table
        self.cell = cell


ARMIES = {"austria": Sentence("Austria"), "sardinia": Sentence("Sardinia")}
CHITS = {  # the chits a sentence names otherwise than by their formation's id
    "austria-independent": Sentence("Austrian Independent chit"),
    "sardinia-independent": Sentence("Sardinian Independent chit"),
    "radetzky": "Radetzky",
    "chrzanowski": "Chrzanowski",
}


def army(side: str) -> str:
    """A side as a sentence names it: the army's country, in the table's language (a sentence of its
    own, so the screen translates it with the sentence around it)."""
    return ARMIES.get(side, side)


def chit_named(chit: str) -> str:
    """A chit as a sentence names it: a formation's id, a Higher Commander's name, an Independent chit
    in the table's language (not the record's id, "austria-independent")."""
    return CHITS.get(chit, chit)


__all__ = ["DataError", "IllegalActionError", "Sentence", "TableMissing", "army", "chit_named", "plural"]
