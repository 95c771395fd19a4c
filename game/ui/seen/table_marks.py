"""What both the table at rest and the frame over it paint: glows, the GO OUT badge, the
corner's lines, where the seats' plates go, and rectangles merged for the window."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui.kit.text import Color, Text
from game.ui.kit.widgets import GOLD, INK, MUTED
from game.ui.seen.layout import TableLayout
from game.ui.seen.picture import TablePicture

SELECTED = (120, 200, 255)
"""The outline of a card picked to lay down."""
FOCUS = (255, 150, 40)
"""The ring of the card the keyboard (or a click) has focused: Enter discards it."""


def merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` without empty ones, two that overlap or touch joined into their union
    where it is no larger than the two (so little is drawn twice and nothing extra is)."""
    result: list[pygame.Rect] = []
    for rect in rects:
        if not (rect.w and rect.h):
            continue
        joined = rect.copy()
        while (index := _joinable(joined, result)) is not None:
            joined.union_ip(result.pop(index))
        result.append(joined)
    return result


def _joinable(rect: pygame.Rect, others: list[pygame.Rect]) -> int | None:
    """The index of the first of ``others`` that ``rect`` may be joined with."""
    reach = rect.inflate(2, 2)  # rectangles side by side touch it
    for index, other in enumerate(others):
        if reach.colliderect(other):
            union = rect.union(other)
            if union.w * union.h <= rect.w * rect.h + other.w * other.h:
                return index
    return None


def plate_places(
    text: Text,
    size: int,
    box: pygame.Rect,
    anchor: str,
    point: tuple[int, int],
    lines: list[tuple[str, bool]],
) -> list[pygame.Rect]:
    """Where each of a plate's ``lines`` (words, bold) goes: one under the other from
    ``point`` (its ``midleft`` or ``midright``, the first lines level with it; its
    ``topleft``, the first line's top left there); where
    ``box`` is too short for them all, the rest in a further column beside them."""
    heights = [text.where(words, size, box, bold).height + 2 for words, bold in lines]
    columns: list[list[int]] = [[]]
    for index, height in enumerate(heights):
        if columns[-1] and sum(heights[i] for i in columns[-1]) + height - 2 > box.height:
            columns.append([])
        columns[-1].append(index)
    tallest = max(len(column) for column in columns)
    top = point[1] if anchor == "topleft" else round(point[1] - tallest * size * 0.65)
    edge = "topright" if anchor == "midright" else "topleft"
    x = point[0]
    places: list[pygame.Rect] = []
    for column in columns:
        y = top
        placed_here = []
        for index in column:
            words, bold = lines[index]
            placed = text.where(words, size, box, bold, **{edge: (x, y)})
            placed_here.append(placed)
            y = placed.bottom + 2
        places += placed_here
        beside = placed_here[0].unionall(placed_here[1:])
        x = beside.right + size if edge == "topleft" else beside.left - size
    return places


GO_OUT_GREEN = (46, 160, 80)
"""The GO OUT badge's plate."""


def go_out_badge(
    surface: pygame.Surface,
    rect: pygame.Rect,
    layout: TableLayout,
    text: Text,
    shows: int | None = None,
) -> pygame.Rect:
    """GO OUT on a card of your hand whose discard goes out, low on its left edge, within
    the ``shows`` pixels of the card left uncovered (by default all of it); where the
    words cannot fit there, a green disc with a check mark."""
    size = max(9, round(layout.hand_height * 0.1))
    pad = size // 2 + 2
    room = (rect.width if shows is None else shows) - 4 - pad
    # TRANSLATORS: a badge on a card of your hand: discarding it goes out. Keep it short.
    words = _("GO OUT")
    shown, fitted = text.fit(words, size, max(1, room), True)
    if shown != words or fitted < size * 0.75:
        words, fitted = "✓", size
    width, height = text.font(fitted, True).size(words)
    plate = pygame.Rect(0, 0, width + pad, height + 2)
    plate.bottomleft = (rect.left + 2, rect.bottom - max(3, rect.height // 14))
    pygame.draw.rect(surface, GO_OUT_GREEN, plate, border_radius=plate.height // 2)
    pygame.draw.rect(surface, (230, 255, 230), plate, 1, border_radius=plate.height // 2)
    text.blit(surface, words, fitted, (255, 255, 255), True, plate, True, center=plate.center)
    return plate


GLOW_OUT = 4
"""How far a drop target's or a hinted pile's glow lies outside it."""


def glow(surface: pygame.Surface, rect: pygame.Rect, colour: Color) -> pygame.Rect:
    outside = rect.inflate(GLOW_OUT * 2, GLOW_OUT * 2)
    return pygame.draw.rect(surface, colour, outside, 3, border_radius=10)


REFUSING = (226, 104, 88)
"""The outline, the sign and the words of a drop target that would refuse the dragged card."""
REFUSING_KEPT = 150
"""How much of a refusing target's light is kept under its veil (of 255)."""


def refusing_mark(surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """A drop target that would refuse the dragged card: dimmed, outlined in red where a
    glow would be, and a no-entry sign (⊘) at its top right corner; returns where."""
    surface.fill((REFUSING_KEPT,) * 3, rect, special_flags=pygame.BLEND_RGB_MULT)
    outside = rect.inflate(GLOW_OUT * 2, GLOW_OUT * 2)
    pygame.draw.rect(surface, REFUSING, outside, 3, border_radius=10)
    radius = max(7, min(outside.width, outside.height) // 10)
    centre = (outside.right - radius // 2, outside.top + radius // 2)
    sign = pygame.Rect(0, 0, radius * 2, radius * 2)
    sign.center = centre
    pygame.draw.circle(surface, REFUSING, centre, radius)
    pygame.draw.circle(surface, INK, centre, radius - 2, max(2, radius // 4))
    slash = round((radius - 3) * 0.7)
    start, end = (centre[0] - slash, centre[1] + slash), (centre[0] + slash, centre[1] - slash)
    pygame.draw.line(surface, INK, start, end, max(2, radius // 4))
    return outside.union(sign)


def corner_lines(picture: TablePicture, text: Text) -> list[tuple[str, int, Color, bool]]:
    """The corner's lines, each with its size, colour and weight: the round, its wild rank,
    its contract (if any, wrapped to the corner's width), the dealer and, once someone has
    gone out, "Last turns"."""
    layout = picture.layout
    scale = layout.type_scale
    contract = text.wrap(picture.contract, scale.body, layout.corner_box.width)
    lines = [
        (picture.title, scale.heading, INK, True),
        (picture.wild, scale.body, GOLD, False),
        *((line, scale.body, GOLD, False) for line in contract if picture.contract),
        (picture.dealer, scale.body, MUTED, False),
    ]
    if picture.shown.last_turns:
        lines.append((_("Last turns"), scale.body, GOLD, True))
    return lines
