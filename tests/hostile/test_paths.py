"""Names that are not UTF-8 (a profile folder, a policy module) are shown and reported like
any other; the saving thread never dies, so every later save lands and quitting ends."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from game.files import shown
from game.profile.folder import Profile
from game.ui.command_line import parse_options
from tests.hostile.window import frames, notices_shown, open_window, press


def odd(folder: Path, name: bytes) -> Path:
    """``folder``/``name`` where ``name`` is bytes that are not UTF-8 (a lone surrogate in
    Python's view of it)."""
    return Path(os.fsdecode(os.fsencode(folder) + b"/" + name))


def flushed_within(profile: Profile, seconds: float = 10.0) -> bool:
    waiter = threading.Thread(target=profile.flush, daemon=True)
    waiter.start()
    waiter.join(seconds)
    return not waiter.is_alive()


def test_a_profile_folder_that_is_not_utf8_plays_and_saves(tmp_path: Path) -> None:
    folder = odd(tmp_path, b"profil-\xe9t\xe9")
    app = open_window(folder)
    try:
        frames(app)
        assert press(app, "3 opponents: Normal")  # kept in the settings at once
        assert press(app, "New game")
        frames(app, 60)
        app.memory.profile.flush()
        notices = notices_shown(app)
    finally:
        app.close()
    assert notices == []
    assert (folder / "settings.json").exists()
    assert os.path.isdir(os.fsencode(folder))


def test_a_notice_naming_a_folder_that_is_not_utf8_is_drawn(tmp_path: Path) -> None:
    blocker = odd(tmp_path, b"not-a-folder-\xff")
    blocker.write_text("a file where the profile's folder should be")
    app = open_window(blocker / "profile")
    try:
        frames(app)
        assert press(app, "3 opponents: Normal")  # kept in the settings at once: it fails
        frames(app, 10)
        notices = notices_shown(app)
    finally:
        app.close()
    assert any("cannot save" in notice for notice in notices)
    assert all(notice == shown(notice, 10_000) for notice in notices), "unprintable notice"


def test_the_saving_thread_survives_a_document_that_cannot_be_encoded(tmp_path: Path) -> None:
    profile = Profile(tmp_path)
    profile.write_soon("match.json", {"format": 1, "policies": {"1": "bot\udce9:Bot"}})
    assert flushed_within(profile), "the saving thread died: flush waits forever"
    assert any("cannot save" in notice for notice in profile.notices)
    profile.write_soon("stats.json", {"format": 1})
    assert flushed_within(profile)
    assert (tmp_path / "stats.json").read_text() == '{"format":1}'


def test_a_write_that_raises_anything_is_reported_like_a_full_disk(tmp_path: Path) -> None:
    profile = Profile(tmp_path)
    profile.write_soon("stats.json", {"format": 1, "odd": {1j}})  # not JSON at all
    assert flushed_within(profile)
    assert len(profile.notices) == 1
    assert profile.write("stats.json", {"format": 1})


def test_a_policy_module_named_in_bytes_that_are_not_utf8_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Such a module imports, but its name could never be saved: it is refused up front."""
    module = odd(tmp_path, b"bot\xe9.py")
    module.write_text("from game.ai.greedy import GreedyPolicy as Bot\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    odd_module = module.stem + ":Bot"
    with pytest.raises(SystemExit) as stopped:
        parse_options(["--seats", f"hard,{odd_module},easy"])
    assert stopped.value.code == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert "unknown policy" in line
    line.encode("utf-8")  # the message itself can be written anywhere
