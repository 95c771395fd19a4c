"""The match history: every ended match in one SQLite database, ``history.sqlite3``, in the
profile.

The standard library's :mod:`sqlite3`, in WAL mode with full syncing: each match is added
in one transaction, so a kill at any moment (SIGKILL, a power cut) leaves every match
added before it, whole, and none half-written. A row holds the match's rules, seed and
actions (enough to rebuild it exactly), who sat where, when it ended, and the figures a
list, a chart or the statistics read without replaying it; the review's figures for the
player's decisions are added when worked out.

- The schema has a version (``PRAGMA user_version``) and an upgrade step per version
  (:data:`STEPS`); the file says it is this game's (``PRAGMA application_id``).
- A database that is not one, is damaged, is another program's, or is of a newer schema is
  moved aside (``history.sqlite3.corrupt-20261203-081200``, its ``-wal`` and ``-shm`` with
  it) and reported, as the profile's JSON files are; the game starts a new history.
- A database that cannot be written (a full disk, a read-only folder) is reported once;
  the game plays on.
- Autoplay matches are kept too, marked (seat 0 has a policy); lists, charts and the
  statistics leave them out unless asked (:class:`~game.profile.kept_match.Filters`).

Only the thread that opened a :class:`History` uses it.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import zlib
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any, TypeVar

from game.engine.actions import action_from_json, action_to_json
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.files import shown
from game.i18n import _
from game.profile.folder import Profile
from game.profile.kept_match import Filters, KeptMatch, MatchSummary, Page, ReviewFigures
from game.profile.player_stats import Stats

FILE = "history.sqlite3"
APPLICATION_ID = 0x33_31_33_54
"""What ``PRAGMA application_id`` holds in this game's history ("3 13 T")."""
COMPANIONS = ("-wal", "-shm")
"""The files SQLite keeps beside the database in WAL mode: they move aside with it."""

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
)
"""Step ``n`` brings a database of schema ``n`` to ``n + 1`` (0: a new, empty file)."""
SCHEMA = len(STEPS)
"""The schema this code reads and writes."""

_SUMMARY_COLUMNS = (
    "matches.id, ended, players, names, policies, totals, winners, round_scores, hand_sizes, "
    "goers, abandoned, reviews.decisions, reviews.loss"
)
_SUMMARY_WIDTH = _SUMMARY_COLUMNS.count(",") + 1
"""How many columns :data:`_SUMMARY_COLUMNS` names: a row's first, read by :func:`_summary_of`."""
_FROM = "matches LEFT JOIN reviews ON reviews.match_id = matches.id"
T = TypeVar("T")


class HistoryError(Exception):
    """Why a database cannot be used: ``reason`` names it in the aside's name."""

    def __init__(self, reason: str, why: str) -> None:
        super().__init__(why)
        self.reason = reason


