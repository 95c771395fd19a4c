"""The player's profile folder: every file the game writes, written so that nothing is lost.

One folder per profile (by default the user's data folder,
``platformdirs.user_data_path("ThreeThirteen", appauthor=False)``; ``--profile
DIR`` puts it elsewhere) holds ``settings.json``, ``match.json`` and
``stats.json``, each a JSON object with an integer ``"format"``.

- Every write is atomic: a temporary file in the same folder, flushed and
  synced, then ``os.replace``. A crash or a power cut at any moment leaves the
  old file or the new one, never half of one.
- A file that cannot be used — not JSON, truncated, of a newer format, or JSON
  that is not ours — is moved aside in the same folder under a name that says
  why and when (``match.json.corrupt-20261201-081200``), and reported once.
- A folder that cannot be written (or a full disk) is reported once; the game plays on
  and what was saved before stays as it was.
- A file changed by another program since the game last read or wrote it is not
  overwritten: it is moved aside (``match.json.replaced-…``) and reported.
- :meth:`Profile.write_soon` hands the writing to a thread (a save after every move
  must not stall a frame); every other read or write of the profile waits for it first.

Reports are collected in :attr:`Profile.notices` for the window to show.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

from game.i18n import _
from game.json_format import FormatError, check_format
from game.write_behind import WriteBehind

APP_NAME = "ThreeThirteen"
T = TypeVar("T")


def default_folder() -> Path:
    """The per-user data folder of the game."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


class Profile:
    """Reads and writes the profile's JSON files; never raises for a bad file or a full disk."""

    def __init__(self, folder: Path | None = None, clock: Callable[[], float] = time.time) -> None:
        self.folder = folder if folder is not None else default_folder()
        self._clock = clock
        self.notices: list[str] = []
        """Messages for the player, oldest first; the window shows and clears them."""
        self._write_failed = False
        self._behind = WriteBehind(lambda name, data: self._write_text(name, _dumps(data)))
        self._stamps: dict[str, tuple[int, int, int]] = {}
        """Per file, how it stood when the game last read or wrote it."""

    def path(self, name: str) -> Path:
        return self.folder / name

    def read(self, name: str, current: int, parse: Callable[[dict[str, Any]], T]) -> T | None:
        """The file ``name`` read by ``parse``, or None if it is missing or unusable.

        ``parse`` gets the checked object and raises ``ValueError`` for content it
        refuses; such a file, like one that is not JSON or of a newer format than
        ``current``, is moved aside and reported.
        """
        self.flush()
        try:
            text = self.path(name).read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as error:
            self._set_aside(name, "corrupt", _("it cannot be read ({error})").format(error=error))
            return None
        self._stamp(name)
        try:
            return parse(check_format(json.loads(text), current))
        except FormatError as error:
            self._set_aside(name, error.reason, str(error))
        except json.JSONDecodeError as error:
            self._set_aside(
                name, "corrupt", _("it is not valid JSON ({error})").format(error=error)
            )
        except (ValueError, TypeError, KeyError) as error:
            self._set_aside(
                name, "foreign", _("its content is not valid ({error})").format(error=error)
            )
        return None

    def write(self, name: str, data: dict[str, Any]) -> bool:
        """Replace the file ``name`` with ``data`` atomically; False (reported once) if it fails."""
        self.flush()
        return self._write_text(name, _dumps(data))

    def write_soon(self, name: str, data: dict[str, Any]) -> None:
        """Replace the file ``name`` with ``data`` on the writing thread (as :meth:`write`);
        ``data`` (fresh from a ``to_json``) must not change afterwards."""
        self._behind.submit(name, data)

    def flush(self) -> None:
        """Wait until what :meth:`write_soon` was given is written."""
        self._behind.flush()

    def _write_text(self, name: str, text: str) -> bool:
        self._keep_if_replaced(name)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            _write_atomically(self.path(name), text)
            self._stamp(name)
        except OSError as error:
            if not self._write_failed:
                self._write_failed = True
                self.notices.append(
                    _(
                        "The game cannot save in {folder} ({error}): it plays on, but what "
                        "happens from now on is not kept."
                    ).format(folder=self.folder, error=error.strerror or error)
                )
            return False
        self._write_failed = False
        return True

    def remove(self, name: str) -> None:
        """Delete the file ``name`` if it is there."""
        self.flush()
        self._keep_if_replaced(name)
        self._stamps.pop(name, None)
        with contextlib.suppress(FileNotFoundError):
            self.path(name).unlink()

    def _stamp(self, name: str) -> None:
        """Remember how the file ``name`` stands now (as the game read or wrote it)."""
        found = _stamp_of(self.path(name))
        if found is None:
            self._stamps.pop(name, None)
        else:
            self._stamps[name] = found

    def _keep_if_replaced(self, name: str) -> None:
        """Move ``name`` aside if another program changed it since the game last used it."""
        known, now = self._stamps.get(name), _stamp_of(self.path(name))
        if known is None or now is None or now == known:
            return
        self._stamps.pop(name, None)
        aside = self._aside_name(name, "replaced")
        try:
            os.replace(self.path(name), aside)
        except OSError:
            return  # it stays; the write that follows replaces it as any write would
        notice = _(
            "{file} was changed by another program while the game ran; it was kept as {name}."
        )
        self.notices.append(notice.format(file=name, name=aside.name))

    def _aside_name(self, name: str, reason: str) -> Path:
        """A free name beside ``name`` saying why and when: ``match.json.corrupt-2026…``."""
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self._clock()))
        aside = self.path(f"{name}.{reason}-{stamp}")
        number = 1
        while aside.exists():
            number += 1
            aside = self.path(f"{name}.{reason}-{stamp}-{number}")
        return aside

    def _set_aside(self, name: str, reason: str, why: str) -> None:
        aside = self._aside_name(name, reason)
        try:
            os.replace(self.path(name), aside)
            kept = _("it was kept as {name}").format(name=aside.name)
        except OSError as error:
            kept = _("it could not be moved aside ({error})").format(error=error.strerror or error)
        notice = _("{file} could not be used: {why}; {kept}. Starting afresh.")
        self.notices.append(notice.format(file=name, why=why, kept=kept))


def _stamp_of(path: Path) -> tuple[int, int, int] | None:
    """What tells one version of a file from another: inode, size, modification time."""
    try:
        found = path.stat()
    except OSError:
        return None
    return (found.st_ino, found.st_size, found.st_mtime_ns)


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, sync it, then move it over ``path``."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows (POSIX); best effort."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
