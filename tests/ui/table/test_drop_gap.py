"""Every drop lands where it is dropped, and your hand opens a gap where it will land.

Through the real window with posted presses, moves and releases: a card dropped between
two cards of your hand as they lie (with the dragged card out of it) lands between them,
from the stock, from the discard pile, or moved within the hand; while it is dragged over
the hand the others slide apart at that place, and close again when it leaves.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import pygame
import pytest

from game.engine.actions import Phase
from game.engine.cards import Card
from game.engine.match import Match
from game.profile.saved_match import SavedMatch
from game.seats.messages import seat_rng_state
from game.sim.match_setup import MatchSetup
from game.ui.app import App
from game.ui.kit.art import card_width
from game.ui.table.pointer import GAP_SHARE
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, make_app, post, step_until

SEED = 5
SIZES = ((640, 400), (1280, 800), (2560, 1440))
HAND_SIZES = (3, 7, 13)
EVERY_DRAW_SIZE = (3, 7, pytest.param(13, marks=pytest.mark.slow))
"""The hand sizes a draw is dropped into at every gap (13 cards: some 2 s a window size)."""
PILES = ("stock", "discard")
Point = tuple[float, float]


@cache
def match_at(hand_size: int) -> Match:
    """A match at the first turn of yours, to draw, in the round of ``hand_size`` cards."""
    match = Match.new(seed=SEED)
    while (match.hand_size, match.current_seat, match.phase) != (hand_size, 0, Phase.DRAW):
        match.apply(match.legal_actions()[0])
    return match


def open_table(app: App, hand_size: int, pace: float = 0.0) -> TableScene:
    """The table of :func:`match_at`, every card at rest, you to draw."""
    match = match_at(hand_size).copy()
    policies = dict.fromkeys((1, 2, 3), "easy")
    states = {seat: seat_rng_state(SEED, seat) for seat in policies}
    saved = SavedMatch(match, policies, ("Left", "Top", "Right"), match.hands[0], states)
    table = TableScene(app, MatchSetup(SEED, match.rules, policies, pace), saved)
    app.replace(table)
    step_until(app, lambda: table.your_turn, frames=600)
    return table


@pytest.fixture(scope="module", params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def window(request: pytest.FixtureRequest) -> Iterator[App]:
    app = make_app(mute=True, ai_process=False, size=request.param)
    yield app
    app.close()


# --- the pointer ---------------------------------------------------------------------------


def at(point: Point) -> tuple[int, int]:
    return (round(point[0]), round(point[1]))


def press(point: Point) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=at(point), button=1)


def move(point: Point) -> None:
    post(pygame.MOUSEMOTION, pos=at(point), rel=(0, 0), buttons=(1, 0, 0))


def release(point: Point) -> None:
    post(pygame.MOUSEBUTTONUP, pos=at(point), button=1)


def centre(table: TableScene, card: Card) -> Point:
    return table.playback.stage.sprites[card].pose.center


def rest_x(table: TableScene, card: Card) -> float:
    """Where ``card`` of your hand is heading (its rest pose)."""
    return table.playback.stage.sprites[card].target.center[0]


def off_the_hand(table: TableScene) -> Point:
    """A point between the piles and your hand, on no drop target."""
    layout = table.layout
    return (layout.width / 2, (layout.pile_rect(True).bottom + layout.hand_area.top) / 2)


def gap_x(table: TableScene, cards: list[Card], index: int) -> float:
    """Between ``cards[index - 1]`` and ``cards[index]`` as they rest (a quarter of a card
    beyond the first or the last)."""
    quarter = card_width(table.layout.hand_height) / 4
    if index == 0:
        return rest_x(table, cards[0]) - quarter
    if index == len(cards):
        return rest_x(table, cards[-1]) + quarter
    return (rest_x(table, cards[index - 1]) + rest_x(table, cards[index])) / 2


def pile_grip(table: TableScene, pile: str) -> tuple[Point, Point]:
    """Where to press on ``pile``, and the offset from the card's centre to that point."""
    layout = table.layout
    grip = layout.pile_rect(pile == "stock").center
    card = layout.pile_center(True) if pile == "stock" else centre(table, table.shown.discard[-1])
    return grip, (grip[0] - card[0], grip[1] - card[1])


