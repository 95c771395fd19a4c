"""Where the melds on the open table lie: a meld area per seat, and the melds in rows in it.

Each seat's melds lie between it and the piles: the top seat's in the band above the
piles, the side seats' under their plates, yours under the piles' labels (and beside them,
where no side seat sits). Where several seats share the top (five and more at the table),
the top seats' melds lie under their plates (beside them, where their lines leave no room
under them), and yours share the side seats' room where
none is left under the labels; there the areas may be short, and the cards squeeze. The
melds are rows of small overlapping cards, each row centred, smaller where a seat's area
is short of room. Pure geometry: the layout's sizes only.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import pygame

from game.engine.cards import Card
from game.engine.open_table import TableMeld
from game.ui.kit.art import card_width
from game.ui.seen.layout import TableLayout

STEPS = (0.5, 0.36)
"""How much of a meld card's width shows beside the next (the wild's tag fits the first)."""


READABLE = 42
"""The height from which a meld's cards read at a glance (rank and suit large enough): every
seat's cards are drawn alike where they are at least this tall; below it, each seat's as
large as its own areas allow."""


def meld_areas(layout: TableLayout, seat: int) -> tuple[pygame.Rect, ...]:
    """Where ``seat``'s melds lie (one rectangle, or two or three that fill in turn)."""
    return _all_areas(layout)[seat]


@functools.lru_cache(maxsize=64)
def _all_areas(layout: TableLayout) -> dict[int, tuple[pygame.Rect, ...]]:
    margin, half = layout.margin, layout.margin // 2
    sides: dict[str, list[int]] = {"L": [], "T": [], "R": []}
    for seat in layout.seats:
        sides[layout.side(seat)].append(seat)
    plates = [layout.plate_box(seat) for seat in (*sides["L"], *sides["R"])]
    left = layout.margin * 2 + layout.seat_height if sides["L"] else margin
    right = layout.width - (layout.margin * 2 + layout.seat_height if sides["R"] else margin)
    pile = layout.pile_rect(True).union(layout.pile_rect(False))
    labels = layout.pile_label_box(True).union(layout.pile_label_box(False))
    bottom = layout.message_band.top - half
    upper = pygame.Rect(left, _upper_top(layout), right - left, 0)
    upper.height = pile.top - layout.margin - upper.top
    beside = [plate for plate in plates if plate.colliderect(upper.inflate(9999, 0))]
    edges = [edge + margin for edge in _inner(beside, pile, -1)]
    if layout.top_seats == 1:  # right of the corner's words, under the top seat
        edges.append(layout.corner_box.right + margin)
    upper.left = max([left, *edges])
    upper.width = min([right, *(edge - margin for edge in _inner(beside, pile, 1))]) - upper.left
    lower_top = max([pile.top, *(plate.bottom for plate in plates)]) + half
    lower_left = pygame.Rect(left, lower_top, labels.left - margin - left, bottom - lower_top)
    lower_right = pygame.Rect(labels.right + margin, lower_top, 0, bottom - lower_top)
    lower_right.width = right - lower_right.left
    under = pygame.Rect(labels.left, labels.bottom + half, labels.width, 0)
    under.height = bottom - under.top
    areas: dict[int, tuple[pygame.Rect, ...]]
    if layout.melds_under_top_plates:
        areas = {seat: (_under_plate(layout, seat),) for seat in sides["T"]}
    else:
        areas = _columns(upper, sides["T"])
        small = layout.meld_heights[1]
        short = [
            area.height < small or area.width < card_width(small) * 2 for (area,) in areas.values()
        ]
        if any(short):
            areas = {seat: (_beside_plate(layout, seat),) for seat in sides["T"]}
    yours = [under] if under.height >= layout.meld_heights[1] else []
    for room, side in ((lower_left, "L"), (lower_right, "R")):
        if not sides[side]:
            yours.append(room)
            continue
        small = layout.meld_heights[1]
        gap = max(0, min(margin, room.height - small * 2))  # between the side's and yours
        share = room.height if yours else (room.height - gap) // 2
        seats = sides[side][::-1] if side == "L" else sides[side]
        areas |= _rows(pygame.Rect(room.left, room.top, room.width, share), seats)
        if share < room.height:  # no room under the piles' labels: yours share the side's
            below = pygame.Rect(room.left, room.top + share + gap, room.width, 0)
            below.height = room.bottom - below.top
            yours.append(below)
    areas[0] = tuple(yours)
    return {seat: _kept(layout, seat, areas[seat]) for seat in range(layout.players)}


