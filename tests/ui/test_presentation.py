"""Presenting a frame: the window is updated only where the table changed, and what it
then shows is always the frame drawn afresh."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.engine.actions import Discard
from game.ui.app import TOAST_SECONDS, App
from game.ui.kit.toast import paint_toast
from game.ui.seen.table_marks import merged
from game.ui.seen.table_painter import paint_table
from game.ui.table.overlay import Overlay
from game.ui.table.round_summary import RoundSummaryScene
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, click, key, post
from tests.ui.table.test_motion import open_match_end, summary_of_a_round
from tests.ui.table.test_table_mouse import start_table

PACE = 0.3


class Presented:
    """What the window was told to show each frame: None for all of it, else rectangles."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.frames: list[list[pygame.Rect] | None] = []
        monkeypatch.setattr(pygame.display, "flip", lambda: self.frames.append(None))
        monkeypatch.setattr(pygame.display, "update", lambda rects: self.frames.append(list(rects)))


def point_at(position: tuple[float, float], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
    post(
        pygame.MOUSEMOTION,
        pos=(round(position[0]), round(position[1])),
        rel=(0, 0),
        buttons=buttons,
    )


def player(app: App, table: TableScene, frames: int) -> Iterator[None]:
    """A person at the table, one frame at a time: the pointer wanders over the hand and
    rests, hovers on the discard pile, asks for hints, drags cards about, plays, and
    closes each round's summary."""
    for frame in range(frames):
        summary = app.stack.top
        if isinstance(summary, RoundSummaryScene) and frame % 30 == 0:
            click(summary.buttons[0].rect.center)
        hand = [table.playback.stage.sprites[card].pose.center for card in table.hand]
        if hand and frame % 90 == 10:
            point_at(hand[frame // 90 % len(hand)])  # a hover lift, then a name at rest
        if frame % 300 == 150:
            point_at(table.layout.pile_center(False))  # the pile fans out
        if frame % 250 == 200:
            key(pygame.K_h)
        if hand and frame % 170 == 120:
            post(pygame.MOUSEBUTTONDOWN, pos=tuple(map(round, hand[0])), button=1)
            middle = (table.layout.width // 3, table.layout.height // 2)
            point_at(middle, buttons=(1, 0, 0))
        if frame % 170 == 135:
            post(
                pygame.MOUSEBUTTONUP,
                pos=(table.layout.width // 3, table.layout.height // 2),
                button=1,
            )
        if table.your_turn and frame % 40 == 0 and not table.pointer.drag.dragged:
            actions = table.match.legal_actions()
            discards = [action for action in actions if isinstance(action, Discard)]
            table.play((discards or actions)[-1])
        yield


@pytest.mark.slow
def test_each_frame_shown_is_the_frame_drawn_afresh(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = start_table(app, pace=PACE)
    presented = Presented(monkeypatch)
    fresh = app.screen.copy()
    compared = partial = 0
    for _ in player(app, table, 1500):
        before = app.screen.copy()
        app.step(FRAME)
        changed = presented.frames[-1]
        if changed is not None:
            partial += 1
            outside = app.screen.copy()  # the new frame with the old one put back where updated
            for rect in changed:
                outside.blit(before, rect, rect)
            assert pygame.image.tobytes(outside, "RGB") == pygame.image.tobytes(before, "RGB"), (
                "the frame changed only where the window was updated"
            )
        if app.stack.top is table and app.toast is None:
            paint_table(table.picture(), fresh, app.art, app.text)
            assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(fresh, "RGB")
            compared += 1
    assert compared > 1000
    assert partial > compared * 0.8, "most frames update only what changed"


def drawn_afresh(app: App) -> pygame.Surface:
    """What the window should show: the top scene drawn whole, over the scene beneath it
    veiled if it is an overlay (the game's overlays lie over an opaque scene)."""
    scenes = app.stack.scenes
    *beneath, top = scenes[-2:] if not scenes[-1].opaque else scenes[-1:]
    fresh = app.screen.copy()
    for scene in beneath:
        scene.draw(fresh)
        top.veil(fresh)
    top.draw(fresh)
    return fresh


@pytest.mark.slow
@pytest.mark.parametrize("opening", [summary_of_a_round, open_match_end])
def test_an_overlay_is_drawn_again_only_where_and_when_it_changes(
    app: App, monkeypatch: pytest.MonkeyPatch, opening: Callable[[App], Overlay]
) -> None:
    overlay = opening(app)
    presented = Presented(monkeypatch)
    quiet = 0
    for frame in range(420):
        if frame == 250:
            point_at(overlay.buttons[0].rect.center)
        if frame == 300:
            point_at((2, 2))
        before, sent = app.screen.copy(), len(presented.frames)
        app.step(FRAME)
        changed = presented.frames[-1] if len(presented.frames) > sent else []
        quiet += len(presented.frames) == sent
        if changed is not None:
            outside = app.screen.copy()
            for rect in changed:
                outside.blit(before, rect, rect)
            assert pygame.image.tobytes(outside, "RGB") == pygame.image.tobytes(before, "RGB")
        assert app.stack.top is overlay
        shown = pygame.image.tobytes(app.screen, "RGB")
        assert shown == pygame.image.tobytes(drawn_afresh(app), "RGB"), frame
    assert not overlay.moving
    assert quiet > 200, "a panel at rest sends nothing to the window"


def test_a_frame_at_rest_updates_a_small_part_of_the_window(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = start_table(app, pace=0.0)
    presented = Presented(monkeypatch)
    for _ in range(60):
        app.step(FRAME)
    assert app.stack.top is table
    window = app.screen.get_width() * app.screen.get_height()
    last = presented.frames[-1]
    assert last is not None
    assert sum(rect.w * rect.h for rect in last) < window / 10


def test_an_uncovered_window_is_shown_whole(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    start_table(app, pace=0.0)
    presented = Presented(monkeypatch)
    app.step(FRAME)
    app.step(FRAME)
    assert presented.frames[-1] is not None
    post(pygame.WINDOWEXPOSED)
    app.step(FRAME)
    assert presented.frames[-1] is None


def test_rectangles_that_overlap_much_are_joined() -> None:
    rects = [pygame.Rect(0, 0, 10, 10), pygame.Rect(2, 0, 10, 10), pygame.Rect(40, 0, 5, 5)]
    assert merged(rects) == [pygame.Rect(0, 0, 12, 10), pygame.Rect(40, 0, 5, 5)]
    rects += [pygame.Rect(0, 0, 0, 9), pygame.Rect(10, 0, 32, 5)]
    assert merged(rects) == [pygame.Rect(0, 0, 12, 10), pygame.Rect(10, 0, 35, 5)], (
        "the last joins the lone one, not the first (their union would be larger)"
    )
    corner = [pygame.Rect(0, 0, 10, 10), pygame.Rect(8, 8, 10, 10)]
    assert merged(corner) == corner, "corners that overlap stay apart"
    rows = [pygame.Rect(0, 0, 10, 5), pygame.Rect(0, 5, 10, 5), pygame.Rect(0, 11, 10, 5)]
    assert merged(rows) == [pygame.Rect(0, 0, 10, 10), pygame.Rect(0, 11, 10, 5)], (
        "rows side by side are joined, not those a line apart"
    )


def test_a_notice_costs_only_its_own_place_and_leaves_no_trace(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a notice shows at the top, the table still updates only what changed (the
    notice's plate among it), each frame is the table drawn afresh with the notice over it,
    and once it goes the window is the table alone again."""
    table = start_table(app, pace=PACE)
    presented = Presented(monkeypatch)
    fresh = app.screen.copy()
    app.memory.profile.notices.append("A notice over the table, for a few seconds")
    shown_with_notice = partial = 0
    for _ in player(app, table, int(TOAST_SECONDS / FRAME) + 60):
        app.step(FRAME)
        if app.stack.top is not table:
            continue
        paint_table(table.picture(), fresh, app.art, app.text)
        if app.toast is not None:
            shown_with_notice += 1
            partial += presented.frames[-1] is not None
            paint_toast(fresh, app.text, app.toast)
        assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(fresh, "RGB")
    assert shown_with_notice > 100
    assert partial > shown_with_notice * 0.8, "a notice does not make every frame whole"
    assert app.toast is None


def test_a_summary_opens_over_the_table_as_last_shown_its_words_rendered_ahead(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The frame that opens a round's summary draws only the panel: its backdrop is the
    table's last frame (not the table drawn again), dimmed around the panel alone, and its
    words were rendered in an earlier frame; what it shows is the frame drawn afresh."""
    table = start_table(app, seed=5, pace=0.0)
    drawn_whole: list[object] = []
    monkeypatch.setattr(table, "draw", drawn_whole.append)
    while not isinstance(app.stack.top, RoundSummaryScene):
        if table.your_turn:
            table.play(table.match.legal_actions()[0])
        drawn_whole.clear()
        app.step(FRAME)
    monkeypatch.undo()
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    assert drawn_whole == [], "the table is not drawn again under the summary"
    assert summary.rehearsed, "its words were rendered before it opened"
    panel = summary.layout.panel
    beneath = summary.seen_beneath(app.screen.get_rect())
    assert not any(area.colliderect(panel.inflate(-40, -40)) for area in beneath)
    shown = pygame.image.tobytes(app.screen, "RGB")
    assert shown == pygame.image.tobytes(drawn_afresh(app), "RGB")
