"""A screen's help line against the keys it takes: every key pygame knows is pressed through
the window, and the keys the line names are read back from the words drawn."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.app import App
from game.ui.kit.keys import SEPARATOR
from tests.ui.driver import FRAME, key

EVERY_KEY = sorted(
    {getattr(pygame, name) for name in dir(pygame) if name.startswith("K_")} - {pygame.K_F11}
)
"""Each key pygame names, once (but F11, the window's own: full screen, anywhere)."""
NAMED = {
    "←/→": (pygame.K_LEFT, pygame.K_RIGHT),
    "↑/↓": (pygame.K_UP, pygame.K_DOWN),
    "Enter": (pygame.K_RETURN, pygame.K_KP_ENTER),
    "Escape": (pygame.K_ESCAPE,),
    "Space": (pygame.K_SPACE,),
    "Tab": (pygame.K_TAB,),
}
"""The keys a help line names by a word or an arrow (a letter names its own key)."""


def drawn_help_line(app: App, marker: str = "←/→") -> str:
    """The help line the window draws now: the text that names ``marker``, and the lines
    centred under it where the line is broken in two."""
    app.text.drawn = []
    app.draw()
    drawn, app.text.drawn = app.text.drawn, None
    firsts = {text.message: text for text in drawn if marker in text.message}  # drawn in parts
    assert len(firsts) == 1, f"no single help line among {[text.message for text in drawn]}"
    first = firsts.popitem()[1]
    under = {
        text.message: text.rect.top
        for text in drawn
        if 0 < text.rect.top - first.rect.top <= first.rect.height * 2
        and abs(text.rect.centerx - first.rect.centerx) <= 1
        and (text.size, text.box) == (first.size, first.box)
    }
    return SEPARATOR.join([first.message, *sorted(under, key=under.__getitem__)])


def keys_told(line: str, prefix: str = "") -> set[int]:
    """The keys an English help line names: ``Keys: ←/→ select · S stock`` → ←, →, S."""
    assert line.startswith(prefix), line
    told: set[int] = set()
    for item in line.removeprefix(prefix).split(SEPARATOR):
        name = item.split()[0].removeprefix("Shift+")
        codes = NAMED.get(name) or (pygame.key.key_code(name.lower()),)
        assert len(name) == 1 or name in NAMED, f"{name!r} in {item!r} names no key"
        told.update(codes)
    return told


def differences(taken: set[int], told: set[int]) -> str:
    """What a failing comparison says: the keys taken but not told, and the other way."""
    unnamed = sorted(map(pygame.key.name, taken - told))
    untaken = sorted(map(pygame.key.name, told - taken))
    return f"taken but not told: {unnamed}; told but not taken: {untaken}"


def keys_taken(app: App, state: Callable[[], object], tidy: Callable[[], None]) -> set[int]:
    """The keys that change ``state()`` when pressed in ``app`` (posted, then a frame
    stepped); ``tidy`` puts the screen back after each press."""
    taken = set()
    for code in EVERY_KEY:
        before = state()
        key(code)
        app.step(FRAME)
        if state() != before:
            taken.add(code)
        tidy()
    return taken
