"""The app's languages through gettext catalogs: English in the code, Italian in
companion/locale/it/LC_MESSAGES/companion.po (compiled to .mo by scripts/catalogs.py).

`_` is looked up at call time, so switching the language in settings changes the next frame.
Texts the rules engine writes (a refusal's reason) stay in English for now.
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
    _catalog = (gettext.NullTranslations() if language == "en"
                else gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True))


def _(message: str) -> str:
    return _catalog.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _catalog.ngettext(singular, plural, count)
