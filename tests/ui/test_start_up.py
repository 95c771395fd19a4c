"""The window starts with only what its title shows: each other screen, the table and the
AI's levels are loaded when first used, and the history opens after the first frame, so
that the title is up sooner."""

from __future__ import annotations

import tempfile

from tests.isolated import run_isolated
from tests.ui.driver import FRAME, make_app

LATER = (
    "game.ui.table.table",
    "game.ui.learn.learn_scene",
    "game.ui.screens.history_screen",
    "game.ui.screens.replay_screen",
    "game.ui.screens.review_screen",
    "game.ui.screens.rules_screen",
    "game.ui.screens.settings_screen",
    "game.ui.screens.stats_screen",
)
"""What the title does without, until a button asks for it."""


AFTER_THE_FIRST_FRAME = ("game.profile.history", "game.profile.filing", "sqlite3")
"""What the history needs: loaded as the second frame begins."""


def loaded_after(frames: int, modules: tuple[str, ...]) -> str:
    """The exit status and which of ``modules`` were loaded, after a window of ``frames``."""
    profile = tempfile.mkdtemp(prefix="three-thirteen-start-")
    result = run_isolated(
        "import os; os.environ['SDL_VIDEODRIVER'] = 'dummy'; "
        "os.environ['SDL_AUDIODRIVER'] = 'dummy'; "
        "from game.ui.app import main; "
        f"status = main(['--frames', '{frames}', '--mute', '--profile', {profile!r}]); "
        f"loaded = sorted(name for name in {modules!r} if name in sys.modules); "
        "print(status, loaded)"
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.split("\n")[-2]


def test_the_title_opens_without_the_screens_it_does_not_show() -> None:
    assert loaded_after(2, LATER) == "0 []"


def test_the_history_opens_after_the_first_frame() -> None:
    assert loaded_after(1, AFTER_THE_FIRST_FRAME) == "0 []"
    assert loaded_after(2, AFTER_THE_FIRST_FRAME) == f"0 {sorted(AFTER_THE_FIRST_FRAME)}"


def test_the_first_frame_does_not_wait_for_the_overlays_canvas() -> None:
    """The surface overlays are drawn over (a window's size) is made with the second frame,
    not the first, and is there before any overlay opens."""
    app = make_app(mute=True, ai_process=False)
    try:
        app.step(FRAME)
        assert app.stack._canvas is None
        app.step(FRAME)
        assert app.stack._canvas is not None
        assert app.stack._canvas.get_size() == app.screen.get_size()
    finally:
        app.close()
