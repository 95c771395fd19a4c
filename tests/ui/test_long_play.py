"""Match after match in one window, nothing piles up (the quick form of
``benchmarks/long_play.py``).

One autoplay window plays the same deal three times over ("Play this deal again" on the
match's end): the third match draws exactly the pictures and texts the first two drew.
So a cache keyed by what is drawn takes in nothing new in the third match, while one that
grows per match (a key with the match, the table or the time in it) is caught. The text
caches empty themselves when full, so their size says little: what each of them was
ever given is recorded instead. The other caches must not be bigger after the third
match than after the first; all stay within their limits; and the finished tables, their
AI worker processes, threads and files go when the next match starts.
"""

from __future__ import annotations

import tempfile
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pytest

from benchmarks.long_play import Sample, autoplay_window, play_matches
from game.engine.rules import RuleSet
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.settings import Settings
from game.ui.app import FRAMES_KEPT, App
from game.ui.kit.art import CardArt
from tests.ui.driver import FRAME

SEATS = ("easy", "greedy", "easy", "greedy")
TEXT_LIMIT = 601
"""A text cache is emptied once it holds more than 600 entries (``game.ui.kit.text``)."""
LIMITS = {
    "felt": 4,
    "translucent_plate": 16,
    "turn_marker._light": 8,
    "turn_marker._wash": 8,
    "layout._cached_hand_slots": 512,
    "layout._cached_seat_slots": 512,
    "layout._cached_seat_card_height": 128,
    "CardArt._cache": CardArt.CACHE_LIMIT + 1,
    "Text._rendered": TEXT_LIMIT,
    "Text._fits": TEXT_LIMIT,
    "Text._wraps": TEXT_LIMIT,
}
RECORDED = ("Text._rendered", "Text._fits", "Text._wraps", "CardArt._cache")
"""The caches that empty themselves when full: what they are given is recorded."""
MARGIN = 4
"""New entries the third match may bring (the AI's "thinking…" shows or not, by timing)."""


class Recording(dict[Hashable, Any]):
    """A cache's dictionary that remembers every key it was ever given."""

    def __init__(self) -> None:
        super().__init__()
        self.given: set[Hashable] = set()

    def __setitem__(self, key: Hashable, value: Any) -> None:
        self.given.add(key)
        super().__setitem__(key, value)


def record_caches(app: App) -> dict[str, Recording]:
    """Put recording dictionaries in the window's self-emptying caches."""
    recordings = {name: Recording() for name in RECORDED}
    text, art = app.text, app.art
    text._rendered = recordings["Text._rendered"]  # type: ignore[assignment]
    text._fits = recordings["Text._fits"]  # type: ignore[assignment]
    text._wraps = recordings["Text._wraps"]  # type: ignore[assignment]
    art._cache = recordings["CardArt._cache"]  # type: ignore[assignment]
    return recordings


@pytest.mark.slow
def test_three_matches_of_one_deal_leave_every_cache_as_the_first_did() -> None:
    profile = tempfile.mkdtemp(prefix="three-thirteen-long-play-")
    memory = Memory(Profile(Path(profile)))
    memory.save_settings(Settings(rules=RuleSet(schedule="short")))  # 8 rounds, 3 to 10 cards
    memory.profile.flush()
    app = autoplay_window(profile, (960, 600), SEATS)
    recordings = record_caches(app)
    given: list[dict[str, set[Hashable]]] = []
    try:
        samples = play_matches(
            app,
            3,
            lambda _sample: given.append({name: set(r.given) for name, r in recordings.items()}),
            same_deal=True,
        )
    finally:
        app.close()
    new = {name: given[2][name] - given[1][name] for name in RECORDED}
    assert all(len(keys) <= MARGIN for keys in new.values()), f"new in match 3: {new}"
    assert all(given[0][name] for name in RECORDED), "a cache was given nothing"
    first, last = samples[0], samples[-1]
    grown = {
        name: (first.caches[name], size)
        for name, size in last.caches.items()
        if name not in RECORDED and size > first.caches[name]
    }
    assert not grown, f"caches grew from match 1 to match 3 (before, after): {grown}"
    over = {name: last.caches[name] for name, limit in LIMITS.items() if last.caches[name] > limit}
    assert not over, f"caches beyond their limits: {over}"
    for entry in samples:
        assert entry.tables == 1, f"finished tables still alive after match {entry.match}"
        assert entry.children <= 1, f"{entry.children} AI workers after match {entry.match}"
    assert last.files <= first.files + 1, describe(first, last)
    assert last.threads <= first.threads + 1, describe(first, last)


def describe(first: Sample, last: Sample) -> str:
    return (
        f"after match 1: {first.files} files, {first.threads} threads; "
        f"after match {last.match}: {last.files} files, {last.threads} threads"
    )


def test_the_window_keeps_only_the_latest_frame_times(app: App) -> None:
    """Hours of play do not pile up frame times: only the latest ten minutes are kept."""
    kept = app.frame_seconds.maxlen
    assert kept == FRAMES_KEPT
    for _ in range(3):
        app.step(FRAME)
    assert app.frames_drawn == 3 and len(app.frame_seconds) == 3
