"""The window starts with only what its title shows: each other screen, the table and the
AI's levels are loaded when first used, so that the title is up sooner."""

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


def test_the_title_opens_without_the_screens_it_does_not_show() -> None:
    profile = tempfile.mkdtemp(prefix="three-thirteen-start-")
    result = run_isolated(
        "import os; os.environ['SDL_VIDEODRIVER'] = 'dummy'; "
        "os.environ['SDL_AUDIODRIVER'] = 'dummy'; "
        "from game.ui.app import main; "
        f"status = main(['--frames', '2', '--mute', '--profile', {profile!r}]); "
        f"loaded = sorted(name for name in {LATER!r} if name in sys.modules); "
        "print(status, loaded)"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[-2] == "0 []", result.stdout + result.stderr


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
