"""Every screen at every table size: the tour and the autoplay to the match's end (see
``run_everywhere``) at tables of 2, 3, 5, 6, 7 and 8 players (four is every other test's),
with the checks of the language tests and of the type scale: no text leaves its box or is
cut, nothing overlaps, every text at its style's size. Set ``THREE_THIRTEEN_SHOTS`` to a
folder to keep screenshots."""

from __future__ import annotations

import pytest

from game import i18n
from game.ui.app import App
from game.ui.kit.type_scale import TypeScale
from tests.ui.every_screen import Seen, box_problems, overlaps, scale_problems, window
from tests.ui.test_languages_on_screen import (
    ON_PURPOSE,
    keep_screenshot,
    run_everywhere,
)

pytestmark = pytest.mark.slow  # a tour of every screen per table size

USUAL = (1280, 800)
CASES = [
    *((players, "en", USUAL) for players in (2, 3, 5, 6, 7, 8)),
    (6, "fr", USUAL),
    (8, "nl", USUAL),
    (2, "fr", (800, 600)),
    (8, "fr", (800, 600)),
    (2, "it", (2560, 1440)),
    (8, "nl", (2560, 1440)),
]
"""Each table size in the usual window; the smallest and the largest table also in a small
and a large one, in the languages with the longest words."""


@pytest.mark.parametrize(
    ("players", "language", "size"),
    CASES,
    ids=[f"{players}-players-{language}-{w}x{h}" for players, language, (w, h) in CASES],
)
def test_every_screen_shows_every_seat_clearly(
    players: int, language: str, size: tuple[int, int]
) -> None:
    problems: list[str] = []
    scale = TypeScale.for_window(size)

    def check(seen: Seen) -> None:
        problems.extend(box_problems(seen) + scale_problems(seen, scale))
        if not seen.name.startswith(ON_PURPOSE):
            problems.extend(overlaps(seen))
        keep_screenshot(seen, f"{players}p-{language}-{size[0]}x{size[1]}")

    def make(profile: str, **more: object) -> App:
        return window(profile, size, language=language, **more)

    def prepare(app: App) -> None:
        assert i18n.language() == language
        assert app.memory.settings.rules.players == players

    seen = run_everywhere(make, check, prepare, players)
    assert {"round summary", "match end"} <= set(seen)
    assert not problems, "\n".join(dict.fromkeys(problems))
