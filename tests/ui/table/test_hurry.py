"""Hold to hurry: while you hold F, or the left button on the bare felt, the AI's turns play
out as at the fast speed; let go, and the chosen speed is back. A card you drag keeps its pace."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.engine.match import Match
from game.engine.rules import RuleSet
from game.profile.settings import SPEEDS
from game.ui.app import App
from game.ui.table.playback import QuietHost
from game.ui.table.table import TableScene
from game.ui.table.table_keys import HURRY_KEY
from tests.engine.match_tools import rig
from tests.ui.driver import FRAME, key, post, step_until
from tests.ui.rigged import open_rigged
from tests.ui.table.test_playback import make_playback

SCATTERED_HANDS = (
    "2H 5C 8D JS KH 3S 6D 9C QH 4D 7S 10H AC",
    "2C 5D 8S JH KC 3H 6S 9D QC 4S 7H 10D AS",
    "2D 5S 8H JC KD 3C 6H 9S QD 4H 7C 10S AH",
    "2S 5H 8C JD KS 3D 6C 9H QS 4C 7D 10C AD",
)
"""The last round's thirteen cards each, none of them near a meld: nobody goes out soon."""


class Hurried(QuietHost):
    """A host that holds the table hurried, or not."""

    def __init__(self, held: bool) -> None:
        self.held = held

    def hurried(self) -> bool:
        return self.held


def frames_to_show(pace: float, hurried: bool) -> int:
    """Frames the playback takes to show a match's deal at ``pace``."""
    playback = make_playback(pace, [])
    playback.host = Hurried(hurried)
    playback.extend(Match.new(seed=3).opening_events())
    frames = 0
    while playback.busy:
        playback.update(FRAME)
        playback.show_next()
        frames += 1
    return frames


def test_hurried_the_cards_move_as_at_the_fast_speed() -> None:
    normal, fast = SPEEDS["normal"], SPEEDS["fast"]
    assert frames_to_show(normal, True) < frames_to_show(normal, False) * 0.6
    assert frames_to_show(normal, True) == pytest.approx(frames_to_show(fast, False), rel=0.1)
    assert frames_to_show(fast, True) == frames_to_show(fast, False), "no slower than fast"
    assert frames_to_show(0.0, True) == frames_to_show(0.0, False)


def ai_turns_frames(app: App, table: TableScene) -> int:
    """You draw and discard by keys; the frames of animation until it is your turn again
    (the frames while an AI seat thinks, on its thread, are not counted)."""
    key(pygame.K_s)
    step_until(app, lambda: table.your_turn and table.drawn)
    key(pygame.K_RIGHT)
    key(pygame.K_RETURN)
    app.step(FRAME)
    assert not table.your_turn, "your discard is played"
    frames = 0
    while not table.your_turn:
        app.step(FRAME)
        if table.playback.animating:
            frames += 1
        else:
            time.sleep(0.005)  # an AI seat thinks
        assert frames < 2000, "the AI seats never played"
    return frames


def wait_your_turn(app: App) -> TableScene:
    table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
    step_until(app, lambda: table.your_turn)
    return table


def bare_felt(table: TableScene) -> tuple[int, int]:
    """A point of the felt with nothing to take or press on it, left of the piles."""
    layout = table.layout
    point = (layout.pile_rect(True).left - layout.hand_height, layout.pile_rect(True).centery)
    assert table.playback.stage.hand_card_at(point) is None
    assert not any(button.rect.collidepoint(point) for button in table.buttons)
    assert not any(layout.pile_rect(stock).collidepoint(point) for stock in (True, False))
    return point


@pytest.mark.slow
def test_holding_f_or_the_felt_hurries_the_ai_turns_and_letting_go_does_not(
    tmp_path: Path,
) -> None:
    app = open_rigged(tmp_path, rig(RuleSet(), SCATTERED_HANDS, round_index=10))
    try:
        table = wait_your_turn(app)
        assert table.playback.pace == SPEEDS["normal"]
        assert "F (hold) hurry" in table.picture().keys
        chosen = ai_turns_frames(app, table)
        post(pygame.KEYDOWN, key=HURRY_KEY, mod=0, unicode="f", scancode=0)
        held_key = ai_turns_frames(app, table)
        post(pygame.KEYUP, key=HURRY_KEY, mod=0, unicode="f", scancode=0)
        let_go = ai_turns_frames(app, table)
        post(pygame.MOUSEBUTTONDOWN, pos=bare_felt(table), button=1)
        app.step(FRAME)
        assert table.your_turn and not table.drawn, "a press on the felt plays nothing"
        held_felt = ai_turns_frames(app, table)
        post(pygame.MOUSEBUTTONUP, pos=bare_felt(table), button=1)
        released = ai_turns_frames(app, table)
    finally:
        app.close()
    hurried = SPEEDS["fast"] / SPEEDS["normal"]
    for held in (held_key, held_felt):
        assert held < chosen * (hurried + 0.15), (held, chosen)
    for free in (let_go, released):
        assert free > chosen * 0.85, (free, chosen)


def test_a_dragged_card_keeps_its_pace_and_a_covered_table_lets_go(tmp_path: Path) -> None:
    app = open_rigged(tmp_path, rig(RuleSet(), SCATTERED_HANDS, round_index=10))
    try:
        table = wait_your_turn(app)
        playback = table.playback
        post(pygame.KEYDOWN, key=HURRY_KEY, mod=0, unicode="f", scancode=0)
        app.step(FRAME)
        assert playback.speedup == SPEEDS["normal"] / SPEEDS["fast"]
        card = playback.stage.sprites[table.hand[0]].pose.center
        post(pygame.MOUSEBUTTONDOWN, pos=(round(card[0]), round(card[1])), button=1)
        app.step(FRAME)
        assert table.pointer.drag.press is not None and playback.speedup == 1.0
        post(pygame.MOUSEBUTTONUP, pos=(round(card[0]), round(card[1])), button=1)
        app.step(FRAME)
        assert playback.speedup > 1.0, "F is still held"
        key(pygame.K_ESCAPE)  # the pause menu covers the table: F's release would not reach it
        app.step(FRAME)
        assert playback.speedup == 1.0
    finally:
        app.close()
