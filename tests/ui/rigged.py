"""Open the window on a rigged match (``tests.engine.match_tools.rig``), you to move."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.actions import Draw, DrawSource
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.seating import default_names
from game.profile.saved_match import SavedMatch
from game.seats.messages import seat_rng_state
from game.ui.app import App
from game.ui.table.table import TableScene
from tests.engine.match_tools import rig
from tests.ui.driver import FRAME, make_app, post, step_until, table_of

CROWDED_HANDS = (
    "AH 2H 3H 4H 5H 6H 7H 8C 8D 8S 9C 10C JC",
    "2C 7D KD QC JS 3S 4S 5S 6S 7S 9S 10S JD",
    "5C 9H JH 6D 7C 2D 3D 4D 5D 6C 10D QD AD",
    "QS AS 10H 9D 2S 3C 4C QH KH KS KC AC JD",
)
"""The last round's thirteen cards each: you draw the 8♥, and nine of your cards go out."""


def crowded_last_round() -> Match:
    """The last round, you to discard with :data:`CROWDED_HANDS` and the 8♥ drawn."""
    match = rig(RuleSet(), CROWDED_HANDS, discard="QC", stock_top="8H", round_index=10)
    match.apply(Draw(DrawSource.STOCK))
    return match


def open_rigged(
    folder: Path, match: Match, size: tuple[int, int] = (1280, 800), ai_process: bool = False
) -> App:
    """A window (the AI on a thread unless ``ai_process``, its profile in ``folder``) at the
    table of ``match``, its other seats easy. A rigged match cannot be read back from a save
    (no actions lead to it), so the table is handed the match itself."""
    policies = dict.fromkeys(range(1, match.players), "easy")
    states = {seat: seat_rng_state(match.seed, seat) for seat in policies}
    names = ("Left", "Top", "Right")[: match.players - 1]
    if match.players > 4:
        names = default_names(match.players)
    saved = SavedMatch(match, policies, names, tuple(match.hands[0]), states)
    app = make_app(profile=str(folder), mute=True, ai_process=ai_process, size=size)
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
