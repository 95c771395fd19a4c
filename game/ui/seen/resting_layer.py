"""The table's cards and words at rest, drawn once on the felt and kept until one moves.

The layer is kept in parts (the piles, each hand, each seat's melds, the name plates, the
log and the words that change little); when a part changes, only where it lies is drawn
again. It draws each part from the :class:`TablePicture`, as the painter does the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine.actions import Discard
from game.engine.cards import Card
from game.i18n import _, language
from game.ui.kit.art import CardArt
from game.ui.kit.felt import felt
from game.ui.kit.sprites import Pose
from game.ui.kit.text import Color, Text
from game.ui.kit.widgets import GOLD, INK, MUTED, PANEL
from game.ui.seen.fixed_words import (
    Piece,
    paint_fixed_words,
    penalty_points,
    piece,
    words_pieces,
    words_rects,
)
from game.ui.seen.hand_marks import paint_card_marks
from game.ui.seen.hand_order import meld_groups
from game.ui.seen.held_row import held_row, paint_held_row
from game.ui.seen.layout import TableLayout
from game.ui.seen.log_panel import log_rows, paint_log
from game.ui.seen.meld_painter import paint_melds, seat_melds
from game.ui.seen.picture import TablePicture
from game.ui.seen.stage import rect_of
from game.ui.seen.table_marks import (
    go_out_badge,
    merged,
    plate_places,
)
from game.ui.seen.turn_marker import glow_strips, paint_glow, paint_ring, ring_rect, to_move
from game.words.card_words import card_short
from game.words.table_words import held_line

EMPTY_PILE = (96, 150, 118)
"""The outline where an empty pile lies: lighter than the felt, to be seen on it."""


class RestingLayer:
    """The table's cards at rest, drawn once on the felt and kept until one of them moves.

    Most frames only a card or two glides: the felt, the piles, the fans and your hand at
    rest are blitted from this layer, and only what moves is drawn again. The layer is
    kept in parts — the piles, each hand, the name plates, the log and the words that
    change little — and when a part changes, only where it lies is drawn again.

    It also remembers where the last frame was painted over it (:meth:`painted_over`),
    so that a surface still holding that frame needs the layer put back only there.
    """

    def __init__(self) -> None:
        self._base: tuple[object, ...] | None = None
        self._surface: pygame.Surface | None = None
        self._parts: dict[object, tuple[tuple[object, ...], _Part]] = {}
        self._over: tuple[pygame.Surface | None, list[pygame.Rect]] = (None, [])
        """The surface the last frame was painted on, and where over the layer."""

    def blit(
        self,
        picture: TablePicture,
        surface: pygame.Surface,
        art: CardArt,
        text: Text,
        since_last: bool = False,
    ) -> list[pygame.Rect] | None:
        """Put the layer of ``picture`` on ``surface``, drawing afresh what changed.

        With ``since_last`` (``surface`` holds the last frame painted with this layer) the
        layer is put back only where it changed or was painted over, and those rectangles
        are returned; otherwise, or if the whole layer changed, it is put back whole and
        None is returned.
        """
        log = picture.log_rect
        base_felt = felt(surface.get_size(), tuple(log) if log.w else None)
        base = (surface.get_size(), tuple(log), art.deck, art.back, art.indices, language())
        layer = self._surface
        if text.drawn is not None:  # texts are being recorded: every one must be drawn
            self._base = None
        if base != self._base or layer is None:
            layer = self._surface = surface.copy()
            self._base, self._parts = base, {}
            layer.blit(base_felt, (0, 0))
            since_last = False
        keys = _part_keys(picture, art)
        changed = [name for name, key in keys.items() if self._part_key(name) != key]
        dirty: list[pygame.Rect] = []
        for name in changed:
            old = self._parts[name][1] if name in self._parts else None
            part = _draw_part(picture, name, art, text)
            self._parts[name] = (keys[name], part)
            dirty += [rect for rect in part.changed_from(old) if rect.w and rect.h]
        dirty = merged(dirty)
        for area in dirty:
            layer.set_clip(area)
            layer.blit(base_felt, area, area)
            for _shows, part in self._parts.values():
                if area.collidelist(part.covers) != -1:
                    part.paint(layer)
        layer.set_clip(None)
        painted_on, over = self._over
        if not since_last or painted_on is not surface:
            surface.blit(layer, (0, 0))
            return None
        restored = merged([*over, *dirty])
        for area in restored:
            surface.blit(layer, area, area)
        return restored

    def plates_over(self, surface: pygame.Surface, flying: list[pygame.Rect]) -> list[pygame.Rect]:
        """Paint again, over the cards in flight at ``flying``, each name plate one of them
        crosses, its lines on a dark backing so that they stay readable; returns where."""
        painted: list[pygame.Rect] = []
        for name, (_key, part) in self._parts.items():
            if not (isinstance(name, tuple) and name[0] == PLATE):
                continue
            if not any(line.collidelist(flying) != -1 for line in part.covers):
                continue
            for line in part.covers:
                backing = line.inflate(8, 2)
                pygame.draw.rect(surface, PANEL, backing, border_radius=6)
                painted.append(backing)
            part.paint(surface)
        return painted

    def painted_over(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> None:
        """Note where this frame was painted over the layer on ``surface`` (to be put back
        next frame)."""
        self._over = (surface, rects)

    def _part_key(self, name: object) -> tuple[object, ...] | None:
        kept = self._parts.get(name)
        return None if kept is None else kept[0]


@dataclass(frozen=True, slots=True)
class _Part:
    """One part of the resting layer: where it lies, and how it is painted there."""

    rect: pygame.Rect
    paint: Callable[[pygame.Surface], object] = lambda surface: None
    areas: tuple[pygame.Rect, ...] = ()
    """Where it is painted, if in several places within :attr:`rect` (else all of it)."""
    pieces: tuple[Piece, ...] = ()
    """What it shows, piece by piece, each with where (the log's rows): when the part
    changes, only the pieces that differ are drawn again (else all it covers)."""

    @property
    def covers(self) -> tuple[pygame.Rect, ...]:
        """The rectangles it paints in."""
        return self.areas or (self.rect,)

    def changed_from(self, old: _Part | None) -> list[pygame.Rect]:
        """Where the layer changes when this part takes the place of ``old``."""
        if old is not None and old.pieces and self.pieces:
            return [pygame.Rect(where) for _shows, where in set(old.pieces) ^ set(self.pieces)]
        return [*(old.covers if old is not None else ()), *self.covers]


STOCK = "stock"
"""The name of the resting layer's part that holds the stock and its label."""


DISCARD = "discard"
"""The part that holds the discard pile's cards at rest."""


DISCARD_LABEL = "discard label"
"""The part that holds the discard pile's label (apart: the pile changes at every turn)."""


PLATE = "plate"
"""With a seat, the name of the part that holds that seat's name plate."""


WORDS = "words"
"""The part that holds the round's title, the dealer, your penalty and the keys."""


LOG = "log"
"""The part that holds the action log."""


GLOW = "glow"
"""With a seat, the name of the part that holds the turn marker's glow under its cards."""


MELDS = "melds"
"""With a seat, the name of the part that holds the melds it laid down (the open table)."""


def _part_keys(picture: TablePicture, art: CardArt) -> dict[object, tuple[object, ...]]:
    """Per part of the resting layer (the piles, then each seat), what it shows; the hands
    come in the order they lie on the felt: the fans first, then yours."""
    shown = picture.shown
    discard = tuple((card, _pose_key(picture, card)) for card in shown.discard[-2:])
    keys: dict[object, tuple[object, ...]] = {
        STOCK: (shown.stock_count,),
        DISCARD: (bool(shown.discard), discard),
        DISCARD_LABEL: (),
    }
    for seat in (*range(1, len(shown.hands)), 0):  # each under its seat's cards
        keys[(GLOW, seat)] = _glow_key(picture, seat)
    for seat in (*range(1, len(shown.hands)), 0):
        keys[seat] = _hand_key(picture, seat, art)
    for seat in range(1, len(shown.hands)):
        shown_hand = tuple(shown.hands[seat]) if picture.every_hand else ()
        keys[(PLATE, seat)] = (*_plate_lines(picture, seat), shown_hand)
    for seat in range(len(shown.hands)):
        keys[(MELDS, seat)] = _melds_key(picture, seat, art)
    keys[WORDS] = (
        picture.title,
        picture.wild,
        picture.dealer,
        picture.contract,
        shown.last_turns,
        picture.keys,
        bool(shown.hands[0]),
        penalty_points(picture),
        picture.you_label,
        picture.tracker,
        tuple(tuple(button.rect) for button in picture.buttons),
        to_move(shown) == 0,
        shown.your_last_turn,
    )
    keys[LOG] = (picture.log, picture.log_back)
    return keys


def _draw_part(picture: TablePicture, name: object, art: CardArt, text: Text) -> _Part:
    """The part ``name`` of the resting layer as ``picture`` shows it."""
    layout = picture.layout
    if name == STOCK:
        stock = (
            layout.pile_rect(True).inflate(*_pile_pad(layout)).union(layout.pile_label_box(True))
        )
        return _Part(stock, lambda on: _paint_stock(picture, on, art, text))
    if name == DISCARD:
        pile = layout.pile_rect(False).inflate(*_pile_pad(layout))
        return _Part(pile, lambda on: _paint_discard(picture, on, art))
    if name == DISCARD_LABEL:
        label = layout.pile_label_box(False)
        return _Part(label, lambda on: _paint_discard_label(picture, on, text))
    if name == WORDS:
        return _Part(
            pygame.Rect(0, 0, layout.width, layout.height),
            lambda on: paint_fixed_words(picture, on, text),
            words_rects(picture, text),
            words_pieces(picture, text),
        )
    if name == LOG:
        log = picture.log_rect
        rows = log_rows(text, log, picture.log, picture.log_back, layout.type_scale.help)
        edge = pygame.Rect(log.topleft, (1, log.height))
        areas = (edge, *(row.box for row in rows)) if log.w else ()
        pieces = tuple(piece((row.words, row.colour, row.bold), row.box) for row in rows)
        pieces += (piece("edge", edge),) if log.w else ()
        return _Part(log.copy(), lambda on: paint_log(on, text, log, rows), areas, pieces)
    if isinstance(name, tuple) and name[0] == MELDS:
        return _draw_melds(picture, name[1], art, text)
    if isinstance(name, tuple) and name[0] == GLOW:
        return _draw_glow(picture, name[1])
    if isinstance(name, tuple):
        return _draw_seat_plate(picture, text, name[1], art)
    assert isinstance(name, int)
    return _draw_hand(picture, name, art, text)


def _pile_pad(layout: TableLayout) -> tuple[int, int]:
    """How much wider and taller than its top card a pile paints (the stock's layers, the
    discards' jitter)."""
    return layout.hand_height // 8, layout.hand_height // 8


def _pose_key(picture: TablePicture, card: Card) -> tuple[object, ...] | None:
    """How ``card`` lies if it is at rest (None if it travels, is dragged or is not shown).

    A card waiting for its turn to move (a hand turning face up one card after another)
    lies where it is until it leaves; one waiting on the stock to be dealt does not show,
    as the stock stands for it."""
    sprite = picture.sprites.get(card)
    if sprite is None or sprite.airborne or sprite is picture.dragged:
        return None
    pose = sprite.pose
    if sprite.moving and pose.center == picture.layout.pile_center(True):
        return None
    return (pose.center, pose.height, pose.angle, pose.face_up)


def _hand_key(picture: TablePicture, seat: int, art: CardArt) -> tuple[object, ...]:
    """Everything a hand's picture at rest shows (yours with its marks)."""
    shown = picture.shown
    cards = tuple((card, _pose_key(picture, card)) for card in shown.hands[seat])
    style = (art.deck, art.back, art.indices)
    if seat:
        return (cards, style)
    hinted = picture.hinted.card if isinstance(picture.hinted, Discard) else None
    groups = tuple(tuple(group) for group in meld_groups(picture.arrangement, shown.hands[0]))
    going = tuple(card in picture.go_out for card in shown.hands[0])
    contract = picture.tracker.cards if picture.tracker is not None else frozenset()
    marks = (shown.wild_rank, picture.selected, picture.picked, hinted, groups, going, contract)
    return (cards, style, *marks)


def _resting_cards(
    picture: TablePicture, seat: int, resting: list[Card]
) -> tuple[list[pygame.Rect], pygame.Rect, int]:
    """Where ``resting``, the cards of ``seat`` at rest, lie, the rectangle they and their
    marks cover, and the room left around them for the marks and the glow (no cards: an
    empty rectangle)."""
    rects = [rect_of(picture.sprites[card]) for card in resting]
    pad = max(12, picture.layout.hand_height // 8)  # room for the marks and the glow
    if not rects:
        return rects, pygame.Rect(0, 0, 0, 0), pad
    bounds = rects[0].unionall(rects[1:]).inflate(pad * 2, pad * 2)
    if seat == 0:  # the keys' lines under your hand stay clear
        bounds.height = min(bounds.height, picture.layout.keys_top - bounds.top)
    return rects, bounds, pad


def _glow_key(picture: TablePicture, seat: int) -> tuple[object, ...]:
    """What the turn marker's glow under the cards of ``seat`` shows (nothing unless the
    seat is to move)."""
    if to_move(picture.shown) != seat:
        return (False,)
    hand = picture.shown.hands[seat]
    return (True, tuple(_pose_key(picture, card) for card in hand))


def _draw_glow(picture: TablePicture, seat: int) -> _Part:
    """The turn marker: a soft light under the cards of the seat to move, drawn in its own
    part (under the cards'), so that a turn passing draws again only the lit edges."""
    if to_move(picture.shown) != seat:
        return _Part(pygame.Rect(0, 0, 0, 0))
    hand = picture.shown.hands[seat]
    rects, bounds, pad = _resting_cards(picture, seat, [c for c in hand if _pose_key(picture, c)])
    if not rects:
        return _Part(bounds)
    cards, reach = rects[0].unionall(rects[1:]), pad * 3 // 4
    lit = tuple(strip.clip(bounds) for strip in glow_strips(cards, reach))

    def paint(surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(clip.clip(bounds))
        paint_glow(surface, cards, reach)
        surface.set_clip(clip)

    return _Part(bounds, paint, tuple(strip for strip in lit if strip.w and strip.h))


def _draw_hand(picture: TablePicture, seat: int, art: CardArt, text: Text) -> _Part:
    """The cards of ``seat`` at rest (yours with their marks): painted straight on the
    layer, within the rectangle they and their marks cover."""
    hand = picture.shown.hands[seat]
    resting = [(index, card) for index, card in enumerate(hand) if _pose_key(picture, card)]
    rects, bounds, pad = _resting_cards(picture, seat, [card for _index, card in resting])
    if not resting:
        return _Part(bounds)
    groups = meld_groups(picture.arrangement, hand) if seat == 0 else []
    group_of = {card: number for number, group in enumerate(groups) for card in group}
    poses = [(index, card, picture.sprites[card].pose) for index, card in resting]
    marked = [rect.inflate(pad * 2, pad * 2) for rect in rects]  # a card and its marks

    def paint(surface: pygame.Surface) -> None:
        going: list[tuple[pygame.Rect, int]] = []
        clip = surface.get_clip()
        for (index, card, pose), right, area in zip(poses, [*rects[1:], None], marked, strict=True):
            if not area.colliderect(clip):
                continue  # drawn again elsewhere only: nothing of it shows here
            rect = art.draw(surface, card, pose)
            if seat == 0:
                paint_card_marks(picture, surface, text, rect, index, group_of.get(card))
                if card in picture.go_out:  # as wide as the card shows under the next one
                    shows = rect.width if right is None else right.left - rect.left
                    going.append((rect, max(0, min(rect.width, shows))))
        for rect, shows in going:  # over the cards beside, so that each badge shows whole
            go_out_badge(surface, rect, picture.layout, text, shows)

    if seat == 0:
        return _Part(bounds, paint)  # your cards' marks reach beyond them: drawn whole
    # An opponent's fan, card by card: a card that leaves (turning face up, taken away)
    # draws again only where it lay.
    pieces = tuple(
        piece((card, _pose_key(picture, card)), rect)
        for (_index, card), rect in zip(resting, rects, strict=True)
    )
    return _Part(bounds, paint, pieces=pieces)


def _melds_key(picture: TablePicture, seat: int, art: CardArt) -> tuple[object, ...]:
    """Everything a seat's melds at rest show."""
    melds = seat_melds(picture.shown.table, seat)
    cards = tuple(
        (card, _pose_key(picture, card), placed.meld.positions)
        for placed in melds
        for card in placed.meld.cards
    )
    return (cards, picture.shown.wild_rank, art.deck, art.indices)


def _draw_melds(picture: TablePicture, seat: int, art: CardArt, text: Text) -> _Part:
    """The melds ``seat`` laid down, their cards at rest with the wilds' tags."""
    melds = seat_melds(picture.shown.table, seat)
    resting = frozenset(
        card for placed in melds for card in placed.meld.cards if _pose_key(picture, card)
    )
    if not resting:
        return _Part(pygame.Rect(0, 0, 0, 0))
    rects = [rect_of(picture.sprites[card]) for card in resting]
    bounds = rects[0].unionall(rects[1:]).inflate(4, 4)
    wild = picture.shown.wild_rank
    return _Part(
        bounds,
        lambda on: paint_melds(on, art, text, melds, picture.sprites, wild, resting),
    )


PARTS_APART = " · "
"""Between the parts of a plate's line (a name and its level, the cards and the total),
where a line too wide for its plate breaks."""


def _paint_stock(picture: TablePicture, surface: pygame.Surface, art: CardArt, text: Text) -> None:
    layout, shown = picture.layout, picture.shown
    stock_rect = layout.pile_rect(True)
    if shown.stock_count > 0:
        for layer in range(min(3, (shown.stock_count + 9) // 10), 0, -1):
            offset = layer * max(1, layout.hand_height // 60)
            center = (stock_rect.centerx - offset, stock_rect.centery - offset)
            art.draw(surface, Card(None, None), Pose(center, layout.hand_height, 0.0, False))
    else:
        pygame.draw.rect(surface, EMPTY_PILE, stock_rect, 2, border_radius=8)
    stock = _("Stock {count}").format(count=shown.stock_count)
    box = layout.pile_label_box(True)
    text.blit(surface, stock, layout.text_size, MUTED, box=box, midtop=stock_rect.midbottom)


def _paint_discard(picture: TablePicture, surface: pygame.Surface, art: CardArt) -> None:
    shown = picture.shown
    if not shown.discard:
        pygame.draw.rect(surface, EMPTY_PILE, picture.layout.pile_rect(False), 2, border_radius=8)
    for card in shown.discard[-2:]:
        if _pose_key(picture, card) is not None:
            art.draw(surface, card, picture.sprites[card].pose)


def _paint_discard_label(picture: TablePicture, surface: pygame.Surface, text: Text) -> None:
    layout = picture.layout
    top = layout.pile_rect(False).midbottom
    box = layout.pile_label_box(False)
    text.blit(surface, _("Discard pile"), layout.text_size, MUTED, box=box, midtop=top)


def _plate_lines(picture: TablePicture, seat: int) -> list[tuple[str, Color, bool]]:
    """A seat's name plate: its name and level, its cards and total, what it took, ..."""
    shown = picture.shown
    active = to_move(shown) == seat
    lines = [
        (picture.seat_labels[seat], GOLD if active else INK, True),
        (held_line(len(shown.hands[seat]), shown.totals[seat]), MUTED, False),
    ]
    if seat == shown.dealer:  # before what changes in the round: it keeps its place
        lines.append((_("Dealer"), MUTED, False))
    if shown.known[seat] and not picture.every_hand:  # every card is named then
        taken = " ".join(card_short(card) for card in shown.known[seat])
        lines.append((_("Took {cards}").format(cards=taken), INK, False))
    if active and picture.thinking == seat:
        lines.append((_("thinking…"), GOLD, False))
    return lines


def _draw_seat_plate(picture: TablePicture, text: Text, seat: int, art: CardArt) -> _Part:
    """A seat's name plate, covering only where its lines go within the plate's box."""
    layout = picture.layout
    anchor, point = layout.seat_label_anchor(seat)
    size = layout.text_size
    raw = _plate_lines(picture, seat)
    box = layout.plate_box(seat)

    def wrapped(some: list[tuple[str, Color, bool]]) -> list[tuple[str, Color, bool]]:
        """A line too wide for the box broken between its parts ("13 cards · total 40")."""
        return [
            (part, colour, bold)
            for words, colour, bold in some
            for part in text.wrap(words, size, box.width, bold, separator=PARTS_APART)
        ]

    steady = 3 if seat == picture.shown.dealer else 2  # the name, the count, the dealer
    head, tail = wrapped(raw[:steady]), wrapped(raw[steady:])
    lines = [*head, *tail]
    places = plate_places(text, size, box, anchor, point, [(w, bold) for w, _c, bold in lines])
    if _crossing(places):  # a further column short of room: its lines broken to fit it
        lines = [*head, *_beside(text, size, box, places[: len(head)], tail)]
        places = plate_places(text, size, box, anchor, point, [(w, b) for w, _c, b in lines])
        kept = len(wrapped(raw[:2]))  # the name and the count; the dealer is in the corner too
        dealer = len(head) > kept
        while _crossing(places) and len(lines) > kept:  # what still does not fit: left out,
            lines.pop(kept if dealer else -1)  # the dealer's line first
            dealer = False
            places = plate_places(text, size, box, anchor, point, [(w, b) for w, _c, b in lines])
    hand, row = picture.shown.hands[seat], None
    if picture.every_hand and hand:  # its cards named under the steady lines, where it fits
        held = _("Holds {cards}").format(cards=" ".join(card_short(card) for card in hand))
        holds = [(part, INK, False) for part in text.wrap(held, size, box.width)]
        fuller = [*head, *holds, *tail]
        spread = plate_places(text, size, box, anchor, point, [(w, b) for w, _c, b in fuller])
        if not _crossing(spread):
            lines, places = fuller, spread
        else:  # too short for them: its cards face up beside its lines, where they fit
            row = held_row(layout, seat, places, len(hand))
    rows = [(*line, placed) for line, placed in zip(lines, places, strict=True)]

    areas = tuple(placed for *_, placed in rows) + (row or ())
    ring = None
    if to_move(picture.shown) == seat:
        ring = ring_rect(areas[0].unionall(areas[1:]), size).clamp(layout.table_rect)
        areas = (ring, *areas)

    def paint(surface: pygame.Surface) -> None:
        if ring is not None:
            paint_ring(surface, ring, size)
        for line, line_colour, bold, placed in rows:
            text.blit(surface, line, size, line_colour, bold, box=box, topleft=placed.topleft)
        if row is not None:
            paint_held_row(surface, art, hand, row)

    return _Part(box, paint, areas)


def _crossing(places: list[pygame.Rect]) -> bool:
    """True if two of a plate's lines overlap."""
    return any(rect.collidelist(places[index + 1 :]) != -1 for index, rect in enumerate(places))


def _beside(
    text: Text,
    size: int,
    box: pygame.Rect,
    first: list[pygame.Rect],
    lines: list[tuple[str, Color, bool]],
) -> list[tuple[str, Color, bool]]:
    """``lines`` broken between their words to the room beside the ``first`` column's lines
    (``Took 7♥`` / ``K♥``)."""
    column = first[0].unionall(first[1:])
    room = max(column.left - box.left, box.right - column.right) - size
    return [
        (part, colour, bold)
        for words, colour, bold in lines
        for part in text.wrap(words, size, max(1, room), bold)
    ]
