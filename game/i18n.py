"""The game's languages: gettext catalogues, the language in use, and switching it live.

Messages are marked with :func:`_` (and :func:`ngettext` where a number takes a
plural form) and looked up each time they are shown, so a change of language
(:func:`use`) shows at the next frame, without a restart. The compiled
catalogues live in the assets (``locale/<language>/LC_MESSAGES/three_thirteen.mo``),
found from a checkout, an installed wheel and the one-file executable alike.
English is the source language: it needs no catalogue.
"""

from __future__ import annotations

import gettext
import os
import struct
from collections.abc import Iterable, Mapping
from pathlib import Path

from game import resources

DOMAIN = "three_thirteen"
LANGUAGES = ("en", "fr", "nl", "it")
"""The languages the game speaks, English (the source) first."""
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "nl": "Nederlands", "it": "Italiano"}
"""Each language in its own words (shown as such in every language)."""
DECIMAL_MARKS = {"en": ".", "fr": ",", "nl": ",", "it": ","}
"""Each language's decimal mark (CLDR)."""
_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where POSIX systems say the user's language, in gettext's order."""

UNREADABLE = (OSError, ValueError, LookupError, struct.error)
"""What reading a catalogue raises when it is missing, truncated, garbled, a folder, or names
a charset or plural rule Python cannot use."""

_current: gettext.NullTranslations = gettext.NullTranslations()
_language = LANGUAGES[0]


def locale_folder() -> Path:
    """The folder holding the compiled catalogues."""
    return resources.asset_root() / "locale"


def catalogue_parts(language: str) -> tuple[str, ...]:
    """Where ``language``'s compiled catalogue is, under the asset root."""
    return ("locale", language, "LC_MESSAGES", f"{DOMAIN}.mo")


def catalogue(language: str, folder: Path | None = None) -> gettext.NullTranslations:
    """The translations of ``language``: none for English, nor for a catalogue that is missing
    or cannot be read (one of the shipped ones, looked for when ``folder`` is not given, is
    then reported as a missing piece).

    Raises ``ValueError`` for a language the game does not speak.
    """
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}: choose one of {', '.join(LANGUAGES)}")
    if language == LANGUAGES[0]:
        return gettext.NullTranslations()
    where = folder if folder is not None else locale_folder()
    try:
        return gettext.translation(DOMAIN, where, languages=[language])
    except UNREADABLE as error:
        if folder is None:
            resources.report_missing(
                resources.PieceKind.CATALOGUE, catalogue_parts(language), error
            )
        return gettext.NullTranslations()


def has_catalogue(language: str) -> bool:
    """True if ``language`` is English or its compiled catalogue is found among the assets."""
    return language == LANGUAGES[0] or isinstance(catalogue(language), gettext.GNUTranslations)


def use(language: str, folder: Path | None = None) -> None:
    """Speak ``language`` from now on, its words in English if its catalogue cannot be read
    (``ValueError`` for a language the game does not speak)."""
    global _current, _language
    _current, _language = catalogue(language, folder), language


def install(name: str, translations: gettext.NullTranslations) -> None:
    """Speak through ``translations``, called ``name`` (a test's pseudo-language, say)."""
    global _current, _language
    _current, _language = translations, name


def language() -> str:
    """The language in use."""
    return _language


def decimal(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals and the decimal mark of the language in use."""
    return f"{value:.{digits}f}".replace(".", DECIMAL_MARKS.get(_language, "."))


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _current.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it (it is kept as a constant
    and passed through :func:`_` where it is shown)."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for the catalogues without translating it (shown later
    through :func:`pgettext` with the same context)."""
    del context
    return message


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context`` (where one English word has two uses), in the
    language in use."""
    return _current.pgettext(context, message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` for ``count``, in the language in use."""
    return _current.ngettext(singular, plural, count)


def system_language(
    preferred: Iterable[str] = (), environment: Mapping[str, str] | None = None
) -> str:
    """The first language the game speaks among the system's preferred ones, else English.

    ``preferred`` are locale codes such as ``fr_BE`` or ``nl-NL`` (pygame-ce's
    ``system.get_pref_locales()``); then the POSIX environment is asked.
    """
    env = os.environ if environment is None else environment
    candidates = list(preferred)
    for name in _ENVIRONMENT:
        candidates += env.get(name, "").split(":")
    for code in candidates:
        short = code.replace("-", "_").split("_")[0].split(".")[0].lower()
        if short in LANGUAGES:
            return short
    return LANGUAGES[0]
