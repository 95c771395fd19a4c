"""The profile folder: atomic writes, every bad file set aside and reported, never a crash."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.engine.match import Match
from game.profile import folder, saved_match, settings
from game.profile import player_stats as stats
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.player_stats import Stats, result_from
from game.profile.saved_match import SavedMatch
from game.profile.settings import Settings
from game.seats.messages import seat_rng_state

ROOT = Path(__file__).resolve().parents[2]
NOON = time.mktime((2026, 12, 1, 8, 12, 0, 0, 0, -1))


def a_saved_match(actions: int = 9, seed: int = 3) -> SavedMatch:
    match = Match.new(seed=seed)
    for _ in range(actions):
        match.apply(match.legal_actions()[-1])
    states = {seat: seat_rng_state(seed, seat) for seat in (1, 2, 3)}
    names = ("Left", "Top", "Right")
    return SavedMatch(match, dict.fromkeys((1, 2, 3), "hard"), names, match.hands[0], states)


FILES: dict[str, tuple[int, Callable[[dict[str, Any]], object], dict[str, Any]]] = {
    "settings.json": (settings.FORMAT, Settings.from_json, Settings().to_json()),
    "match.json": (saved_match.FORMAT, SavedMatch.from_json, a_saved_match().to_json()),
    "stats.json": (
        stats.FORMAT,
        Stats.from_json,
        Stats().record(result_from("hard", (10, 20, 30, 40), (0,), ((0, 5, 6, 7),), 1)).to_json(),
    ),
}
"""Each file of the profile: the format it is written in, its reader and a good example."""

BAD: dict[str, tuple[bytes | Callable[[dict[str, Any]], str], str]] = {
    "garbage": (b"\x00\xff\xfe not json at all", "corrupt"),
    "truncated": (lambda good: json.dumps(good)[: len(json.dumps(good)) // 2], "corrupt"),
    "empty": (b"", "corrupt"),
    "newer": (lambda good: json.dumps({**good, "format": 99}), "newer"),
    "no-format": (
        lambda good: json.dumps({k: v for k, v in good.items() if k != "format"}),
        "foreign",
    ),
    "format-true": (lambda good: json.dumps({**good, "format": True}), "foreign"),
    "format-float": (lambda good: json.dumps({**good, "format": 1.0}), "foreign"),
    "a-list": (b"[1, 2, 3]", "foreign"),
    "foreign-object": (b'{"format": 1, "who": "another program", "data": [1]}', "foreign"),
}
"""Ways a file goes bad, and the word its set-aside name carries."""


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("case", BAD)
def test_a_bad_file_is_set_aside_reported_and_replaced_by_defaults(
    tmp_path: Path, name: str, case: str
) -> None:
    current, parse, good = FILES[name]
    content, reason = BAD[case]
    data = content(good) if callable(content) else content
    (tmp_path / name).write_bytes(data.encode() if isinstance(data, str) else data)
    profile = Profile(tmp_path, clock=lambda: NOON)
    assert profile.read(name, current, parse) is None
    aside = tmp_path / f"{name}.{reason}-20261201-081200"
    assert aside.read_bytes() == (data.encode() if isinstance(data, str) else data)
    assert not (tmp_path / name).exists()
    assert len(profile.notices) == 1 and name in profile.notices[0]
    assert aside.name in profile.notices[0]
    assert profile.write(name, good) and profile.read(name, current, parse) is not None


@pytest.mark.parametrize("name", FILES)
def test_a_good_file_reads_back_equal(tmp_path: Path, name: str) -> None:
    current, parse, good = FILES[name]
    profile = Profile(tmp_path)
    assert profile.read(name, current, parse) is None, "a missing file is no error"
    assert profile.write(name, good)
    value = profile.read(name, current, parse)
    assert value is not None and value.to_json() == good  # type: ignore[attr-defined]
    assert profile.notices == []
    assert [path.name for path in tmp_path.iterdir()] == [name], "no temporary file left"


def test_two_bad_files_in_one_second_keep_both(tmp_path: Path) -> None:
    profile = Profile(tmp_path, clock=lambda: NOON)
    for _ in range(2):
        (tmp_path / "settings.json").write_text("{oops")
        profile.read("settings.json", 1, Settings.from_json)
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == [
        "settings.json.corrupt-20261201-081200",
        "settings.json.corrupt-20261201-081200-2",
    ]


def test_a_folder_that_cannot_be_written_is_reported_once(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    profile = Profile(blocker / "profile")
    assert not profile.write("settings.json", Settings().to_json())
    assert not profile.write("settings.json", Settings().to_json())
    assert len(profile.notices) == 1 and "cannot save" in profile.notices[0]
    memory = Memory(profile)
    memory.save_settings(Settings(speed="fast"))
    assert memory.settings.speed == "fast", "the game plays on with what was chosen"


def test_memory_starts_from_defaults_and_keeps_what_is_chosen(tmp_path: Path) -> None:
    memory = Memory(Profile(tmp_path))
    assert memory.settings == Settings() and memory.saved_match() is None
    memory.save_settings(Settings(speed="slow", muted=True))
    saved = a_saved_match()
    memory.save_match(saved)
    memory.profile.flush()  # as the window does when it closes
    again = Memory(Profile(tmp_path))
    assert again.settings == Settings(speed="slow", muted=True)
    resumed = again.saved_match()
    assert resumed is not None and resumed.to_json() == saved.to_json()
    again.forget_match()
    assert again.saved_match() is None and not (tmp_path / "match.json").exists()


def test_a_match_saved_a_moment_ago_is_read_back_while_its_write_is_under_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save is written off the frame loop: asking for it before the file is there waits
    for the write rather than finding no saved match."""
    write = folder.write_atomically

    def slow_write(path: Path, text: str) -> None:
        time.sleep(0.2)
        write(path, text)

    monkeypatch.setattr(folder, "write_atomically", slow_write)
    memory = Memory(Profile(tmp_path))
    saved = a_saved_match()
    memory.save_match(saved)
    found = memory.saved_match()
    assert found is not None and found.to_json() == saved.to_json()


