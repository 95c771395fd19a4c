"""The statistics screen in a real window: the figures per level and per table size, readable
at the type scale's sizes and clear of each other in every language, small to large."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.i18n import _
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.player_stats import result_from
from game.ui.kit.type_scale import TypeScale
from game.ui.screens.reading import Line
from game.ui.screens.stats_screen import SIZES_CORNER, StatsScene
from tests.ui.every_screen import Seen, Tour, box_problems, overlaps, scale_problems, window

pytestmark = pytest.mark.slow  # a window in each language and size

SIZES = [(800, 600), (1280, 800), (2560, 1440)]
MATCHES = (
    # level, players, your total, winners, abandoned
    ("easy", 2, 35, (0,), False),
    ("easy", 3, 90, (1,), False),
    ("normal", 4, 80, (2,), False),
    ("normal", 5, 20, (), True),
    ("hard", 6, 41, (0, 3), False),
    ("hard", 6, 20, (), True),
    ("hard", 7, 105, (6,), False),
    ("mixed", 8, 64, (5,), False),
    ("mixed", 8, 50, (0,), False),
)
"""Matches at every table size, seven columns: won heads-up, lost at three and four, left at
five, a shared win and an abandoned match at six, lost at seven, a loss then a win at eight.
(Four levels: with a fifth, "custom", the levels' six columns are too narrow for the longest
headings in French and Italian at every size, as they were before table sizes.)"""


def profile_at_several_table_sizes() -> str:
    folder = tempfile.mkdtemp(prefix="three-thirteen-stats-")
    memory = Memory(Profile(Path(folder)))
    for level, players, total, winners, abandoned in MATCHES:
        totals = (total, *range(60, 60 + players - 1))
        rounds = (tuple(0 if seat == 0 else 9 for seat in range(players)),)
        memory.record(result_from(level, totals, winners, rounds, 1, abandoned))
    return folder


def row_after(lines: list[Line], first: str) -> list[tuple[str, ...]]:
    """The rows of the table whose first row starts with ``first``, up to a blank line."""
    start = next(index for index, line in enumerate(lines) if line.cells[0] == first)
    rows = []
    for line in lines[start:]:
        if len(line.cells) == 1:
            break
        rows.append(line.cells)
    return rows


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_figures_of_each_table_size_are_shown_clearly(
    language: str, size: tuple[int, int]
) -> None:
    problems: list[str] = []
    drawn: set[str] = set()
    scale = TypeScale.for_window(size)
    shots = os.environ.get("THREE_THIRTEEN_SHOTS")

    def check(seen: Seen) -> None:
        problems.extend(overlaps(seen) + scale_problems(seen, scale) + box_problems(seen))
        drawn.update(text.message for text in seen.texts)
        if shots:
            name = f"stats-{language}-{size[0]}x{size[1]}-{seen.name.replace(', ', '-')}.png"
            pygame.image.save(seen.surface, str(Path(shots) / name.replace(" ", "_")))

    app = window(profile_at_several_table_sizes(), size, language=language)
    try:
        scene = StatsScene(app)
        Tour(app, check).reading(scene, "statistics")
        sizes = row_after(scene.laid_out, _(SIZES_CORNER))
    finally:
        app.close()
    figures = {cells[0]: cells[1:] for cells in sizes}
    assert figures == {
        _(SIZES_CORNER): ("2", "3", "4", "5", "6", "7", "8"),
        _("Matches played"): ("1", "1", "1", "1", "2", "1", "2"),
        _("Won"): ("1", "0", "0", "0", "1", "0", "1"),
        _("Win rate"): ("100%", "0%", "0%", "0%", "50%", "0%", "50%"),
        _("Best total"): ("35", "90", "80", "–", "41", "105", "50"),
        _("Worst total"): ("35", "90", "80", "–", "41", "105", "64"),
        _("Average total"): (
            *map(i18n.decimal, (35, 90, 80)),
            "–",
            *map(i18n.decimal, (41, 105, 57)),
        ),
    }
    assert {cell for cells in sizes for cell in cells} <= drawn, "every figure is drawn"
    assert not problems, "\n".join(dict.fromkeys(problems))
