"""Painting the table scene: felt, piles, seats, your hand and its helpers, messages."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.engine.actions import Discard, Draw, DrawSource, Phase
from game.engine.cards import Card
from game.ui.hand_order import meld_groups
from game.ui.layout import TableLayout
from game.ui.sprites import CardSprite, Pose
from game.ui.text import Text
from game.ui.widgets import GOLD, INK, MUTED, PANEL

if TYPE_CHECKING:
    from game.ui.table import TableScene

MELD_COLOURS = ((236, 196, 84), (110, 190, 255), (240, 120, 160), (140, 220, 130), (200, 150, 255))
KEYS_HELP = (
    "Keys: ←/→ select · Shift+←/→ move card · S stock · D discard pile · "
    "Enter discard · H hint · Tab scores · Space skip animation"
)


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """A green baize with a soft light in the middle."""
    width, height = size
    surface = pygame.Surface(size)
    surface.fill((18, 74, 48))
    steps = 12
    for step in range(steps):
        shade = 18 + step * 2, 74 + step * 3, 48 + step * 2
        inset = step / steps / 2
        rect = pygame.Rect(0, 0, round(width * (1 - inset)), round(height * (1 - inset)))
        rect.center = (width // 2, round(height * 0.45))
        pygame.draw.ellipse(surface, shade, rect)
    return surface


def paint_table(scene: TableScene, surface: pygame.Surface) -> None:
    """Draw everything the table shows; reads the scene, changes nothing."""
    layout = scene.layout
    surface.blit(felt(surface.get_size()), (0, 0))
    _paint_piles(scene, surface, layout)
    dragged = scene.dragged
    in_flight: list[CardSprite] = []
    for seat in range(1, len(scene.shown.hands)):
        for card in scene.shown.hands[seat]:
            _paint_or_defer(scene, surface, card, dragged, in_flight)
        _paint_seat_plate(scene, surface, layout, seat)
    _paint_hand(scene, surface, layout, dragged, in_flight)
    for sprite in in_flight:
        scene.app.art.draw(surface, sprite.card, sprite.pose)
    if dragged is not None:
        _paint_drop_targets(scene, surface, layout)
        scene.app.art.draw(surface, dragged.card, dragged.pose)
    for button in scene.buttons:
        button.draw(surface, scene.app.text)
    _paint_texts(scene, surface, layout)


def _paint_or_defer(
    scene: TableScene,
    surface: pygame.Surface,
    card: Card,
    dragged: CardSprite | None,
    in_flight: list[CardSprite],
) -> None:
    sprite = scene.sprites.get(card)
    if sprite is None or sprite is dragged:
        return
    if sprite.airborne:
        in_flight.append(sprite)
    elif not sprite.moving:
        scene.app.art.draw(surface, card, sprite.pose)


def _paint_piles(scene: TableScene, surface: pygame.Surface, layout: TableLayout) -> None:
    art, text, shown = scene.app.art, scene.app.text, scene.shown
    stock_rect = layout.pile_rect(True)
    if shown.stock_count > 0:
        for layer in range(min(3, (shown.stock_count + 9) // 10), 0, -1):
            offset = layer * max(1, layout.hand_height // 60)
            center = (stock_rect.centerx - offset, stock_rect.centery - offset)
            art.draw(surface, Card(None, None), Pose(center, layout.hand_height, 0.0, False))
    else:
        pygame.draw.rect(surface, (40, 110, 74), stock_rect, 2, border_radius=8)
    size = layout.text_size
    text.blit(surface, f"Stock {shown.stock_count}", size, MUTED, midtop=stock_rect.midbottom)
    discard_rect = layout.pile_rect(False)
    if not shown.discard:
        pygame.draw.rect(surface, (40, 110, 74), discard_rect, 2, border_radius=8)
    for card in shown.discard[-2:]:
        sprite = scene.sprites.get(card)
        if sprite is not None and not sprite.moving and sprite is not scene.dragged:
            art.draw(surface, card, sprite.pose)
    text.blit(surface, "Discard pile", size, MUTED, midtop=discard_rect.midbottom)
    hint = scene.hint.action if scene.hint else None
    if isinstance(hint, Draw):
        _glow(surface, layout.pile_rect(hint.source is DrawSource.STOCK), GOLD)


def _paint_seat_plate(
    scene: TableScene, surface: pygame.Surface, layout: TableLayout, seat: int
) -> None:
    text, shown = scene.app.text, scene.shown
    anchor, point = layout.seat_label_anchor(seat)
    size = layout.text_size
    active = scene.match.current_seat == seat and not scene.match.is_over
    colour = GOLD if active else INK
    lines = [
        (scene.seat_label(seat), colour, True),
        (f"{len(shown.hands[seat])} cards · total {shown.totals[seat]}", MUTED, False),
    ]
    if shown.known[seat]:
        taken = " ".join(card.pretty() for card in shown.known[seat])
        lines.append((f"Took {taken}", INK, False))
    if seat == shown.dealer:
        lines.append(("Dealer", MUTED, False))
    if active and scene.decision is not None and not scene.busy():
        lines.append(("thinking…", GOLD, False))
    y = point[1] - len(lines) * size * 0.65
    edge = "topright" if anchor == "midright" else "topleft"
    for line, line_colour, bold in lines:
        placed = text.blit(surface, line, size, line_colour, bold, **{edge: (point[0], round(y))})
        y = placed.bottom + 2


def _paint_hand(
    scene: TableScene,
    surface: pygame.Surface,
    layout: TableLayout,
    dragged: CardSprite | None,
    in_flight: list[CardSprite],
) -> None:
    hand = scene.hand
    if not hand:
        return
    arrangement = scene.arrangement()
    group_of: dict[Card, int] = {}
    for number, group in enumerate(meld_groups(arrangement, hand)):
        for card in group:
            group_of[card] = number
    art = scene.app.art
    wild = scene.shown.wild_rank
    hinted = (
        scene.hint.action.card if scene.hint and isinstance(scene.hint.action, Discard) else None
    )
    bar = max(3, layout.hand_height // 24)
    for index, card in enumerate(hand):
        sprite = scene.sprites.get(card)
        if sprite is None or sprite is dragged:
            continue
        if sprite.airborne:
            in_flight.append(sprite)
            continue
        if sprite.moving:
            continue
        rect = art.draw(surface, card, sprite.pose)
        if card in group_of:
            colour = MELD_COLOURS[group_of[card] % len(MELD_COLOURS)]
            strip = pygame.Rect(rect.left, rect.bottom + 2, rect.width, bar)
            pygame.draw.rect(surface, colour, strip, border_radius=bar // 2)
        if card.is_wild(wild):
            _wild_badge(surface, rect, layout, scene.app.text)
        if index == scene.selected:
            pygame.draw.rect(surface, (120, 200, 255), rect, 3, border_radius=6)
        if card == hinted:
            _glow(surface, rect, GOLD)
    phase_text = f"Penalty now: {arrangement.penalty}"
    text = scene.app.text
    top = layout.hand_area.top
    text.blit(surface, phase_text, layout.text_size, INK, True, bottomleft=(layout.margin, top))
    you = f"You · total {scene.shown.totals[0]}" if scene.setup.human else scene.seat_label(0)
    text.blit(
        surface,
        you,
        layout.text_size,
        MUTED,
        bottomleft=(layout.margin, top - layout.text_size - 4),
    )


def _wild_badge(
    surface: pygame.Surface, rect: pygame.Rect, layout: TableLayout, text: Text
) -> None:
    radius = max(6, layout.hand_height // 14)
    center = (rect.left + radius + 3, round(rect.top + rect.height * 0.4))
    pygame.draw.circle(surface, GOLD, center, radius)
    pygame.draw.circle(surface, (120, 80, 10), center, radius, 1)
    text.blit(surface, "★", max(8, round(radius * 1.4)), (110, 60, 0), center=center)


def _glow(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    pygame.draw.rect(surface, colour, rect.inflate(8, 8), 3, border_radius=10)


def _paint_drop_targets(scene: TableScene, surface: pygame.Surface, layout: TableLayout) -> None:
    press = scene.press
    assert press is not None
    if press.source == "hand":
        card = press.sprite.card
        match = scene.match
        mine = match.phase is Phase.DISCARD and match.current_seat == 0
        if mine and match.why_illegal(Discard(card)) is None:
            _glow(surface, layout.pile_rect(False), GOLD)
        _glow(surface, layout.hand_area, (90, 150, 120))
    else:
        _glow(surface, layout.hand_area, GOLD)


def _paint_texts(scene: TableScene, surface: pygame.Surface, layout: TableLayout) -> None:
    text = scene.app.text
    size = layout.text_size
    margin = layout.margin
    title = scene.round_title()
    text.blit(surface, title, round(size * 1.15), INK, True, topleft=(margin, margin))
    dealer = scene.seat_name(scene.shown.dealer)
    text.blit(
        surface, f"Dealer: {dealer}", size, MUTED, topleft=(margin, margin + round(size * 1.6))
    )
    if scene.shown.last_turns:
        text.blit(surface, "Last turns", size, GOLD, True, topleft=(margin, margin + size * 3))
    text.blit(surface, status_line(scene), size, INK, center=layout.status_center)
    if scene.banner is not None:
        _paint_banner(scene, surface, layout, scene.banner[0])
    if scene.notice is not None:
        y = layout.status_center[1] + size + 6
        text.blit(surface, scene.notice[0], size, GOLD, center=(layout.width // 2, y))
    if scene.setup.human:
        text.blit(
            surface,
            KEYS_HELP,
            max(10, size - 3),
            MUTED,
            center=(layout.width // 2, layout.keys_line_y),
        )


def _paint_banner(
    scene: TableScene, surface: pygame.Surface, layout: TableLayout, message: str
) -> None:
    text = scene.app.text
    size = round(layout.text_size * 1.6)
    picture = text.render(message, size, GOLD, True)
    rect = picture.get_rect(center=(layout.width // 2, round(layout.height * 0.26)))
    plate = rect.inflate(size * 1.5, size * 0.8)
    shade = pygame.Surface(plate.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (*PANEL, 215), shade.get_rect(), border_radius=size // 2)
    surface.blit(shade, plate)
    surface.blit(picture, rect)


def status_line(scene: TableScene) -> str:
    """Whose turn it is and what the player can do."""
    match = scene.match
    if match.is_over:
        return "The match is over"
    seat = match.current_seat
    if seat != 0 or not scene.setup.human:
        return f"{scene.seat_name(seat)} is playing"
    if scene.busy():
        return "Your turn"
    if match.phase is Phase.DRAW:
        return "Your turn: drag the top card of the stock or the discard pile into your hand"
    return "Now drag a card from your hand onto the discard pile"
