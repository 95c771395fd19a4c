"""Painting the table: felt, piles, seats, your hand and its helpers, messages.

The painter reads a :class:`TablePicture`, a snapshot of what the table has
shown, built fresh each frame; it never sees the live match, and it changes
nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.actions import Draw, DrawSource
from game.engine.cards import Card
from game.i18n import _, ngettext
from game.ui.kit.art import CardArt, card_height, card_width
from game.ui.kit.sprites import CardSprite, Pose
from game.ui.kit.text import Text
from game.ui.kit.widgets import GOLD, INK, PANEL, translucent_plate
from game.ui.seen.layout import TableLayout
from game.ui.seen.magnifier import paint_view, view_rect
from game.ui.seen.picture import TablePicture
from game.ui.seen.resting_layer import RestingLayer
from game.ui.seen.stage import group_box, rect_of
from game.ui.seen.table_marks import (
    GLOW_OUT,
    REFUSING,
    SELECTED,
    corner_lines,
    glow,
    go_out_badge,
    merged,
    refusing_mark,
)
from game.words.card_words import card_name
from game.words.table_words import LAST_TURN


def in_flight(picture: TablePicture) -> list[CardSprite]:
    """The cards travelling now (their wait over), the fans' first, then yours, then the
    pile's: drawn over everything at rest."""
    shown = picture.shown
    cards = [*(card for hand in shown.hands[1:] for card in hand), *shown.hands[0]]
    cards += shown.discard[-2:]
    cards += [card for placed in shown.table for card in placed.meld.cards]
    flying = (picture.sprites.get(card) for card in cards)
    return [
        sprite
        for sprite in flying
        if sprite is not None and sprite.airborne and sprite is not picture.dragged
    ]


def paint_table(
    picture: TablePicture,
    surface: pygame.Surface,
    art: CardArt,
    text: Text,
    resting: RestingLayer | None = None,
    since_last: bool = False,
    over_table: Callable[[pygame.Surface], list[pygame.Rect]] | None = None,
) -> list[pygame.Rect] | None:
    """Draw everything ``picture`` shows (the cards at rest from ``resting``, if given),
    then what ``over_table`` paints over it (returning where).

    With ``since_last`` (``surface`` holds the last frame drawn with ``resting``) only
    what changed is drawn again, and the rectangles drawn are returned; None means the
    whole surface was.
    """
    layer = resting or RestingLayer()
    restored = layer.blit(picture, surface, art, text, since_last)
    over: list[pygame.Rect] = []
    if isinstance(picture.hinted, Draw):
        pile = picture.layout.pile_rect(picture.hinted.source is DrawSource.STOCK)
        over.append(glow(surface, pile, GOLD))
    flying = [art.draw(surface, sprite.card, sprite.pose) for sprite in in_flight(picture)]
    over += flying
    over += layer.plates_over(surface, flying)  # a card in flight passes under the names
    above_keys = pygame.Rect(0, 0, picture.layout.width, picture.layout.keys_top - GLOW_OUT)
    for rect, colour in picture.glows:  # the drop targets, their glow clear of the keys
        over.append(glow(surface, rect.clip(above_keys), colour))
    for rect in picture.refusing:  # those that would refuse the card, marked so
        over.append(refusing_mark(surface, rect.clip(above_keys)))
    if picture.dragged is not None:
        over.append(_paint_shadow(surface, picture.dragged.pose))
        over.append(art.draw(surface, picture.dragged.card, picture.dragged.pose))
        if picture.dragged.card in picture.go_out:
            go_out_badge(surface, over[-1], picture.layout, text)
    for button in picture.buttons:
        over.append(button.draw(surface, text))
    if picture.goer is not None:
        over.append(_paint_goer(picture, surface, art, text))
    over += _paint_texts(picture, surface, text)
    if len(picture.fanned) > 1:
        over.append(_paint_fan(picture, surface, art, text))
    if picture.named is not None:
        over.append(_paint_name(picture, surface, text, picture.named))
    if picture.magnified is not None:
        over.append(_paint_magnified(picture, surface, art, text, picture.magnified))
    if over_table is not None:
        over += over_table(surface)
    over = [rect.clip(surface.get_rect()) for rect in over]
    layer.painted_over(surface, over)
    return None if restored is None else merged([*restored, *over])


