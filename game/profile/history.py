"""The match history: every ended match in one SQLite database, ``history.sqlite3``, in the
profile.

The standard library's :mod:`sqlite3`, in WAL mode with full syncing: each match is added
in one transaction, so a kill at any moment (SIGKILL, a power cut) leaves every match
added before it, whole, and none half-written. A row holds the match's rules, seed and
actions (enough to rebuild it exactly), who sat where, when it ended, and the figures a
list, a chart or the statistics read without replaying it; the review's figures for the
player's decisions are added when worked out. A match is added at most once: the token of
the file it waited in (:mod:`game.profile.waiting`) is kept with it.

- The schema has a version (``PRAGMA user_version``) and an upgrade step per version
  (:data:`STEPS`); the file says it is this game's (``PRAGMA application_id``).
- A database that cannot be opened as this game's history — not one, damaged, another
  program's, of a newer schema, of a version that makes no sense, a companion file that
  is not a file — is moved aside (``history.sqlite3.corrupt-20261203-081200``, its
  ``-wal`` and ``-shm`` with it) and reported, as the profile's JSON files are; the game
  starts a new history.
- A database that is only busy (another program holds it) is not given up: a write raises
  :class:`HistoryBusy` for its caller to try again (:mod:`game.profile.history_writer`), a
  read gives nothing this time. One that cannot be written (a full disk, a read-only
  folder) is reported once; the game plays on.
- A row that does not pass a save's checks (:mod:`game.profile.history_rows`) is reported
  once and skipped; it never hides the other rows.
- Autoplay matches are kept too, marked (seat 0 has a policy); lists, charts and the
  statistics leave them out unless asked (:class:`~game.profile.kept_match.Filters`).

Only the thread that opened a :class:`History` uses it; the window reads on its own, and
writes on the history's writing thread.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from game.files import shown
from game.i18n import _
from game.profile.folder import HISTORY_FILE, Profile
from game.profile.history_rows import (
    SUMMARY_COLUMNS,
    SUMMARY_WIDTH,
    RowError,
    rebuilt,
    row_of,
    summary_of,
)
from game.profile.kept_match import Filters, KeptMatch, MatchSummary, Page, ReviewFigures
from game.profile.player_stats import Stats

FILE = HISTORY_FILE
APPLICATION_ID = 0x33_31_33_54
"""What ``PRAGMA application_id`` holds in this game's history ("3 13 T")."""
COMPANIONS = ("-wal", "-shm")
"""The files SQLite keeps beside the database in WAL mode: they move aside with it."""
READING_WAIT = 0.1
"""Seconds a read waits for a database another program holds (the frame loop reads)."""
WRITING_WAIT = 5.0
"""Seconds a write waits for it before :class:`HistoryBusy` (the writing thread writes)."""

STEPS: tuple[str, ...] = (
    # 0 → 1: the matches, and where the statistics start counting.
    """
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        ended TEXT NOT NULL,
        players INTEGER NOT NULL,
        level TEXT NOT NULL,
        autoplay INTEGER NOT NULL,
        abandoned INTEGER NOT NULL,
        names TEXT NOT NULL,
        policies TEXT NOT NULL,
        rules TEXT NOT NULL,
        seed TEXT NOT NULL,
        actions BLOB NOT NULL,
        totals TEXT NOT NULL,
        winners TEXT NOT NULL,
        round_scores TEXT NOT NULL,
        hand_sizes TEXT NOT NULL,
        goers TEXT NOT NULL
    );
    CREATE INDEX matches_by_autoplay ON matches (autoplay, id);
    CREATE INDEX matches_by_level ON matches (autoplay, level, id);
    CREATE INDEX matches_by_players ON matches (autoplay, players, id);
    CREATE INDEX matches_by_both ON matches (autoplay, level, players, id);
    CREATE TABLE counting (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
    """,
    # 1 → 2: the review's figures of the player's decisions, added once worked out.
    """
    CREATE TABLE reviews (
        match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
        decisions INTEGER NOT NULL,
        loss REAL NOT NULL
    );
    """,
    # 2 → 3: the token of the waiting file a match came from, so it is never added twice;
    # the matches in the order they ended, for the charts' latest ones.
    """
    ALTER TABLE matches ADD COLUMN token TEXT;
    CREATE UNIQUE INDEX matches_by_token ON matches (token);
    CREATE INDEX matches_by_ended ON matches (autoplay, ended, id);
    """,
)
"""Step ``n`` brings a database of schema ``n`` to ``n + 1`` (0: a new, empty file)."""
SCHEMA = len(STEPS)
"""The schema this code reads and writes."""