class History:
    """The profile's history of ended matches; never raises for a bad file or a full disk."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self._connection: sqlite3.Connection | None = None
        self._write_failed = False

    # --- opening ------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        """The connection, opened (and the database made, upgraded or set aside) at first use."""
        if self._connection is None:
            try:
                self._connection = self._connect()
            except HistoryError as error:
                self._set_aside(error.reason, str(error))
                self._connection = self._connect()
        return self._connection

    def _connect(self) -> sqlite3.Connection:
        """Open the file, check it is this game's history of a schema this code knows, and
        bring it to :data:`SCHEMA`; :class:`HistoryError` if it cannot be used."""
        path = self.profile.path(FILE)
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise HistoryError("foreign", _("it is not a regular file"))
        self.profile.folder.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(path, isolation_level=None)
        try:
            _prepare(connection)
        except HistoryError:
            connection.close()
            raise
        except sqlite3.DatabaseError as error:
            connection.close()
            if not _is_damage(error):
                raise  # a lock, a full disk, a folder that cannot be written: not the file's fault
            why = _("it is not a database ({error})").format(error=error)
            raise HistoryError("corrupt", why) from None
        return connection

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
        """``work`` done on the database; a damaged one found on the way is set aside (and
        ``otherwise`` returned), a failure to write reported once. Only a ``write`` makes the
        file: reading a history that is not there gives ``otherwise``."""
        if not write and self._connection is None and not os.path.lexists(self.profile.path(FILE)):
            return otherwise
        try:
            connection = self._open()
        except (OSError, sqlite3.Error, HistoryError) as error:
            self._cannot_write(error)
            return otherwise
        try:
            return work(connection)
        except (sqlite3.DatabaseError, ValueError) as error:
            if _is_damage(error):
                self._set_aside("corrupt", _("it is damaged ({error})").format(error=error))
                return otherwise
            self._cannot_write(error)
            return otherwise

    def _cannot_write(self, error: Exception) -> None:
        if self._write_failed:
            return
        self._write_failed = True
        message = _(
            "The game cannot keep its history in {folder} ({error}): it plays on, but the "
            "matches that end now are not kept."
        )
        self.profile.notices.append(
            message.format(folder=shown(self.profile.folder), error=shown(error))
        )

    # --- writing ------------------------------------------------------------------

    def add(self, kept: KeptMatch) -> int:
        """Keep ``kept`` in one transaction; its number in the history (0 if it could not
        be kept: reported)."""
        row = row_of(kept)

        def insert(connection: sqlite3.Connection) -> int:
            with _transaction(connection):
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

    def page(self, filters: Filters, offset: int, limit: int) -> Page:
        """The matches ``offset`` to ``offset + limit`` of those ``filters`` let through,
        newest first, and how many they let through in all; an offset past the end gives
        the last page (``limit`` ≥ 1)."""
        where, values = _where(filters)

        def read(connection: sqlite3.Connection) -> Page:
            total = connection.execute(f"SELECT COUNT(*) FROM matches {where}", values)
            count = int(total.fetchone()[0])
            start = max(0, min(offset, (count - 1) // limit * limit if count else 0))
            rows = connection.execute(
                f"SELECT {_SUMMARY_COLUMNS} FROM {_FROM} {where} ORDER BY matches.id DESC "
                "LIMIT ? OFFSET ?",
                (*values, limit, start),
            )
            return Page(tuple(_summary_of(row) for row in rows), start, count)

        return self._use(read, Page((), 0, 0))

    def summaries(self, filters: Filters, limit: int | None = None) -> list[MatchSummary]:
        """The matches ``filters`` let through, newest first (the ``limit`` newest)."""
        where, values = _where(filters)

        def read(connection: sqlite3.Connection) -> list[MatchSummary]:
            rows = connection.execute(
                f"SELECT {_SUMMARY_COLUMNS} FROM {_FROM} {where} ORDER BY matches.id DESC LIMIT ?",
                (*values, -1 if limit is None else limit),
            )
            return [_summary_of(row) for row in rows]

        return self._use(read, [])

    def kept(self, number: int) -> KeptMatch | None:
        """Match ``number`` rebuilt from its actions (each checked), or ``None`` if there is
        no such match; one that does not rebuild is reported and left out."""

        def read(connection: sqlite3.Connection) -> KeptMatch | None:
            row = connection.execute(
                f"SELECT {_SUMMARY_COLUMNS}, rules, seed, actions FROM {_FROM} "
                "WHERE matches.id = ?",
                (number,),
            ).fetchone()
            if row is None:
                return None
            summary = _summary_of(row[:_SUMMARY_WIDTH])
            try:
                match = rebuilt(*row[_SUMMARY_WIDTH:])
            except ValueError as error:
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
        (autoplay left out) since the statistics were last reset, oldest first."""

        def count(connection: sqlite3.Connection) -> Stats:
            start = connection.execute(
                "SELECT COALESCE((SELECT value FROM counting WHERE key = 'stats_from'), 0)"
            ).fetchone()[0]
            rows = connection.execute(
                f"SELECT {_SUMMARY_COLUMNS} FROM {_FROM} WHERE autoplay = 0 AND matches.id > ? "
                "ORDER BY matches.id",
                (start,),
            )
            stats = Stats()
            for row in rows:
                stats = stats.record(_summary_of(row).result())
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


def _prepare(connection: sqlite3.Connection) -> None:
    """Check that ``connection`` holds this game's history (or nothing yet), bring its
    schema to :data:`SCHEMA`, and set WAL mode and full syncing."""
    application = connection.execute("PRAGMA application_id").fetchone()[0]
    version = connection.execute("PRAGMA user_version").fetchone()[0]
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
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute("PRAGMA foreign_keys = ON")
    if version < SCHEMA:
        with _transaction(connection):
            for step in STEPS[version:]:
                for statement in step.split(";"):
                    if statement.strip():
                        connection.execute(statement)
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            connection.execute(f"PRAGMA user_version = {SCHEMA}")
    problem = connection.execute("PRAGMA quick_check(1)").fetchone()[0]
    if problem != "ok":
        raise HistoryError("corrupt", _("it is damaged ({error})").format(error=problem))


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


