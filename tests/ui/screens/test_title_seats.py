"""The title at tables of 2 and 8: the saved match's line names every seat with its total and
the opponents' line every opponent with its level, broken between seats where the window is
narrow, nothing overlapping and every text at its style's size."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.profile.folder import Profile
from game.profile.memory import Memory
from game.ui.kit.type_scale import TypeScale
from game.ui.screens.title import TitleScene
from tests.ui.driver import FRAME, click
from tests.ui.every_screen import (
    Seen,
    Tour,
    late_saved_match,
    overlaps,
    profile_with,
    scale_problems,
    window,
)

pytestmark = pytest.mark.slow  # a window per table size and window size


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=["800x600", "1280x800"])
@pytest.mark.parametrize("players", [2, 8])
def test_the_title_names_every_seat_of_the_saved_match_and_every_opponent(
    players: int, size: tuple[int, int]
) -> None:
    saved = late_saved_match(players=players)
    app = window(profile_with(saved), size, level="hard")
    seen: list[Seen] = []
    try:
        Tour(app, seen.append).title()
        title = app.stack.top
        assert isinstance(title, TitleScene)
        words = " ".join(drawn.message for drawn in seen[-1].texts)
        totals = " · ".join(title.saved_lines)
        for seat, total in enumerate(saved.match.totals):
            name = "You" if seat == 0 else saved.names[seat - 1]
            assert f"{name} {total}" in totals
        for name in saved.names:
            assert f"{name}: Hard" in words
        if players == 8:
            assert len(title.saved_lines) > 1 and len(title.seats_lines) > 1, "broken to fit"
        problems = overlaps(seen[-1]) + scale_problems(seen[-1], TypeScale.for_window(size))
        assert not problems, "\n".join(problems)
    finally:
        app.close()


def test_mixed_levels_at_a_large_table_are_counted_on_the_level_button() -> None:
    saved = late_saved_match(players=8)
    profile = profile_with(saved)
    memory = Memory(Profile(Path(profile)))
    memory.save_settings(memory.settings.changed(levels=("easy",) * 4 + ("hard",) * 3))
    memory.profile.flush()
    size = (800, 600)
    app = window(profile, size)
    seen: list[Seen] = []
    try:
        Tour(app, seen.append).title()
        words = [drawn.message for drawn in seen[-1].texts]
        assert "7 opponents: 4× Easy · 3× Hard" in words
        assert not scale_problems(seen[-1], TypeScale.for_window(size))
        title = app.stack.top
        assert isinstance(title, TitleScene)
        level_button = next(b for b in title.buttons if "opponents:" in b.words)
        click(level_button.rect.center)
        app.step(FRAME)
        assert app.memory.settings.levels == ("normal",) * 7, "every opponent one up from Easy"
    finally:
        app.close()
