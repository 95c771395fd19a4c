"""A pseudo-language for tests: every translated message comes back with accented letters.

Text drawn in it that still holds a plain ASCII letter was never passed through the
catalogues: a message the code forgot to mark (or a fragment glued to one).
"""

from __future__ import annotations

import gettext
import re

from game import i18n

NAME = "pseudo"
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "áƀçďéƒğĥíĵķĺɱñóþʠŕšţúṽŵẋýžÁƁÇĎÉƑĞĤÍĴĶĹṀÑÓÞɊŔŠŢÚṼŴẊÝŽ"
_TABLE = str.maketrans(_PLAIN, _ACCENTED)
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
CARD_INDEX = re.compile(
    r"(?<![A-Za-z])[A-Z](?=[♠♥♦♣])|\b[A-Z0-9]{1,2}(-[A-Z0-9]{1,2})+\b|(?<=[=+])[A-Z](?![A-Za-z])"
)
"""A card's index letter before its suit (``Q♥``), a run in card notation (``Q-K-A``), or
the rank a wild stands for in a set (``=J`` under it on the round summary): cards' names,
not messages."""


def pseudo(message: str) -> str:
    """``message`` with every letter accented, its ``{placeholders}`` kept."""
    parts = _PLACEHOLDER.split(message)
    return "".join(
        part if _PLACEHOLDER.fullmatch(part) else part.translate(_TABLE) for part in parts
    )


class PseudoTranslations(gettext.NullTranslations):
    """Translations into the pseudo-language."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


def use_pseudo() -> None:
    """Speak the pseudo-language (``i18n.use("en")`` goes back)."""
    i18n.install(NAME, PseudoTranslations())


def unmarked(drawn: str, allowed: tuple[str, ...] = ()) -> bool:
    """True if ``drawn`` holds a plain letter outside card indices and the ``allowed`` words."""
    rest = CARD_INDEX.sub("", drawn)
    for word in allowed:
        rest = rest.replace(word, "")
    return re.search(r"[A-Za-z]", rest) is not None
