"""The drag controller's state machine, on its own: press, drag, drop or click."""

from __future__ import annotations

from game.engine.cards import parse_cards
from game.ui.kit.sprites import CardSprite, Pose
from game.ui.table.drag import (
    DISCARD_TARGET_MARGIN,
    DRAG_THRESHOLD,
    Clicked,
    DragController,
    Dropped,
    Source,
    TargetKind,
    drop_targets,
)
from game.ui.table.layout import TableLayout

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


def test_new_targets_follow_a_new_layout() -> None:
    drag = DragController(LAYOUT)
    small = TableLayout(640, 400)
    drag.relayout(small)
    assert drag.targets == drop_targets(small)
