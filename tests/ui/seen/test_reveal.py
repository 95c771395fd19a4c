"""As a round ends the hands turn face up one card after another: a card waiting for its
turn stays in sight, face down where it lies, until it turns."""

from __future__ import annotations

from pathlib import Path

from game.engine.actions import Discard
from game.ui.kit.felt import felt
from game.ui.seen.stage import rect_of
from tests.ui.driver import FRAME, step_until, table_of
from tests.ui.rigged import crowded_last_round, open_rigged


def test_a_card_waiting_to_turn_face_up_stays_in_sight(tmp_path: Path) -> None:
    match = crowded_last_round()
    app = open_rigged(tmp_path, match, (1280, 800), False)
    try:
        table = table_of(app)
        step_until(app, lambda: table.your_turn and not table.busy)
        assert table.play(Discard(match.going_out_discards()[0]))
        stage = table.playback.stage
        step_until(app, lambda: bool(stage.revealed - {0}))
        for _frame in range(4):
            app.step(FRAME)
        waiting = [
            sprite for sprite in stage.sprites.values() if sprite.moving and not sprite.airborne
        ]
        assert len(waiting) > 10, "cards wait their turn to turn face up"
        app.draw()
        log = table.picture().log_rect
        baize = felt(app.screen.get_size(), tuple(log) if log.w else None)
        hidden = [
            sprite.card
            for sprite in waiting
            if app.screen.get_at(rect_of(sprite).center) == baize.get_at(rect_of(sprite).center)
        ]
        assert hidden == [], "a card waiting to turn is gone from the table"
    finally:
        app.close()
