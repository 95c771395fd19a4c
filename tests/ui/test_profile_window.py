"""The window tells the player, once, about a file set aside or a folder it cannot write."""

from __future__ import annotations

from pathlib import Path

from game.ui.app import App
from game.ui.title import TitleScene
from tests.ui.driver import FRAME, make_app, step_until
from tests.ui.test_resume import human_table, play


def notices_shown(app: App, frames: int) -> list[str]:
    """Every notice the window puts up over ``frames`` frames."""
    seen: list[str] = []
    for _ in range(frames):
        app.step(FRAME)
        if app.toast is not None and app.toast not in seen:
            seen.append(app.toast)
    return seen


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


def test_a_profile_that_cannot_be_written_is_said_once_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    app = make_app(mute=True, profile=str(blocker / "profile"))
    recorded = Recorded()
    app.memory.profile.notices = recorded
    try:
        table = human_table(app)
        play(app, table, actions=30)
        assert len(table.match.actions) >= 30, "play went on"
        assert len(recorded.ever) == 1 and "cannot save" in recorded.ever[0]
        step_until(app, lambda: app.toast is None and not recorded)
    finally:
        app.close()
