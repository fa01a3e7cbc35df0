"""The app's languages through gettext catalogs: English in the code, Italian in
companion/locale/it/LC_MESSAGES/companion.po (compiled to .mo by scripts/catalogs.py).

`_` is looked up at call time, so switching the language in settings changes the next frame.
The rules engine writes English; its sentences keep their template (errors.Sentence), which
`translate` looks up in the same catalog.
"""

from __future__ import annotations

import gettext
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "companion"
LANGUAGES = {"en": "English", "it": "Italiano"}

_catalog: gettext.NullTranslations = gettext.NullTranslations()
language = "en"


def use(code: str) -> None:
    """Switch every later `_` to this language ("en" or "it"); an unknown one falls back to English."""
    global _catalog, language
    language = code if code in LANGUAGES else "en"
    _catalog = (
        gettext.NullTranslations()
        if language == "en"
        else gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)
    )


def _(message: str) -> str:
    return _catalog.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _catalog.ngettext(singular, plural, count)


DECIMAL_MARK = {"en": ".", "it": ","}


def decimal(value: float, digits: int) -> str:
    """A number with `digits` decimals, written as the table's language writes it (2,07 in Italian)."""
    return f"{value:.{digits}f}".replace(".", DECIMAL_MARK[language])


def translate(text: object) -> str:
    """A sentence from the rules engine (errors.Sentence: its English template and values) in the
    table's language; any other text as it is. Values that are sentences are translated too."""
    template = getattr(text, "template", None)
    if not isinstance(template, str):
        return str(text)
    values = {
        key: translate(value) if isinstance(getattr(value, "template", None), str) else value
        for key, value in getattr(text, "values", {}).items()
    }
    return _catalog.gettext(template).format(**values)
