"""The player's statistics: a pure value, per opponents' level, per table size and overall,
with a JSON form.

A match is filed under the *level* of its AI seats (:func:`level_key`):
``"easy"``, ``"normal"`` or ``"hard"`` when all of them play that level,
``"mixed"`` when they play different levels, ``"custom"`` as soon as one seat
plays anything else (another built-in policy or a ``package.module:Class``).
It is also filed under its *table size*, the number of players (2 to 8), and counted
in :attr:`Stats.overall`.

Counting rules:

- a shared win counts as a win, and is also counted in ``shared``;
- winning streaks count consecutive wins (shared ones included) at a level or a table
  size, and overall across them; a loss or an abandoned match ends the current streak;
- an *abandoned* match (left before its last round was scored) counts as played
  and as a loss, and breaks the current streak; its total does not enter the
  best, worst and average totals, which are over finished matches only. The
  rounds it scored at 0 and the times the player went out in it were played,
  and count (:data:`ABANDONED_RULE` says this to the player).

>>> stats = Stats().record(MatchResult("hard", 41, won=True, shared=False,
...     rounds_at_zero=4, went_out=3, abandoned=False, players=6))
>>> stats.for_level("hard").won, stats.overall.average, stats.for_level("easy").played
(1, 41.0, 0)
>>> stats.for_table(6).won, stats.for_table(4).played
(1, 0)
>>> Stats.from_json(stats.to_json()) == stats
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from game.ai.levels import OFFERED_LEVELS
from game.engine.rules import ALLOWED
from game.files import shown
from game.i18n import N_
from game.profile.json_format import Upgrades, upgraded

FORMAT = 3
"""Version of the JSON document written by :meth:`Stats.to_json` (2: per table size too; 3:
the tokens of the latest matches counted)."""
COUNTED_KEPT = 20
"""How many of the latest matches' tokens the statistics remember, so that a match the
history took just before a kill is counted once, not twice."""

MIXED = "mixed"
"""The level key of a match whose AI seats play different levels."""
CUSTOM = "custom"
"""The level key of a match where some AI seat plays a policy that is not a level."""
LEVEL_KEYS = (*OFFERED_LEVELS, MIXED, CUSTOM)
"""Every level key, in the order a statistics screen lists them."""
TABLE_SIZES: tuple[int, ...] = ALLOWED["players"]
"""Every table size (number of players), smallest first, as a statistics screen lists them."""

ABANDONED_RULE = N_(
    "A match you leave before the end counts as played and lost, and ends your winning "
    "streak. Its total is left out of your best, worst and average totals; the rounds you "
    "scored at 0 and the times you went out in it still count."
)
"""How an abandoned match counts, in words the statistics screen can show."""


def level_key(policies: Mapping[int, str], players: int) -> str:
    """The level key of a match of ``players`` whose seats play ``policies`` (seat →
    policy spec).

    Only the opponents' seats count, 1 up to ``players - 1`` (an AI at seat 0, as in
    autoplay, is ignored): all the same offered level
    (:data:`~game.ai.levels.OFFERED_LEVELS`) → that level; all levels but not the same →
    ``"mixed"``; any other spec at any of them → ``"custom"``. Raises ``ValueError`` if
    one of those seats has no policy.
    """
    seats = tuple(range(1, players))
    missing = [seat for seat in seats if seat not in policies]
    if missing:
        raise ValueError(f"no policy for AI seat {missing[0]} (seats {seats} set the level)")
    specs = {policies[seat] for seat in seats}
    if not specs <= set(OFFERED_LEVELS):
        return CUSTOM
    return specs.pop() if len(specs) == 1 else MIXED


MOST = 2**53
"""The largest count or total kept: every figure up to it is exact as a float too (an
average, a rate), so a screen can always show it."""


def _check_count(value: object, name: str) -> int:
    """``value`` if it is a whole number from 0 to :data:`MOST` (not a bool); ``ValueError``
    naming ``name`` otherwise."""
    if type(value) is not int or not 0 <= value <= MOST:
        raise ValueError(f"{name} must be a whole number from 0 to 2**53, not {shown(value, 24)}")
    return value


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What one match adds to the statistics, from the player's seat."""

    level: str
    """The opponents' level key, one of :data:`LEVEL_KEYS`."""
    total: int
    """The player's total (ignored for an abandoned match)."""
    won: bool
    """True if the player won, alone or sharing; always False when abandoned."""
    shared: bool
    """True if the player's win was shared (implies :attr:`won`)."""
    rounds_at_zero: int
    """Rounds the player scored 0."""
    went_out: int
    """Rounds the player went out."""
    abandoned: bool = False
    """True if the match was left before its end."""
    players: int = dataclasses.field(kw_only=True)
    """The table size: how many played the match, one of :data:`TABLE_SIZES`."""

    def __post_init__(self) -> None:
        if self.level not in LEVEL_KEYS:
            raise ValueError(f"level must be one of {', '.join(LEVEL_KEYS)}, not {self.level!r}")
        if type(self.players) is not int or self.players not in TABLE_SIZES:
            low, high = TABLE_SIZES[0], TABLE_SIZES[-1]
            raise ValueError(f"players must be from {low} to {high}, not {shown(self.players, 24)}")
        for name in ("total", "rounds_at_zero", "went_out"):
            _check_count(getattr(self, name), name)
        for name in ("won", "shared", "abandoned"):
            if type(getattr(self, name)) is not bool:
                raise ValueError(f"{name} must be True or False, not {getattr(self, name)!r}")
        if self.shared and not self.won:
            raise ValueError("a shared win is a win: shared needs won")
        if self.abandoned and self.won:
            raise ValueError("an abandoned match is a loss: it cannot be won")