SAVE_LOOP = """
import sys
from pathlib import Path
from game.profile.folder import Profile
from tests.profile.test_profile import a_saved_match
profile = Profile(Path(sys.argv[1]))
print("ready", flush=True)
count = 0
while True:
    count += 1
    save = getattr(profile, sys.argv[2])  # write, or write_soon (the window's saves)
    save("match.json", a_saved_match(actions=count % 40, seed=count).to_json())
"""


@pytest.mark.slow
@pytest.mark.parametrize("method", ["write", "write_soon"])
def test_a_process_killed_in_the_middle_of_saving_leaves_a_loadable_file(
    tmp_path: Path, method: str
) -> None:
    for delay in (0.3, 0.55, 0.8):
        process = subprocess.Popen(
            [sys.executable, "-c", SAVE_LOOP, str(tmp_path), method],
            cwd=ROOT,
            stdout=subprocess.PIPE,
        )
        assert process.stdout is not None and process.stdout.readline().strip() == b"ready"
        time.sleep(delay)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
        profile = Profile(tmp_path)
        loaded = profile.read("match.json", saved_match.FORMAT, SavedMatch.from_json)
        assert loaded is not None and profile.notices == []


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(
            lambda d: d["rng_states"].update({"1": [3, "not base64!", None]}), id="stream"
        ),
        pytest.param(lambda d: d["rng_states"].pop("2"), id="missing-stream"),
        pytest.param(lambda d: d.update(hand_order=d["hand_order"][1:]), id="hand-order"),
        pytest.param(lambda d: d["policies"].update({"1": "nobody"}), id="policy"),
        pytest.param(lambda d: d.update(went_out=5), id="went-out"),
    ],
)
def test_a_saved_match_that_does_not_hold_together_is_refused(
    change: Callable[[dict[str, Any]], object],
) -> None:
    data = json.loads(json.dumps(a_saved_match().to_json()))
    change(data)
    with pytest.raises(ValueError):
        SavedMatch.from_json(data)


def test_a_file_changed_by_another_program_is_kept_aside_not_overwritten(tmp_path: Path) -> None:
    profile = Profile(tmp_path, clock=lambda: NOON)
    profile.write("match.json", {"format": 1, "by": "the game"})
    theirs = '{"format": 1, "by": "another program"}'
    (tmp_path / "match.json").write_text(theirs)
    profile.write("match.json", {"format": 1, "by": "the game again"})
    aside = tmp_path / "match.json.replaced-20261201-081200"
    assert aside.read_text() == theirs, "what the other program wrote is kept"
    assert json.loads((tmp_path / "match.json").read_text())["by"] == "the game again"
    assert len(profile.notices) == 1 and "changed by another program" in profile.notices[0]
    for count in range(3):
        profile.write_soon("match.json", {"format": 1, "count": count})
    profile.flush()
    assert len(profile.notices) == 1, "its own writes are not taken for another's"


def test_a_full_disk_keeps_what_was_saved_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    profile = Profile(tmp_path)
    saved = a_saved_match()
    profile.write("match.json", saved.to_json())

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    for seed in range(3):
        assert not profile.write("match.json", a_saved_match(seed=seed + 10).to_json())
    monkeypatch.undo()
    loaded = profile.read("match.json", saved_match.FORMAT, SavedMatch.from_json)
    assert loaded is not None and loaded.to_json() == saved.to_json()
    assert len(profile.notices) == 1 and "No space left" in profile.notices[0]
    assert [path.name for path in tmp_path.iterdir()] == ["match.json"], "no temporary file left"
