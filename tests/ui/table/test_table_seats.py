"""The table through the real window at 2, 6, 7 and 8 players: a match late in its last round
(the fullest hands) drawn with every seat, nothing overlapping and every text at its style's
size; then the round played to its end with keys (S to draw, Enter to discard). At 5 to 8
players, the hands turned face up at the round's end: each card's index showing, every hand
clear of the others."""

from __future__ import annotations

import tempfile
from itertools import pairwise

import pygame
import pytest

from game.ui.app import App
from game.ui.kit.art import card_width
from game.ui.kit.sprites import CardSprite
from game.ui.kit.type_scale import TypeScale
from game.ui.seen.layout import INDEX_SHARE
from game.ui.seen.stage import rect_of
from game.ui.table.match_end import MatchEndScene
from game.ui.table.round_summary import RoundSummaryScene
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, key, post, step_until, table_of
from tests.ui.every_screen import Seen, late_saved_match, overlaps, scale_problems, window

pytestmark = pytest.mark.slow  # a window and a round played at each count

SIZES = [(800, 600), (1280, 800), (2560, 1440)]


def look(app: App, name: str) -> Seen:
    app.text.drawn, app.text.buttons = [], []
    app.draw()
    seen = Seen(name, app.text.drawn, app.screen, app.text.buttons)
    app.text.drawn = app.text.buttons = None
    return seen


def problems_of(seen: Seen, size: tuple[int, int]) -> list[str]:
    return overlaps(seen) + scale_problems(seen, TypeScale.for_window(size))


@pytest.mark.parametrize("players", [2, 6, 7, 8])
def test_every_seat_is_drawn_clear_of_the_rest_and_a_round_plays(players: int) -> None:
    saved = late_saved_match(players=players)
    app = window(tempfile.mkdtemp(prefix="three-thirteen-seats-"), SIZES[0])
    try:
        app.replace(TableScene.resumed(app, saved))
        table = table_of(app)
        assert table.layout.players == players
        problems = []
        for size in SIZES:
            post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            for _frame in range(3):
                app.step(FRAME)
            assert app.screen.get_size() == size
            step_until(app, lambda: not table.busy and table.your_turn, frames=3000)
            seen = look(app, f"{players} players at {size[0]}x{size[1]}")
            words = [drawn.message for drawn in seen.texts]
            for seat in range(1, players):
                assert any(text.startswith(table.setup.seating.name(seat)) for text in words)
            problems += problems_of(seen, size)
        assert not problems, "\n".join(dict.fromkeys(problems))
        while not isinstance(app.stack.top, RoundSummaryScene | MatchEndScene):
            if table.your_turn and not table.busy:
                key(pygame.K_s if not table.drawn else pygame.K_RETURN)
            app.step(FRAME)
            if table.shown.phase is not None and not table.busy:
                problems += problems_of(look(app, f"{players} players, playing"), SIZES[-1])
        assert not problems, "\n".join(dict.fromkeys(problems))
    finally:
        app.close()


def revealed_problems(table: TableScene, seen: Seen) -> list[str]:
    """Each seat's hand as it comes to rest face up: its cards clear of the other seats'
    cards, of your hand and the piles and of every text drawn, each showing at least its
    index (:data:`INDEX_SHARE` of its width) beside the next."""
    layout, stage, shown = table.layout, table.playback.stage, table.shown
    fans, problems = {}, []
    for seat in layout.seats:
        sprites = [CardSprite(card, stage.pose_for(card)) for card in shown.hands[seat]]
        rects = [rect_of(sprite) for sprite in sprites]
        if not all(sprite.pose.face_up for sprite in sprites):
            problems.append(f"{seen.name}: seat {seat}'s hand is not face up")
        along = 1 if layout.seat_angle(seat) % 180 else 0  # a side seat's fan runs down
        least = card_width(sprites[0].pose.height) * INDEX_SHARE
        for (sprite, rect), (_, after) in pairwise(zip(sprites, rects, strict=True)):
            shows = abs(after.topleft[along] - rect.topleft[along])
            if shows < least - 1:
                problems.append(f"{seen.name}: seat {seat}'s {sprite.card} shows {shows} px")
        fans[seat] = rects[0].unionall(rects[1:])
    fixed = {"your hand": layout.hand_area, "the stock": layout.pile_rect(True)}
    fixed["the discard pile"] = layout.pile_rect(False)
    for seat, fan in fans.items():
        others = {f"seat {other}'s cards": rect for other, rect in fans.items() if other != seat}
        for name, rect in {**others, **fixed}.items():
            if fan.colliderect(rect):
                problems.append(f"{seen.name}: seat {seat}'s cards on {name}")
        for drawn in seen.texts:
            if drawn.rect.colliderect(fan):
                problems.append(f"{seen.name}: seat {seat}'s cards on {drawn.message!r}")
    return problems


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_revealed_hands_show_every_index_clear_of_the_other_seats(players: int) -> None:
    app = window(tempfile.mkdtemp(prefix="three-thirteen-revealed-"), SIZES[1])
    try:
        app.replace(TableScene.resumed(app, late_saved_match(players=players)))
        table = table_of(app)
        stage = table.playback.stage
        while len(stage.revealed) < players:
            assert isinstance(app.stack.top, TableScene), "the summary opened unrevealed"
            if table.your_turn and not table.busy:
                key(pygame.K_s if not table.drawn else pygame.K_RETURN)
            app.step(FRAME)
        problems = []
        table.playback.wait = 60.0  # the round's summary held back while each size is looked at
        for size in SIZES:  # the hands still turning: each size's places, as they come to rest
            post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            app.step(FRAME)
            assert isinstance(app.stack.top, TableScene) and app.screen.get_size() == size
            problems += revealed_problems(table, look(app, f"{players} at {size[0]}x{size[1]}"))
        assert not problems, "\n".join(problems)
    finally:
        app.close()
