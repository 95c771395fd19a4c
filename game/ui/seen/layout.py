"""Where everything goes on the table, computed from the window size alone."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.engine.seating import SEATING
from game.ui.kit.art import CARD_ASPECT, card_height, card_width
from game.ui.kit.tween import Point
from game.ui.kit.type_scale import TypeScale

SEAT_ANGLES = (0, 90, 0, -90)
"""How each seat's cards are turned on screen at the four-seat table."""
SIDES = {players: "".join(place.edge for place in places) for players, places in SEATING.items()}
"""Which edge of the table each opponent sits at (``L``, ``T``, ``R``: each place's
:class:`~game.engine.seating.Edge`), in play order: clockwise from you at the bottom (up the
left edge, along the top, down the right edge)."""
SIDE_ANGLES = {"L": 90, "T": 0, "R": -90}
"""How the cards of a seat at each edge are turned."""
MOST_SEAT_CARDS = 16
"""The most cards an opponent holds: a 15-card hand (the 3→15 schedule) and a card drawn."""
SEAT_STEP = 0.3
"""How much of a face-down card's width shows beside the next, at most."""
TOP_PLATE_SHARE = 0.55
"""How far a single top seat's plate reaches below its fan's centre line, in plate heights."""
OPEN_PLATE_EMS = 13
"""How wide a top seat's plate is at the open table where several share the top, in text
sizes, where its melds lie beside it (its lines leave no room under it)."""
MELD_SMALLER = 0.62
"""The smaller cards on the open table, where the others do not fit: this share of their
height."""
TRACKER_EMS = 13
"""How wide the contract tracker at your hand's left is, in text sizes."""
MELD_LARGEST = 0.5
"""The largest cards on the open table, while few melds lie there: this share of your hand's
height (the melds' cards shrink from it as the table fills)."""
MELD_LADDER_STEP = 0.88
"""From one height the melds' cards are tried at to the next smaller."""
INDEX_SHARE = 0.2
"""How much of a card's width its corner index takes: the least of each card a fan shows
(where a fan's room is short, its cards are smaller)."""


