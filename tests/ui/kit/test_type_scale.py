"""One type scale that grows with the window and keeps its order. That every text of every
screen is drawn at one of its style's sizes, never shrunk on its own to fit its box, is
checked on each screen of the language tour (``tests/ui/test_languages_on_screen.py``) and
of the table-size tour (``tests/ui/test_every_count.py``) by ``every_screen.scale_problems``."""

from __future__ import annotations

from game.ui.kit.type_scale import TypeScale

SIZES = [(640, 400), (1280, 800), (2560, 1440)]


def test_the_scale_grows_with_the_window_and_keeps_its_order() -> None:
    small, usual, large = (TypeScale.for_window(size) for size in SIZES)
    assert small.body < usual.body < large.body
    for scale in (small, usual, large):
        assert scale.help < scale.body < scale.heading < scale.title < scale.display
    assert TypeScale.for_window((640, 2160)) == small, "a narrow window keeps a small body"