def _kept(layout: TableLayout, seat: int, areas: Sequence[pygame.Rect]) -> tuple[pygame.Rect, ...]:
    """The areas with room in them; where none has (a crowded table in a small window), a
    line under the seat's plate, or above your buttons, where the melds squeeze."""
    kept = tuple(area for area in areas if area.width > 0 and area.height > 0)
    if kept:
        return kept
    plate = layout.button_room if seat == 0 else layout.plate_box(seat)
    return (pygame.Rect(plate.left, plate.bottom, plate.width, 1),)


def _inner(plates: Sequence[pygame.Rect], pile: pygame.Rect, side: int) -> list[int]:
    """The inner edges of the side seats' plates: the left ones' right edges (``side`` -1),
    or the right ones' left edges (1)."""
    if side < 0:
        return [plate.right for plate in plates if plate.centerx < pile.centerx]
    return [plate.left for plate in plates if plate.centerx > pile.centerx]


def _beside_plate(layout: TableLayout, seat: int) -> pygame.Rect:
    """Where several seats share the top and their plates leave no room under them: a top
    seat's melds lie beside its plate, in its share of the top band."""
    plate, slot = layout.plate_box(seat), layout.top_slot(seat)
    left = plate.right + layout.margin // 2
    right = slot.right - layout.margin
    return pygame.Rect(left, plate.top, right - left, slot.bottom - plate.top)


def _under_plate(layout: TableLayout, seat: int) -> pygame.Rect:
    """Where several seats share the top: a top seat's melds lie under its plate, in its
    share of the top band, and on down toward the piles where nothing lies beside."""
    plate = layout.plate_box(seat)
    top = plate.bottom + layout.margin // 4
    area = pygame.Rect(plate.left, top, plate.width, layout.top_band.bottom - top)
    deeper = area.copy()
    deeper.height = layout.pile_rect(True).top - layout.margin - top
    beside = [layout.plate_box(other) for other in layout.seats if layout.side(other) != "T"]
    beside += [layout.pile_rect(True), layout.pile_rect(False)]
    return deeper if deeper.height > area.height and deeper.collidelist(beside) == -1 else area


def _upper_top(layout: TableLayout) -> int:
    """The top of the band above the piles: under the top seats' fans and plates (a single
    top seat's band lies right of the corner's words), else under the corner's words."""
    if layout.top_seats > 1:
        return max(layout.corner_box.bottom, layout.top_band.bottom) + layout.margin
    if layout.top_seats == 1:
        seat = next(seat for seat in layout.seats if layout.side(seat) == "T")
        top = max(layout.margin + layout.seat_height, layout.plate_box(seat).bottom)
        return top + layout.margin
    return layout.corner_box.bottom + layout.margin


