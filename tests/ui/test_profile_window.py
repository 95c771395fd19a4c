"""The window tells the player, once, about a file set aside or a folder it cannot write."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from game.profile import folder as profile_module
from game.ui.app import App
from game.ui.screens.title import TitleScene
from tests.ui.driver import FRAME, make_app, step_until
from tests.ui.table.test_resume import human_table, play


def notices_shown(app: App, frames: int = 30) -> list[str]:
    """Every notice the window puts up over ``frames`` frames."""
    seen: list[str] = []
    for _ in range(frames):
        app.step(FRAME)
        if app.toast is not None and app.toast not in seen:
            seen.append(app.toast)
    return seen


@pytest.mark.slow
def test_a_corrupt_settings_file_is_reported_on_screen_and_set_aside(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"format": 1, "speed": "warp"}')
    (tmp_path / "match.json").write_text("{trunc")
    app = make_app(mute=True, profile=str(tmp_path))
    try:
        assert isinstance(app.stack.top, TitleScene)
        seen = notices_shown(app, 60 * 14)
        assert len(seen) == 2
        assert "settings.json could not be used" in seen[0]
        assert "match.json could not be used" in seen[1]
        assert app.memory.settings.speed == "normal"
        assert {p.name.split(".")[1].split("-")[0] for p in tmp_path.iterdir()} == {"json"}
        kept = sorted(p.name.rsplit("-", 2)[0] for p in tmp_path.iterdir())
        assert kept == ["match.json.corrupt", "settings.json.foreign"]
    finally:
        app.close()


class Recorded(list[str]):
    """A notices list that remembers everything ever put in it."""

    def __init__(self) -> None:
        super().__init__()
        self.ever: list[str] = []

    def append(self, notice: str) -> None:
        self.ever.append(notice)
        super().append(notice)


def recording_window(profile: Path) -> tuple[App, Recorded]:
    """A window on ``profile`` whose every notice is remembered."""
    app = make_app(mute=True, profile=str(profile))
    recorded = Recorded()
    app.memory.profile.notices = recorded
    return app, recorded


@pytest.mark.slow
def test_a_profile_that_cannot_be_written_is_said_once_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    app, recorded = recording_window(blocker / "profile")
    try:
        table = human_table(app)
        play(app, table, actions=30)
        assert len(table.match.actions) >= 30, "play went on"
        assert len(recorded.ever) == 1 and "cannot save" in recorded.ever[0]
        step_until(app, lambda: app.toast is None and not recorded)
    finally:
        app.close()


def test_a_full_disk_during_a_match_is_said_once_and_the_last_save_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, recorded = recording_window(tmp_path)
    try:
        table = human_table(app)
        play(app, table, actions=6)
        app.memory.profile.flush()
        before = (tmp_path / "match.json").read_text()

        def full(path: Path, text: str) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(profile_module, "write_atomically", full)
        play(app, table, actions=12)
        app.memory.profile.flush()
        assert len(recorded.ever) == 1 and "No space left" in recorded.ever[0]
        assert (tmp_path / "match.json").read_text() == before, "the last save stays whole"
        monkeypatch.undo()
        play(app, table, actions=len(table.match.actions) + 2)
        app.memory.profile.flush()
        resumed = json.loads((tmp_path / "match.json").read_text())
        assert resumed != json.loads(before), "saving resumes once the disk has room"
    finally:
        app.close()


def test_a_save_replaced_while_the_game_runs_is_kept_and_said(tmp_path: Path) -> None:
    app, recorded = recording_window(tmp_path)
    try:
        table = human_table(app)
        play(app, table, actions=6)
        app.memory.profile.flush()
        theirs = '{"format": 1, "by": "another copy of the game"}'
        (tmp_path / "match.json").write_text(theirs)
        play(app, table, actions=len(table.match.actions) + 4)
        app.memory.profile.flush()
        kept = [path for path in tmp_path.iterdir() if ".replaced-" in path.name]
        assert [path.read_text() for path in kept] == [theirs]
        assert len(recorded.ever) == 1 and kept[0].name in recorded.ever[0]
        assert len(table.match.actions) >= 10, "play went on"
    finally:
        app.close()
