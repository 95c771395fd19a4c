"""Overlays on the table: the round summary, the score sheet and the match's end.

Each reads the table's :class:`ShownTable` (what has been shown), never the
table itself; where its parts go is worked out in one place
(:func:`overlay_layout`), so that nothing overlaps at any window size.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.engine.cards import Card
from game.engine.events import MatchOver, RoundScored
from game.i18n import N_, _, ngettext
from game.ui.art import card_height as snap_height
from game.ui.art import card_width
from game.ui.hand_order import meld_groups
from game.ui.layout import TableLayout
from game.ui.names import Seating, winners_line
from game.ui.scene import Scene, SceneContext
from game.ui.shown import ShownTable
from game.ui.sprites import Pose
from game.ui.text import Text
from game.ui.widgets import GOLD, INK, MUTED, PANEL, Button

HAND_ROW_SHARE = 0.11
"""A summary's hand row takes at most this share of the panel's height."""
LEFTOVER_VEIL = (120, 20, 20, 70)
"""Tint over the cards a hand could not meld."""


@dataclass(frozen=True, slots=True)
class OverlayLayout:
    """Where an overlay's parts go in a window of a given size."""

    panel: pygame.Rect
    text_size: int
    buttons: pygame.Rect
    """The row the buttons share, at the panel's foot."""
    content: pygame.Rect
    """What lies between the title and the buttons."""

    def button_rects(self, count: int) -> list[pygame.Rect]:
        """``count`` buttons side by side, centred in :attr:`buttons`."""
        size = self.text_size
        width, gap = round(size * 9), size
        left = self.buttons.centerx - (count * (width + gap) - gap) // 2
        return [
            pygame.Rect(left + index * (width + gap), self.buttons.top, width, self.buttons.height)
            for index in range(count)
        ]

    def hand_rows(self, players: int, sheet_rows: int) -> tuple[list[pygame.Rect], pygame.Rect]:
        """A round summary's row per hand, and the score sheet's rectangle below them.

        The sheet gets the height its rows need to stay legible; the hand rows
        share what is left, up to :data:`HAND_ROW_SHARE` of the panel each.
        """
        size, content = self.text_size, self.content
        sheet_needed = sheet_rows * max(11, round(size * 1.1)) + size // 2
        room = (content.height - sheet_needed) // players
        row_height = max(0, min(round(self.panel.height * HAND_ROW_SHARE), room))
        rows = [
            pygame.Rect(content.left, content.top + index * row_height, content.width, row_height)
            for index in range(players)
        ]
        sheet = pygame.Rect(content.left, content.top + players * row_height + size // 2, 0, 0)
        sheet.width, sheet.height = content.width, content.bottom - sheet.top
        return rows, sheet


def overlay_layout(size: tuple[int, int], title_lines: float = 3.4) -> OverlayLayout:
    """The layout of an overlay in a ``size`` window, below a title ``title_lines`` tall."""
    width, height = size
    panel = pygame.Rect(0, 0, round(width * 0.86), round(height * 0.88))
    panel.center = (width // 2, height // 2)
    text_size = TableLayout(width, height).text_size
    button_height = round(text_size * 2.2)
    buttons = pygame.Rect(panel.left, panel.bottom - text_size - button_height, panel.width, 0)
    buttons.height = button_height
    content = pygame.Rect(
        panel.left + text_size * 2, panel.top + round(text_size * title_lines), 0, 0
    )
    content.width = panel.width - text_size * 4
    content.height = buttons.top - round(text_size * 0.6) - content.top
    return OverlayLayout(panel, text_size, buttons, content)


def sheet_cells(area: pygame.Rect, rows: int, columns: int, text_size: int) -> tuple[int, int, int]:
    """Line height, column width and text size of a score sheet of ``rows`` in ``area``.

    Lines are as tall as the body text allows, never taller, and never so tall
    that the sheet leaves ``area``.
    """
    line = max(1, min(area.height // rows, round(text_size * 1.35)))
    return line, area.width // columns, max(7, round(line * 0.72))


def paint_score_sheet(
    surface: pygame.Surface,
    text: Text,
    area: pygame.Rect,
    shown: ShownTable,
    seating: Seating,
    highlight: Sequence[int] = (),
) -> None:
    """Rounds down, players across, with the totals in the last row."""
    hand_sizes = shown.rules.hand_sizes
    players = len(shown.hands)
    body = TableLayout(*surface.get_size()).text_size
    line, width, size = sheet_cells(area, len(hand_sizes) + 2, players + 1, body)

    def cell(column: int, row: int, value: str, colour: tuple[int, int, int], bold: bool) -> None:
        box = pygame.Rect(area.left + width * column + 2, area.top + line * row, width - 4, line)
        text.blit(surface, value, size, colour, bold, box=box, center=box.center)

    cell(0, 0, _("Round"), MUTED, True)
    for seat in range(players):
        colour = GOLD if seat in highlight else INK
        cell(seat + 1, 0, seating.name(seat), colour, True)
    for number, size_dealt in enumerate(hand_sizes):
        dealt = _("{number} ({count} cards)").format(number=number + 1, count=size_dealt)
        cell(0, number + 1, dealt, MUTED, False)
        if number < len(shown.round_scores):
            for seat, points in enumerate(shown.round_scores[number]):
                cell(seat + 1, number + 1, str(points), INK if points else GOLD, False)
    totals_row = len(hand_sizes) + 1
    top = area.top + line * totals_row
    pygame.draw.line(surface, MUTED, (area.left, top), (area.right, top))
    cell(0, totals_row, _("Total"), MUTED, True)
    for seat, total in enumerate(shown.totals):
        cell(seat + 1, totals_row, str(total), GOLD if seat in highlight else INK, True)


class Overlay(Scene):
    """A panel over the dimmed table; Enter, Escape or its first button closes it."""

    opaque = False
    dismissable = True
    """Escape closes it (not the match's end, which only its buttons leave)."""
    title_lines = 3.4
    """How much room, in text lines, the title takes above the content."""

    def __init__(self, context: SceneContext, shown: ShownTable, seating: Seating) -> None:
        super().__init__(context)
        self.shown = shown
        self.seating = seating
        self.buttons: list[Button] = []
        self.open = True

    @property
    def layout(self) -> OverlayLayout:
        return overlay_layout(self.context.screen.get_size(), self.title_lines)

    def on_enter(self) -> None:
        self.on_resize()

    def on_leave(self) -> None:
        self.open = False

    def on_resize(self) -> None:
        for button, rect in zip(
            self.buttons, self.layout.button_rects(len(self.buttons)), strict=True
        ):
            button.rect = rect

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Everything stops here: the table beneath gets no input while the panel is open."""
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[0].on_click()
            elif event.key == pygame.K_ESCAPE and self.dismissable:
                self.close()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        layout = self.layout
        pygame.draw.rect(surface, PANEL, layout.panel, border_radius=14)
        pygame.draw.rect(surface, GOLD, layout.panel, 2, border_radius=14)
        self.draw_content(surface, layout)
        for button in self.buttons:
            button.draw(surface, self.context.text)

    def draw_title(
        self, surface: pygame.Surface, layout: OverlayLayout, title: str, scale: float
    ) -> None:
        top = (layout.panel.centerx, layout.panel.top + layout.text_size)
        box = layout.panel.inflate(-layout.text_size * 2, 0)
        size = round(layout.text_size * scale)
        self.context.text.blit(surface, title, size, GOLD, True, box=box, midtop=top)

    def draw_content(self, surface: pygame.Surface, layout: OverlayLayout) -> None:
        """Paint what the overlay says."""

    def close(self) -> None:
        """Leave the overlay (once; later calls do nothing)."""
        if self.open:
            self.open = False
            self.context.pop()


class ScoreSheetScene(Overlay):
    """The score sheet, a click away at any time."""

    def __init__(self, context: SceneContext, shown: ShownTable, seating: Seating) -> None:
        super().__init__(context, shown, seating)
        self.buttons = [Button(N_("Close"), self.close)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.close()
            return True
        return super().handle_event(event)

    def draw_content(self, surface: pygame.Surface, layout: OverlayLayout) -> None:
        self.draw_title(surface, layout, _("Score sheet"), 1.5)
        paint_score_sheet(surface, self.context.text, layout.content, self.shown, self.seating)


class RoundSummaryScene(Overlay):
    """Every hand face up with its melds and penalty, then the sheet; its button goes on."""

    def __init__(
        self,
        context: SceneContext,
        shown: ShownTable,
        seating: Seating,
        event: RoundScored,
        last: bool,
        close_after: float | None,
        open_review: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(context, shown, seating)
        self.event = event
        self.close_after = close_after
        """Autoplay: seconds until the summary closes by itself."""
        self.hands = [list(hand) for hand in shown.hands]
        self.buttons = [Button(N_("See the result") if last else N_("Next round"), self.close)]
        if open_review is not None:
            self.buttons.append(Button(N_("Review"), open_review))

    def on_resize(self) -> None:
        super().on_resize()
        rows, _ = self.hand_rows()
        self.context.art.use_heights((self._card_height(rows[0]),))

    def hand_rows(self) -> tuple[list[pygame.Rect], pygame.Rect]:
        """The hand rows and the sheet's rectangle in the current window."""
        return self.layout.hand_rows(len(self.hands), len(self.shown.rules.hand_sizes) + 2)

    @staticmethod
    def _card_height(row: pygame.Rect) -> int:
        return snap_height(row.height - 6)

    def update(self, dt: float) -> None:
        if self.close_after is not None:
            self.close_after -= dt
            if self.close_after <= 0:
                self.close()

    def title(self) -> str:
        event = self.event
        title = _("Round {number} of {rounds}").format(
            number=event.round_index + 1, rounds=self.shown.rounds
        )
        if event.went_out is not None:
            name = self.seating.name(event.went_out)
            title = _("{round} — {name} went out").format(round=title, name=name)
        elif event.abandoned:
            title = _("{round} — the stock ran out").format(round=title)
        if event.multiplier > 1:
            title = _("{round} (penalties doubled)").format(round=title)
        return title

    def draw_content(self, surface: pygame.Surface, layout: OverlayLayout) -> None:
        self.draw_title(surface, layout, self.title(), 1.4)
        rows, sheet = self.hand_rows()
        for seat, row in enumerate(rows):
            self._paint_hand_row(surface, layout, seat, row)
        paint_score_sheet(surface, self.context.text, sheet, self.shown, self.seating)

    def _paint_hand_row(
        self, surface: pygame.Surface, layout: OverlayLayout, seat: int, row: pygame.Rect
    ) -> None:
        event, text, size = self.event, self.context.text, layout.text_size
        penalty = event.penalties[seat]
        name = self.seating.name(seat)
        if seat == event.went_out:
            name = _("{name} (went out)").format(name=name)
        x = row.left + size * 11
        box = pygame.Rect(row.left, row.top, x - row.left - size // 2, row.height)
        text.blit(surface, name, size, INK, True, box=box, topleft=row.topleft)
        points = ngettext("{count} point", "{count} points", penalty).format(count=penalty)
        below = (row.left, row.top + round(size * 1.4))
        text.blit(surface, points, size, GOLD if penalty == 0 else INK, box=box, topleft=below)
        height = self._card_height(row)
        step = round(height * 0.42)
        groups = meld_groups(event.arrangements[seat], self.hands[seat])
        chosen = {card for group in groups for card in group}
        leftover = [card for card in self.hands[seat] if card not in chosen]
        for group, faded in [*[(g, False) for g in groups], (leftover, True)]:
            for card in group:
                self._paint_card(surface, card, (x, row.top), height, faded)
                x += step
            x += step

    def _paint_card(
        self, surface: pygame.Surface, card: Card, at: tuple[int, int], height: int, faded: bool
    ) -> None:
        center = (at[0] + card_width(height) / 2, at[1] + height / 2)
        rect = self.context.art.draw(surface, card, Pose(center, height))
        if faded:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill(LEFTOVER_VEIL)
            surface.blit(veil, rect)


class MatchEndScene(Overlay):
    """The winner or winners, the final sheet, New game or Quit."""

    dismissable = False
    title_lines = 5.0

    def __init__(
        self,
        context: SceneContext,
        shown: ShownTable,
        seating: Seating,
        event: MatchOver,
        new_game: Callable[[], None],
        same_deal: Callable[[], None] | None = None,
        open_review: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(context, shown, seating)
        self.event = event
        self.buttons = [Button(N_("New game"), new_game)]
        if same_deal is not None:
            self.buttons.append(Button(N_("Play this deal again"), same_deal))
        if open_review is not None:
            self.buttons.append(Button(N_("Review"), open_review))
        self.buttons.append(Button(N_("Quit"), context.quit))

    def places(self) -> str:
        """``1. Left 40   2. You 52 …``: the final order."""
        totals = self.event.totals
        order = sorted(range(len(totals)), key=lambda seat: totals[seat])
        return "   ".join(
            _("{place}. {name} {total}").format(
                place=place, name=self.seating.name(seat), total=totals[seat]
            )
            for place, seat in enumerate(order, start=1)
        )

    def draw_content(self, surface: pygame.Surface, layout: OverlayLayout) -> None:
        self.draw_title(surface, layout, winners_line(self.event.winners, self.seating), 1.8)
        size = layout.text_size
        sheet = layout.content.copy()
        sheet.height -= round(size * 2.2)
        paint_score_sheet(
            surface, self.context.text, sheet, self.shown, self.seating, self.event.winners
        )
        bottom = (layout.panel.centerx, layout.content.bottom)
        places, box = self.places(), layout.panel.inflate(-size * 2, 0)
        self.context.text.blit(
            surface, places, round(size * 1.2), INK, True, box=box, midbottom=bottom
        )
