"""A layout for every count of players (2 to 8) at every window size: each seat's fan and
plate inside the window, clear of the piles, the corner's words, the message lines (the
coach's, the status, the notice), the buttons, your hand and every other seat, each plate
holding its fullest lines at the body size (pure geometry: no window)."""

from __future__ import annotations

import pygame
import pytest

from game.engine.seating import default_names
from game.ui.kit.art import card_width
from game.ui.kit.text import Text
from game.ui.seen.layout import MOST_SEAT_CARDS, SEAT_ANGLES, SIDES, TableLayout
from game.ui.seen.table_marks import plate_places

SIZES = [(800, 600), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160)]
COUNTS = range(2, 9)
EDGES = {"Left": "L", "Bottom-left": "L", "Right": "R", "Bottom-right": "R"}
"""The edge each place is at (every other place is along the top)."""


def fan_rect(layout: TableLayout, seat: int) -> pygame.Rect:
    """The rectangle a seat's fullest fan covers."""
    height = layout.hand_height if seat == 0 else layout.seat_card_height(seat)
    rects = []
    for x, y in layout.seat_slots(seat, MOST_SEAT_CARDS):
        width, tall = card_width(height), height
        if layout.seat_angle(seat) % 180:
            width, tall = tall, width
        rect = pygame.Rect(0, 0, width, tall)
        rect.center = (round(x), round(y))
        rects.append(rect)
    return rects[0].unionall(rects[1:])


def parts(layout: TableLayout) -> dict[str, pygame.Rect]:
    """Every seat's fan and plate, by name."""
    found = {"your hand": layout.hand_area}
    for seat in layout.seats:
        found[f"seat {seat}'s fan"] = fan_rect(layout, seat)
        found[f"seat {seat}'s plate"] = layout.plate_box(seat)
    return found


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_seat_is_clear_of_everything_else(size: tuple[int, int], players: int) -> None:
    layout = TableLayout(*size, players=players)
    window = layout.table_rect
    fixed = {
        "the stock": layout.pile_rect(True),
        "the discard pile": layout.pile_rect(False),
        "the stock's label": layout.pile_label_box(True),
        "the discard pile's label": layout.pile_label_box(False),
        "the corner's words": layout.corner_box,
        "the buttons": layout.button_room,
        "the message lines": layout.message_band,
    }
    found = parts(layout)
    problems = []
    for name, rect in found.items():
        if not window.contains(rect):
            problems.append(f"{name} {rect} leaves the window")
        if name != "your hand":
            problems += [f"{name} on {other}" for other, r in fixed.items() if rect.colliderect(r)]
        if rect.width <= 0 or rect.height <= 0:
            problems.append(f"{name} has no room")
    names = list(found)
    for index, name in enumerate(names):
        for other in names[index + 1 :]:
            if found[name].colliderect(found[other]):
                problems.append(f"{name} on {other}")
    assert not problems, problems


@pytest.mark.parametrize("players", COUNTS)
def test_seats_go_round_the_table_in_play_order(players: int) -> None:
    layout = TableLayout(1280, 800, players=players)
    assert list(layout.seats) == list(range(1, players))
    sides = [layout.side(seat) for seat in layout.seats]
    assert sides == sorted(sides, key="LTR".index)  # up the left, along the top, down the right
    assert sides == [EDGES.get(name, "T") for name in default_names(players)]
    centers = [layout.seat_center(seat) for seat in layout.seats]
    left = [y for (_, y), side in zip(centers, sides, strict=True) if side == "L"]
    top = [x for (x, _), side in zip(centers, sides, strict=True) if side == "T"]
    right = [y for (_, y), side in zip(centers, sides, strict=True) if side == "R"]
    assert left == sorted(left, reverse=True) and top == sorted(top) and right == sorted(right)
    angles = {"L": 90, "T": 0, "R": -90}
    assert [layout.seat_angle(seat) for seat in layout.seats] == [angles[s] for s in sides]


def test_heads_up_the_opponent_sits_at_the_top_and_four_keep_their_places() -> None:
    assert SIDES[2] == "T"
    for size in SIZES:
        four, default = TableLayout(*size, players=4), TableLayout(*size)
        two = TableLayout(*size, players=2)
        assert two.seat_center(1) == four.seat_center(2)
        for seat in (1, 2, 3):
            assert four.seat_angle(seat) == SEAT_ANGLES[seat]
            assert four.seat_center(seat) == default.seat_center(seat)
        # the four-seat table's places as they always were
        margin, card_long = four.margin, four.seat_height
        assert four.seat_center(1) == (margin + card_long / 2, size[1] * 0.40)
        assert four.seat_center(2) == (size[0] / 2, margin + card_long / 2)
        assert four.seat_center(3) == (size[0] - margin - card_long / 2, size[1] * 0.40)


def test_with_seven_or_eight_the_other_seats_cards_are_smaller() -> None:
    for size in SIZES:
        six, eight = TableLayout(*size, players=6), TableLayout(*size, players=8)
        assert eight.seat_height < six.seat_height == TableLayout(*size).seat_height


FULLEST_PLATE = ("{name} · Normal", "16 cards · total 888", "Took 10♥ 10♦", "Dealer", "thinking…")
"""A plate with every line it may show (the first bold), each about as wide as it gets."""


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_plate_holds_its_fullest_lines_at_the_body_size(
    size: tuple[int, int], players: int
) -> None:
    layout, text = TableLayout(*size, players=players), Text()
    size_px, problems = layout.text_size, []
    for seat, name in zip(layout.seats, default_names(players), strict=True):
        lines = [(line.format(name=name), index == 0) for index, line in enumerate(FULLEST_PLATE)]
        box = layout.plate_box(seat)
        anchor, point = layout.seat_label_anchor(seat)
        places = plate_places(text, size_px, box, anchor, point, lines)
        for (words, bold), place in zip(lines, places, strict=True):
            if text.fit(words, size_px, box.width, bold)[1] != size_px:
                problems.append(f"{words!r} shrinks in {box}")
            others = [other for other in places if other is not place]
            if place.collidelist(others) != -1:
                problems.append(f"{words!r} at {place} on another line of its plate")
    assert not problems, problems
