"""What a device says to a person, kept translatable.

The devices speak English; a `Sentence` also keeps its template and values, so the app says it in
the table's language (`companion.i18n.translate` looks the template up in the catalog). The rules
engine keeps the same small type (`companion.games.milano1848.errors.Sentence`): it may import only
the standard library, and hardware may know no game, so neither can import the other's.
"""

from __future__ import annotations


class Sentence(str):
    """"No die at /dev/ttyACM0: is it plugged in?" that remembers "No die at {port}: ..." and the port."""

    template: str
    values: dict[str, object]

    def __new__(cls, template: str, **values: object) -> Sentence:
        made = super().__new__(cls, template.format(**values))
        made.template, made.values = template, values
        return made
