"""The painter reads what has been shown, never the live match (which runs ahead)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame
import pytest

from game.engine.actions import Phase
from game.engine.events import MatchOver
from game.profile.kept_match import KeptMatch
from game.sim.match_setup import MatchSetup
from game.ui.app import App
from game.ui.screens.replay_screen import ReplayScene
from game.ui.seen.picture import AT_REST, AtPlay, TablePicture
from game.ui.table.match_end import MatchEndScene
from game.ui.table.round_summary import RoundSummaryScene
from game.ui.table.table import TableScene
from game.words.seat_words import Seating
from game.words.table_words import status_line, winners_line
from tests.ui.driver import FRAME, step_until

AT_PLAY_NAMES = [field.name for field in dataclasses.fields(AtPlay) if field.name != "busy"]
"""The picture's fields only play shows over a position (selection, drag, hint, banner …)."""


def test_the_picture_holds_nothing_of_the_match() -> None:
    kinds = {field.type for field in dataclasses.fields(TablePicture)}
    assert not any("Match" in str(kind) for kind in kinds)


def test_whose_turn_is_the_one_shown_while_the_match_runs_ahead(app: App) -> None:
    policies = dict.fromkeys(range(4), "greedy")
    table = TableScene(app, MatchSetup(seed=8, policies=policies, move_seconds=0.45))
    app.replace(table)

    def ahead() -> bool:
        shown = table.shown
        return (
            shown.phase is not None
            and table.match.current_seat != shown.current_seat
            and table.match.round_index == shown.round_index
        )

    step_until(app, ahead, frames=5000)
    picture = table.picture()
    shown_seat = table.shown.current_seat
    assert picture.status == f"{Seating(False).name(shown_seat)} is playing"
    assert picture.status != status_line(
        table.match.current_seat, table.match.phase, Seating(False), True
    )


@pytest.mark.slow
def test_the_shown_turn_follows_the_engine_at_rest(app: App) -> None:
    policies = dict.fromkeys(range(4), "greedy")
    table = TableScene(app, MatchSetup(seed=9, policies=policies, move_seconds=0.0))
    app.replace(table)
    checked = 0
    for _ in range(3000):
        app.step(FRAME)
        if isinstance(app.stack.top, RoundSummaryScene):
            break
        if not table.busy and table.shown.phase is not None:
            assert (table.shown.current_seat, table.shown.phase) == (
                table.match.current_seat,
                table.match.phase,
            )
            checked += 1
    assert checked > 10


def test_autoplay_calls_seat_zero_bottom_everywhere() -> None:
    autoplay, person = Seating(human=False), Seating(human=True)
    assert autoplay.name(0) == "Bottom" and person.name(0) == "You"
    assert winners_line((0,), autoplay) == "Bottom wins the match"
    assert winners_line((0,), person) == "You win the match!"
    assert winners_line((0, 2), autoplay) == "Bottom and Top share the win"
    assert status_line(0, Phase.DRAW, autoplay, busy=False) == "Bottom is playing"
    renamed = Seating(True, ("Ada", "Bo", "Cy"))
    assert renamed.name(2) == "Bo" and winners_line((1, 3), renamed) == "Ada and Cy share the win"


def test_the_round_summary_and_the_match_end_say_bottom_in_autoplay(app: App) -> None:
    policies = dict.fromkeys(range(4), "greedy")
    table = TableScene(app, MatchSetup(seed=10, policies=policies, move_seconds=0.0))
    app.replace(table)
    step_until(app, lambda: isinstance(app.stack.top, RoundSummaryScene))
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    bottom_out = dataclasses.replace(summary.event, went_out=0)
    again = RoundSummaryScene(app, table.shown, Seating(False), bottom_out, False, None)
    assert again.title() == "Round 1 of 11 — Bottom went out"
    over = MatchOver(winners=(0,), totals=(10, 20, 30, 40))
    ending = MatchEndScene(app, table.shown, Seating(False), over, new_game=lambda: None)
    assert ending.places() == "1. Bottom 10   2. Left 20   3. Top 30   4. Right 40"


def test_a_replayed_position_is_pictured_as_the_table_pictured_it(app: App) -> None:
    """One builder: the replay's picture of a position is the table's picture of it, but for
    what only play shows over it and where the window puts things (the replay's foot is
    taller than the table's keys, so its cards sit elsewhere)."""
    setup = MatchSetup(seed=12, policies=dict.fromkeys(range(1, 4), "easy"), move_seconds=0.0)
    table = TableScene(app, setup)
    app.replace(table)
    step_until(app, lambda: table.your_turn and app.stack.top is table, frames=5000)
    played = table.picture()
    kept = KeptMatch.of(table.match.copy(), setup.names, setup.policies)
    replay = ReplayScene(app, kept)
    app.push(replay)
    replay.go_to(len(kept.match.actions))
    replayed = replay.picture()
    assert replayed.shown == played.shown
    over: dict[str, Any] = {name: getattr(AT_REST, name) for name in AT_PLAY_NAMES}

    def seen(picture: TablePicture) -> TablePicture:
        """The picture without what only play shows, nor where the window puts things."""
        nowhere = pygame.Rect(0, 0, 0, 0)
        window: dict[str, Any] = {
            "layout": replayed.layout,
            "sprites": {},
            "buttons": (),
            "log_rect": nowhere,
            "status": "",  # (below: the replay's, as at play while the cards move)
        }
        return dataclasses.replace(picture, **window, **over)

    assert seen(played) == seen(replayed)
    assert replayed.title == played.title and replayed.you_label == played.you_label
    shown = played.shown
    moving = status_line(shown.current_seat, shown.phase, setup.seating, True)
    assert replayed.status == moving
