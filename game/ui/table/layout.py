"""Where everything goes on the table, computed from the window size alone."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.kit.art import card_height, card_width
from game.ui.kit.tween import Point
from game.ui.kit.type_scale import TypeScale

SEAT_ANGLES = (0, 90, 0, -90)
"""How each seat's cards are turned on screen."""


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
        """Height of the opponents' face-down cards."""
        return card_height(self.hand_height * 0.55)

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
        if self.words_width:
            left = max(left, self.margin * 2 + self.words_width)
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
        messages = self.text_size * 1.5 + self.line_step * 3 + self.button_gap
        return min(self.height * 0.43, self.buttons_top - messages - self.hand_height / 2)

    @property
    def banner_y(self) -> int:
        """The centre line of the banner (a new round), between the top seat's fan and the
        piles."""
        fan_bottom = self.seat_center(2)[1] + self.seat_height / 2
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
        card_long = self.seat_height
        if seat == 1:
            return (self.margin + card_long / 2, self.height * 0.40)
        if seat == 2:
            return (self.width / 2, self.margin + card_long / 2)
        return (self.width - self.margin - card_long / 2, self.height * 0.40)

    def seat_slots(self, seat: int, count: int) -> list[Point]:
        """Centres of an opponent's ``count`` face-down cards."""
        if seat == 0:
            return self.hand_slots(count)
        x, y = self.seat_center(seat)
        step = card_width(self.seat_height) * 0.3
        first = -step * (count - 1) / 2
        if seat == 2:
            return [(x + first + step * i, y) for i in range(count)]
        direction = 1 if seat == 1 else -1
        return [(x, y + direction * (first + step * i)) for i in range(count)]

    def seat_label_anchor(self, seat: int) -> tuple[str, tuple[int, int]]:
        """Where the seat's name plate goes: ``midleft`` or ``midright`` of a point."""
        x, y = self.seat_center(seat)
        if seat == 2:
            return "midleft", (round(x + card_width(self.seat_height) * 2.6), round(y))
        beside = self.seat_height / 2 + self.margin
        if seat == 1:
            return "midleft", (round(x + beside), round(y))
        return "midright", (round(x - beside), round(y))

    def plate_box(self, seat: int) -> pygame.Rect:
        """The room of an opponent's name plate: beside its cards, clear of the piles and of
        the top seat's fan (the plate's text fits inside)."""
        anchor, (x, y) = self.seat_label_anchor(seat)
        height = self.text_size * 7
        if seat == 2:
            return pygame.Rect(x, 0, self.width - self.margin - x, self.pile_rect(True).top)
        stock, discard = self.pile_rect(True), self.pile_rect(False)
        if anchor == "midleft":
            return pygame.Rect(x, y - height // 2, stock.left - self.margin - x, height)
        left = discard.right + self.margin
        return pygame.Rect(left, y - height // 2, x - left, height)

    @property
    def corner_box(self) -> pygame.Rect:
        """The top-left corner where the round's title goes, clear of the top seat's fan."""
        fan_left = self.width / 2 - card_width(self.seat_height) * (0.5 + 0.3 * 6)
        width = round(fan_left) - self.margin * 2
        return pygame.Rect(self.margin, self.margin, width, self.text_size * 6)

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
    def status_center(self) -> tuple[int, int]:
        """Centre of the status line between the piles and your hand."""
        return self.message_center(0)
