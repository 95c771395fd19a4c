"""The turn marker, seen in the window: a ring on the plate of the seat to move and a soft
light around its cards, on no other seat, and it moves when the turn does."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pygame
import pytest

from game.engine.actions import Discard, Draw, DrawSource, Phase
from game.ui.app import App
from game.ui.seen.shown import ShownTable
from game.ui.seen.stage import rect_of
from game.ui.seen.turn_marker import TURN, to_move
from game.ui.table.table import TableScene
from tests.ui.driver import make_app, step_until, table_of, wait_until
from tests.ui.every_screen import late_saved_match, profile_with
from tests.ui.rigged import crowded_last_round

SIZES = [(640, 400), (1280, 800), (2560, 1440)]


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    """A window at the table of a match late in its last round, your move (the AI on a
    thread, at its usual pace)."""
    saved = late_saved_match()
    window = make_app(
        profile=profile_with(saved), resume=True, mute=True, ai_process=False, size=request.param
    )
    table = table_of(window)
    step_until(window, lambda: table.your_turn and not table.busy, frames=3000)
    yield window
    window.close()


def plate_region(table: TableScene, seat: int) -> pygame.Rect:
    """Where a seat's name plate lies (yours: your line and penalty, left of your hand)."""
    layout = table.layout
    if seat:
        return layout.plate_box(seat)
    return layout.words_box


def ringed(app: App, seat: int) -> int:
    """How many pixels of the marker's colour the frame shows on ``seat``'s plate."""
    app.draw()
    area = plate_region(table_of(app), seat).clip(app.screen.get_rect())
    return pygame.mask.from_threshold(app.screen.subsurface(area), TURN, (1, 1, 1, 255)).count()


def light_above(app: App, seat: int) -> float:
    """How bright the felt is just above (beside, for the top seat: left of) ``seat``'s cards."""
    table = table_of(app)
    app.draw()
    fan = [rect_of(table.playback.stage.sprites[card]) for card in table.shown.hands[seat]]
    cards = fan[0].unionall(fan[1:])
    reach = max(12, table.layout.hand_height // 8) * 3 // 4
    if seat == 2:
        strip = pygame.Rect(cards.left - reach + 1, cards.top, reach - 2, cards.height)
    else:
        strip = pygame.Rect(cards.left, cards.top - reach + 1, cards.width, reach - 2)
    red, green, blue, _alpha = pygame.transform.average_color(app.screen, strip)
    return red + green + blue


def shot(app: App, name: str) -> None:
    """With ``THREE_THIRTEEN_SHOTS`` set to a folder, keep this frame there."""
    folder = os.environ.get("THREE_THIRTEEN_SHOTS")
    if folder:
        width, height = app.screen.get_size()
        pygame.image.save(app.screen, os.path.join(folder, f"turn-{name}-{width}x{height}.png"))


@pytest.mark.slow  # the AI seats play their turns at the usual pace: about a second
def test_the_marker_is_on_the_seat_to_move_and_moves_with_the_turn(app: App) -> None:
    table = table_of(app)
    seats = range(len(table.shown.hands))
    assert to_move(table.shown) == 0
    assert ringed(app, 0) > 0
    assert all(ringed(app, seat) == 0 for seat in seats if seat)
    yours = light_above(app, 0)
    shot(app, "yours")
    assert table.play(Draw(DrawSource.STOCK))
    step_until(app, lambda: table.drawn and not table.busy)
    assert table.play(Discard(table.hand[0]))
    lit: dict[int, float] = {}
    for seat in (1, 2, 3):
        wait_until(app, lambda seat=seat: to_move(table.shown) == seat)  # type: ignore[misc]
        assert ringed(app, seat) > 0, f"seat {seat} to move wears no ring"
        assert all(ringed(app, other) == 0 for other in seats if other != seat)
        lit[seat] = light_above(app, seat)
        if seat == 1:
            assert light_above(app, 0) < yours - 15, "your hand's light stayed after your turn"
        shot(app, f"seat{seat}")
    wait_until(app, lambda: to_move(table.shown) == 0)
    assert ringed(app, 0) > 0
    for seat in (1, 2, 3):  # its cards' light went with the turn
        assert lit[seat] > light_above(app, seat) + 15, f"no light around seat {seat}'s cards"


@pytest.mark.slow  # the AI seats play their turns at the usual pace: about a second
def test_a_turn_coming_to_you_draws_again_the_light_around_your_hand_not_your_cards(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The glow is a part of its own under the cards: as the turn passes, the frame puts
    back only its lit edges, never the middle of your hand."""
    table = table_of(app)
    assert table.play(Draw(DrawSource.STOCK))
    step_until(app, lambda: table.drawn and not table.busy)
    assert table.play(Discard(table.hand[0]))
    wait_until(app, lambda: to_move(table.shown) == 3)
    step_until(app, lambda: not table.playback.stage.moving)
    middle = rect_of(table.playback.stage.sprites[table.hand[len(table.hand) // 2]]).center
    drawn: list[pygame.Rect] = []
    blit = table.resting.blit

    def recorded(*args: object, **kwargs: object) -> list[pygame.Rect] | None:
        rects = blit(*args, **kwargs)  # type: ignore[arg-type]
        drawn.extend(rects or [app.screen.get_rect()])
        return rects

    monkeypatch.setattr(table.resting, "blit", recorded)
    wait_until(app, lambda: to_move(table.shown) == 0 and not table.busy)
    assert drawn, "frames were drawn as the turn came to you"
    assert not any(rect.collidepoint(middle) for rect in drawn), "your cards were drawn again"
    assert ringed(app, 0) > 0


def test_once_the_last_turns_are_played_the_marker_leaves_the_table() -> None:
    """The seat that went out does not move again: the marker never comes back to it
    between the final last-turn discard and the round's scoring."""
    match = crowded_last_round()
    shown = ShownTable.of_match(match, True, match.hands[0])
    marked: list[int | None] = []
    for event in match.apply(Discard(match.going_out_discards()[0])):
        shown.follow(event)
    while match.round_index == 10 and not match.is_over:
        action = (
            Draw(DrawSource.STOCK)
            if match.phase is Phase.DRAW
            else Discard(match.hands[match.current_seat][0])
        )
        for event in match.apply(action):
            shown.follow(event)
            marked.append(to_move(shown))
    assert 0 not in marked
    assert {1, 2, 3} <= set(marked), "each seat had its last turn marked"
    assert marked[-1] is None
