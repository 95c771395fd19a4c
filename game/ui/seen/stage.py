"""The cards on the table: one sprite per card shown, each gliding to its place.

The stage reads the :class:`ShownTable` (what has been shown so far) and the
layout, and sends each card's sprite to the pose they give it. It decides
nothing about the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import pygame

from game.engine.cards import Card
from game.ui.kit.art import card_width
from game.ui.kit.sprites import CardSprite, Pose
from game.ui.seen.layout import TableLayout
from game.ui.seen.magnifier import card_under
from game.ui.seen.meld_layout import table_places
from game.ui.seen.shown import ShownTable

LIFT = 0.12
"""How far a selected or hinted card of your hand rises, in card heights."""
HOVER_LIFT = 0.05
"""How far the card of your hand under the pointer rises, in card heights."""
DEAL_STAGGER = 0.06
"""Delay between two dealt cards, as a share of the pace."""
REVEAL_STAGGER = 0.05
"""Delay between two cards of a hand turned face up, as a share of the pace."""
REVEAL_SEAT_PAUSE = 1.0
"""Delay between two hands turned face up at a round's end, in paces."""


@dataclass(frozen=True, slots=True)
class Gap:
    """Your hand while a card is dragged: the others make room for it, or close ranks."""

    card: Card | None
    """The dragged card, if it is one of your hand's (it is out of the hand while dragged)."""
    index: int | None
    """The slot the others leave open among them (None: they close ranks, no slot open)."""


