"""Open the window on a rigged match (``tests.engine.match_tools.rig``), you to move."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.match import Match
from game.profile.saved_match import SavedMatch
from game.seats.messages import seat_rng_state
from game.ui.app import App
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, make_app, post, step_until, table_of


def open_rigged(folder: Path, match: Match, size: tuple[int, int] = (1280, 800)) -> App:
    """A window (the AI on a thread, its profile in ``folder``) at the table of ``match``,
    its other seats easy. A rigged match cannot be read back from a save (no actions lead
    to it), so the table is handed the match itself."""
    policies = dict.fromkeys(range(1, match.players), "easy")
    states = {seat: seat_rng_state(match.seed, seat) for seat in policies}
    names = ("Left", "Top", "Right")[: match.players - 1]
    saved = SavedMatch(match, policies, names, tuple(match.hands[0]), states)
    app = make_app(profile=str(folder), mute=True, ai_process=False, size=size)
    table = TableScene.resumed(app, saved)
    app.replace(table)
    table.playback.banner = None  # the round's title, as a resume announces it: let go
    return app


def screenshot(app: App, path: str, size: tuple[int, int] | None = None) -> None:
    """Save the window (resized to ``size`` first) as a PNG at ``path`` after a few frames."""
    if size is not None:
        post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    for _ in range(40):  # a card lifted has settled
        app.step(FRAME)
    app.save_screenshot(path)


def at_rest(app: App) -> TableScene:
    """The rigged table once you have drawn and it is yours to discard."""
    table = table_of(app)
    step_until(app, lambda: table.your_turn and table.drawn)
    return table
