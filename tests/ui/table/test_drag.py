"""The drag controller's state machine, on its own: press, drag, drop or click."""

from __future__ import annotations

from itertools import pairwise

from game.engine.cards import parse_cards
from game.ui.kit.sprites import CardSprite, Pose
from game.ui.seen.layout import TableLayout
from game.ui.table.drag import (
    DISCARD_TARGET_MARGIN,
    DRAG_THRESHOLD,
    Clicked,
    DragController,
    Dropped,
    Source,
    TargetKind,
    drop_targets,
    landing_index,
)

LAYOUT = TableLayout(1280, 800)
CARD = parse_cards("7H")[0]


def sprite_at(x: float, y: float) -> CardSprite:
    return CardSprite(CARD, Pose((x, y), LAYOUT.hand_height))


def test_one_list_of_targets_the_discard_pile_with_its_margin_then_the_hand() -> None:
    pile, hand = drop_targets(LAYOUT)
    assert pile.kind is TargetKind.DISCARD_PILE and hand.kind is TargetKind.HAND
    margin = DISCARD_TARGET_MARGIN * 2
    assert pile.rect == LAYOUT.pile_rect(False).inflate(margin, margin)
    assert hand.rect == LAYOUT.hand_area


def test_a_press_that_barely_moves_is_a_click() -> None:
    drag = DragController(LAYOUT)
    drag.begin(Source.HAND, (100, 700), sprite_at(100, 700))
    drag.move((100 + DRAG_THRESHOLD - 1, 700))
    assert drag.dragged is None
    assert drag.release((100 + DRAG_THRESHOLD - 1, 700)) == Clicked(Source.HAND, CARD)
    assert drag.press is None


def test_a_drag_carries_the_card_by_where_it_was_grabbed_and_drops_on_the_target_beneath() -> None:
    drag = DragController(LAYOUT)
    sprite = sprite_at(100, 700)
    drag.begin(Source.HAND, (110, 690), sprite)
    pile = LAYOUT.pile_rect(False)
    drag.move(pile.center)
    assert drag.dragged is sprite
    assert sprite.pose.center == (pile.centerx - 10, pile.centery + 10)
    dropped = drag.release(pile.center)
    assert isinstance(dropped, Dropped)
    assert dropped.target is not None and dropped.target.kind is TargetKind.DISCARD_PILE
    assert dropped.pose == sprite.pose and drag.dragged is None


def test_a_drop_on_no_target_says_so_and_a_release_without_press_is_nothing() -> None:
    drag = DragController(LAYOUT)
    drag.begin(Source.STOCK, (640, 340), sprite_at(640, 340))
    drag.move((5, 5))
    dropped = drag.release((5, 5))
    assert isinstance(dropped, Dropped) and dropped.target is None
    assert drag.release((5, 5)) is None


def test_a_drag_drops_where_the_card_is_not_where_the_pointer_holds_it() -> None:
    drag = DragController(LAYOUT)
    sprite = sprite_at(100, 700)
    drag.begin(Source.HAND, (100 - 30, 700), sprite)  # held by its left part
    area = LAYOUT.hand_area
    drag.move((area.left - 5, 700))  # the pointer just off the hand, the card on it
    assert drag.over() == drop_targets(LAYOUT)[1]
    dropped = drag.release((area.left - 5, 700))
    assert isinstance(dropped, Dropped) and dropped.target == drop_targets(LAYOUT)[1]
    assert dropped.pose.center == (area.left + 25, 700)


def between_rests(count: int) -> list[float]:
    """Left of the first of ``count`` cards at rest, between each two, right of the last."""
    rests = [x for x, _y in LAYOUT.hand_slots(count)]
    return [rests[0] - 20, *((a + b) / 2 for a, b in pairwise(rests)), rests[-1] + 20]


def test_a_card_lands_between_the_two_cards_it_is_let_go_between() -> None:
    hand = parse_cards("AS 2S 3S 4S 5S")
    drawn = [landing_index(LAYOUT, hand, None, x) for x in between_rests(5)]
    assert drawn == [0, 1, 2, 3, 4, 5]
    moved = hand[1]  # out of the hand while dragged: the others close ranks
    assert [landing_index(LAYOUT, hand, moved, x) for x in between_rests(4)] == [0, 1, 2, 3, 4]


def test_new_targets_follow_a_new_layout() -> None:
    drag = DragController(LAYOUT)
    small = TableLayout(640, 400)
    drag.relayout(small)
    assert drag.targets == drop_targets(small)
