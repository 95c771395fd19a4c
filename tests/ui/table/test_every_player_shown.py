"""Everything that shows players shows them all, at 2 to 8 players and from a small window to
a large one: the score sheet opened in play, the round summary (every hand explained with its
sum, and the sheet), the match end and its ranking, the action log, and the review of the
finished match — every seat named, nothing overlapping, every text at its style's size.

Set ``THREE_THIRTEEN_SHOTS`` to a folder to keep a screenshot of each screen there."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pygame
import pytest

from game.engine.events import Event, MatchOver, RoundScored
from game.ui.app import App
from game.ui.scene import Scene
from game.ui.screens.review_screen import ReviewScene
from game.ui.table.match_end import MatchEndScene
from game.ui.table.round_summary import RoundSummaryScene
from game.ui.table.score_sheet_scene import ScoreSheetScene
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, post, step_until, table_of, wait_until
from tests.ui.every_screen import Seen, late_saved_match, window
from tests.ui.table.test_table_seats import look, problems_of

pytestmark = pytest.mark.slow  # a window at each count, each screen at three sizes

SIZES = [(800, 600), (1280, 800), (2560, 1440)]
COUNTS = [2, 5, 6, 7, 8]


def keep(seen: Seen, players: int) -> None:
    """With ``THREE_THIRTEEN_SHOTS`` set to a folder, keep this screen there."""
    folder = os.environ.get("THREE_THIRTEEN_SHOTS")
    if folder:
        width, height = seen.surface.get_size()
        name = f"{seen.name.split(',')[0].replace(' ', '-')}-{players}p-{width}x{height}.png"
        pygame.image.save(seen.surface, str(Path(folder) / name))


def resize(app: App, size: tuple[int, int]) -> None:
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    for _frame in range(3):
        app.step(FRAME)
    assert app.screen.get_size() == size


def settle(app: App) -> None:
    """A few frames: the table beneath a new overlay is drawn once, veiled, and kept."""
    for _frame in range(3):
        app.step(FRAME)


def missing(seen: Seen, names: list[str]) -> list[str]:
    """The names no text of ``seen`` mentions."""
    said = " ".join(drawn.message for drawn in seen.texts)
    return [f"{seen.name}: {name} is missing" for name in names if name not in said]


def nothing() -> None:
    """What a button does here: nothing (its words are looked at, it is not pressed)."""


class Screens:
    """A window at the table of a match of ``players`` late in its last round, and the rest
    of that match played out on a copy (for the summary, the match end and the review)."""

    def __init__(self, players: int) -> None:
        self.app = app = window(tempfile.mkdtemp(prefix="three-thirteen-all-"), SIZES[0])
        app.replace(TableScene.resumed(app, late_saved_match(players=players)))
        self.table = table = table_of(app)
        step_until(app, lambda: not table.busy and table.your_turn, frames=3000)
        self.players, self.seating = players, table.setup.seating
        self.names = [self.seating.name(seat) for seat in range(players)]
        self.finished = table.match.copy()
        self.events: list[Event] = []
        while not self.finished.is_over:
            self.events += self.finished.apply(self.finished.legal_actions()[0])
        self.scored = next(event for event in self.events if isinstance(event, RoundScored))
        self.over = next(event for event in self.events if isinstance(event, MatchOver))
        self.shown = table.shown.ahead(self.events, None)
        self.problems: list[str] = []

    def check(self, seen: Seen) -> Seen:
        """Every seat named, nothing overlapping, every text at its style's size."""
        keep(seen, self.players)
        size = seen.surface.get_size()
        self.problems += missing(seen, self.names) + problems_of(seen, size)
        return seen

    def over_table(self, scene: Scene, name: str) -> Seen:
        """``scene`` pushed over the table and looked at (then gone)."""
        self.app.push(scene)
        if isinstance(scene, RoundSummaryScene):
            scene.count.finish()
        settle(self.app)
        seen = look(self.app, f"{name}, {self.players} at {self.app.screen.get_size()}")
        self.app.pop()
        return seen


@pytest.mark.parametrize("players", COUNTS)
def test_the_sheet_the_summary_and_the_match_end_show_every_player(players: int) -> None:
    screens = Screens(players)
    app, seating, shown, names = screens.app, screens.seating, screens.shown, screens.names
    try:
        for size in SIZES:
            resize(app, size)
            sheet = ScoreSheetScene(app, screens.table.shown, seating)
            screens.check(screens.over_table(sheet, "score sheet"))
            summary = RoundSummaryScene(app, shown, seating, screens.scored, True, None, nothing)
            seen = screens.check(screens.over_table(summary, "round summary"))
            screens.problems += unexplained(seen, summary, names)
            end = MatchEndScene(app, shown, seating, screens.over, nothing, nothing, nothing)
            seen = screens.check(screens.over_table(end, "match end"))
            screens.problems += unranked(seen, screens.over.totals, names)
        assert not screens.problems, "\n".join(dict.fromkeys(screens.problems))
    finally:
        app.close()


@pytest.mark.parametrize("players", COUNTS)
def test_the_log_names_every_seat_and_the_review_of_the_match_opens(players: int) -> None:
    """The log beside the table (in a window wide enough for it) once the last round is
    scored: its line of the round's points names every seat; then the review of the whole
    match, its decisions worked out."""
    screens = Screens(players)
    app, table = screens.app, screens.table
    try:
        log = table.playback.log
        for event in screens.events[: screens.events.index(screens.scored) + 1]:
            log.follow(event)
        review = ReviewScene(app, screens.finished, None, table.shown.hands[0])
        app.push(review)
        wait_until(app, lambda: review.ready, seconds=120)
        assert review.decisions, "you made decisions in that match"
        app.pop()
        for size in SIZES:
            resize(app, size)
            seen = look(app, f"table, {players} at {size}")
            panel = table.log_panel.rect
            in_panel = [drawn for drawn in seen.texts if panel.contains(drawn.rect)]
            if panel.width:
                said = " ".join(drawn.message for drawn in in_panel)
                screens.check(Seen(f"log, {players} at {size}", in_panel, seen.surface))
                assert said.count(" · ") == players - 1, "the round's points, a seat each"
            app.push(review)
            settle(app)
            review.next_costly()
            seen = look(app, f"review, {players} at {size}")
            keep(seen, players)
            screens.problems += problems_of(seen, size)
            app.pop()
        assert not screens.problems, "\n".join(dict.fromkeys(screens.problems))
    finally:
        app.close()


def twice(seen: Seen, name: str) -> bool:
    """Whether ``name`` is written twice on ``seen``: above its hand and on the sheet."""
    return sum(name in drawn.message for drawn in seen.texts) >= 2


def unranked(seen: Seen, totals: tuple[int, ...], names: list[str]) -> list[str]:
    """The seats the match end's ranking leaves out (each with its total)."""
    said = " ".join(drawn.message for drawn in seen.texts)
    return [
        f"{seen.name}: {name} is not ranked"
        for name, total in zip(names, totals, strict=True)
        if f"{name} {total}" not in said
    ]


def unexplained(seen: Seen, summary: RoundSummaryScene, names: list[str]) -> list[str]:
    """The seats the summary shows no hand of, or whose leftover cards it does not sum up
    card by card (on one line, or broken after a "+")."""
    said = " ".join(drawn.message for drawn in seen.texts)
    problems = [f"{seen.name}: {name} has no hand" for name in names if not twice(seen, name)]
    for seat in range(len(summary.hands)):
        line = summary.full_sum(seat)
        if line not in said:
            problems.append(f"{seen.name}: seat {seat}'s sum {line!r} is not written out")
    return problems