class CardStage:
    """Sprites of the cards shown, and where each belongs."""

    def __init__(self, shown: ShownTable, layout: TableLayout) -> None:
        self.shown = shown
        self.layout = layout
        self.sprites: dict[Card, CardSprite] = {}
        self.revealed: set[int] = set()
        """Seats whose hands are shown face up."""
        self.lifted: Mapping[Card, float] = {}
        """Cards of your hand that stand raised, each by how much (in card heights)."""
        self.gap: Gap | None = None
        """Room your hand makes for a card dragged over it (None: no card dragged)."""

    @property
    def moving(self) -> bool:
        """True while any card glides (or waits to); while a card is dragged, your hand's
        cards sliding to make room for it do not count (the table is yours to play on)."""
        making_room = set(self.shown.hands[0]) if self.gap is not None and self.shown.hands else ()
        return any(
            sprite.moving for card, sprite in self.sprites.items() if card not in making_room
        )

    def new_round(self) -> None:
        """Clear the table for a new deal."""
        self.sprites.clear()
        self.revealed = set()
        self.lifted = {}
        self.gap = None

    def rest(self, shown: ShownTable, revealed: Iterable[int] = ()) -> None:
        """Show ``shown`` afresh, every card at rest in its place: the hand of the seat that
        went out face up, and those of the ``revealed`` seats."""
        self.shown = shown
        self.new_round()
        self.revealed.update(revealed)
        if shown.went_out is not None:
            self.revealed.add(shown.went_out)
        for seat in range(1, len(shown.hands)):  # a fan's places worked out once
            for card, pose in zip(shown.hands[seat], self.fan_poses(seat), strict=True):
                self.sprites[card] = CardSprite(card, pose)
        table = [card for placed in shown.table for card in placed.meld.cards]
        for card in [*shown.hands[0], *shown.discard[-2:], *table]:
            self.sprites[card] = CardSprite(card, self.pose_for(card))

    def at_stock(self, card: Card) -> CardSprite:
        """A face-down sprite for ``card`` on top of the stock."""
        layout = self.layout
        return CardSprite(card, Pose(layout.pile_center(True), layout.hand_height, 0.0, False))

    def deal(self, hands: Sequence[Sequence[Card]], pace: float) -> None:
        """Cards fly from the stock one at a time, clockwise from the dealer's left."""
        players = len(hands)
        step = pace * DEAL_STAGGER
        for seat, hand in enumerate(hands):
            order = (seat - self.shown.dealer - 1) % players
            for index, card in enumerate(hand):
                sprite = self.at_stock(card)
                self.sprites[card] = sprite
                sprite.move_to(self.pose_for(card), pace, step * (index * players + order))

    def pose_for(self, card: Card, seen: _Places | None = None) -> Pose:
        """Where ``card`` belongs in the shown table (``seen``: where each card of the hands
        is, found once for every card placed together)."""
        layout, shown = self.layout, self.shown
        seen = seen or _Places(shown.hands)
        found = seen.hands.get(card)
        if found is not None:
            seat, index = found
            if seat == 0:
                x, y = self._hand_slot(shown.hands[0], card)
                lift = layout.hand_height * self.lifted.get(card, 0.0)
                return Pose((x, y - lift), layout.hand_height, 0.0, True)
            if seat not in seen.fans:
                seen.fans[seat] = self.fan_poses(seat)
            return seen.fans[seat][index]
        on_table = self.table_rects().get(card)
        if on_table is not None:
            return Pose(on_table.center, on_table.height, 0.0, True)
        index = shown.discard.index(card)
        x, y = layout.pile_center(False)
        jitter = ((index * 7) % 5 - 2) * layout.hand_height * 0.01
        return Pose((x + jitter, y + jitter / 2), layout.hand_height, 0.0, True)

    def fan_poses(self, seat: int) -> list[Pose]:
        """Where each card of an opponent's hand rests (face up if the seat is revealed)."""
        layout, count = self.layout, len(self.shown.hands[seat])
        height, angle = layout.seat_card_height(seat), layout.seat_angle(seat)
        return [
            Pose(center, height, angle, seat in self.revealed)
            for center in layout.seat_slots(seat, count)
        ]

    def _hand_slot(self, hand: Sequence[Card], card: Card) -> tuple[float, float]:
        """Where ``card`` of your hand rests: among the others, around the :attr:`gap`."""
        gap = self.gap
        if gap is None or card == gap.card:
            return self.layout.hand_slots(len(hand))[hand.index(card)]
        others = [other for other in hand if other != gap.card]
        index, count = others.index(card), len(others)
        if gap.index is not None:
            count += 1
            if index >= gap.index:
                index += 1
        return self.layout.hand_slots(count)[index]

    def reveal_seats(self, pace: float) -> None:
        """Turn every hand face up, one seat after the other clockwise from yours, each
        card a moment after the one before."""
        delay = 0.0
        for seat in range(len(self.shown.hands)):
            if seat in self.revealed:
                continue
            self.revealed.add(seat)
            seen = _Places(self.shown.hands)  # the seat's fan face up from now
            for index, card in enumerate(self.shown.hands[seat]):
                sprite = self.sprites.get(card)
                if sprite is not None:
                    pose = self.pose_for(card, seen)
                    sprite.move_to(pose, pace, delay + pace * REVEAL_STAGGER * index)
            delay += pace * REVEAL_SEAT_PAUSE

    def place(self, duration: float, dragged: CardSprite | None = None) -> None:
        """Send every card (but the one being dragged) to its place; forget cards gone."""
        seen = _Places(self.shown.hands)
        face_up = self.face_up()
        for card, sprite in list(self.sprites.items()):
            if sprite is dragged:
                continue
            if card not in seen.hands and card not in face_up:
                del self.sprites[card]
                continue
            sprite.move_to(self.pose_for(card, seen), duration)

    def drop_hidden_discards(self) -> None:
        """Forget the sprites of discards shuffled back into the stock."""
        keep = self.face_up()
        for card in [c for c in self.sprites if c not in keep and not self.in_a_hand(c)]:
            del self.sprites[card]

    def in_a_hand(self, card: Card) -> bool:
        return any(card in hand for hand in self.shown.hands)

    def face_up(self) -> set[Card]:
        """The cards in the discard pile or on the table."""
        return {*self.shown.discard, *self.table_rects()}

    def table_rects(self) -> dict[Card, pygame.Rect]:
        """Where each card on the open table lies (see :mod:`meld_layout`)."""
        return table_places(self.layout, tuple(self.shown.table))[0]

    def meld_boxes(self) -> tuple[pygame.Rect, ...]:
        """The rectangle each meld on the table covers, in the table's order."""
        return table_places(self.layout, tuple(self.shown.table))[1]

    def finish(self) -> None:
        """Every card jumps to its target."""
        for sprite in self.sprites.values():
            sprite.finish()

    def settle_hand(self) -> None:
        """The cards of your hand still gliding (making room for a dragged card) jump to
        their places, so that a drop is not kept waiting for them."""
        for card in self.shown.hands[0] if self.shown.hands else ():
            sprite = self.sprites.get(card)
            if sprite is not None:
                sprite.finish()

    def hand_card_at(self, pos: tuple[int, int], reach: float = 0.0) -> Card | None:
        """The card of your hand under ``pos`` (the topmost where they overlap); ``reach``
        (in card heights) stretches each card down, to where it stood before it rose."""
        for card in reversed(self.shown.hands[0]):
            sprite = self.sprites.get(card)
            if sprite is None:
                continue
            rect = rect_of(sprite)
            rect.height += round(sprite.pose.height * reach)
            if rect.collidepoint(pos):
                return card
        return None

    def face_up_smaller(self) -> list[tuple[Card, pygame.Rect]]:
        """Every card at rest face up and drawn smaller than your hand's (the melds on the
        table, the hands revealed), in the order drawn: what a hover shows large."""
        cards = [card for placed in self.shown.table for card in placed.meld.cards]
        cards += [card for hand in self.shown.hands[1:] for card in hand]
        found = []
        for card in cards:
            sprite = self.sprites.get(card)
            if sprite is None or sprite.airborne or not sprite.pose.face_up:
                continue
            if sprite.pose.height < self.layout.hand_height:
                found.append((card, rect_of(sprite)))
        return found

    def small_card_at(self, pos: tuple[int, int]) -> Card | None:
        """The card of :meth:`face_up_smaller` under ``pos`` (the topmost), if any."""
        found = card_under(self.face_up_smaller(), pos, self.layout.hand_height)
        return None if found is None else found[0]


def group_box(
    layout: TableLayout, shown: ShownTable, sprites: Mapping[Card, CardSprite], card: Card
) -> pygame.Rect:
    """What a view of ``card`` keeps clear of: its meld on the table, or the hand it is in
    (the card alone where it is neither)."""
    table = tuple(shown.table)
    for index, placed in enumerate(table):
        if card in placed.meld.cards:
            return table_places(layout, table)[1][index]
    for hand in shown.hands:
        if card in hand:
            rects = [rect_of(sprites[other]) for other in hand if other in sprites]
            return rects[0].unionall(rects[1:])
    return rect_of(sprites[card])


def rect_of(sprite: CardSprite) -> pygame.Rect:
    """The rectangle a sprite covers (for hit tests)."""
    pose = sprite.pose
    width, height = card_width(pose.height), round(pose.height)
    if abs(pose.angle) % 180 == 90:
        width, height = height, width
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (round(pose.center[0]), round(pose.center[1]))
    return rect


class _Places:
    """Where each card of the hands is (seat and index), and the fans' poses as they are
    worked out: asked for every card placed at once."""

    def __init__(self, hands: Sequence[Sequence[Card]]) -> None:
        self.hands = {
            card: (seat, index)
            for seat, hand in enumerate(hands)
            for index, card in enumerate(hand)
        }
        self.fans: dict[int, list[Pose]] = {}