@dataclass(frozen=True, slots=True)
class TableLayout:
    """Sizes and places of the table's parts for a ``width`` × ``height`` window."""

    width: int
    height: int
    window_scale: TypeScale | None = None
    """The window's type scale, where the table has only a part of the window (beside the
    log); by default the scale of ``width`` × ``height``."""
    words_width: int = 0
    """How wide your line and your penalty are, at your hand's left (0: none there)."""
    keys_lines: int = 1
    """How many lines the keys' help takes at the foot of the window."""
    players: int = 4
    """How many sit at the table (2 to 8), you included."""
    corner_extra: int = 0
    """How many lines the corner holds beyond the round's title, its wild rank, the dealer
    and the last turns: the contract's (none without contracts)."""
    open_table: bool = False
    """True at the open table: the piles and the side seats sit higher, and the melds
    laid down lie between the seats and the piles (see :mod:`~game.ui.seen.meld_layout`)."""
    top_plate_room: int = 0
    """How tall a top seat's plate's lines stand, where several seats share the top: its name,
    its cards and total (each as wrapped to the plate's width) and one line more (0: not
    measured). At the open table, its melds lie under them where there is room."""
    tracker: bool = False
    """True with contracts: the contract tracker lies at your hand's left, over your line
    and your penalty (:mod:`~game.ui.seen.contract_tracker`), as wide as :data:`TRACKER_EMS`."""

    @property
    def meld_heights(self) -> tuple[int, int]:
        """The two heights of the cards on the open table: the usual one, and a smaller one
        where a seat's melds do not fit."""
        usual = card_height(self.seat_height * 0.8, at_most=True)
        return usual, card_height(usual * MELD_SMALLER, at_most=True)

    @property
    def meld_ladder(self) -> tuple[int, ...]:
        """Every height the melds' cards are tried at, largest first: from
        :data:`MELD_LARGEST` of your hand's height down to the smaller of
        :attr:`meld_heights`."""
        smallest = self.meld_heights[1]
        heights = [card_height(self.hand_height * MELD_LARGEST, at_most=True)]
        while heights[-1] * MELD_LADDER_STEP > smallest:
            heights.append(card_height(heights[-1] * MELD_LADDER_STEP, at_most=True))
        return (*(height for height in heights if height > smallest), smallest)

    @property
    def meld_room(self) -> int:
        """How much higher the piles and the side seats sit at the open table, for a row
        of melds under the piles' labels (as much as the top seats leave): none at the
        closed table."""
        if not self.open_table:
            return 0
        wanted = self.meld_heights[0] + self.margin
        room = self._lowest_piles_y - self.hand_height / 2 - self._piles_ceiling
        return max(0, min(wanted, math.floor(room)))

    @property
    def _piles_ceiling(self) -> float:
        """How high the piles' top may rise: under the top seats (and a row of their melds,
        unless those lie under their plates), under a single top seat and a row of its melds,
        else under the corner's words."""
        if self.melds_under_top_plates:
            return self.top_band.bottom + self.margin
        if self.top_seats > 1:
            return self.top_band.bottom + self.margin * 2 + self.meld_heights[1]
        if self.top_seats == 1:
            plate = self.seat_height / 2 + self.plate_height * TOP_PLATE_SHARE
            return self.margin * 3 + max(self.seat_height, plate) + self.meld_heights[1]
        return self.corner_box.bottom + self.margin

    @property
    def card_heights(self) -> tuple[int, ...]:
        """Every height the table's cards are drawn at: your hand's and the piles', the
        opponents' (two between, for cards gliding from one to the other), the fans' where
        short of room, and the melds' at the open table."""
        hand, seat = self.hand_height, self.seat_height
        between = tuple(card_height(seat + (hand - seat) * share) for share in (1 / 3, 2 / 3))
        fans = {self.seat_card_height(other) for other in self.seats} - {seat}
        melds = self.meld_ladder if self.open_table else ()
        return (hand, seat, *between, *fans, *melds)

    @property
    def seats(self) -> range:
        """The opponents' seats, in play order."""
        return range(1, self.players)

    def side(self, seat: int) -> str:
        """The edge an opponent sits at: ``L``, ``T`` or ``R``."""
        return SIDES[self.players][seat - 1]

    def seat_angle(self, seat: int) -> int:
        """How a seat's cards are turned: 90° at the left edge, 0° at the top (and your
        hand), -90° at the right."""
        return 0 if seat == 0 else SIDE_ANGLES[self.side(seat)]

    def _along(self, seat: int) -> tuple[int, int]:
        """The seat's place among the seats of its edge (0 first in play order) and how many
        share the edge."""
        side = self.side(seat)
        same = [other for other in self.seats if self.side(other) == side]
        return same.index(seat), len(same)

    @property
    def top_seats(self) -> int:
        """How many opponents sit along the top edge."""
        return SIDES[self.players].count("T")

    @property
    def top_band(self) -> pygame.Rect:
        """Where several seats share the top edge: right of the corner's words, their fans
        in a row and each plate under its fan."""
        left = self.corner_box.right + self.margin
        right = self.width - self.margin
        if self._shared_sides:  # the right edge's fans rise beside it
            right -= self.seat_height + self.margin
        height = self._top_plate_top + self.plate_height - self.margin
        return pygame.Rect(left, self.margin, right - left, height)

    @property
    def melds_under_top_plates(self) -> bool:
        """True at the open table where several seats share the top and their plates' lines
        (:attr:`top_plate_room`) leave room in the top band for a row of their melds under
        them."""
        if not (self.open_table and self.top_seats > 1 and self.top_plate_room):
            return False
        under = self.top_band.bottom - self._top_plate_top - self.top_plate_room
        return under - self.margin // 4 >= self.meld_heights[1]

    @property
    def _top_plate_top(self) -> int:
        """Where several seats share the top: the top of their plates, under their fans."""
        return self.margin + self.seat_height + self.margin // 2

    @property
    def plate_height(self) -> int:
        """The room of a seat's plate: its five lines."""
        return self.text_size * 7

    def top_slot(self, seat: int) -> pygame.Rect:
        """A top seat's share of the top band (with several at the top)."""
        index, count = self._along(seat)
        band = self.top_band
        left = band.left + band.width * index // count
        right = band.left + band.width * (index + 1) // count
        return pygame.Rect(left, band.top, right - left, band.height)

    @property
    def _crowded(self) -> bool:
        """True with several seats along the top (five players or more): the side seats
        then keep below the top seats' plates."""
        return self.top_seats > 1

    @property
    def _shared_sides(self) -> bool:
        """True where two seats share a side edge (seven or eight players)."""
        return "LL" in SIDES[self.players]

    def _side_span(self) -> tuple[int, int]:
        """Where the side seats' fans go with several seats at the top: from under the
        corner's words (and the top seats' plates, unless two seats share a side edge)
        down to above the message lines."""
        top = self.corner_box.bottom
        if not self._shared_sides:
            top = max(top, self.top_band.bottom)
        return top + self.margin, self.message_band.top - self.margin

    def _plate_span(self) -> tuple[int, int]:
        """Where the side seats' plates go where two seats share a side edge: from under the
        top seats' plates down to above the piles' labels."""
        top = max(self.corner_box.bottom, self.top_band.bottom) + self.margin
        return top, self.pile_label_box(True).top - self.margin

    def _side_slot(self, seat: int, plates: bool = False) -> tuple[float, float]:
        """The centre line and length of a side seat's fan (or, with ``plates``, its
        plate), where two share its edge."""
        index, count = self._along(seat)
        top, bottom = self._plate_span() if plates else self._side_span()
        length = (bottom - top) / count
        if self.side(seat) == "L":
            index = count - 1 - index  # up the left edge: the first one lowest
        return top + length * (index + 0.5), length

    @property
    def table_rect(self) -> pygame.Rect:
        """The whole window."""
        return pygame.Rect(0, 0, self.width, self.height)

    @property
    def margin(self) -> int:
        return max(6, round(min(self.width, self.height) * 0.02))

    @property
    def hand_height(self) -> int:
        """Height of the cards in your hand and on the piles."""
        return card_height(min(self.height * 0.19, self.width * 0.115))

    @property
    def seat_height(self) -> int:
        """Height of the opponents' face-down cards (smaller with seven or eight at the
        table)."""
        return card_height(self.hand_height * (0.55 if self.players <= 6 else 0.42))

    @property
    def type_scale(self) -> TypeScale:
        """The text sizes of this window."""
        return self.window_scale or TypeScale.for_window((self.width, self.height))

    @property
    def text_size(self) -> int:
        """Body text size in pixels."""
        return self.type_scale.body

    @property
    def keys_line_y(self) -> int:
        """The centre of the first line of the keys' help, at the very bottom."""
        bottom = self.height - self.margin // 2 - self.text_size // 2
        return bottom - (self.keys_lines - 1) * self.keys_line_step

    @property
    def keys_width(self) -> int:
        """How wide a line of the keys' help may be."""
        return self.width - self.margin

    @property
    def keys_line_step(self) -> int:
        """From one line of the keys' help to the next."""
        return round(self.type_scale.help * 1.25)

    @property
    def hand_center_y(self) -> float:
        return self.keys_line_y - self.text_size - self.hand_height / 2

    @property
    def hand_area(self) -> pygame.Rect:
        """Where a card dropped counts as dropped into your hand: the middle of the table's
        width, moved right of your line and penalty where they need it."""
        width = round(self.width * 0.76)
        left = (self.width - width) // 2
        words = max(self.words_width, self.text_size * TRACKER_EMS if self.tracker else 0)
        if words:
            left = max(left, self.margin * 2 + words)
            width = min(width, self.width - self.margin - left)
        top = round(self.hand_center_y - self.hand_height * 0.75)
        height = min(round(self.hand_height * 1.5), self.keys_top - top)  # the keys stay clear
        return pygame.Rect(left, top, width, height)

    @property
    def keys_top(self) -> int:
        """The top of the keys' lines at the foot of the table."""
        return self.keys_line_y - self.keys_line_step // 2

    @property
    def words_box(self) -> pygame.Rect:
        """Where your line and your penalty go: at your hand's left, level with it."""
        area = self.hand_area
        return pygame.Rect(self.margin, area.top, area.left - self.margin * 2, area.height)

    def hand_slots(self, count: int) -> list[Point]:
        """Centres of ``count`` cards spread along the bottom."""
        return list(_cached_hand_slots(self, count))

    def _hand_slots(self, count: int) -> list[Point]:
        if count == 0:
            return []
        card = card_width(self.hand_height)
        room = self.hand_area.width - card
        step = min(card * 1.04, room / (count - 1)) if count > 1 else 0.0
        left = self.hand_area.centerx - step * (count - 1) / 2
        return [(left + step * index, self.hand_center_y) for index in range(count)]

    def insert_index(self, x: float, count: int) -> int:
        """Where a card dropped at ``x`` goes among ``count`` hand cards (the cards that stay:
        a dragged card of the hand is not among them): how many of their slots lie left of
        ``x``. See :func:`game.ui.table.drag.landing_index`."""
        slots = self.hand_slots(count)
        return sum(1 for center, _ in slots if center < x)

    @property
    def line_step(self) -> int:
        """From one message line to the next (the coach's, the status, the notice)."""
        return round(self.text_size * 1.5)

    @property
    def buttons_top(self) -> int:
        """The top of the button row above your hand."""
        return self.hand_area.top - self.button_height - self.button_gap

    @property
    def button_height(self) -> int:
        return max(22, round(self.text_size * 1.9))

    @property
    def button_gap(self) -> int:
        return max(4, self.margin // 2)

    @property
    def piles_y(self) -> float:
        """The piles' centre line: a little above the middle, and high enough that their
        labels and the three message lines fit above the buttons."""
        return self._lowest_piles_y - self.meld_room

    @property
    def _lowest_piles_y(self) -> float:
        """The piles' centre line at the closed table."""
        messages = self.text_size * 1.5 + self.line_step * 3 + self.button_gap
        return min(self.height * 0.43, self.buttons_top - messages - self.hand_height / 2)

    @property
    def banner_size(self) -> int:
        """The banner's text size: the title's, the heading's where two seats share a side
        edge (it then lies between the corner's words and the right edge's fans)."""
        return self.type_scale.heading if self._shared_sides else self.type_scale.title

    @property
    def banner_y(self) -> int:
        """The centre line of the banner (a new round), between the top seat's fan and the
        piles (over the top seats' fans where two seats share a side edge)."""
        fan_bottom = self.margin + self.seat_height
        if self._shared_sides:  # over the top seats' fans: the side seats' plates stay clear
            return round(self.margin + self.seat_height / 2)
        if self.top_seats > 1:
            fan_bottom = self.top_band.bottom
        return round((fan_bottom + self.pile_rect(True).top) / 2)

    def pile_center(self, stock: bool) -> Point:
        """Centre of the stock (``stock=True``) or of the discard pile."""
        offset = card_width(self.hand_height) * 0.75
        return (self.width / 2 + (-offset if stock else offset), self.piles_y)

    def pile_rect(self, stock: bool) -> pygame.Rect:
        """The rectangle of the stock or discard pile's top card (also its drop target)."""
        rect = pygame.Rect(0, 0, card_width(self.hand_height), self.hand_height)
        x, y = self.pile_center(stock)
        rect.center = (round(x), round(y))
        return rect

    def seat_center(self, seat: int) -> Point:
        """Centre of an opponent's fan."""
        card_long, side = self.seat_height, self.side(seat)
        if side == "T":
            if self.top_seats == 1:
                return (self.width / 2, self.margin + card_long / 2)
            return (self.top_slot(seat).centerx - self.margin / 2, self.margin + card_long / 2)
        x = self.margin + card_long / 2 if side == "L" else self.width - self.margin - card_long / 2
        if not self._crowded:
            return (x, self.height * 0.40 - self.meld_room)
        if self._along(seat)[1] == 1:  # alone at its edge: its plate above the pile's label
            label_top = self.pile_label_box(True).top
            return (
                x,
                min(self._side_slot(seat)[0], label_top - self.margin - self.plate_height / 2),
            )
        return (x, self._side_slot(seat)[0])

    def _fan_room(self, seat: int) -> float:
        """How long a seat's fan may be: the top seat's between the corner's words and its
        plate, the top seats' in their share of the top, a side seat's above the message
        lines (and the other seat at its edge)."""
        side, shared = self.side(seat), self._crowded
        if side == "T" and shared:
            return self.top_slot(seat).width - self.margin
        if side == "T":
            middle, corner = self.width / 2, self.corner_box.right
            return 2 * min(middle - corner, self.seat_label_anchor(seat)[1][0] - middle) - 2
        middle = self.seat_center(seat)[1]
        if shared:
            top, bottom = self._side_span()
            room = min(self._side_slot(seat)[1], 2 * min(middle - top, bottom - middle))
            return room - self.margin
        above = self.message_band.top - self.margin  # alone at its edge: above the messages
        return 2 * min(middle - self.margin, above - middle)

    def seat_card_height(self, seat: int) -> int:
        """Height of a seat's cards: :attr:`seat_height`, less where its fan's room is short,
        so that each of its fullest hand's cards shows at least its index."""
        return _cached_seat_card_height(self, seat)

    def _seat_card_height(self, seat: int) -> int:
        fits = self._fan_room(seat) / (1 + INDEX_SHARE * (MOST_SEAT_CARDS - 1)) / CARD_ASPECT
        return min(self.seat_height, card_height(fits, at_most=True))

    def seat_step(self, seat: int, count: int) -> float:
        """From one of a seat's ``count`` cards to the next: :data:`SEAT_STEP` of a card,
        less where its fan's room is short."""
        card = card_width(self.seat_card_height(seat))
        return min(card * SEAT_STEP, (self._fan_room(seat) - card) / max(1, count - 1))

    def seat_slots(self, seat: int, count: int) -> list[Point]:
        """Centres of an opponent's ``count`` face-down cards."""
        return list(_cached_seat_slots(self, seat, count))

    def _seat_slots(self, seat: int, count: int) -> list[Point]:
        if seat == 0:
            return self.hand_slots(count)
        x, y = self.seat_center(seat)
        step = self.seat_step(seat, count)
        first = -step * (count - 1) / 2
        if self.side(seat) == "T":
            return [(x + first + step * i, y) for i in range(count)]
        direction = 1 if self.side(seat) == "L" else -1
        return [(x, y + direction * (first + step * i)) for i in range(count)]

    def seat_label_anchor(self, seat: int) -> tuple[str, tuple[int, int]]:
        """Where the seat's name plate goes: ``midleft`` or ``midright`` of a point (its first
        lines level with it), or ``topleft`` (its first line's) under a top seat's fan where
        several share the top."""
        x, y = self.seat_center(seat)
        side = self.side(seat)
        if side == "T" and self.top_seats > 1:  # from the top of its room: a line added
            box = self.plate_box(seat)  # during the round moves none above it
            return "topleft", box.topleft
        if side == "T":
            return "midleft", (round(x + card_width(self.seat_height) * 2.6), round(y))
        beside = self.seat_height / 2 + self.margin
        if self._shared_sides:  # the plate above the piles' labels, beside its fan
            y = self._side_slot(seat, plates=True)[0]
        if side == "L":
            return "midleft", (round(x + beside), round(y))
        return "midright", (round(x - beside), round(y))

    def plate_box(self, seat: int) -> pygame.Rect:
        """The room of an opponent's name plate: beside its cards (under them where several
        share the top), clear of the piles and of the other seats (the plate's text fits
        inside)."""
        side = self.side(seat)
        if side == "T" and self.top_seats > 1:
            slot, top = self.top_slot(seat), self._top_plate_top
            width, height = slot.width - self.margin, slot.bottom - top
            if self.melds_under_top_plates:
                height = self.top_plate_room
            elif self.open_table:  # the seat's melds beside it
                width = min(width, self.text_size * OPEN_PLATE_EMS)
            return pygame.Rect(slot.left, top, width, height)
        if side == "T":
            x, y = self.seat_label_anchor(seat)[1]
            right = self.width - self.margin
            bottom = min(self.pile_rect(True).top, y + round(self.plate_height * TOP_PLATE_SHARE))
            if "R" in SIDES[self.players]:  # clear of the right seat's fan and plate
                right -= self.margin + self.seat_height
                bottom = min(bottom, self.plate_box(self.players - 1).top - self.margin)
            return pygame.Rect(x, 0, right - x, bottom)
        x, y = self.seat_label_anchor(seat)[1]
        height = self.plate_height
        if self._shared_sides:
            height = min(height, math.floor(self._side_slot(seat, plates=True)[1]))
        stock, discard = self.pile_rect(True), self.pile_rect(False)
        if side == "L":
            return pygame.Rect(x, y - height // 2, stock.left - self.margin - x, height)
        left = discard.right + self.margin
        return pygame.Rect(left, y - height // 2, x - left, height)

    @property
    def discard_fan_right(self) -> int:
        """Where the spread discard pile's room ends at the right: the top seat's plate,
        where one seat sits at the top; the window's edge otherwise."""
        if self.top_seats == 1:
            return self.plate_box(self.seats[SIDES[self.players].index("T")]).left
        return self.width

    @property
    def discard_fan_top(self) -> int:
        """How high the spread discard pile may rise: to under the top seats' plates where
        several share the top; to the window's edge otherwise."""
        return self.top_band.bottom + self.margin if self.top_seats > 1 else 0

    @property
    def corner_box(self) -> pygame.Rect:
        """The top-left corner where the round's title goes, clear of the top seat's fan
        (narrower where several seats share the top; taller by :attr:`corner_extra`)."""
        fan_left = self.width / 2 - card_width(self.seat_height) * (0.5 + 0.3 * 6)
        width = round(fan_left) - self.margin * 2
        if self.top_seats > 1:
            width = min(width, self.text_size * 13)
        height = self.text_size * 6 + self.corner_extra * self.line_step
        return pygame.Rect(self.margin, self.margin, width, height)

    def pile_label_box(self, stock: bool) -> pygame.Rect:
        """The room of the label under the stock or the discard pile: its half of the room
        between them, and two cards' width outwards."""
        rect, card = self.pile_rect(stock), card_width(self.hand_height)
        inner, outer = round(card * 0.72), round(card * 2)  # the piles' centres are 1.5 apart
        left = rect.centerx - (outer if stock else inner)
        return pygame.Rect(left, rect.bottom, inner + outer, self.text_size * 2)

    @property
    def button_room(self) -> pygame.Rect:
        """The row the buttons share above your hand (they keep to its right)."""
        right = self.width - self.margin
        return pygame.Rect(self.margin, self.buttons_top, right - self.margin, self.button_height)

    @property
    def least_button(self) -> int:
        """The narrowest a button is."""
        return max(70, round(self.text_size * 7.2))

    def message_center(self, line: int) -> tuple[int, int]:
        """Centre of a message line between the piles' labels and the buttons: ``-1`` the
        coach's, ``0`` the status, ``1`` the notice (a hint, a refusal), right above the
        buttons."""
        above_buttons = self.buttons_top - self.button_gap - self.line_step / 2
        return (self.width // 2, round(above_buttons + (line - 1) * self.line_step))

    @property
    def message_band(self) -> pygame.Rect:
        """Where the message lines go (the coach's, the status, the notice): the table's
        width, from the coach's line down to the buttons."""
        top = self.message_center(-1)[1] - self.line_step // 2
        return pygame.Rect(0, top, self.width, self.buttons_top - top)

    @property
    def status_center(self) -> tuple[int, int]:
        """Centre of the status line between the piles and your hand."""
        return self.message_center(0)


# What the table's pieces are placed by, asked for each card every time cards move: worked
# out once per window layout (a layout is a frozen value, so it keys the cache).


@lru_cache(maxsize=512)
def _cached_hand_slots(layout: TableLayout, count: int) -> tuple[Point, ...]:
    return tuple(layout._hand_slots(count))


@lru_cache(maxsize=512)
def _cached_seat_slots(layout: TableLayout, seat: int, count: int) -> tuple[Point, ...]:
    return tuple(layout._seat_slots(seat, count))


@lru_cache(maxsize=128)
def _cached_seat_card_height(layout: TableLayout, seat: int) -> int:
    return layout._seat_card_height(seat)