def hand_grip(table: TableScene, card: Card) -> tuple[Point, Point]:
    """A point of ``card`` in your hand that no other card covers, and its offset."""
    x, y = centre(table, card)
    grip = (x - card_width(table.layout.hand_height) / 2 + 3, y)
    return grip, (grip[0] - x, 0.0)


def carry(offset: Point, x: float, y: float) -> Point:
    """Where the pointer is when the card it holds by ``offset`` has its centre at ``x``."""
    return (x + offset[0], y + offset[1])


def settle(app: App, table: TableScene) -> None:
    step_until(app, lambda: not table.playback.stage.moving, frames=600)


# --- where a drop lands ----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("pile", PILES)
@pytest.mark.parametrize("hand_size", EVERY_DRAW_SIZE)
def test_a_drawn_card_lands_between_the_cards_it_is_dropped_between(
    window: App, hand_size: int, pile: str
) -> None:
    for index in range(hand_size + 1):
        table = open_table(window, hand_size)
        before = list(table.hand)
        taken = table.shown.discard[-1] if pile == "discard" else None
        grip, offset = pile_grip(table, pile)
        y = table.layout.hand_center_y
        target = carry(offset, gap_x(table, before, index), y)
        press(grip)
        move(off_the_hand(table))
        move(target)
        release(target)
        window.step(FRAME)
        settle(window, table)
        assert len(table.hand) == hand_size + 1, f"no draw at gap {index}"
        drawn = taken or next(card for card in table.hand if card not in before)
        assert table.hand.index(drawn) == index, f"dropped at gap {index}"
        assert [card for card in table.hand if card != drawn] == before