def _is_damage(error: Exception) -> bool:
    """True for an error that says the database itself is damaged, not that it cannot be
    written now (a full disk, a read-only folder, a lock)."""
    if isinstance(error, ValueError):
        return True  # a row this code cannot read: written by something else
    if not isinstance(error, sqlite3.OperationalError):
        return True  # "file is not a database", "database disk image is malformed"
    return any(words in str(error) for words in ("malformed", "no such table", "no such column"))


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


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def row_of(kept: KeptMatch) -> dict[str, Any]:
    """The columns of ``kept``'s row in ``matches``."""
    summary, match = kept.summary, kept.match
    actions = _dumps([action_to_json(action) for action in match.actions])
    return {
        "ended": summary.ended.astimezone(UTC).isoformat(timespec="seconds"),
        "players": summary.players,
        "level": summary.level,
        "autoplay": int(summary.autoplay),
        "abandoned": int(summary.abandoned),
        "names": _dumps(list(summary.names)),
        "policies": _dumps({str(seat): spec for seat, spec in sorted(summary.policies.items())}),
        "rules": _dumps(match.rules.to_json()),
        "seed": str(match.seed),
        "actions": zlib.compress(actions.encode("utf-8"), 6),
        "totals": _dumps(summary.totals),
        "winners": _dumps(summary.winners),
        "round_scores": _dumps(summary.round_scores),
        "hand_sizes": _dumps(summary.hand_sizes),
        "goers": _dumps(summary.goers),
    }


def _ints(values: Any, what: str) -> tuple[int, ...]:
    """``values`` (read from JSON) as whole numbers; ``ValueError`` if it is not a list of them."""
    if not isinstance(values, list) or not all(type(value) is int for value in values):
        raise ValueError(f"{what} must be a list of whole numbers")
    return tuple(values)


def _summary_of(row: tuple[Any, ...]) -> MatchSummary:
    """A row of :data:`_SUMMARY_COLUMNS` read back; ``ValueError`` if it is not one of ours."""
    (number, ended, players, names, policies, totals, winners, scores, sizes, goers) = row[:10]
    abandoned, decisions, loss = row[10:]
    names, policies, rounds, goers = map(json.loads, (names, policies, scores, goers))
    if not isinstance(names, list) or not isinstance(policies, dict):
        raise ValueError("names and policies must be a list and an object")
    if not isinstance(rounds, list) or not isinstance(goers, list):
        raise ValueError("round_scores and goers must be lists")
    return MatchSummary(
        id=int(number),
        ended=datetime.fromisoformat(ended),
        players=int(players),
        names=tuple(str(name) for name in names),
        policies={int(seat): str(spec) for seat, spec in policies.items()},
        totals=_ints(json.loads(totals), "totals"),
        winners=_ints(json.loads(winners), "winners"),
        round_scores=tuple(_ints(scores, "round_scores") for scores in rounds),
        hand_sizes=_ints(json.loads(sizes), "hand_sizes"),
        goers=tuple(None if seat is None else int(seat) for seat in goers),
        abandoned=bool(abandoned),
        review=None if decisions is None else ReviewFigures(int(decisions), float(loss)),
    )


def rebuilt(rules: str, seed: str, actions: bytes) -> Match:
    """The match of a row: dealt from its rules and seed, then its actions played, each one
    checked; ``ValueError`` saying what is wrong."""
    try:
        listed = json.loads(zlib.decompress(actions).decode("utf-8"))
        match = Match.new(RuleSet.from_json(json.loads(rules)), int(seed))
    except (zlib.error, TypeError, KeyError, ValueError, RecursionError) as error:
        raise ValueError(f"it cannot be read ({shown(error)})") from None
    if not isinstance(listed, list):
        raise ValueError("its actions are not a list")
    for index, data in enumerate(listed):
        action = action_from_json(data)
        problem = match.why_illegal(action)
        if problem is not None:
            raise ValueError(f"action {index} ({action}) is not legal there: {problem}")
        match.apply(action, validate=False)
    return match
