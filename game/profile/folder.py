"""The player's profile folder: every file the game writes, written so that nothing is lost.

One folder per profile (by default the user's data folder,
``platformdirs.user_data_path("ThreeThirteen", appauthor=False)``; ``--profile
DIR`` puts it elsewhere) holds ``settings.json``, ``match.json`` and
``stats.json``, each a JSON object with an integer ``"format"``.

- Every write is atomic: a temporary file in the same folder, flushed and
  synced, then ``os.replace``. A crash or a power cut at any moment leaves the
  old file or the new one, never half of one.
- A file that cannot be used — not JSON, truncated, of a newer format, JSON
  that is not ours, content a later screen could not show, not a regular file
  (a FIFO, a link to a device), too large, or one the game may not read — is moved
  aside in the same folder under a name that says why and when
  (``match.json.corrupt-20261201-081200``), and reported once. Reading never
  blocks and never reads more than :data:`~game.files.MOST_BYTES`.
- A folder that cannot be written (or a full disk) is reported once; the game plays on
  and what was saved before stays as it was.
- A file changed by another program since the game last read or wrote it is not
  overwritten: it is moved aside (``match.json.replaced-…``) and reported.
- :meth:`Profile.write_soon` hands the writing to a thread (a save after every move
  must not stall a frame); every other read or write of the profile waits for it first.
  Any failure to write, whatever raised it, is reported as a full disk is.
- Temporary files that a killed write left behind go at the next start
  (:meth:`Profile.sweep`).

Reports are collected in :attr:`Profile.notices` for the window to show, each one line
with every name and error in it cut short and made printable (:func:`~game.files.shown`).
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

from game.files import UnreadableFile, read_text_file, shown
from game.i18n import _
from game.profile.json_format import NO_UPGRADES, FormatError, Upgrades, upgraded
from game.profile.write_behind import WriteBehind

APP_NAME = "ThreeThirteen"
HISTORY_FILE = "history.sqlite3"
"""The history's database (:mod:`game.profile.history`), named here so that a start can
tell whether there is one without loading SQLite."""
SAVED_MATCH_FILE = "match.json"
"""The match in progress (:mod:`game.profile.saved_match`), named here so that a start
can tell whether there is one without loading the engine."""
TEMPORARY_SUFFIX = ".tmp"
"""How the temporary file of a write in progress ends (it starts with a dot and the name)."""
LEFTOVER_SECONDS = 60.0
"""How old a temporary file must be before it is taken for one a cut-short write left."""
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
        self._behind = WriteBehind(self._write_document)
        self._stamps: dict[str, tuple[int, int, int]] = {}
        """Per file, how it stood when the game last read or wrote it."""

    def sweep(self) -> None:
        """Remove the temporary files that a write cut short (a kill, a power cut) left
        behind (``.match.json.….tmp``: only the game's own, should ``--profile`` name a folder
        other programs use too); one younger than :data:`LEFTOVER_SECONDS` may be another
        game's, writing now."""
        try:
            leftovers = list(self.folder.glob(f".*.json.*{TEMPORARY_SUFFIX}"))
        except OSError:
            return
        for leftover in leftovers:
            with contextlib.suppress(OSError):
                if self._clock() - leftover.lstat().st_mtime > LEFTOVER_SECONDS:
                    leftover.unlink()

    def path(self, name: str) -> Path:
        return self.folder / name

    def has(self, name: str) -> bool:
        """True if the file ``name`` is there, once the writes under way are done (what
        :meth:`read` would read, without reading it)."""
        self.flush()
        return self.path(name).exists()

    def read(
        self,
        name: str,
        current: int,
        parse: Callable[[dict[str, Any]], T],
        upgrades: Upgrades = NO_UPGRADES,
    ) -> T | None:
        """The file ``name`` read by ``parse``, or None if it is missing or unusable.

        ``parse`` gets the checked object, brought from its format to ``current`` by
        ``upgrades`` (:func:`~game.engine.formats.upgraded`; the file itself stays as it
        is until the next write), and raises for content it refuses (any
        exception: a reader that cannot make sense of hostile content refuses it);
        such a file, like one that is not JSON, of a newer format than ``current``,
        not a regular file or larger than :data:`MOST_BYTES`, is moved aside and reported.
        """
        self.flush()
        try:
            text = read_text_file(self.path(name))
        except FileNotFoundError:
            return None
        except UnreadableFile as error:
            self.set_aside(name, error.reason, str(error))
            return None
        self._stamp(name)
        try:
            found = json.loads(text)
        except (ValueError, RecursionError, MemoryError) as error:
            self.set_aside(name, "corrupt", _("it is not valid JSON ({error})").format(error=error))
            return None
        try:
            return parse(upgraded(found, current, upgrades))
        except FormatError as error:
            self.set_aside(name, error.reason, str(error))
        except Exception as error:
            why = _("its content is not valid ({error})").format(error=shown(error))
            self.set_aside(name, "foreign", why)
        return None

    def write(self, name: str, data: dict[str, Any]) -> bool:
        """Replace the file ``name`` with ``data`` atomically; False (reported once) if it fails."""
        self.flush()
        return self._write_document(name, data)

    def write_soon(self, name: str, data: dict[str, Any]) -> None:
        """Replace the file ``name`` with ``data`` on the writing thread (as :meth:`write`);
        ``data`` (fresh from a ``to_json``) must not change afterwards."""
        self._behind.submit(name, data)

    def flush(self) -> None:
        """Wait until what :meth:`write_soon` was given is written."""
        self._behind.flush()

    def _write_document(self, name: str, data: dict[str, Any]) -> bool:
        self._keep_if_replaced(name)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path(name), _dumps(data))
            self._stamp(name)
        except Exception as error:  # a full disk, a folder gone, a name the system refuses
            self._cannot_change(error)
            return False
        self._write_failed = False
        return True

    def _notify(self, message: str, **values: object) -> None:
        """Tell the player ``message`` with ``values`` filled in, each made fit to show."""
        self.notices.append(message.format(**{key: shown(value) for key, value in values.items()}))

    def remove(self, name: str) -> bool:
        """Delete the file ``name`` if it is there; False (reported once) if it cannot be."""
        self.flush()
        self._keep_if_replaced(name)
        self._stamps.pop(name, None)
        try:
            self.path(name).unlink()
        except FileNotFoundError:
            pass
        except OSError as error:  # a read-only folder, a file the system holds
            self._cannot_change(error)
            return False
        return True

    def rename(self, name: str, new_name: str) -> bool:
        """Move the file ``name`` to ``new_name`` in one step (durably, where the system
        allows); False (reported once) if it cannot be."""
        self.flush()
        self._stamps.pop(name, None)
        try:
            os.replace(self.path(name), self.path(new_name))
        except OSError as error:
            self._cannot_change(error)
            return False
        _sync_folder(self.folder)
        self._stamp(new_name)
        return True

    def names(self, wanted: Callable[[str], bool]) -> list[str]:
        """The names of the files in the folder that ``wanted`` takes, sorted."""
        try:
            found = [entry.name for entry in os.scandir(self.folder)]
        except OSError:
            return []
        return sorted(name for name in found if wanted(name))

    def _cannot_change(self, error: Exception) -> None:
        """A file could not be written, removed or renamed: reported once."""
        if not self._write_failed:
            self._write_failed = True
            why = error.strerror if isinstance(error, OSError) and error.strerror else error
            self._notify(
                _(
                    "The game cannot save in {folder} ({error}): it plays on, but what "
                    "happens from now on is not kept."
                ),
                folder=self.folder,
                error=why,
            )

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
        self._notify(notice, file=name, name=aside.name)

    def _aside_name(self, name: str, reason: str) -> Path:
        """A free name beside ``name`` saying why and when: ``match.json.corrupt-2026…``."""
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self._clock()))
        aside = self.path(f"{name}.{reason}-{stamp}")
        number = 1
        while aside.exists():
            number += 1
            aside = self.path(f"{name}.{reason}-{stamp}-{number}")
        return aside

    def set_aside(self, name: str, reason: str, why: str, companions: tuple[str, ...] = ()) -> None:
        """Move the file ``name`` aside (its new name says ``reason`` and when) and tell the
        player ``why`` it could not be used. Each of ``companions`` (suffixes: a database's
        ``-wal`` and ``-shm``) that is there moves with it, under the same new name."""
        self.flush()
        self._stamps.pop(name, None)
        aside = self._aside_name(name, reason)
        try:
            os.replace(self.path(name), aside)
            kept = _("it was kept as {name}").format(name=shown(aside.name))
        except OSError as error:
            kept = _("it could not be moved aside ({error})").format(error=error.strerror or error)
        for suffix in companions:
            with contextlib.suppress(OSError):
                os.replace(self.path(name + suffix), aside.with_name(aside.name + suffix))
        notice = _("{file} could not be used: {why}; {kept}. Starting afresh.")
        self._notify(notice, file=name, why=why, kept=kept)


def _stamp_of(path: Path) -> tuple[int, int, int] | None:
    """What tells one version of a file from another: inode, size, modification time."""
    try:
        found = path.stat()
    except OSError:
        return None
    return (found.st_ino, found.st_size, found.st_mtime_ns)


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, sync it, then move it over ``path``."""
    handle, temporary = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.name}.", suffix=TEMPORARY_SUFFIX
    )
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
