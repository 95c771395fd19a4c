"""Saves written behind the frame loop: the newest text per file, all on disk after a flush."""

from __future__ import annotations

import errno
import threading
from pathlib import Path

import pytest

from game.profile import folder as profile_module
from game.profile.folder import Profile
from game.profile.write_behind import WriteBehind


def test_texts_waiting_for_one_file_are_replaced_by_the_newest() -> None:
    written: list[tuple[str, str]] = []
    started, release = threading.Event(), threading.Event()

    def write(name: str, text: str) -> None:
        started.set()
        release.wait(5)
        written.append((name, text))

    behind = WriteBehind(write)
    behind.submit("match.json", "1")
    assert started.wait(5)
    behind.submit("match.json", "2")
    behind.submit("stats.json", "a")
    behind.submit("match.json", "3")
    release.set()
    behind.flush()
    assert written == [("match.json", "1"), ("match.json", "3"), ("stats.json", "a")]


def test_a_write_soon_is_on_disk_for_the_next_read(tmp_path: Path) -> None:
    profile = Profile(tmp_path)
    for count in range(20):
        profile.write_soon("match.json", {"format": 1, "count": count})
    assert profile.read("match.json", 1, lambda data: data["count"]) == 19


def test_a_write_soon_that_fails_is_told_once_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(profile_module, "write_atomically", full)
    profile = Profile(tmp_path)
    for count in range(3):
        profile.write_soon("match.json", {"format": 1, "count": count})
        profile.flush()
    assert len(profile.notices) == 1 and "No space left" in profile.notices[0]
