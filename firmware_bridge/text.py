"""What a device says to a person, kept translatable: the one definition for firmware_bridge and hardware.

The devices speak English; a `Sentence` also keeps its template and values, so the app says it in
the table's language (`companion.i18n.translate` looks the template up in the catalog). It lives
here, the lowest layer, so that firmware_bridge imports nothing above it; `hardware.text`
re-exports it. This module imports nothing.
"""


class Sentence(str):
    """ "No die at /dev/ttyACM0: is it plugged in?" that remembers "No die at {port}: ..." and the port."""

    template: str
    values: dict[str, object]

    def __new__(cls, template: str, **values: object) -> "Sentence":
        made = super().__new__(cls, template.format(**values))
        made.template, made.values = template, values
        return made