_FROM = "matches LEFT JOIN reviews ON reviews.match_id = matches.id"
_BUSY = frozenset({5, 6})
"""SQLite's primary result codes for a database another connection holds (BUSY, LOCKED)."""
_UNWRITABLE = frozenset({3, 7, 13})
"""… for one that cannot be written now (PERM, NOMEM, FULL)."""
_READ_ONLY = 8
"""… READONLY: where the folder and the file may be written, a companion file is wrong."""
_DAMAGE = frozenset({11, 26})
"""… for a file that is damaged or not a database (CORRUPT, NOTADB)."""
T = TypeVar("T")


class HistoryError(Exception):
    """Why a database cannot be used: ``reason`` names it in the aside's name."""

    def __init__(self, reason: str, why: str) -> None:
        super().__init__(why)
        self.reason = reason


class HistoryBusy(Exception):
    """Another program holds the database: the write can be tried again later."""


class History:
    """The profile's history of ended matches; never raises for a bad file, a bad row or a
    full disk (a write may raise :class:`HistoryBusy`)."""

    def __init__(self, profile: Profile, wait: float = READING_WAIT, check: bool = True) -> None:
        self.profile = profile
        self.wait = wait
        """Seconds a statement waits for a database another program holds."""
        self.check = check
        """Check the whole file (``PRAGMA quick_check``: 50 ms at 50,000 matches) as it
        opens; the window's readers leave that to the writing thread, at each start."""
        self._connection: sqlite3.Connection | None = None
        self._opened: tuple[int, int] | None = None
        """The device and inode of the file the connection opened."""
        self._write_failed = False
        self._unreadable: set[int] = set()
        """The rows already reported as unreadable (each is said once)."""

    # --- opening ------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        """The connection, opened (and the database made, upgraded or set aside) at first
        use, and again if the file was moved or replaced since."""
        if self._connection is not None and self._opened != _identity(self._path):
            self.close()
        if self._connection is None:
            try:
                self._connection = self._connect()
            except HistoryError as error:
                self._set_aside(error.reason, str(error))
                self._connection = self._connect()
            self._opened = _identity(self._path)
        return self._connection

    @property
    def _path(self) -> str:
        return str(self.profile.path(FILE))

    def _connect(self) -> sqlite3.Connection:
        """Open the file, check it is this game's history of a schema this code knows, and
        bring it to :data:`SCHEMA`: :class:`HistoryError` if it cannot be used,
        :class:`HistoryBusy` if another program holds it, ``sqlite3.Error`` or ``OSError``
        if it cannot be written now."""
        path = self.profile.path(FILE)
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise HistoryError("foreign", _("it is not a regular file"))
        self.profile.folder.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(path, timeout=self.wait, isolation_level=None)
        try:
            _prepare(connection, self.check)
        except BaseException as error:
            connection.close()
            if isinstance(error, sqlite3.Error):
                kind = _kind(error, opening=True, writable=self._writable())
                if kind == "busy":
                    raise HistoryBusy(str(error)) from None
                if kind == "damage":
                    why = _("it cannot be opened ({error})").format(error=error)
                    raise HistoryError("corrupt", why) from None
            raise
        return connection

    def _writable(self) -> bool:
        """True if the folder, and the file if there, may be written by this process."""
        path = self.profile.path(FILE)
        return os.access(self.profile.folder, os.W_OK) and (
            not path.exists() or os.access(path, os.W_OK)
        )

    def _set_aside(self, reason: str, why: str) -> None:
        self.close()
        self.profile.set_aside(FILE, reason, why, COMPANIONS)

    def close(self) -> None:
        """Close the database (it opens again when next used)."""
        if self._connection is not None:
            with contextlib.suppress(sqlite3.Error):
                self._connection.close()
            self._connection = None

    def _use(self, work: Callable[[sqlite3.Connection], T], otherwise: T, write: bool = False) -> T:
        """``work`` done on the database. A damaged database found on the way is set aside
        (a write is then done once more, on a new one; a read gives ``otherwise``); a failure
        to write is reported once; a busy one raises
        :class:`HistoryBusy` for a ``write`` and gives ``otherwise`` for a read. Only a
        ``write`` makes the file: reading a history that is not there gives ``otherwise``."""
        if not write and not os.path.lexists(self._path):
            self.close()
            return otherwise
        for attempt in range(2):  # a write found a damaged file: once more, on a new one
            try:
                return work(self._open())
            except HistoryBusy:
                if write:
                    raise
            except sqlite3.Error as error:
                kind = _kind(error, opening=False, writable=self._writable())
                if kind == "busy" and write:
                    raise HistoryBusy(str(error)) from None
                if kind == "damage":
                    self._set_aside("corrupt", _("it is damaged ({error})").format(error=error))
                    if write and not attempt:
                        continue
                elif kind != "busy":
                    self._cannot_write(error)
            except (OSError, HistoryError) as error:
                self._cannot_write(error)
            return otherwise
        return otherwise

    def _cannot_write(self, error: Exception) -> None:
        if self._write_failed:
            return
        self._write_failed = True
        message = _(
            "The game cannot keep its history in {folder} ({error}): it plays on, and the "
            "matches that end now wait in the folder until it can."
        )
        self.profile.notices.append(
            message.format(folder=shown(self.profile.folder), error=shown(error))
        )

    # --- writing ------------------------------------------------------------------

    def add(self, kept: KeptMatch, token: str | None = None) -> int:
        """Keep ``kept`` in one transaction; its number in the history (0 if it could not
        be kept: reported). A match already added with the same ``token`` is not added
        again: its number is returned. :class:`HistoryBusy` if another program holds the
        database past :attr:`wait`."""
        row = row_of(kept, token)

        def insert(connection: sqlite3.Connection) -> int:
            with _transaction(connection):
                if token is not None:
                    found = connection.execute(
                        "SELECT id FROM matches WHERE token = ?", (token,)
                    ).fetchone()
                    if found is not None:
                        return int(found[0])
                cursor = connection.execute(
                    f"INSERT INTO matches ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                    tuple(row.values()),
                )
                number = cursor.lastrowid or 0
                review = kept.summary.review
                if review is not None:
                    _insert_review(connection, number, review)
            return number

        return self._use(insert, 0, write=True)

    def open_checked(self) -> None:
        """Open the history, if there is one, as :meth:`add` would: upgraded, checked whole
        (if :attr:`check`), set aside if damaged."""
        self._use(lambda _connection: None, None)

    def set_review(self, number: int, review: ReviewFigures) -> None:
        """Keep the review's figures of match ``number`` (replacing any)."""

        def store(connection: sqlite3.Connection) -> None:
            with _transaction(connection):
                _insert_review(connection, number, review)

        self._use(store, None, write=True)

    def start_counting(self) -> None:
        """The statistics were reset: from now on they count only matches added after this."""

        def mark(connection: sqlite3.Connection) -> None:
            with _transaction(connection):
                last = connection.execute("SELECT COALESCE(MAX(id), 0) FROM matches").fetchone()
                connection.execute(
                    "INSERT OR REPLACE INTO counting (key, value) VALUES ('stats_from', ?)",
                    (last[0],),
                )

        self._use(mark, None, write=True)

    # --- reading ------------------------------------------------------------------

    def _summaries(self, rows: Iterable[tuple[Any, ...]]) -> Iterator[MatchSummary]:
        """The rows that read back; each one that does not is reported (once) and skipped."""
        for row in rows:
            try:
                yield summary_of(row[:SUMMARY_WIDTH])
            except RowError as error:
                self._unreadable_row(row[0], error)

    def _unreadable_row(self, number: object, error: RowError) -> None:
        key = number if type(number) is int else -1
        if key in self._unreadable:
            return
        self._unreadable.add(key)
        self.profile.notices.append(
            _("Match {number} of the history cannot be read ({error}); it is left out.").format(
                number=shown(number, 24), error=shown(error)
            )
        )

    def page(self, filters: Filters, offset: int, limit: int) -> Page:
        """The matches ``offset`` to ``offset + limit`` of those ``filters`` let through,
        newest first, and how many they let through in all; an offset past the end gives
        the last page (``limit`` ≥ 1). A row that cannot be read is left out of its page."""
        where, values = _where(filters)

        def read(connection: sqlite3.Connection) -> Page:
            total = connection.execute(f"SELECT COUNT(*) FROM matches {where}", values)
            count = int(total.fetchone()[0])
            start = max(0, min(offset, (count - 1) // limit * limit if count else 0))
            rows = connection.execute(
                f"SELECT {SUMMARY_COLUMNS} FROM {_FROM} {where} ORDER BY matches.id DESC "
                "LIMIT ? OFFSET ?",
                (*values, limit, start),
            ).fetchall()
            return Page(tuple(self._summaries(rows)), start, count, len(rows))

        return self._use(read, Page((), 0, 0))

    def summaries(self, filters: Filters, limit: int | None = None) -> list[MatchSummary]:
        """The matches ``filters`` let through, newest first (the ``limit`` newest)."""
        where, values = _where(filters)

        def read(connection: sqlite3.Connection) -> list[MatchSummary]:
            rows = connection.execute(
                f"SELECT {SUMMARY_COLUMNS} FROM {_FROM} {where} ORDER BY matches.id DESC LIMIT ?",
                (*values, -1 if limit is None else limit),
            )
            return list(self._summaries(rows))

        return self._use(read, [])

    def kept(self, number: int) -> KeptMatch | None:
        """Match ``number`` rebuilt from its actions (each checked), or ``None`` if there is
        no such match; one that does not rebuild is reported and left out."""

        def read(connection: sqlite3.Connection) -> KeptMatch | None:
            row = connection.execute(
                f"SELECT {SUMMARY_COLUMNS}, rules, seed, actions FROM {_FROM} WHERE matches.id = ?",
                (number,),
            ).fetchone()
            if row is None:
                return None
            try:
                summary = summary_of(row[:SUMMARY_WIDTH])
                match = rebuilt(*row[SUMMARY_WIDTH:])
                if match.players != summary.players:
                    raise RowError("its rules seat another number of players")
            except RowError as error:
                self.profile.notices.append(
                    _("Match {number} of the history cannot be replayed: {error}").format(
                        number=number, error=shown(error)
                    )
                )
                return None
            return KeptMatch(match, summary)

        return self._use(read, None)

    def unreviewed(self, limit: int) -> list[int]:
        """The numbers of the player's matches whose review is not kept yet, newest first."""

        def read(connection: sqlite3.Connection) -> list[int]:
            rows = connection.execute(
                "SELECT id FROM matches WHERE autoplay = 0 AND id NOT IN "
                "(SELECT match_id FROM reviews) ORDER BY id DESC LIMIT ?",
                (limit,),
            )
            return [int(found) for (found,) in rows]

        return self._use(read, [])

    def stats(self) -> Stats:
        """The player's statistics counted afresh from the history: every match of theirs
        (autoplay left out) since the statistics were last reset, oldest first (the tokens
        of the latest remembered, so that a match waiting to be filed is not counted twice)."""

        def count(connection: sqlite3.Connection) -> Stats:
            start = connection.execute(
                "SELECT COALESCE((SELECT value FROM counting WHERE key = 'stats_from'), 0)"
            ).fetchone()[0]
            rows = list(
                connection.execute(
                    f"SELECT {SUMMARY_COLUMNS}, token FROM {_FROM} "
                    "WHERE autoplay = 0 AND matches.id > ? ORDER BY matches.id",
                    (start,),
                )
            )
            tokens = {row[0]: row[SUMMARY_WIDTH] for row in rows}
            stats = Stats()
            for summary in self._summaries(rows):
                token = tokens[summary.id]
                stats = stats.record(summary.result(), token if isinstance(token, str) else None)
            return stats

        return self._use(count, Stats())

    def chart_figures(
        self,
        filters: Filters,
        read: Callable[[sqlite3.Connection, str, tuple[object, ...]], T],
        otherwise: T,
    ) -> T:
        """``read``'s figures (:mod:`game.profile.history_figures`) of the matches ``filters``
        let through, ``read`` given the ``WHERE`` clause that picks them and its values."""
        where, values = _where(filters)
        return self._use(lambda connection: read(connection, where, values), otherwise)


# --- the database's form ----------------------------------------------------------


def _prepare(connection: sqlite3.Connection, check: bool) -> None:
    """Check that ``connection`` holds this game's history (or nothing yet), bring its
    schema to :data:`SCHEMA`, set WAL mode and full syncing, and (``check``) check the
    whole file."""
    version = _schema(connection)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute("PRAGMA foreign_keys = ON")
    if version < SCHEMA:
        with _transaction(connection):
            version = _schema(connection)  # again: another connection may have upgraded it
            for step in STEPS[version:]:
                for statement in step.split(";"):
                    if statement.strip():
                        connection.execute(statement)
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            connection.execute(f"PRAGMA user_version = {SCHEMA}")
    if check:
        problem = connection.execute("PRAGMA quick_check(1)").fetchone()[0]
        if problem != "ok":
            raise HistoryError("corrupt", _("it is damaged ({error})").format(error=problem))


def _schema(connection: sqlite3.Connection) -> int:
    """The schema of the history ``connection`` holds (0: nothing yet); :class:`HistoryError`
    if it is not this game's history, or of a schema this code cannot read."""
    application = connection.execute("PRAGMA application_id").fetchone()[0]
    version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    tables = connection.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
    if application != APPLICATION_ID and (application or tables or version):
        raise HistoryError("foreign", _("it is another program's database"))
    if version > SCHEMA:
        raise HistoryError(
            "newer",
            _(
                "it comes from a newer version of the game (schema {found}, this reads {known})"
            ).format(found=version, known=SCHEMA),
        )
    if version < 0 or (version == 0 and tables):
        raise HistoryError("corrupt", _("its schema {found} makes no sense").format(found=version))
    return version


@contextlib.contextmanager
def _transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """One transaction: committed whole at the end of the block, or rolled back."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def _kind(error: sqlite3.Error, opening: bool, writable: bool) -> str:
    """What an SQLite error says: ``"busy"`` (another connection holds the database),
    ``"unwritable"`` (it cannot be written now: a full disk, a read-only folder or file),
    ``"damage"`` (the file cannot be used as a history: set it aside) or ``"fault"``.

    Where the folder or the file may not be written, nothing is the file's fault. Where
    they may, anything but a lock is while ``opening``; once open, a damaged file, missing
    tables, or "read-only" (SQLite's word for a folder where its ``-shm`` file goes) are.
    """
    code = (getattr(error, "sqlite_errorcode", None) or 0) & 0xFF
    words = str(error)
    if code in _BUSY or "locked" in words:
        return "busy"
    if not writable:
        return "unwritable"
    if code == _READ_ONLY or opening or code in _DAMAGE:
        return "damage"
    if code in _UNWRITABLE:
        return "unwritable"
    if any(part in words for part in ("malformed", "no such table", "no such column")):
        return "damage"
    return "fault"


def _identity(path: str) -> tuple[int, int] | None:
    """The device and inode of the file at ``path`` (``None``: nothing there)."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_dev, found.st_ino)


def _where(filters: Filters) -> tuple[str, tuple[object, ...]]:
    """The ``WHERE`` clause of the matches ``filters`` let through, and its values."""
    clauses: list[str] = [] if filters.autoplay else ["autoplay = 0"]
    values: list[object] = []
    if filters.level is not None:
        clauses.append("level = ?")
        values.append(filters.level)
    if filters.players is not None:
        clauses.append("players = ?")
        values.append(filters.players)
    return ("WHERE " + " AND ".join(clauses) if clauses else ""), tuple(values)


def _insert_review(connection: sqlite3.Connection, number: int, review: ReviewFigures) -> None:
    connection.execute(
        "INSERT OR REPLACE INTO reviews (match_id, decisions, loss) VALUES (?, ?, ?)",
        (number, review.decisions, review.loss),
    )
