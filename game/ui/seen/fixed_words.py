"""The words at rest around your hand and in the corners, as one part of the resting layer.

The round's title and the dealer in the corner, your line and your penalty (with the turn
marker's ring), "Your last turn", the contract tracker and the keys' lines. They are painted
together, but each place is a piece of its own (:func:`words_pieces`): when one changes,
only its place is drawn again.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui.kit.keys import SEPARATOR
from game.ui.kit.text import Text
from game.ui.kit.widgets import GOLD, INK, MUTED, PANEL
from game.ui.seen.contract_tracker import paint_tracker
from game.ui.seen.picture import TablePicture
from game.ui.seen.table_marks import corner_lines
from game.ui.seen.turn_marker import paint_ring, ring_rect, to_move
from game.words.table_words import LAST_TURN

Piece = tuple[object, tuple[int, int, int, int]]
"""What a place of the resting layer shows, and where (see ``_Part.pieces``)."""


def piece(shows: object, rect: pygame.Rect) -> Piece:
    """The piece showing ``shows`` at ``rect``."""
    return (shows, (rect.x, rect.y, rect.w, rect.h))


def _hand_words_box(picture: TablePicture, text: Text) -> pygame.Rect:
    """Where your line and your penalty go: at your hand's left, level with its middle."""
    layout = picture.layout
    height = text.font(layout.text_size, True).get_linesize() * 2 + 4
    box = layout.words_box
    top = round(layout.hand_center_y - height / 2)
    if layout.tracker:  # the contract tracker over them: they keep to the foot of the room
        top = box.bottom - height - max(2, layout.text_size // 4)
    return pygame.Rect(box.left, top, box.width, height)


def _tracker_box(picture: TablePicture, text: Text) -> pygame.Rect:
    """Where the contract tracker goes: at your hand's left, above your line's ring (and
    above "Your last turn" while it shows)."""
    box, under = picture.layout.words_box, _your_ring(picture, text)
    if picture.shown.your_last_turn:
        under = _last_turn_plate(picture, text)
    gap = picture.layout.margin // 2
    return pygame.Rect(box.left, box.top, box.width, max(0, under.top - gap - box.top))


def _your_lines(picture: TablePicture, text: Text) -> tuple[pygame.Rect, str, pygame.Rect]:
    """Your penalty now (its words) and where it goes, at your hand's left; your line above
    it."""
    box, size = _hand_words_box(picture, text), picture.layout.text_size
    penalty = _("Penalty now: {points}").format(points=penalty_points(picture))
    inside = box.inflate(-size, 0)  # the ring's room
    below = text.where(penalty, size, inside, True, bottomleft=inside.bottomleft)
    return below, penalty, text.where(picture.you_label, size, inside, bottomleft=below.topleft)


def _paint_hand_words(picture: TablePicture, surface: pygame.Surface, text: Text) -> None:
    """Your penalty now and your line, at your hand's left (with the turn marker's ring when
    it is your turn)."""
    if not picture.shown.hands[0]:
        return
    box, size = _hand_words_box(picture, text), picture.layout.text_size
    below, penalty, above = _your_lines(picture, text)
    if to_move(picture.shown) == 0:
        paint_ring(surface, _your_ring(picture, text), size)
    text.blit(surface, penalty, size, INK, True, box=box, topleft=below.topleft)
    text.blit(surface, picture.you_label, size, MUTED, box=box, topleft=above.topleft)
    if picture.shown.your_last_turn:
        _paint_last_turn(picture, surface, text)


def _last_turn_plate(picture: TablePicture, text: Text) -> pygame.Rect:
    """Where "Your last turn" goes: a gold plate above your line and its ring."""
    layout, size = picture.layout, picture.layout.text_size
    width, height = text.font(size, True).size(_(LAST_TURN))
    plate = pygame.Rect(0, 0, width + size, height + size // 2)
    plate.bottomleft = (layout.words_box.left, _your_ring(picture, text).top - size // 3)
    return plate


def _paint_last_turn(picture: TablePicture, surface: pygame.Surface, text: Text) -> None:
    """ "Your last turn" on a gold plate above your line (someone else went out)."""
    plate, size = _last_turn_plate(picture, text), picture.layout.text_size
    pygame.draw.rect(surface, GOLD, plate, border_radius=plate.height // 2)
    words = _(LAST_TURN)
    text.blit(surface, words, size, PANEL, True, box=plate, center=plate.center)


def _your_ring(picture: TablePicture, text: Text) -> pygame.Rect:
    """Where the turn marker's ring goes around your line and your penalty."""
    below, _penalty_words, above = _your_lines(picture, text)
    ring = ring_rect(below.union(above), picture.layout.text_size)
    return ring.clamp(picture.layout.table_rect)


def penalty_points(picture: TablePicture) -> int:
    return picture.arrangement.penalty if picture.penalty is None else picture.penalty


def words_rects(picture: TablePicture, text: Text) -> tuple[pygame.Rect, ...]:
    """Where the words that change little go: the corner, your line (its box, its ring, the
    tracker above and "Your last turn", an empty rectangle unless it shows), the keys."""
    layout = picture.layout
    top = layout.keys_top
    keys = pygame.Rect(0, top, layout.width, layout.height - top)
    last_turn = pygame.Rect(0, 0, 0, 0)
    if picture.shown.your_last_turn:
        last_turn = _last_turn_plate(picture, text)
    your = (_hand_words_box(picture, text), _your_ring(picture, text), _tracker_box(picture, text))
    return (layout.corner_box, *your, last_turn, keys)


def paint_fixed_words(picture: TablePicture, surface: pygame.Surface, text: Text) -> None:
    """The round's title, the dealer, the last turns, your line and penalty, the keys."""
    layout = picture.layout
    corner, scale = layout.corner_box, layout.type_scale
    top = corner.top
    for words, size, colour, bold in corner_lines(picture, text):
        placed = text.blit(
            surface, words, size, colour, bold, box=corner, topleft=(corner.left, top)
        )
        top = placed.bottom + 2
    _paint_hand_words(picture, surface, text)
    if picture.tracker is not None:
        box = _tracker_box(picture, text)
        paint_tracker(picture.tracker, surface, text, box, layout.type_scale.help)
    if picture.keys:
        table = layout.table_rect
        keys = text.wrap(picture.keys, scale.help, layout.keys_width, separator=SEPARATOR)
        for index, line in enumerate(keys):
            at = (layout.width // 2, layout.keys_line_y + index * layout.keys_line_step)
            text.blit(surface, line, scale.help, MUTED, box=table, center=at)


def words_pieces(picture: TablePicture, text: Text) -> tuple[Piece, ...]:
    """Each place of the words with what it shows: the corner's lines, your line and
    penalty (its box, its ring and the last turn's plate), the tracker, the keys."""
    layout = picture.layout
    corner = tuple(corner_lines(picture, text))
    hands = picture.shown.hands
    yours = (
        bool(hands[0]),
        _your_lines(picture, text)[1] if hands[0] else "",
        picture.you_label,
        to_move(picture.shown) == 0,
        picture.shown.your_last_turn,
    )
    tracker = (picture.tracker, yours)
    keys = (picture.keys, layout.keys_lines)
    shows = (corner, yours, yours, tracker, yours, keys)
    places = words_rects(picture, text)
    return tuple(piece(what, rect) for what, rect in zip(shows, places, strict=True))
