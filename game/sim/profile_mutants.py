"""Hostile profile folders for the fuzz test: good files with one thing changed.

:func:`good_profile` is a folder's worth of files as the game writes them (settings away
from the defaults, a match in its fourth round, statistics of a few matches, an ended match
waiting for the history).
:func:`mutants` changes one of them at a time, either as bytes (flipped, inserted,
deleted, cut short) or as JSON (one value, at any key path, replaced by a value of
another type or out of range, or removed). ``tests/hostile/test_profile_fuzz.py`` opens
the window on a sample; ``benchmarks/profile_fuzz.py`` on many.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from game.engine.match import Match
from game.engine.rules import RuleSet
from game.profile.kept_match import KeptMatch
from game.profile.player_stats import MatchResult, Stats
from game.profile.saved_match import FILE as MATCH_FILE
from game.profile.saved_match import SavedMatch
from game.profile.settings import Settings
from game.profile.waiting import Waiting
from game.seats.messages import seat_rng_state

SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"
WAITING_TOKEN = "20261205-011500-0badcafe"
Path = tuple[str | int, ...]
"""Where a value sits in a JSON document: the keys and indices leading to it."""

ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1,
    7,
    2**31,
    2**64,
    10**309,
    -(10**400),
    1.5,
    -0.0,
    float("nan"),
    float("inf"),
    "",
    " ",
    "x" * 10_000,
    "\x00",
    "\udce9",
    "hard",
    "nobody:Bot",
    "os:system",
    [],
    [0] * 1000,
    [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
    {},
    {"format": 1},
)
"""Values of every JSON type, at and beyond the edges of what any field takes."""
_REMOVED = object()


@dataclass(frozen=True, slots=True)
class Mutant:
    """One profile folder's files and what was done to make it."""

    what: str
    """The change, in words (for a failing case's message)."""
    files: dict[str, bytes]
    """Each file's content by name."""


def good_profile(seed: int = 8) -> dict[str, dict[str, Any]]:
    """The files of a well-used profile, as JSON documents: settings, a saved match,
    statistics, and an ended match still waiting for the history."""
    rules = RuleSet(jokers=2, aces="low_or_high", lay_off=True)
    settings = Settings(rules=rules, levels=("easy", "hard", "normal"), names=("Ann", "Bo", "Cy"))
    match = Match.new(rules, seed=seed)
    while match.round_index < 3:
        match.apply(match.legal_actions()[-1])
    seats = (1, 2, 3)
    saved = SavedMatch(
        match,
        dict(zip(seats, settings.levels, strict=True)),
        settings.names,
        match.hands[0],
        {seat: seat_rng_state(seed, seat) for seat in seats},
        went_out=1,
    )
    stats = Stats()
    for total, won, players in ((41, True, 4), (90, False, 2), (66, True, 4)):
        stats = stats.record(MatchResult("hard", total, won, False, 2, 3, players=players))
    stats = stats.record(MatchResult("mixed", 0, False, False, 1, 0, True, players=6))
    ended = Match.new(RuleSet(players=2, schedule="short"), seed=seed)
    while not ended.is_over:
        ended.apply(ended.legal_actions()[0])
    kept = KeptMatch.of(ended, ("Bo",), {1: "easy"}, datetime(2026, 12, 5, 1, 15, tzinfo=UTC))
    held = Waiting(WAITING_TOKEN, kept)
    return {
        SETTINGS_FILE: settings.to_json(),
        MATCH_FILE: saved.to_json(),
        STATS_FILE: stats.to_json(),
        held.file_name: held.to_json(),
    }


def encoded(document: Any) -> bytes:
    """``document`` as the game writes it (lone surrogates escaped, as JSON allows)."""
    return json.dumps(document).encode("utf-8")


def mutants(seed: int, count: int) -> Iterator[Mutant]:
    """``count`` mutants, each the good profile with one file changed once."""
    rng = random.Random(seed)
    good = good_profile()
    paths = {name: list(key_paths(document)) for name, document in good.items()}
    for _number in range(count):
        name = rng.choice(sorted(good))
        files = {other: encoded(document) for other, document in good.items()}
        if rng.random() < 0.3:
            what, files[name] = mutate_bytes(files[name], rng)
        else:
            path = rng.choice(paths[name])
            value = rng.choice((*ODD_VALUES, _REMOVED))
            document = replaced(good[name], path, value)
            shown = "removed" if value is _REMOVED else repr(value)[:40]
            what, files[name] = f"{'/'.join(map(str, path))} = {shown}", encoded(document)
        yield Mutant(f"{name}: {what}", files)


def key_paths(document: Any, path: Path = ()) -> Iterator[Path]:
    """Every path in ``document``, the root's children first (long lists: a few items)."""
    items: list[tuple[str | int, Any]]
    match document:
        case dict():
            items = list(document.items())
        case list():
            ends = {0, 1, 2, len(document) - 2, len(document) - 1} & set(range(len(document)))
            items = [(index, document[index]) for index in sorted(ends)]
        case _:
            return
    for key, value in items:
        yield (*path, key)
        yield from key_paths(value, (*path, key))


def replaced(document: Any, path: Path, value: Any) -> Any:
    """A copy of ``document`` with the value at ``path`` replaced by ``value`` (removed if
    ``value`` is the removal marker)."""
    copy = json.loads(json.dumps(document))
    *parents, last = path
    holder = copy
    for key in parents:
        holder = holder[key]
    if value is _REMOVED:
        del holder[last]
    else:
        holder[last] = value
    return copy


def mutate_bytes(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    """``data`` with a few bytes flipped, inserted or deleted, or cut short."""
    kind = rng.choice(("flip", "insert", "delete", "cut"))
    where = rng.randrange(len(data))
    if kind == "cut":
        return f"cut at byte {where}", data[:where]
    changed = bytearray(data)
    for _time in range(rng.randint(1, 4)):
        spot = rng.randrange(len(changed))
        if kind == "flip":
            changed[spot] ^= 1 << rng.randrange(8)
        elif kind == "insert":
            changed[spot:spot] = bytes([rng.choice(b'{}[]",:0\\\x00\xff')])
        else:
            del changed[spot]
    return f"{kind} near byte {where}", bytes(changed)
