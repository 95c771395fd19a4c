"""One type scale: every text of every screen, in every language and at the smallest, the
usual and a large window, is drawn at one of its style's sizes, and at that size (never
shrunk on its own to fit its box)."""

from __future__ import annotations

import pytest

from game import i18n
from game.ui.app import App
from game.ui.kit.type_scale import TypeScale
from tests.ui.every_screen import Seen, late_saved_match, profile_with, tour, window

pytestmark = pytest.mark.slow  # a tour of every screen in each language and size

SIZES = [(640, 400), (1280, 800), (2560, 1440)]


def scale_problems(seen: Seen, scale: TypeScale) -> list[str]:
    """Each text of one screen drawn off the scale or smaller than its style (a mark on a
    card, such as the wild star or a wild's "=6♠", follows the card's size instead)."""
    problems = []
    for drawn in seen.texts:
        if drawn.mark:
            continue
        where = f"{seen.name}: {drawn.message!r}"
        if drawn.size not in scale.sizes:
            problems.append(f"{where} asks for {drawn.size} px, off the scale {scale}")
        elif drawn.fitted != drawn.size:
            problems.append(f"{where} is shrunk from {drawn.size} to {drawn.fitted} px")
    return problems


def test_the_scale_grows_with_the_window_and_keeps_its_order() -> None:
    small, usual, large = (TypeScale.for_window(size) for size in SIZES)
    assert small.body < usual.body < large.body
    for scale in (small, usual, large):
        assert scale.help < scale.body < scale.heading < scale.title < scale.display
    assert TypeScale.for_window((640, 2160)) == small, "a narrow window keeps a small body"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_text_is_drawn_at_its_styles_size(language: str, size: tuple[int, int]) -> None:
    problems: list[str] = []
    scale = TypeScale.for_window(size)

    def check(seen: Seen) -> None:
        problems.extend(scale_problems(seen, scale))

    app: App = window(profile_with(late_saved_match()), size, language=language)
    try:
        tour(app, check)
    finally:
        app.close()
    assert not problems, "\n".join(dict.fromkeys(problems))
