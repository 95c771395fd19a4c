"""Drag and drop at the table, as an explicit state machine (after Arcade's solitaire).

A left press on a card or pile becomes a drag once the pointer has moved a
few pixels; releasing it is then a drop on whatever target lies under the
dragged card's centre, or on none. A release before that is a click. The
controller knows nothing of the rules: the table decides what a drop means, and
whether a target may take the dragged card (which is also what makes it glow).
One list of drop targets, built from the layout, serves both the glow and the
drop; one rule (:func:`landing_index`) says where in your hand a card lands,
both for the gap the hand opens while it is dragged and for the drop.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

import pygame

from game.engine.cards import Card
from game.ui.kit.sprites import CardSprite, Pose
from game.ui.seen.layout import TableLayout
from game.ui.seen.meld_layout import meld_areas

DRAG_THRESHOLD = 5
"""Pixels the pointer must travel (across plus down) before a press becomes a drag."""
DISCARD_TARGET_MARGIN = 10
"""Pixels around the discard pile's top card that still count as dropping on it."""


class Source(Enum):
    """Where a pressed card comes from."""

    HAND = "hand"
    STOCK = "stock"
    DISCARD = "discard"


class TargetKind(Enum):
    """Where a card can be dropped."""

    DISCARD_PILE = "discard pile"
    HAND = "hand"
    MELD = "meld"
    """A meld on the open table (a card of your hand dropped there is laid off)."""
    YOUR_MELDS = "your melds"
    """Where your melds lie on the open table (cards dropped there are laid down)."""


@dataclass(frozen=True, slots=True)
class DropTarget:
    """A place on the table a dragged card can be dropped on."""

    kind: TargetKind
    rect: pygame.Rect
    meld: int = -1
    """The meld's index on the table (a :attr:`TargetKind.MELD` target)."""


def landing_index(layout: TableLayout, hand: Sequence[Card], card: Card | None, x: float) -> int:
    """Where a card dragged with its centre at ``x`` goes in ``hand``: its index among the
    cards that stay, which is how many of them lie left of ``x`` with the dragged card out
    of the hand (each where it rests with its ranks closed). ``card`` is the dragged card
    of ``hand`` (a reorder), or None for a card from a pile (a draw).

    Dropped between two cards as they lie, the card lands between them. The one rule for
    both the gap the hand opens while a card is dragged over it and the card's landing.
    """
    staying = len(hand) - (1 if card is not None and card in hand else 0)
    return layout.insert_index(x, staying)


def meld_targets(boxes: Sequence[pygame.Rect], margin: int) -> tuple[DropTarget, ...]:
    """The melds on the open table as drop targets (``boxes``: the rectangle each covers, in
    the table's order), each ``margin`` pixels wider all round."""
    return tuple(
        DropTarget(TargetKind.MELD, box.inflate(margin * 2, margin * 2), index)
        for index, box in enumerate(boxes)
    )


def drop_targets(layout: TableLayout) -> tuple[DropTarget, ...]:
    """The table's drop targets for ``layout``: the discard pile, your hand, then (at the
    open table) where your melds lie."""
    pile = layout.pile_rect(False).inflate(DISCARD_TARGET_MARGIN * 2, DISCARD_TARGET_MARGIN * 2)
    yours = meld_areas(layout, 0) if layout.open_table else ()
    return (
        DropTarget(TargetKind.DISCARD_PILE, pile),
        DropTarget(TargetKind.HAND, layout.hand_area),
        *(DropTarget(TargetKind.YOUR_MELDS, area) for area in yours),
    )


@dataclass(slots=True)
class Press:
    """A left button held down on a card or pile, possibly turning into a drag."""

    source: Source
    start: tuple[int, int]
    sprite: CardSprite
    grab: tuple[float, float]
    """Offset from the card's centre to the pointer."""
    dragging: bool = False


@dataclass(frozen=True, slots=True)
class Clicked:
    """The press ended where it began: a click on ``card`` (from ``source``)."""

    source: Source
    card: Card


@dataclass(frozen=True, slots=True)
class Dropped:
    """A drag ended with the pointer at ``pos`` and the card's centre over ``target`` (or
    over no target)."""

    source: Source
    card: Card
    target: DropTarget | None
    pos: tuple[int, int]
    pose: Pose
    """Where the dragged card was let go (a drawn card glides on from there)."""


class DragController:
    """The press under way, if any, and the drop targets of the current layout."""

    def __init__(self, layout: TableLayout) -> None:
        self.press: Press | None = None
        self.targets = drop_targets(layout)
        self.melds: tuple[DropTarget, ...] = ()
        """The melds on the table, as drop targets (set as a press begins)."""

    def relayout(self, layout: TableLayout) -> None:
        """The window changed size: rebuild the targets."""
        self.targets = drop_targets(layout)

    @property
    def dragged(self) -> CardSprite | None:
        """The sprite under the pointer while a drag is under way."""
        press = self.press
        return press.sprite if press is not None and press.dragging else None

    def begin(self, source: Source, pos: tuple[int, int], sprite: CardSprite) -> None:
        """A left press on ``sprite`` at ``pos``."""
        grab = (pos[0] - sprite.pose.center[0], pos[1] - sprite.pose.center[1])
        self.press = Press(source, pos, sprite, grab)

    def move(self, pos: tuple[int, int]) -> None:
        """The pointer moved with the button held: the card follows once it is a drag."""
        press = self.press
        if press is None:
            return
        if not press.dragging:
            moved = abs(pos[0] - press.start[0]) + abs(pos[1] - press.start[1])
            if moved < DRAG_THRESHOLD:
                return
            press.dragging = True
        _carry(press, pos)

    def over(self) -> DropTarget | None:
        """The drop target under the dragged card's centre while a drag is under way."""
        dragged = self.dragged
        return None if dragged is None else self.target_at(_point(dragged.pose.center))

    def release(self, pos: tuple[int, int]) -> Clicked | Dropped | None:
        """The button was let go at ``pos``: a click, a drop, or nothing (no press)."""
        press, self.press = self.press, None
        if press is None:
            return None
        card = press.sprite.card
        if not press.dragging:
            return Clicked(press.source, card)
        _carry(press, pos)  # the card is let go where the pointer is
        pose = press.sprite.pose
        return Dropped(press.source, card, self.target_at(_point(pose.center)), pos, pose)

    def cancel(self) -> None:
        """Forget the press (the card it held has gone elsewhere)."""
        self.press = None

    def target_at(self, pos: tuple[int, int]) -> DropTarget | None:
        """The first drop target under ``pos`` (the discard pile, a meld, your hand, where
        your melds lie)."""
        targets = (self.targets[0], *self.melds, *self.targets[1:])
        return next((target for target in targets if target.rect.collidepoint(pos)), None)


def _carry(press: Press, pos: tuple[int, int]) -> None:
    """The pressed card follows the pointer at ``pos``, held where it was grabbed (a glide it
    was on is over)."""
    pose = press.sprite.pose
    center = (pos[0] - press.grab[0], pos[1] - press.grab[1])
    press.sprite.move_to(Pose(center, pose.height, 0.0, pose.face_up), 0.0)


def _point(center: tuple[float, float]) -> tuple[int, int]:
    return (round(center[0]), round(center[1]))
