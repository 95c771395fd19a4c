"""Motion at the table: cards lift, cast shadows and flip; hands are revealed seat by seat,
points count up, the winner is celebrated; a click or Space finishes each, and at the
instant speed none of it waits."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.engine.actions import Discard, Draw, DrawSource
from game.engine.cards import Card, Rank, Suit
from game.engine.events import MatchOver, RoundScored
from game.engine.match import Match
from game.ui.app import App
from game.ui.kit.art import CardArt, card_width
from game.ui.kit.sprites import CardSprite, Pose
from game.ui.seen import table_painter
from game.ui.seen.shown import ShownTable
from game.ui.seen.stage import HOVER_LIFT
from game.ui.seen.table_painter import paint_table
from game.ui.table.match_end import MatchEndScene
from game.ui.table.playback import Playback
from game.ui.table.round_summary import RoundSummaryScene
from tests.ui.driver import FRAME, click, key, make_app, post, step_until
from tests.ui.every_screen import late_saved_match
from tests.ui.table.test_playback import make_playback
from tests.ui.table.test_table_mouse import settle, start_table, wait_for_my_turn
from tests.ui.test_language_window import words_drawn

PACE = 0.45
SEVEN = Card(Rank.SEVEN, Suit.HEARTS)


def test_a_card_turned_face_up_flips_over_and_a_skip_lays_it_flat() -> None:
    sprite = CardSprite(SEVEN, Pose((100, 100), 140, 0.0, False))
    sprite.move_to(Pose((100, 100), 140, 0.0, True), PACE)
    widths = []
    for _ in range(round(PACE / FRAME) + 1):
        sprite.update(FRAME)
        widths.append(sprite.pose.turn)
    assert min(widths) < 0.3, "the card turns edge-on half way"
    assert sprite.pose.face_up and not sprite.moving
    sprite.move_to(Pose((100, 100), 140, 0.0, False), PACE)
    sprite.update(PACE * 0.3)
    assert sprite.pose.turn < 1 and sprite.moving
    sprite.finish()
    assert sprite.pose.turn == 1 and not sprite.pose.face_up and not sprite.moving


def test_a_card_half_turned_is_drawn_narrower() -> None:
    surface = pygame.Surface((300, 300))
    art = CardArt()
    flat = art.draw(surface, SEVEN, Pose((150, 150), 140))
    edge_on = art.draw(surface, SEVEN, Pose((150, 150), 140, turn=0.25))
    assert flat.width == card_width(140) and edge_on.width < flat.width / 2
    assert edge_on.height == flat.height


def test_a_card_under_the_pointer_lifts_and_settles_when_it_leaves(app: App) -> None:
    table = start_table(app, pace=PACE)
    settle(app, table)
    card = table.hand[1]
    sprite = table.playback.stage.sprites[card]
    rest = sprite.pose.center
    post(pygame.MOUSEMOTION, pos=(round(rest[0]), round(rest[1])), rel=(0, 0), buttons=(0, 0, 0))
    app.step(FRAME)
    assert sprite.moving, "it rises"
    step_until(app, lambda: not table.playback.stage.moving)
    lifted = sprite.pose.center
    assert lifted[1] == rest[1] - table.layout.hand_height * HOVER_LIFT
    assert all(
        other.pose.center[1] == rest[1]
        for c, other in table.playback.stage.sprites.items()
        if c in table.hand and c != card
    )
    post(pygame.WINDOWLEAVE)
    app.step(FRAME)
    step_until(app, lambda: not table.playback.stage.moving)
    assert sprite.pose.center == rest


def test_a_dragged_card_casts_a_shadow(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = start_table(app, pace=0.0)
    settle(app, table)
    sprite = table.playback.stage.sprites[table.hand[0]]
    start = sprite.pose.center
    middle = (app.screen.get_width() // 3, round(app.screen.get_height() * 0.6))
    post(pygame.MOUSEBUTTONDOWN, pos=(round(start[0]), round(start[1])), button=1)
    post(pygame.MOUSEMOTION, pos=middle, rel=(0, 0), buttons=(1, 0, 0))
    app.step(FRAME)
    assert table.pointer.drag.dragged is sprite
    height = sprite.pose.height
    under = (round(sprite.pose.center[0]), round(sprite.pose.center[1] + height * 0.55))
    app.draw()
    shaded = app.screen.get_at(under)
    monkeypatch.setattr(
        table_painter, "_paint_shadow", lambda surface, pose: pygame.Rect(0, 0, 0, 0)
    )
    app.draw()
    plain = app.screen.get_at(under)
    assert sum(shaded[:3]) < sum(plain[:3]) - 30, "the table under the shadow is darker"


def first_round_queued(pace: float, log: list[object]) -> Playback:
    """A playback with a whole first round waiting to be shown (each seat's first move)."""
    playback = make_playback(pace, log)
    match = Match.new(seed=3)
    playback.extend(match.opening_events())
    while not any(isinstance(event, RoundScored) for event in playback.queue):
        playback.extend(match.apply(match.legal_actions()[0]))
    return playback


def test_hands_are_revealed_seat_by_seat_before_the_summary_opens() -> None:
    log: list[object] = []
    playback = first_round_queued(PACE, log)
    while not (isinstance(playback.queue[0], RoundScored) and not playback.animating):
        playback.update(FRAME)
        if not isinstance(playback.queue[0], RoundScored):
            playback.show_next()
    stage = playback.stage
    hidden = [seat for seat in range(1, 4) if seat not in stage.revealed]
    assert len(hidden) == 2, "the hand of the seat that went out is face up already"
    face_up = []
    for _ in range(round(PACE * 8 / FRAME)):
        if any(isinstance(entry, RoundScored) for entry in log):
            break
        playback.update(FRAME)
        playback.show_next()
        face_up.append(
            tuple(
                all(stage.sprites[card].pose.face_up for card in hand)
                for hand in playback.shown.hands
            )
        )
    assert any(isinstance(entry, RoundScored) for entry in log), "the summary opens at last"
    first_full = [next(i for i, seen in enumerate(face_up) if seen[seat]) for seat in hidden]
    assert 0 < first_full[0] < first_full[1], "one seat after the other"


def test_a_skip_reveals_every_hand_at_once_and_the_instant_speed_waits_for_nothing() -> None:
    for pace, skip in ((PACE, True), (0.0, False)):
        log: list[object] = []
        playback = first_round_queued(pace, log)
        while playback.at_rest is None and not any(isinstance(e, RoundScored) for e in log):
            if skip:
                playback.finish()
            playback.show_next()
        if skip:
            assert playback.at_rest is not None and playback.stage.moving
            playback.finish()
        playback.show_next()
        assert any(isinstance(entry, RoundScored) for entry in log)
        assert all(sprite.pose.face_up for sprite in playback.stage.sprites.values())


def summary_of_a_round(app: App) -> RoundSummaryScene:
    """Play the first round (your first legal move each turn) until its summary opens."""
    table = start_table(app, seed=5, pace=0.0)

    def summary_open() -> bool:
        if isinstance(app.stack.top, RoundSummaryScene):
            return True
        if table.your_turn:
            table.play(table.match.legal_actions()[0])
        return False

    step_until(app, summary_open)
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    return summary


@pytest.mark.slow
def test_points_count_up_in_the_summary_and_space_finishes_the_count(app: App) -> None:
    summary = summary_of_a_round(app)
    assert summary.moving
    worst = max(summary.event.penalties)
    assert worst > 1
    final = f"{worst} points"
    app.step(FRAME)
    assert final not in words_drawn(app), "the points start from nothing"
    key(pygame.K_SPACE)
    app.step(FRAME)
    assert app.stack.top is summary and not summary.moving, "Space finished the count"
    assert final in words_drawn(app)
    key(pygame.K_SPACE)
    app.step(FRAME)
    assert app.stack.top is not summary, "the next Space goes on"


@pytest.mark.slow
def test_the_count_runs_out_by_itself() -> None:
    window = make_app(mute=True)
    try:
        summary = summary_of_a_round(window)
        step_until(window, lambda: not summary.moving, frames=round(PACE * 3 / FRAME))
        assert window.stack.top is summary
    finally:
        window.close()


@pytest.mark.slow
def test_nothing_counts_at_the_instant_speed() -> None:
    window = make_app(mute=True, max_speed=True)
    try:
        assert not summary_of_a_round(window).moving
    finally:
        window.close()


def open_match_end(app: App, winners: tuple[int, ...] = (0,)) -> MatchEndScene:
    """The end of a match played out to its last move, over its table, won by ``winners``."""
    table = start_table(app, pace=0.0)
    match = late_saved_match().match
    while not match.is_over:
        events = match.apply(match.legal_actions()[0])
    over = events[-1]
    assert isinstance(over, MatchOver)
    over = replace(over, winners=winners)
    shown = ShownTable.of_match(match, True, match.hands[0])
    ending = MatchEndScene(app, shown, table.setup.seating, over, lambda: None)
    app.push(ending)
    return ending


@pytest.mark.slow
def test_the_match_end_celebrates_the_winner_until_a_click(app: App) -> None:
    ending = open_match_end(app)
    assert ending.event.winners and ending.moving
    for _ in range(30):
        app.step(FRAME)
    assert any(0 < piece.y < 1 for piece in ending.confetti.pieces), "confetti falls"
    click((5, 5))
    app.step(FRAME)
    assert app.stack.top is ending and not ending.moving
    key(pygame.K_SPACE)
    assert not ending.moving


@pytest.mark.slow
@pytest.mark.parametrize("winners", [(1,), (2, 3), ()], ids=["left", "top-and-right", "nobody"])
def test_only_your_win_is_celebrated(app: App, winners: tuple[int, ...]) -> None:
    ending = open_match_end(app, winners)
    for _ in range(30):
        app.step(FRAME)
    assert not ending.moving and not any(0 < piece.y < 1 for piece in ending.confetti.pieces)


@pytest.mark.slow
def test_a_shared_win_of_yours_is_celebrated(app: App) -> None:
    assert open_match_end(app, (0, 2)).moving


@pytest.mark.slow
def test_no_celebration_waits_at_the_instant_speed() -> None:
    window = make_app(mute=True, max_speed=True)
    try:
        assert not open_match_end(window).moving
    finally:
        window.close()


@pytest.mark.slow
def test_a_discard_is_seen_on_its_way_to_the_pile(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = start_table(app, pace=PACE)
    wait_for_my_turn(app, table)
    assert table.play(Draw(DrawSource.STOCK))
    settle(app, table)
    card = table.hand[0]
    start = table.playback.stage.sprites[card].pose.center
    assert table.play(Discard(card))
    seen: list[tuple[float, float]] = []
    draw = app.art.draw

    def spy(surface: pygame.Surface, drawn: Card, pose: Pose) -> pygame.Rect:
        if drawn == card:
            seen.append(pose.center)
        return draw(surface, drawn, pose)

    monkeypatch.setattr(app.art, "draw", spy)
    for _ in range(round(PACE / FRAME / 2)):
        app.step(FRAME)
    pile = table.layout.pile_center(False)
    assert any(min(start[1], pile[1]) < y < max(start[1], pile[1]) for _, y in seen), (
        "drawn between your hand and the pile"
    )


@pytest.mark.slow
def test_the_cards_kept_at_rest_always_look_as_if_drawn_afresh(app: App) -> None:
    """The layer kept between frames never shows a stale table: deal, moves, a selection."""
    table = start_table(app, pace=PACE)
    size = app.screen.get_size()
    kept, fresh = pygame.Surface(size), pygame.Surface(size)
    compared = 0
    for frame in range(900):
        app.step(FRAME)
        if frame == 400 and table.hand:
            table.select(table.hand[0])
        if frame == 450 and table.hand:
            table.selected = len(table.hand) - 1  # marked without moving: the layer must see it
        if table.your_turn and frame > 500:
            table.play(table.match.legal_actions()[0])
        if frame % 7 == 0 and app.stack.top is table:
            picture = table.picture()
            paint_table(picture, kept, app.art, app.text, table.resting)
            paint_table(picture, fresh, app.art, app.text)
            assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(fresh, "RGB"), frame
            compared += 1
    assert compared > 100