def _columns(room: pygame.Rect, seats: Sequence[int]) -> dict[int, tuple[pygame.Rect, ...]]:
    """``room`` shared by ``seats`` side by side, a gap between two."""
    gap = max(4, room.height // 10)
    found: dict[int, tuple[pygame.Rect, ...]] = {}
    for index, seat in enumerate(seats):
        left = room.left + room.width * index // len(seats)
        right = room.left + room.width * (index + 1) // len(seats) - (gap if index else 0)
        found[seat] = (
            pygame.Rect(left + (gap if index else 0), room.top, right - left, room.height),
        )
    return found


def _rows(room: pygame.Rect, seats: Sequence[int]) -> dict[int, tuple[pygame.Rect, ...]]:
    """``room`` shared by ``seats`` one above the other (the first in play order lowest on
    the left edge, as their fans)."""
    found: dict[int, tuple[pygame.Rect, ...]] = {}
    for index, seat in enumerate(seats):
        top = room.top + room.height * index // len(seats)
        bottom = room.top + room.height * (index + 1) // len(seats)
        found[seat] = (pygame.Rect(room.left, top, room.width, bottom - top),)
    return found


def meld_rects(
    layout: TableLayout, sizes: dict[int, tuple[int, ...]]
) -> dict[int, tuple[tuple[pygame.Rect, ...], ...]]:
    """Per seat, per meld (``sizes``: per seat, how many cards each of its melds holds), the
    rectangle of each card: in rows, left to right, filling the seat's areas in turn, from
    the largest of the layout's :attr:`~TableLayout.meld_ladder` down. Every seat's cards
    alike, overlapping more, then smaller, until every seat's melds fit, unless alike they
    would be smaller than :data:`READABLE` while some seat's own areas hold them larger:
    then (as where no size fits them all, a crowded table) each seat's as large as fit its
    own areas (the last try keeps them all, some beyond their areas' foot, where even that
    does not)."""
    tries = [(height, step) for height in layout.meld_ladder for step in STEPS]
    alone = {seat: _seat_alone(layout, seat, melds, tries) for seat, melds in sizes.items()}
    for height, step in tries:
        packed = {
            seat: _pack(meld_areas(layout, seat), sizes[seat], height, step) for seat in sizes
        }
        if all(places is not None for places in packed.values()):
            if height >= READABLE or height >= max(map(_height, alone.values()), default=0):
                return {seat: places or () for seat, places in packed.items()}
            break
    return alone


def _height(places: tuple[tuple[pygame.Rect, ...], ...]) -> int:
    """How tall a seat's meld cards are (0: none)."""
    return places[0][0].height if places else 0


def _seat_alone(
    layout: TableLayout, seat: int, sizes: tuple[int, ...], tries: list[tuple[int, float]]
) -> tuple[tuple[pygame.Rect, ...], ...]:
    """A seat's melds as large as they fit in its areas alone (squeezed at the last try)."""
    areas = meld_areas(layout, seat)
    for height, step in tries:
        places = _pack(areas, sizes, height, step)
        if places is not None:
            return places
    height, step = tries[-1]
    return _pack(areas, sizes, height, step, squeeze=True) or ()


def _pack(
    areas: Sequence[pygame.Rect],
    sizes: Sequence[int],
    height: int,
    step: float,
    squeeze: bool = False,
) -> tuple[tuple[pygame.Rect, ...], ...] | None:
    """The melds in rows of cards ``height`` tall, each card ``step`` of a width beside the
    last, each row centred; None if they do not fit (``squeeze``: the rows go on below the
    last area)."""
    width = card_width(height)
    shift, gap = max(1, round(width * step)), max(3, width // 4)
    places: list[tuple[pygame.Rect, ...]] = []
    rows: dict[tuple[int, int], list[int]] = {}
    index, x, y = 0, areas[0].left, areas[0].top
    for size in sizes:
        long = width + shift * (size - 1)
        while True:
            area = areas[index]
            if x + long > area.right and x > area.left:  # on a new row
                x, y = area.left, y + height + gap // 2
            if (y + height <= area.bottom and x + long <= area.right) or (
                squeeze and index == len(areas) - 1
            ):
                break
            if index == len(areas) - 1:
                return None
            index += 1
            x, y = areas[index].left, areas[index].top
        places.append(tuple(pygame.Rect(x + shift * i, y, width, height) for i in range(size)))
        rows.setdefault((index, y), []).append(len(places) - 1)
        x += long + gap
    for (index, _y), members in rows.items():  # each row centred in its area
        last = places[members[-1]][-1]
        offset = max(0, (areas[index].right - last.right) // 2)
        for member in members:
            places[member] = tuple(rect.move(offset, 0) for rect in places[member])
    return tuple(places)


@functools.lru_cache(maxsize=64)
def table_places(
    layout: TableLayout, table: tuple[TableMeld, ...]
) -> tuple[dict[Card, pygame.Rect], tuple[pygame.Rect, ...]]:
    """Where each card on the table lies, and the rectangle each meld covers (in the
    table's order): each seat's melds in its area, in the order laid down (see
    :func:`meld_rects`)."""
    cards: dict[Card, pygame.Rect] = {}
    boxes: dict[int, pygame.Rect] = {}
    owned = {
        seat: [index for index, placed in enumerate(table) if placed.owner == seat]
        for seat in {placed.owner for placed in table}
    }
    sizes = {
        seat: tuple(len(table[index].meld.cards) for index in indices)
        for seat, indices in owned.items()
    }
    for seat, places in meld_rects(layout, sizes).items():
        for index, rects in zip(owned[seat], places, strict=True):
            cards.update(zip(table[index].meld.cards, rects, strict=True))
            boxes[index] = rects[0].unionall(rects[1:])
    return cards, tuple(boxes[index] for index in range(len(table)))