def result_from(
    level: str,
    seat_totals: tuple[int, ...],
    winners: tuple[int, ...],
    round_scores: tuple[tuple[int, ...], ...],
    went_out_rounds: int,
    abandoned: bool = False,
    seat: int = 0,
) -> MatchResult:
    """The result of a match for the player at ``seat``, from its end-of-match facts.

    ``seat_totals`` and each row of ``round_scores`` (one per round scored) hold
    one figure per seat (as many as the table's size); ``winners`` are the winning
    seats (several if shared), empty for an abandoned match or a tie that gives the
    match to nobody (rule ``tie="nobody"``: a loss for every seat); ``went_out_rounds``
    is how many rounds the player went out. Raises ``ValueError`` for facts that
    do not fit together.
    """
    seats = len(seat_totals)
    if not 0 <= seat < seats:
        raise ValueError(f"seat {seat} is not one of the {seats} seats")
    if len(set(winners)) != len(winners) or not all(0 <= w < seats for w in winners):
        raise ValueError(f"winners {winners} must be distinct seats 0..{seats - 1}")
    if abandoned and winners:
        raise ValueError("an abandoned match has no winners")
    if any(len(scores) != seats for scores in round_scores):
        raise ValueError(f"every round's scores must have one figure per seat ({seats})")
    if not 0 <= went_out_rounds <= len(round_scores):
        raise ValueError(
            f"went out in {went_out_rounds} rounds, but {len(round_scores)} rounds were scored"
        )
    won = seat in winners
    return MatchResult(
        level=level,
        total=seat_totals[seat],
        won=won,
        shared=won and len(winners) > 1,
        rounds_at_zero=sum(1 for scores in round_scores if scores[seat] == 0),
        went_out=went_out_rounds,
        abandoned=abandoned,
        players=seats,
    )