@pytest.mark.slow
@pytest.mark.parametrize("hand_size", HAND_SIZES)
def test_a_card_moved_within_the_hand_lands_between_the_cards_it_is_dropped_between(
    window: App, hand_size: int
) -> None:
    table = open_table(window, hand_size)
    for index in range(hand_size):
        card = table.hand[(index + hand_size // 2) % hand_size]  # from left and from right
        others = [other for other in table.hand if other != card]
        grip, offset = hand_grip(table, card)
        press(grip)
        move(off_the_hand(table))
        window.step(FRAME)
        settle(window, table)  # the others close ranks: the card lands between two of them
        target = carry(offset, gap_x(table, others, index), table.layout.hand_center_y)
        move(target)
        release(target)
        window.step(FRAME)
        settle(window, table)
        assert table.hand.index(card) == index
        assert [other for other in table.hand if other != card] == others


# --- the gap ---------------------------------------------------------------------------------


def slots_x(table: TableScene, count: int) -> list[float]:
    return [x for x, _y in table.layout.hand_slots(count)]


def assert_open_at(table: TableScene, cards: list[Card], index: int) -> None:
    """``cards`` rest in one more slot than they fill, the one at ``index`` left open."""
    slots = slots_x(table, len(cards) + 1)
    del slots[index]
    assert [rest_x(table, card) for card in cards] == pytest.approx(slots)


def assert_closed(table: TableScene, cards: list[Card]) -> None:
    assert [rest_x(table, card) for card in cards] == pytest.approx(slots_x(table, len(cards)))


@pytest.mark.slow
@pytest.mark.parametrize("hand_size", HAND_SIZES)
def test_the_hand_opens_a_gap_where_a_card_from_a_pile_would_land_and_closes_it_after(
    window: App, hand_size: int
) -> None:
    table = open_table(window, hand_size)
    hand = list(table.hand)
    grip, offset = pile_grip(table, "stock")
    y = table.layout.hand_center_y
    press(grip)
    move(off_the_hand(table))
    window.step(FRAME)
    assert_closed(table, hand)
    for index in (0, hand_size // 2, hand_size):
        move(carry(offset, gap_x(table, hand, index), y))
        window.step(FRAME)
        assert_open_at(table, hand, index)
        if 0 < index < hand_size:  # the neighbours moved apart: two slots between them
            left, right = slots_x(table, hand_size + 1)[index - 1 : index + 2 : 2]
            assert rest_x(table, hand[index]) - rest_x(table, hand[index - 1]) == (
                pytest.approx(right - left)
            )
        move(off_the_hand(table))
        window.step(FRAME)
        assert_closed(table, hand)
    release(off_the_hand(table))  # on no target: nothing drawn
    window.step(FRAME)
    assert table.hand == hand
    assert_closed(table, hand)


@pytest.mark.slow
@pytest.mark.parametrize("hand_size", HAND_SIZES)
def test_a_card_of_the_hand_leaves_its_gap_opens_one_where_it_would_land_and_the_discard_closes_it(
    window: App, hand_size: int
) -> None:
    table = open_table(window, hand_size)
    grip, offset = pile_grip(table, "stock")
    press(grip)
    release(grip)  # a click draws
    window.step(FRAME)
    settle(window, table)
    hand = list(table.hand)
    card = hand[1]
    others = [other for other in hand if other != card]
    grip, offset = hand_grip(table, card)
    y = table.layout.hand_center_y
    press(grip)
    move((grip[0], grip[1] - 6))  # it is lifted: its slot stays open
    window.step(FRAME)
    assert_open_at(table, others, 1)
    move(off_the_hand(table))
    window.step(FRAME)
    assert_closed(table, others)
    last = len(others)
    move(carry(offset, gap_x(table, others, last), y))
    window.step(FRAME)
    assert_open_at(table, others, last)
    pile = table.layout.pile_rect(False).center
    move(pile)
    window.step(FRAME)
    assert_closed(table, others)
    release(pile)
    window.step(FRAME)
    assert table.hand == others  # discarded (the next seat may have taken it already)
    assert_closed(table, others)


@pytest.mark.slow
@pytest.mark.parametrize("pace", (0.0, 0.45), ids=("instant", "normal"))
def test_the_cards_slide_apart_at_the_speed_set_and_at_once_at_instant_speed(
    window: App, pace: float
) -> None:
    table = open_table(window, 7, pace)
    hand = list(table.hand)
    grip, offset = pile_grip(table, "discard")
    before = rest_x(table, hand[4])
    press(grip)
    move(off_the_hand(table))
    move(carry(offset, gap_x(table, hand, 3), table.layout.hand_center_y))
    window.step(FRAME)
    sprite = table.playback.stage.sprites[hand[4]]
    assert sprite.target.center[0] > before
    if pace:
        assert sprite.moving and before < sprite.pose.center[0] < sprite.target.center[0]
        step_until(window, lambda: not sprite.moving, frames=round(pace * GAP_SHARE / FRAME) + 2)
    assert not sprite.moving and sprite.pose.center == sprite.target.center
    release(grip)
    window.step(FRAME)
    settle(window, table)
    assert table.hand == hand


def open_index(table: TableScene, cards: list[Card]) -> int | None:
    """The slot ``cards`` leave open among them as they rest (None: no slot open)."""
    rests = [rest_x(table, card) for card in cards]
    slots = slots_x(table, len(cards) + 1)
    for index in range(len(cards) + 1):
        if rests == pytest.approx(slots[:index] + slots[index + 1 :]):
            return index
    return None


@pytest.mark.slow
def test_wherever_a_card_is_let_go_over_the_hand_it_lands_in_the_gap_shown(window: App) -> None:
    table = open_table(window, 7)
    area = table.layout.hand_area
    y = table.layout.hand_center_y
    for step in range(1, 24):
        card = table.hand[step % 7]
        others = [other for other in table.hand if other != card]
        grip, offset = hand_grip(table, card)
        x = area.left + area.width * step / 24
        press(grip)
        move(off_the_hand(table))
        move(carry(offset, x, y))
        window.step(FRAME)
        shown = open_index(table, others)
        assert shown is not None
        release(carry(offset, x, y))
        window.step(FRAME)
        assert table.hand.index(card) == shown, f"let go at {x:.0f}"


def test_a_draw_let_go_while_the_gap_still_opens_lands_in_it_at_once(window: App) -> None:
    table = open_table(window, 7, pace=0.45)
    hand = list(table.hand)
    grip, offset = pile_grip(table, "stock")
    target = carry(offset, gap_x(table, hand, 2), table.layout.hand_center_y)
    press(grip)
    move(off_the_hand(table))
    move(target)
    window.step(FRAME)
    sprites = table.playback.stage.sprites
    assert any(sprites[card].moving for card in hand)  # the others are sliding apart...
    assert not table.busy  # ...which keeps no move of yours waiting
    release(target)
    window.step(FRAME)
    assert len(table.hand) == 8 and table.hand[:2] + table.hand[3:] == hand
    assert table.match.phase is Phase.DISCARD
