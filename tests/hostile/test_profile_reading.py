"""Whatever file the profile folder holds, reading it neither crashes, hangs nor eats memory:
it is set aside with a notice that says why, and the game starts afresh."""

from __future__ import annotations

import errno
import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from game import files
from game.profile.folder import LEFTOVER_SECONDS, Profile
from game.profile.memory import SETTINGS_FILE, STATS_FILE, Memory
from game.profile.player_stats import Stats
from game.profile.saved_match import FILE as MATCH_FILE
from game.profile.settings import Settings
from tests.hostile.window import visit_every_screen
from tests.profile.test_profile import NOON, a_saved_match

PROFILE_FILES = (SETTINGS_FILE, MATCH_FILE, STATS_FILE)


def memory_within(folder: Path, seconds: float = 10.0) -> Memory:
    """The memory of ``folder``, read on a thread that must be done within ``seconds``."""
    found: list[Memory] = []
    reader = threading.Thread(target=lambda: found.append(read_all(folder)), daemon=True)
    reader.start()
    reader.join(seconds)
    assert not reader.is_alive(), f"reading the profile took more than {seconds} s"
    assert found, "reading the profile raised"
    return found[0]


def read_all(folder: Path) -> Memory:
    memory = Memory(Profile(folder, clock=lambda: NOON))
    memory.saved_match()
    return memory


def assert_set_aside(folder: Path, name: str, reason: str, memory: Memory) -> None:
    assert not os.path.lexists(folder / name)
    assert os.path.lexists(folder / f"{name}.{reason}-20261201-081200")
    assert any(notice.startswith(f"{name} could not be used") for notice in memory.profile.notices)
    assert memory.settings == Settings() or name != SETTINGS_FILE
    assert memory.stats == Stats() or name != STATS_FILE
    assert memory.saved_match() is None or name != MATCH_FILE


@pytest.mark.parametrize("depth", [1000, 100_000])
@pytest.mark.parametrize("name", PROFILE_FILES)
def test_deeply_nested_json_is_corrupt_not_a_recursion_error(
    tmp_path: Path, name: str, depth: int
) -> None:
    (tmp_path / name).write_text("[" * depth + "]" * depth)
    assert_set_aside(tmp_path, name, "corrupt", memory_within(tmp_path))


@pytest.mark.parametrize("name", PROFILE_FILES)
def test_a_fifo_is_set_aside_without_waiting_for_a_writer(tmp_path: Path, name: str) -> None:
    os.mkfifo(tmp_path / name)
    memory = memory_within(tmp_path)
    assert_set_aside(tmp_path, name, "foreign", memory)
    assert "not a regular file" in memory.profile.notices[0]


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("name", PROFILE_FILES)
def test_a_link_to_an_endless_device_is_set_aside_unread(
    tmp_path: Path, name: str, device: str
) -> None:
    (tmp_path / name).symlink_to(device)
    memory = memory_within(tmp_path)
    assert_set_aside(tmp_path, name, "foreign", memory)
    assert os.readlink(tmp_path / f"{name}.foreign-20261201-081200") == device


@pytest.mark.parametrize("name", PROFILE_FILES)
def test_a_folder_in_a_files_place_is_set_aside(tmp_path: Path, name: str) -> None:
    (tmp_path / name).mkdir()
    assert_set_aside(tmp_path, name, "foreign", memory_within(tmp_path))


@pytest.mark.parametrize("name", PROFILE_FILES)
def test_a_file_larger_than_the_cap_is_set_aside_unread(tmp_path: Path, name: str) -> None:
    (tmp_path / name).write_bytes(b" " * (files.MOST_BYTES + 1))
    memory = memory_within(tmp_path)
    assert_set_aside(tmp_path, name, "foreign", memory)
    assert "larger than 4 MB" in memory.profile.notices[0]


@pytest.mark.parametrize("name", PROFILE_FILES)
def test_bytes_that_are_not_utf8_are_corrupt(tmp_path: Path, name: str) -> None:
    (tmp_path / name).write_bytes(b'{"format": 1, "x": "\xff\xfe"}')
    assert_set_aside(tmp_path, name, "corrupt", memory_within(tmp_path))


@pytest.mark.parametrize("name", PROFILE_FILES)
def test_a_file_the_game_may_not_read_is_called_unreadable_not_corrupt(
    tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / name).write_text("{}")
    opened = os.open

    def refused(path: str | os.PathLike[str], flags: int, *rest: int) -> int:
        if Path(path).name == name:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return opened(path, flags, *rest)

    monkeypatch.setattr(os, "open", refused)
    memory = memory_within(tmp_path)
    assert_set_aside(tmp_path, name, "unreadable", memory)
    assert "cannot be read (Permission denied)" in memory.profile.notices[0]
    assert "corrupt" not in memory.profile.notices[0]


def test_a_parser_that_fails_in_any_way_sets_the_file_aside(tmp_path: Path) -> None:
    (tmp_path / "thing.json").write_text('{"format": 1}')
    profile = Profile(tmp_path, clock=lambda: NOON)

    def parse(data: object) -> object:
        raise RecursionError("a reader went too deep")

    assert profile.read("thing.json", 1, parse) is None
    assert (tmp_path / "thing.json.foreign-20261201-081200").exists()
    assert "a reader went too deep" in profile.notices[0]


HOSTILE: dict[str, Callable[[Path], object]] = {
    "deep stats": lambda folder: (folder / STATS_FILE).write_text("[" * 1000 + "]" * 1000),
    "fifo match": lambda folder: os.mkfifo(folder / MATCH_FILE),
    "zero settings": lambda folder: (folder / SETTINGS_FILE).symlink_to("/dev/zero"),
    "urandom stats": lambda folder: (folder / STATS_FILE).symlink_to("/dev/urandom"),
}


@pytest.mark.parametrize("make", HOSTILE.values(), ids=HOSTILE)
def test_the_window_starts_on_a_hostile_profile_and_says_so(
    tmp_path: Path, make: Callable[[Path], object]
) -> None:
    make(tmp_path)
    started = time.monotonic()
    shown = visit_every_screen(tmp_path).notices
    assert time.monotonic() - started < 60
    assert any("could not be used" in notice for notice in shown)


def test_temporary_files_a_killed_write_left_are_swept_at_the_next_start(tmp_path: Path) -> None:
    old = tmp_path / ".match.json.k1ll3d.tmp"
    fresh = tmp_path / ".stats.json.wr1t1ng.tmp"
    for leftover in (old, fresh):
        leftover.write_text('{"format": 1')
    long_ago = time.time() - LEFTOVER_SECONDS - 5
    os.utime(old, (long_ago, long_ago))
    saved = a_saved_match()
    (tmp_path / MATCH_FILE).write_text(json.dumps(saved.to_json()))
    memory = Memory(Profile(tmp_path))
    assert not old.exists(), "a leftover of a killed write stays"
    assert fresh.exists(), "another game's write in progress was taken away"
    assert memory.saved_match() is not None


def test_the_sweep_takes_only_the_games_own_leftovers(tmp_path: Path) -> None:
    others = [tmp_path / ".editor-swap.tmp", tmp_path / ".notes.txt.x1.tmp"]
    for other in others:
        other.write_text("another program's")
        long_ago = time.time() - LEFTOVER_SECONDS - 5
        os.utime(other, (long_ago, long_ago))
    Memory(Profile(tmp_path))
    assert all(other.exists() for other in others)
