"""A scene's keys as one table: what each key does and the words that tell it, side by side.

A scene lists its :class:`Shortcut` values once; :func:`press` does what a key asks of
them and :func:`help_line` words the same list, so no key is bound without being told on
screen, and none is told without being bound.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

import pygame

from game.i18n import _

SEPARATOR = " · "
"""Between two shortcuts in a help line."""


def _always() -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Shortcut:
    """Keys that do one thing, and the words that say so."""

    words: str
    """What the help line says of it, e.g. ``S stock`` (English, marked with ``N_``)."""
    actions: Mapping[int, Callable[[], object]]
    """What each of its keys does (``←/→``: two keys, two directions)."""
    shift: bool = False
    """Only with Shift held; then it comes before the same key without Shift (a shortcut
    without it takes its keys whatever the modifiers)."""
    live: Callable[[], bool] = field(default=_always)
    """Whether it works now: one that does not is neither done nor told."""
    told: Callable[[], bool] = field(default=_always)
    """Whether the help line names it now (a live shortcut not told works all the same: a
    key every screen takes, in a window too narrow for its words)."""
    said: Callable[[], str] | None = None
    """Its words as they stand now, in the language in use, where they change with the
    screen (``Enter discard 9♠``); ``None``: :attr:`words`."""
    widest: Callable[[], str] | None = None
    """Where :attr:`said` changes, its words at their widest (``Enter discard 10♥``): what
    a layout makes room for."""


def press(shortcuts: Iterable[Shortcut], event: pygame.event.Event) -> bool:
    """Do what the key of ``event`` (a ``KEYDOWN``) asks of the live ``shortcuts``; True if
    one of them took it."""
    shifted = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
    for shortcut in sorted(shortcuts, key=lambda shortcut: not shortcut.shift):
        if (shifted or not shortcut.shift) and event.key in shortcut.actions and shortcut.live():
            shortcut.actions[event.key]()
            return True
    return False


def help_line(shortcuts: Iterable[Shortcut], widest: bool = False) -> str:
    """The live ``shortcuts`` in words, in the language in use, in the order listed
    (``widest``: each at its widest, for a layout to make room)."""
    return SEPARATOR.join(
        _words_of(shortcut, widest) for shortcut in shortcuts if shortcut.live() and shortcut.told()
    )


def _words_of(shortcut: Shortcut, widest: bool) -> str:
    if widest and shortcut.widest is not None:
        return shortcut.widest()
    return shortcut.said() if shortcut.said is not None else _(shortcut.words)
