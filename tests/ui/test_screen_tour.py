"""The screen tour (``tests/ui/every_screen.py``) visits every kind of scene of the window, so
that the tests of languages and layout see every screen: a new one left out of it fails here."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import game.ui
from game.ui.scene import Scene
from tests.ui.every_screen import Seen, late_saved_match, profile_with, tour, window


def scenes_of_the_window() -> set[type[Scene]]:
    """Every subclass of :class:`Scene` in ``game.ui``, each of its modules imported."""
    for module in pkgutil.walk_packages(game.ui.__path__, "game.ui."):
        importlib.import_module(module.name)
    found: set[type[Scene]] = set()
    waiting = [Scene]
    while waiting:
        for subclass in waiting.pop().__subclasses__():
            if subclass.__module__.startswith("game.ui.") and subclass not in found:
                found.add(subclass)
                waiting.append(subclass)
    return found


def test_the_scenes_are_found() -> None:
    names = {scene.__name__ for scene in scenes_of_the_window()}
    assert {"TitleScene", "TableScene", "Overlay", "MatchEndScene", "StatsScene"} <= names


@pytest.mark.slow
def test_the_tour_looks_at_every_scene() -> None:
    """Each scene class is looked at on the tour (a base class through one of its kinds)."""
    app = window(profile_with(late_saved_match()), (1280, 800))
    looked_at: set[type[Scene]] = set()

    def note(seen: Seen) -> None:
        top = app.stack.top
        assert top is not None, f"{seen.name}: no scene"
        looked_at.add(type(top))

    try:
        tour(app, note)
    finally:
        app.close()
    missed = [
        scene.__name__
        for scene in scenes_of_the_window()
        if not any(issubclass(kind, scene) for kind in looked_at)
    ]
    assert not missed, f"the tour never looks at {sorted(missed)}"
