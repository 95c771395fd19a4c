"""Clicks, keys, a slow AI seat and a resized window: the table stays playable."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.actions import Phase
from game.engine.view import MoveKind, PublicMove
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.settings import Settings
from game.sim.match_setup import MatchSetup, level_seats
from game.ui.app import App
from game.ui.kit.widgets import GOLD
from game.ui.table.drag import DropTarget, TargetKind
from game.ui.table.score_sheet_scene import ScoreSheetScene
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, click, drag, key, make_app, post, step_until, table_of
from tests.ui.key_help import differences, drawn_help_line, keys_taken, keys_told
from tests.ui.table.test_table_mouse import settle, start_table, wait_for_my_turn


def start_and_draw(app: App, seed: int) -> TableScene:
    """A table where it is your turn and you have just drawn from the stock (by key)."""
    table = start_table(app, seed=seed)
    wait_for_my_turn(app, table)
    key(pygame.K_s)
    app.step(FRAME)
    settle(app, table)
    return table


def test_a_turn_by_clicks(app: App) -> None:
    table = start_table(app, seed=21)
    wait_for_my_turn(app, table)
    top = table.shown.discard[-1]
    click(table.layout.pile_rect(False).center)
    app.step(FRAME)
    settle(app, table)
    assert table.match.phase is Phase.DISCARD and top in table.match.hands[0]
    victim = next(card for card in table.hand if card != top)
    center = table.playback.stage.sprites[victim].pose.center
    click(center)
    app.step(FRAME)
    click(center)
    app.step(FRAME)
    assert victim not in table.match.hands[0]
    assert PublicMove(0, MoveKind.DISCARDED, victim) in table.match.log


def test_a_turn_by_keys(app: App) -> None:
    table = start_and_draw(app, seed=22)
    assert table.match.phase is Phase.DISCARD
    for _ in range(3):
        key(pygame.K_RIGHT)
    app.step(FRAME)
    assert table.selected == 2
    chosen = table.hand[2]
    key(pygame.K_LEFT, pygame.KMOD_SHIFT)
    app.step(FRAME)
    assert table.hand[1] == chosen and table.selected == 1
    key(pygame.K_RETURN)
    app.step(FRAME)
    assert chosen not in table.match.hands[0]
    assert table.match.current_seat != 0 or table.match.round_index > 0


@pytest.mark.slow
def test_the_window_keeps_answering_while_an_ai_thinks(app: App) -> None:
    policies = {1: "tests.seats.slow_bot:SlowBot", 2: "greedy", 3: "greedy"}
    table = TableScene(app, MatchSetup(seed=4, policies=policies, move_seconds=0.0))
    app.replace(table)

    def left_is_thinking() -> bool:
        if table.your_turn:
            key(pygame.K_s if table.match.phase is Phase.DRAW else pygame.K_RETURN)
            if table.selected is None:
                key(pygame.K_RIGHT)
        return table.seats.thinking == 1 and table.match.current_seat == 1

    step_until(app, left_is_thinking, frames=100_000)
    moves = len(table.match.log)
    key(pygame.K_TAB)
    app.step(FRAME)
    assert isinstance(app.stack.top, ScoreSheetScene)
    key(pygame.K_ESCAPE)
    app.step(FRAME)
    assert app.stack.scenes[-1] is table
    order = list(table.hand)
    drag(
        table.playback.stage.sprites[order[0]].pose.center, table.layout.hand_slots(len(order))[-1]
    )
    app.step(FRAME)
    assert table.hand == [*order[1:], order[0]]
    assert table.seats.thinking == 1 and len(table.match.log) == moves, (
        "the events were handled while the seat was still thinking"
    )
    step_until(app, lambda: table.match.current_seat != 1, frames=100_000)


def test_resizing_mid_turn_keeps_the_game_playable(app: App) -> None:
    table = start_and_draw(app, seed=23)
    post(pygame.VIDEORESIZE, size=(800, 500), w=800, h=500)
    app.step(FRAME)
    settle(app, table)
    assert app.screen.get_size() == (800, 500)
    assert table.layout.width == 800
    card = table.hand[0]
    assert table.layout.hand_area.collidepoint(table.playback.stage.sprites[card].pose.center)
    drag(table.playback.stage.sprites[card].pose.center, table.layout.pile_rect(False).center)
    app.step(FRAME)
    assert card not in table.match.hands[0]


def test_legal_targets_glow_while_a_card_is_dragged(app: App) -> None:
    table = start_and_draw(app, seed=24)
    card = next(card for card in table.hand if not table.goes_out(card))  # (those glow green)
    start = table.playback.stage.sprites[card].pose.center
    post(pygame.MOUSEBUTTONDOWN, pos=(round(start[0]), round(start[1])), button=1)
    post(pygame.MOUSEMOTION, pos=(round(start[0]), round(start[1]) - 80), rel=(0, 0), buttons=(1,))
    app.step(FRAME)
    pile = discard_target(table).rect.inflate(8, 8)
    glow = app.screen.get_at((pile.centerx, pile.top + 1))[:3]
    assert glow == GOLD
    post(pygame.MOUSEBUTTONUP, pos=(round(start[0]), round(start[1]) - 80), button=1)
    app.step(FRAME)
    assert app.screen.get_at((pile.centerx, pile.top + 1))[:3] != GOLD


def discard_target(table: TableScene) -> DropTarget:
    return next(t for t in table.pointer.drag.targets if t.kind is TargetKind.DISCARD_PILE)


def test_the_discard_pile_takes_a_drop_exactly_where_it_glows(app: App) -> None:
    table = start_and_draw(app, seed=26)
    target = discard_target(table).rect
    pile = table.layout.pile_rect(False)
    assert target.contains(pile) and target != pile
    outside = (target.right + 2, target.centery)
    card = table.hand[0]
    drag(table.playback.stage.sprites[card].pose.center, outside)
    app.step(FRAME)
    settle(app, table)
    assert card in table.match.hands[0], "a drop beside the glow does nothing"
    inside_margin = (target.right - 2, target.centery)
    assert not pile.collidepoint(inside_margin)
    drag(table.playback.stage.sprites[card].pose.center, inside_margin)
    app.step(FRAME)
    assert card not in table.match.hands[0], "a drop inside the glow discards"


def test_an_ai_move_takes_about_half_a_second(app: App) -> None:
    table = TableScene(app, MatchSetup(seed=25, policies=level_seats("greedy"), move_seconds=0.45))
    app.replace(table)
    step_until(app, lambda: table.shown.hand_size > 0 and not table.busy, 5000)

    def an_ai_card_glides() -> bool:
        if table.your_turn:  # play your turn by keys so that the AI seats get theirs
            if table.selected is None:
                key(pygame.K_RIGHT)
            key(pygame.K_s if table.match.phase is Phase.DRAW else pygame.K_RETURN)
        return any(
            s.moving for card, s in table.playback.stage.sprites.items() if card not in table.hand
        )

    step_until(app, an_ai_card_glides, 20_000)
    frames = step_until(
        app, lambda: not any(s.moving for s in table.playback.stage.sprites.values()), 200
    )
    assert 15 <= frames <= 40, f"a move took {frames} frames of 1/60 s"


@pytest.mark.parametrize(
    ("size", "undo"),
    [((1280, 800), True), ((800, 500), False)],
    ids=["wide-with-undo", "narrow-without-undo"],
)
def test_the_help_line_tells_exactly_the_keys_the_table_takes(
    tmp_path: Path, size: tuple[int, int], undo: bool
) -> None:
    """Every key pygame knows, pressed at the table: those it takes are the ones its help line
    names (U only with the undo setting on, L only where the log fits beside the table)."""
    Memory(Profile(tmp_path)).save_settings(Settings(undo=undo))
    app = make_app(profile=str(tmp_path), size=size, mute=True, ai_process=False)
    try:
        table = start_table(app, seed=24)
        wait_for_my_turn(app, table)
        line = drawn_help_line(app)
        told = keys_told(line, "Keys: ")
        assert (pygame.K_u in told, pygame.K_l in told) == (undo, size[0] >= 960), line
        taken: list[int] = []
        watched: list[TableScene] = []

        def watch_the_table() -> None:
            """Note each key the table (a new one after an undo) takes; close what it opened."""
            while not isinstance(app.stack.top, TableScene):
                app.pop()
            scene = table_of(app)
            if watched and watched[-1] is scene:
                return
            handle = scene.handle_event

            def noting(event: pygame.event.Event) -> bool:
                used = handle(event)
                if used and event.type == pygame.KEYDOWN:
                    taken.append(event.key)
                return used

            scene.handle_event = noting  # type: ignore[method-assign]
            watched.append(scene)

        watch_the_table()
        found = keys_taken(app, lambda: len(taken), watch_the_table)
        assert found == told, differences(found, told)
    finally:
        app.close()