SHADOW_OFFSET = (0.05, 0.08)
"""Where a dragged card's shadow falls, in card heights right and down."""


SHADOW_ALPHA = 90


def _paint_shadow(surface: pygame.Surface, pose: Pose) -> pygame.Rect:
    """The shadow a card lifted off the table casts below and to the right of it."""
    height = round(pose.height)
    rect = pygame.Rect(0, 0, card_width(height), height)
    rect.center = (
        round(pose.center[0] + height * SHADOW_OFFSET[0]),
        round(pose.center[1] + height * SHADOW_OFFSET[1]),
    )
    shadow = translucent_plate(rect.size, SHADOW_ALPHA, max(2, height // 14), (0, 0, 0))
    return surface.blit(shadow, rect)


def _paint_fan(
    picture: TablePicture, surface: pygame.Surface, art: CardArt, text: Text
) -> pygame.Rect:
    """Every card of the discard pile in rows above it, oldest first, the top one last (the
    cards smaller where the rows would reach the top seats' plates)."""
    layout, cards = picture.layout, picture.fanned
    size, margin = layout.text_size, layout.margin
    between = _corner_right(picture, text) + margin  # the corner's words, the top seat's plate
    top = layout.discard_fan_top
    free = pygame.Rect(between, top, layout.discard_fan_right - margin - between, layout.height)
    title = ngettext(
        "The discard pile: {count} card", "The discard pile: {count} cards", len(cards)
    ).format(count=len(cards))
    pile = layout.pile_rect(False)
    room = pile.top - margin - top

    def rows_of(height: int) -> tuple[int, int]:
        """Cards per row and the panel's height with cards ``height`` tall."""
        width = card_width(height)
        per_row = max(1, (free.width - margin * 2 - width) // round(width * 0.62) + 1)
        rows = -(-len(cards) // per_row)
        return per_row, margin // 2 + size * 2 + rows * (height + margin)

    height = layout.seat_height
    while rows_of(height)[1] > room and height > card_height(0):
        height = card_height(height - 1, at_most=True)
    per_row, panel_height = rows_of(height)
    width = card_width(height)
    step = round(width * 0.62)
    wide = width + step * (min(per_row, len(cards)) - 1)
    wide = max(wide, min(text.font(size, True).size(title)[0], free.width - margin * 2))
    panel = pygame.Rect(0, 0, wide + margin * 2, panel_height)
    panel.midbottom = (pile.centerx, pile.top - margin)
    panel.clamp_ip(free if free.width >= panel.width else layout.table_rect)
    surface.blit(translucent_plate(panel.size, 235, size // 2), panel)
    pygame.draw.rect(surface, GOLD, panel, 1, border_radius=size // 2)
    heading = pygame.Rect(panel.left + margin, panel.top + margin // 2, wide, size * 2)
    text.blit(surface, title, size, GOLD, True, box=heading, midleft=heading.midleft)
    for index, card in enumerate(cards):
        row, column = divmod(index, per_row)
        x = panel.left + margin + column * step + width / 2
        y = heading.bottom + row * (height + margin) + height / 2
        art.draw(surface, card, Pose((x, y), height))
    return panel


def _paint_name(
    picture: TablePicture, surface: pygame.Surface, text: Text, card: Card
) -> pygame.Rect:
    """A small plate with the card's name ("Dame de cœur") just above the card, or on it where
    the buttons leave no room above."""
    sprite = picture.sprites.get(card)
    if sprite is None:
        return pygame.Rect(0, 0, 0, 0)
    size = picture.layout.text_size
    x, y = sprite.pose.center
    name = card_name(card)
    width = min(text.font(size, True).size(name)[0] + size, surface.get_width())
    plate = pygame.Rect(0, 0, width, round(size * 1.7))
    plate.midbottom = (round(x), round(y - sprite.pose.height / 2 - 4))
    table = picture.layout.table_rect  # clear of the action log beside the table
    plate.clamp_ip(table)
    if plate.collidelist([button.rect for button in picture.buttons]) != -1:
        plate.center = (round(x), round(y))  # no room above: on the card itself
        plate.clamp_ip(table)
    pygame.draw.rect(surface, PANEL, plate, border_radius=size // 2)
    pygame.draw.rect(surface, GOLD, plate, 1, border_radius=size // 2)
    text.blit(surface, name, size, INK, True, box=plate, center=plate.center)
    return plate


GOER_SHARE = 0.5
"""How much of the table's width the hand of who went out may take (clear of the side seats'
plates)."""


def goer_places(layout: TableLayout, count: int) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """Where a hand of ``count`` cards shown large goes: a plate over the piles, the cards at
    your hand's size in a row on it (overlapping beyond :data:`GOER_SHARE` of the table)."""
    height, margin = layout.hand_height, layout.margin
    width = card_width(height)
    room = layout.width * GOER_SHARE - margin * 2 - width
    step = min(width * 1.04, room / max(1, count - 1))
    row = round(width + step * (count - 1))
    plate = pygame.Rect(0, 0, row + margin * 2, height + margin * 2)
    plate.center = (layout.width // 2, round(layout.piles_y))
    plate.clamp_ip(layout.table_rect)
    cards = [
        pygame.Rect(round(plate.left + margin + step * index), plate.top + margin, width, height)
        for index in range(count)
    ]
    return plate, cards


def _paint_goer(
    picture: TablePicture, surface: pygame.Surface, art: CardArt, text: Text
) -> pygame.Rect:
    """The hand of the opponent who just went out, at your hand's size over the piles."""
    assert picture.goer is not None
    hand, layout = picture.shown.hands[picture.goer], picture.layout
    plate, places = goer_places(layout, len(hand))
    text.covered(plate)
    surface.blit(translucent_plate(plate.size, 225, layout.text_size // 2), plate)
    pygame.draw.rect(surface, GOLD, plate, 2, border_radius=layout.text_size // 2)
    for card, rect in zip(hand, places, strict=True):
        art.draw(surface, card, Pose(rect.center, layout.hand_height))
    return plate


def magnified_rect(
    picture: TablePicture, text: Text, card: Card, keep_clear: pygame.Rect
) -> pygame.Rect:
    """Where the view of ``card`` (at your hand's size) goes on the table, clear of
    ``keep_clear``."""
    layout = picture.layout
    hovered = rect_of(picture.sprites[card])
    size, height = layout.text_size, layout.hand_height
    return view_rect(text, size, card, height, hovered, keep_clear, layout.table_rect)


def _paint_magnified(
    picture: TablePicture, surface: pygame.Surface, art: CardArt, text: Text, card: Card
) -> pygame.Rect:
    """``card`` at your hand's size with its name, beside its meld (or its hand)."""
    if card not in picture.sprites:
        return pygame.Rect(0, 0, 0, 0)
    keep_clear = group_box(picture.layout, picture.shown, picture.sprites, card)
    where = magnified_rect(picture, text, card, keep_clear)
    layout = picture.layout
    return paint_view(surface, art, text, layout.text_size, card, layout.hand_height, where)


def your_words_width(text: Text, size: int, you_label: str) -> int:
    """How wide your line (``you_label``), your penalty and "Your last turn" are at ``size``,
    with room for the turn marker's ring around them (and the last turn's plate)."""
    penalty = _("Penalty now: {points}").format(points=88)
    bold = text.font(size, True)
    widest = max(
        text.font(size).size(you_label)[0], *(bold.size(w)[0] for w in (penalty, _(LAST_TURN)))
    )
    return widest + size


GO_OUT_GLOW = (130, 240, 140)
"""The discard pile's glow while a card whose discard goes out is dragged."""


def coach_lines(picture: TablePicture, text: Text) -> list[str]:
    """The coach's tip in lines at the message's size: one, or two where it is too wide and
    the line above it is free (under the piles' labels, where your melds go and none lie
    yet); else one line, shrunk to fit."""
    assert picture.coach is not None
    layout, words = picture.layout, picture.coach
    size, width = layout.text_size, layout.message_band.width - layout.margin * 2
    if text.font(size).size(words)[0] <= width:
        return [words]
    lines = text.wrap(words, size, width)
    above = layout.message_center(-2)[1] - layout.line_step // 2
    labels = layout.pile_label_box(True).union(layout.pile_label_box(False))
    yours = any(placed.owner == 0 for placed in picture.shown.table)
    if len(lines) != 2 or yours or above < labels.bottom:
        return [words]
    return lines


def _corner_right(picture: TablePicture, text: Text) -> int:
    """Where the corner's widest line ends."""
    lines = corner_lines(picture, text)
    widths = [text.font(size, bold).size(words)[0] for words, size, _c, bold in lines]
    return min(picture.layout.corner_box.right, picture.layout.corner_box.left + max(widths))


def _paint_texts(picture: TablePicture, surface: pygame.Surface, text: Text) -> list[pygame.Rect]:
    """What changes often: the status, the coach, the banner and the notice (returns where)."""
    layout = picture.layout
    size = layout.text_size
    band = layout.message_band
    drawn = []
    if picture.status:
        at = layout.status_center
        drawn.append(text.blit(surface, picture.status, size, INK, box=band, center=at))
    if picture.coach is not None:
        lines = coach_lines(picture, text)
        for offset, line in enumerate(lines, start=-len(lines)):
            at = layout.message_center(offset)
            box = band.union(pygame.Rect(0, at[1] - layout.line_step // 2, 1, layout.line_step))
            drawn.append(text.blit(surface, line, size, SELECTED, box=box, center=at))
    if picture.banner is not None:
        drawn.append(_paint_banner(surface, layout, text, picture.banner))
    if picture.refusal is not None:  # over a target that would refuse the card: why
        box = notice_box(layout, text, picture.refusal)
        drawn.append(
            text.blit(surface, picture.refusal, size, REFUSING, box=band, center=box.center)
        )
    elif picture.notice is not None:
        box = notice_box(layout, text, picture.notice)
        plate = box.inflate(size, 4)
        clear = plate.collidelist([button.rect for button in picture.buttons]) == -1
        if picture.notice_playable and clear:  # a plate like a button's: a click plays it
            surface.blit(translucent_plate(plate.size, 200, size // 2), plate)
            pygame.draw.rect(surface, GOLD, plate, 1, border_radius=size // 2)
            drawn.append(plate)
        drawn.append(text.blit(surface, picture.notice, size, GOLD, box=band, center=box.center))
    return drawn


def notice_box(layout: TableLayout, text: Text, notice: str) -> pygame.Rect:
    """Where the notice (a hint's line, a refusal) is drawn, below the status line."""
    return text.where(
        notice, layout.text_size, layout.message_band, center=layout.message_center(1)
    )


def _paint_banner(
    surface: pygame.Surface, layout: TableLayout, text: Text, message: str
) -> pygame.Rect:
    """The banner of a new round (or of the stock reshuffled) on a plate: at the banner's
    size where it fits the table's width, else at the heading's or the body's, else broken
    over lines at the body's."""
    scale, room = layout.type_scale, round(layout.width * 0.9)
    sizes = sorted({layout.banner_size, scale.heading, scale.body}, reverse=True)
    fitting = [size for size in sizes if text.font(size, True).size(message)[0] + size * 2 <= room]
    size = fitting[0] if fitting else scale.body
    lines = [message] if fitting else text.wrap(message, size, room - size * 2, bold=True)
    step = text.font(size, True).get_linesize()
    width = max(text.font(size, True).size(line)[0] for line in lines)
    rect = pygame.Rect(0, 0, width, step * len(lines))
    rect.center = (layout.width // 2, layout.banner_y)
    plate = rect.inflate(size * 1.5, size * 0.8)
    surface.blit(translucent_plate(plate.size, 215, size // 2), plate)
    for index, line in enumerate(lines):
        middle = (rect.centerx, rect.top + step * index + step // 2)
        text.blit(surface, line, size, GOLD, True, box=plate, center=middle)
    return plate
