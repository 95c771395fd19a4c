"""The open table's meld areas at every count of players and window size: inside the
window, clear of every seat's fan and plate, of the piles and their labels, the corner's
words, the message lines, the buttons, your hand and each other; up to four players each
room for a row of the smaller cards, and a few melds laid out in them keep inside, every
seat's alike where they read (pure geometry: no window)."""

from __future__ import annotations

import pytest

from game.ui.seen.layout import TableLayout
from game.ui.seen.meld_layout import READABLE, meld_areas, meld_rects
from tests.ui.seen.test_layout_seats import COUNTS, SIZES, parts


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_meld_area_is_clear_of_everything_else(size: tuple[int, int], players: int) -> None:
    layout = TableLayout(*size, players=players, open_table=True)
    fixed = {
        **parts(layout),
        "the stock": layout.pile_rect(True),
        "the discard pile": layout.pile_rect(False),
        "the stock's label": layout.pile_label_box(True),
        "the discard pile's label": layout.pile_label_box(False),
        "the corner's words": layout.corner_box,
        "the buttons": layout.button_room,
        "the message lines": layout.message_band,
    }
    areas = {
        (seat, index): area
        for seat in range(players)
        for index, area in enumerate(meld_areas(layout, seat))
    }
    problems = [
        f"seat {seat} has no meld area" for seat in range(players) if not meld_areas(layout, seat)
    ]
    smallest = layout.meld_heights[1]
    for (seat, index), area in areas.items():
        name = f"seat {seat}'s meld area {index} {area}"
        if not layout.table_rect.contains(area):
            problems.append(f"{name} leaves the window")
        if players <= 4 and (area.height < smallest or area.width < smallest * 2):
            problems.append(f"{name} is too small for a meld")
        problems += [
            f"{name} on {other} {rect}" for other, rect in fixed.items() if area.colliderect(rect)
        ]
        problems += [
            f"{name} on seat {other}'s area {rect}"
            for other, rect in areas.items()
            if other != (seat, index) and area.colliderect(rect)
        ]
    assert not problems, problems


@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_few_melds_lie_inside_their_seats_area_all_alike(
    size: tuple[int, int], players: int
) -> None:
    layout = TableLayout(*size, players=players, open_table=True)
    places = meld_rects(layout, dict.fromkeys(range(players), (3, 4, 3)))
    heights = set()
    for seat in range(players):
        areas = meld_areas(layout, seat)
        for meld in places[seat]:
            for rect in meld:
                assert any(area.contains(rect) for area in areas), (seat, rect, areas)
                heights.add(rect.height)
        assert [len(meld) for meld in places[seat]] == [3, 4, 3]
    if min(heights) >= READABLE:  # alike where they read; else each as large as it fits
        assert len(heights) == 1, "every seat's cards alike"
