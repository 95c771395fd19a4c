"""Every screen in every language: no text leaves its box or is drawn off its style's size,
and no text escapes the catalogues.

Set ``THREE_THIRTEEN_SHOTS`` to a folder to keep a screenshot of the main screens of each run.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.ui.app import App
from game.ui.kit.type_scale import TypeScale
from tests import pseudo
from tests.ui.driver import post, step_until, table_of
from tests.ui.every_screen import (
    Seen,
    Tour,
    autoplay_to_the_end,
    box_problems,
    late_saved_match,
    overlaps,
    profile_with,
    scale_problems,
    tour,
    window,
)

pytestmark = pytest.mark.slow  # the language tour visits every screen in each language and size

SIZES = [(640, 400), (1280, 800), (3840, 2160)]
"""The smallest window, the usual one and the largest (a 4K screen)."""
SHOTS = (
    "title",
    "table",
    "score sheet",
    "round summary",
    "match end",
    "statistics, page 0",
    "review",
)
"""The screens kept as screenshots (with the settings' first rows and the rules' first page)."""
LAID_OUT_SIZES = [(640, 400), (800, 600), (1280, 800), (1920, 1080), (3840, 2160), (640, 2160)]
"""Where the title, its questions and the pause menu are checked for overlaps (and the
narrowest, tallest window)."""
ON_PURPOSE = ("a notice of the profile",)
"""The screens where something covers the rest on purpose: a notice of the profile (a file
set aside, say) stands over the table until it is read. On every other screen no two texts
or buttons overlap."""
TABLE_SIZES = [(640, 400), (800, 600), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160)]
"""Where the table is checked for overlaps."""


def keep_screenshot(seen: Seen, tag: str) -> None:
    folder = os.environ.get("THREE_THIRTEEN_SHOTS")
    wanted = seen.name in SHOTS or seen.name in ("settings, row 0", "rules, page 0")
    if folder and wanted:
        name = f"{tag}-{seen.name.replace(' ', '_').replace(',', '')}.png"
        pygame.image.save(seen.surface, str(Path(folder) / name))


def run_everywhere(
    make: Callable[..., App],
    check: Callable[[Seen], None],
    prepare: Callable[[App], None],
    players: int = 4,
) -> list[str]:
    """The tour of a window at a table of ``players``, then the autoplay of the rest of the
    match in another: the names of the screens seen at the end."""
    app = make(profile_with(late_saved_match(players=players)))
    prepare(app)
    tour(app, check)
    app.close()
    app = make(profile_with(late_saved_match(players=players)), level="hard")  # names the seats
    prepare(app)
    Tour(app, check).title("title, opponents given")
    app.close()
    app = make(profile_with(late_saved_match(players=players)), autoplay=True, resume=True)
    prepare(app)
    seen = list(autoplay_to_the_end(app, check))
    app.close()
    return seen


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_no_text_leaves_its_box_or_its_size_and_nothing_overlaps(
    language: str, size: tuple[int, int]
) -> None:
    problems: list[str] = []

    scale = TypeScale.for_window(size)

    def check(seen: Seen) -> None:
        problems.extend(box_problems(seen) + scale_problems(seen, scale))
        if not seen.name.startswith(ON_PURPOSE):
            problems.extend(overlaps(seen))
        keep_screenshot(seen, f"{language}-{size[0]}x{size[1]}")

    def make(profile: str, **more: object) -> App:
        return window(profile, size, language=language, **more)

    def prepare(app: App) -> None:
        assert i18n.language() == language
        assert pygame.display.get_caption()[0] == i18n._("Three-Thirteen")

    seen = run_everywhere(make, check, prepare)
    assert {"round summary", "match end"} <= set(seen)
    assert not problems, "\n".join(dict.fromkeys(problems))


def laid_out_check(problems: list[str], looked: list[str] | None = None) -> Callable[[Seen], None]:
    """What a layout test does with each screen: note its name (in ``looked``) and what
    leaves its box or overlaps (in ``problems``)."""

    def check(seen: Seen) -> None:
        if looked is not None:
            looked.append(seen.name)
        problems.extend(box_problems(seen) + overlaps(seen))

    return check


@pytest.mark.parametrize("size", LAID_OUT_SIZES, ids=[f"{w}x{h}" for w, h in LAID_OUT_SIZES])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_nothing_overlaps_on_the_title_its_questions_and_the_pause_menu(
    language: str, size: tuple[int, int]
) -> None:
    """With a saved match, with the opponents given, and with neither; then the table's
    pause menu: no two texts or buttons overlap, and no text leaves its box."""
    problems: list[str] = []
    check = laid_out_check(problems)
    app = window(profile_with(late_saved_match()), size, language=language)
    try:
        walk = Tour(app, check)
        walk.title()
        walk.title_questions()
        app.memory.forget_match()
        app.main_menu()
        walk.title("title, no saved match")
        app.close()
        app = window(profile_with(late_saved_match()), size, language=language, level="hard")
        walk = Tour(app, check)
        walk.title("title, opponents given")
        continue_button = app.stack.scenes[-1].buttons[0]  # type: ignore[attr-defined]
        post(pygame.MOUSEBUTTONDOWN, pos=continue_button.rect.center, button=1)
        walk.frames(1)
        table = table_of(app)
        step_until(app, lambda: not table.busy and table.your_turn, frames=3000)
        walk.pause_menu()
    finally:
        app.close()
    assert not problems, "\n".join(dict.fromkeys(problems))


@pytest.mark.parametrize("size", TABLE_SIZES, ids=[f"{w}x{h}" for w, h in TABLE_SIZES])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_nothing_overlaps_at_the_table(language: str, size: tuple[int, int]) -> None:
    """The table at rest, with every hint and refusal, a card named and a coach's tip: no two
    texts overlap, no text runs into a button it is not inside, none leaves its box."""
    problems: list[str] = []
    looked: list[str] = []
    check = laid_out_check(problems, looked)
    app = window(profile_with(late_saved_match()), size, language=language)
    try:
        walk = Tour(app, check)
        walk.title()
        walk.table()
    finally:
        app.close()
    assert {"table", "table, a coach tip"} <= set(looked)
    assert not problems, "\n".join(dict.fromkeys(problems))


def test_every_text_drawn_went_through_the_catalogues(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under the pseudo-language a plain letter on screen is a message nobody marked."""
    found: list[str] = []
    own_names = tuple(i18n.LANGUAGE_NAMES.values())  # each language named in its own words

    def check(seen: Seen) -> None:
        for drawn in seen.texts:
            if pseudo.unmarked(drawn.shown, own_names):
                found.append(f"{seen.name}: {drawn.shown!r}")
        keep_screenshot(seen, "pseudo")

    def make(profile: str, **more: object) -> App:
        return window(profile, (1280, 800), **more)

    def prepare(app: App) -> None:
        monkeypatch.setattr(app, "language", lambda: pseudo.NAME)
        pseudo.use_pseudo()
        app.stack.relabel()

    seen = run_everywhere(make, check, prepare)
    assert {"round summary", "match end"} <= set(seen)
    assert not found, "drawn without marking:\n" + "\n".join(dict.fromkeys(found))