@dataclass(frozen=True, slots=True)
class LevelStats:
    """The statistics of the matches at one level, at one table size, or overall."""

    played: int = 0
    """Matches played, abandoned ones included."""
    won: int = 0
    """Matches won, shared wins included."""
    shared: int = 0
    """Of the matches won, those whose win was shared."""
    abandoned: int = 0
    """Matches left before their end (each also a loss)."""
    rounds_at_zero: int = 0
    """Rounds scored at 0."""
    went_out: int = 0
    """Times the player went out."""
    current_streak: int = 0
    """Wins in a row up to the last match (0 after a loss or an abandoned match)."""
    best_streak: int = 0
    """The longest run of wins in a row."""
    best_total: int | None = None
    """The lowest total of a finished match; ``None`` if none finished."""
    worst_total: int | None = None
    """The highest total of a finished match; ``None`` if none finished."""
    total_sum: int = 0
    """The sum of the totals of finished matches (for the average)."""

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if value is not None or field.name not in ("best_total", "worst_total"):
                _check_count(value, field.name)
        if self.won + self.abandoned > self.played:
            raise ValueError("won and abandoned matches are more than the matches played")
        if self.shared > self.won:
            raise ValueError("more shared wins than wins")
        if not self.current_streak <= self.best_streak <= self.won:
            raise ValueError("streaks must satisfy current ≤ best ≤ won")
        self._check_totals()

    def _check_totals(self) -> None:
        finished = self.finished
        if finished == 0:
            if (self.best_total, self.worst_total, self.total_sum) != (None, None, 0):
                raise ValueError("no finished match, yet best, worst or summed totals")
            return
        best, worst = self.best_total, self.worst_total
        if best is None or worst is None:
            raise ValueError("finished matches need a best and a worst total")
        if not best * finished <= self.total_sum <= worst * finished or best > worst:
            raise ValueError(
                f"totals do not fit: best {best}, worst {worst}, "
                f"sum {self.total_sum} over {finished} finished matches"
            )

    @property
    def lost(self) -> int:
        """Matches not won, abandoned ones included."""
        return self.played - self.won

    @property
    def finished(self) -> int:
        """Matches played to their end: the ones in the best, worst and average totals."""
        return self.played - self.abandoned

    @property
    def win_rate(self) -> float:
        """Won over played, 0.0 to 1.0; 0.0 when none was played."""
        return self.won / self.played if self.played else 0.0

    @property
    def average(self) -> float | None:
        """The average total of finished matches; ``None`` if none finished."""
        return self.total_sum / self.finished if self.finished else None

    def record(self, result: MatchResult) -> LevelStats:
        """These statistics with ``result`` added (its level and size are not checked)."""
        streak = self.current_streak + 1 if result.won else 0
        counted = not result.abandoned
        best, worst = self.best_total, self.worst_total
        if counted:
            best = result.total if best is None else min(best, result.total)
            worst = result.total if worst is None else max(worst, result.total)
        return LevelStats(
            played=self.played + 1,
            won=self.won + result.won,
            shared=self.shared + result.shared,
            abandoned=self.abandoned + result.abandoned,
            rounds_at_zero=self.rounds_at_zero + result.rounds_at_zero,
            went_out=self.went_out + result.went_out,
            current_streak=streak,
            best_streak=max(self.best_streak, streak),
            best_total=best,
            worst_total=worst,
            total_sum=self.total_sum + (result.total if counted else 0),
        )

    def to_json(self) -> dict[str, Any]:
        """The JSON object form: every field by name."""
        return {field.name: getattr(self, field.name) for field in fields(self)}

    @classmethod
    def from_json(cls, data: object, where: str = "statistics") -> LevelStats:
        """Read :meth:`to_json`'s form; ``ValueError`` naming ``where`` and what is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"{where} must be a JSON object, not {type(data).__name__}")
        names = [field.name for field in fields(cls)]
        unknown = sorted(set(data) - set(names), key=str)
        if unknown:
            raise ValueError(f"{where}: unknown key {unknown[0]!r}")
        missing = [name for name in names if name not in data]
        if missing:
            raise ValueError(f"{where}: missing key {missing[0]!r}")
        try:
            return cls(**data)
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None


_ADDED_UP = ("played", "won", "shared", "abandoned", "rounds_at_zero", "went_out", "total_sum")
"""The figures of :attr:`Stats.overall` that are the sums of those of the levels (and of
the table sizes)."""
TABLE_KEYS = tuple(map(str, TABLE_SIZES))
"""The table sizes as the JSON form keys them."""


def _check_adds_up(overall: LevelStats, parts: Iterable[LevelStats], what: str) -> None:
    """``ValueError`` unless ``overall`` adds up the ``parts`` (each level, or each table
    size: ``what``) and has their best and worst totals."""
    parts = list(parts)
    for name in _ADDED_UP:
        if getattr(overall, name) != sum(getattr(s, name) for s in parts):
            raise ValueError(f"overall {name} is not the sum of the {what}'")
    best = min((s.best_total for s in parts if s.best_total is not None), default=None)
    worst = max((s.worst_total for s in parts if s.worst_total is not None), default=None)
    if (overall.best_total, overall.worst_total) != (best, worst):
        raise ValueError(f"overall best and worst totals are not those of the {what}")


@dataclass(frozen=True, slots=True)
class Stats:
    """All of the player's statistics: per level key, per table size and overall. Build with
    :meth:`record`."""

    overall: LevelStats = LevelStats()
    """Every match, whatever the level and size; its streaks run across them."""
    levels: tuple[tuple[str, LevelStats], ...] = ()
    """The levels with a match recorded, in :data:`LEVEL_KEYS` order."""
    tables: tuple[tuple[int, LevelStats], ...] = ()
    """The table sizes with a match recorded, in :data:`TABLE_SIZES` order."""
    counted: tuple[str, ...] = dataclasses.field(default=(), compare=False)
    """The tokens (:mod:`game.profile.waiting`) of the latest matches recorded, oldest
    first, at most :data:`COUNTED_KEPT`."""

    def __post_init__(self) -> None:
        keys = [key for key, _ in self.levels]
        if keys != [key for key in LEVEL_KEYS if key in keys]:
            raise ValueError(f"levels must be distinct keys of {LEVEL_KEYS}, in order; got {keys}")
        sizes = [size for size, _ in self.tables]
        if sizes != [size for size in TABLE_SIZES if size in sizes]:
            raise ValueError(f"table sizes must be distinct, of {TABLE_SIZES}, in order: {sizes}")
        _check_adds_up(self.overall, (s for _, s in self.levels), "levels")
        _check_adds_up(self.overall, (s for _, s in self.tables), "table sizes")

    def for_level(self, key: str) -> LevelStats:
        """The statistics of level ``key`` (empty if none recorded); ``ValueError`` if unknown."""
        if key not in LEVEL_KEYS:
            raise ValueError(f"unknown level {key!r}; levels: {', '.join(LEVEL_KEYS)}")
        return dict(self.levels).get(key, LevelStats())

    def for_table(self, players: int) -> LevelStats:
        """The statistics at tables of ``players`` (empty if none recorded); ``ValueError`` if
        no table seats that many."""
        if players not in TABLE_SIZES:
            raise ValueError(f"no table of {players!r} players; sizes: {', '.join(TABLE_KEYS)}")
        return dict(self.tables).get(players, LevelStats())

    def record(self, result: MatchResult, token: str | None = None) -> Stats:
        """New statistics: these with ``result`` added to its level, its table size and the
        overall (``token``: the match's, remembered in :attr:`counted`)."""
        by_key = dict(self.levels)
        by_key[result.level] = self.for_level(result.level).record(result)
        by_size = dict(self.tables)
        by_size[result.players] = self.for_table(result.players).record(result)
        return Stats(
            overall=self.overall.record(result),
            levels=tuple((key, by_key[key]) for key in LEVEL_KEYS if key in by_key),
            tables=tuple((size, by_size[size]) for size in TABLE_SIZES if size in by_size),
            counted=self.counted if token is None else (*self.counted, token)[-COUNTED_KEPT:],
        )

    def to_json(self) -> dict[str, Any]:
        """The JSON object form: ``{"format": 3, "overall": {...}, "levels": {key: {...}},
        "tables": {"4": {...}}, "counted": [token, ...]}`` (a table size as a string key)."""
        return {
            "format": FORMAT,
            "overall": self.overall.to_json(),
            "levels": {key: stats.to_json() for key, stats in self.levels},
            "tables": {str(size): stats.to_json() for size, stats in self.tables},
            "counted": list(self.counted),
        }

    @classmethod
    def from_json(cls, data: object) -> Stats:
        """Read :meth:`to_json`'s form, of :data:`FORMAT` or an earlier one (brought up to
        date by :data:`UPGRADES`).

        Raises ``ValueError`` saying what is wrong: not an object, a missing or
        non-integer ``format``, a format from a newer version, unknown or missing
        keys, levels or table sizes, a count that is negative or not a whole number,
        figures that do not add up.
        """
        data = upgraded(data, FORMAT, UPGRADES)
        known = {"format", "overall", "levels", "tables", "counted"}
        unknown = sorted(set(data) - known, key=str)
        if unknown:
            raise ValueError(f"statistics: unknown key {unknown[0]!r}")
        for key in ("overall", "levels", "tables"):
            if key not in data:
                raise ValueError(f"statistics: missing key {key!r}")
        try:
            overall = LevelStats.from_json(data["overall"], "statistics 'overall'")
            levels = _parts(data, "levels", LEVEL_KEYS, "level")
            tables = _parts(data, "tables", TABLE_KEYS, "table size")
            counted = data.get("counted", [])
            if not isinstance(counted, list) or len(counted) > COUNTED_KEPT:
                raise ValueError(f"'counted' must list at most {COUNTED_KEPT} tokens")
            if not all(isinstance(token, str) and 0 < len(token) <= 40 for token in counted):
                raise ValueError("'counted' must list tokens")
            tables_by_size = tuple((int(key), s) for key, s in tables)
            return cls(overall, levels, tables_by_size, tuple(counted))
        except ValueError as error:
            message = str(error)
            raise ValueError(
                message if message.startswith("statistics") else f"statistics: {message}"
            ) from None


def _parts(
    data: dict[str, Any], name: str, keys: tuple[str, ...], what: str
) -> tuple[tuple[str, LevelStats], ...]:
    """The statistics in the object ``data[name]``, keyed by some of ``keys`` (each one
    ``what``), in the order of ``keys``; ``ValueError`` saying what is wrong."""
    parts = data[name]
    if not isinstance(parts, dict):
        raise ValueError(f"statistics {name!r} must be a JSON object, not {type(parts).__name__}")
    strays = [key for key in parts if key not in keys]
    if strays:
        stray = shown(repr(strays[0]), 24)
        raise ValueError(f"statistics: unknown {what} {stray}; {what}s: {', '.join(keys)}")
    return tuple(
        (key, LevelStats.from_json(parts[key], f"statistics {what} {key!r}"))
        for key in keys
        if key in parts
    )


def _tables_of_four(old: dict[str, Any]) -> dict[str, Any]:
    """Format 1 → 2: the statistics per table size, every match so far counted at a table of
    four (the only one there was)."""
    if "tables" in old:
        raise ValueError("statistics: unknown key 'tables' (format 1 has none)")
    overall = old.get("overall")
    played = not isinstance(overall, dict) or overall.get("played") != 0
    return {**old, "format": 2, "tables": {"4": overall} if played else {}}


def _nothing_counted_yet(old: dict[str, Any]) -> dict[str, Any]:
    """Format 2 → 3: no match's token remembered yet."""
    if "counted" in old:
        raise ValueError("statistics: unknown key 'counted' (format 2 has none)")
    return {**old, "format": 3, "counted": []}


UPGRADES: Upgrades = {1: _tables_of_four, 2: _nothing_counted_yet}
"""The steps that bring an earlier ``stats.json`` to :data:`FORMAT`, one per format
(:mod:`game.engine.formats`); :meth:`Stats.from_json` applies them."""
