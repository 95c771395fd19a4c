"""Reading a file that someone else may have put there: only a regular file, never too much.

A profile folder or a file named on the command line can hold anything: a FIFO
(reading it blocks forever), a link to ``/dev/zero`` (reading it never ends), a
file of gigabytes, bytes that are not UTF-8. :func:`read_text_file` reads none of
those: it opens without blocking, looks at what it opened, and reads at most
:data:`MOST_BYTES`.
"""

from __future__ import annotations

import os
import stat
import unicodedata
from pathlib import Path

from game.i18n import _

MOST_BYTES = 4 * 1024 * 1024
"""The largest file the game reads (a saved match of 13-card rounds is about 40 KB)."""
_SHOWN_CHARACTERS = 120
"""How much of an error's or a value's words a message to the player echoes."""


class UnreadableFile(OSError):
    """A file that is there but cannot be used as text; says why in the player's words."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        """``unreadable``, ``corrupt`` or ``foreign``: the word a set-aside file's name carries."""

    def __str__(self) -> str:
        return str(self.args[0])


def read_text_file(path: Path, most: int = MOST_BYTES) -> str:
    """The UTF-8 text of the regular file ``path``.

    Raises ``FileNotFoundError`` if nothing is there, and :class:`UnreadableFile`
    if it may not be read, is not a regular file (a folder, a FIFO, a device),
    holds more than ``most`` bytes or is not UTF-8.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise UnreadableFile("unreadable", _cannot_read(error)) from None
    try:
        regular = stat.S_ISREG(os.fstat(descriptor).st_mode)
        data = _read_at_most(descriptor, most + 1) if regular else b""
    except OSError as error:
        raise UnreadableFile("unreadable", _cannot_read(error)) from None
    finally:
        os.close(descriptor)
    if not regular:
        raise UnreadableFile("foreign", _("it is not a regular file"))
    if len(data) > most:
        limit = _("it is larger than {megabytes} MB").format(megabytes=most // (1024 * 1024))
        raise UnreadableFile("foreign", limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        message = _("it is not UTF-8 text ({error})").format(error=error)
        raise UnreadableFile("corrupt", message) from None


def _read_at_most(descriptor: int, most: int) -> bytes:
    """Up to ``most`` bytes from the start of the open file ``descriptor``."""
    chunks: list[bytes] = []
    left = most
    while left > 0:
        chunk = os.read(descriptor, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _cannot_read(error: OSError) -> str:
    return _("it cannot be read ({error})").format(error=error.strerror or error)


def shown(value: object, most: int = _SHOWN_CHARACTERS) -> str:
    """``value`` as words fit for a message, on one line: its line breaks made spaces, what
    else cannot be drawn or saved (a control character, a lone surrogate from an odd file
    name) replaced by U+FFFD, and cut to ``most`` characters.

    >>> shown("a" * 200, 10)
    'aaaaaaaaa…'
    >>> shown("caf\\udce9\\x00!")
    'caf\ufffd\ufffd!'
    >>> shown("*** in database main ***\\nPage 3: bad\\r\\n")
    '*** in database main *** Page 3: bad'
    """
    text = printable(" ".join(str(value).splitlines()))
    return text if len(text) <= most else text[: most - 1] + "…"


def printable(text: str) -> str:
    """``text`` with each control character and lone surrogate replaced by U+FFFD."""
    return "".join(character if is_printable(character) else "\ufffd" for character in text)


def is_printable(character: str) -> bool:
    """True unless ``character`` is a control character or a lone surrogate (which no font
    draws and UTF-8 cannot encode)."""
    return unicodedata.category(character) not in ("Cc", "Cs")
