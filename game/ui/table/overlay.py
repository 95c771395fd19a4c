"""An overlay on the table: a panel over the dimmed table, and where its parts go.

Where an overlay's parts go is worked out in one place (:func:`overlay_layout`, and
:meth:`OverlayLayout.hand_rows` for a round summary's hands and sheet), so that nothing
overlaps at any window size. Each overlay reads the table's :class:`ShownTable` (what has
been shown), never the table itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import pygame

from game.ui.kit.art import CARD_ASPECT
from game.ui.kit.art import card_height as snap_height
from game.ui.kit.tween import Motion
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import (
    GOLD,
    PANEL,
    Button,
    dim,
    fill_rounded,
    lay_out_row,
)
from game.ui.scene import Scene, SceneContext
from game.ui.seen.shown import ShownTable
from game.words.seat_words import Seating

HAND_ROW_SHARE = 0.11
"""A summary's hand row takes at most this share of the panel's height (over the sheet)."""
SIDE_SHEET_SHARE = 0.38
"""The share of the content's width the sheet takes when it stands beside the hands (more
if its words need it, up to :data:`SIDE_SHEET_MOST`)."""
SIDE_SHEET_MOST = 0.5
"""The most of the content's width a sheet beside the hands may take."""
SIDE_SHEET_CARDS = 0.85
"""The sheet stands beside the hands (filling the panel's width) unless that shows the
cards smaller than this share of their height with the sheet below."""
CARD_GAP = 0.06
"""The room between two of a summary's cards, in card heights: they never overlap."""
CARD_STEP = CARD_ASPECT + CARD_GAP
"""How far apart a summary's cards are, in card heights."""
LABEL_LINE = 1.3
"""The line under a summary's cards (what a wild stands for, the leftover's sum), in text
sizes."""
NAME_COLUMN = 11
"""The width of a summary's name column, in text sizes."""
NAMES_BESIDE = 2.8
"""A name and its points stand beside the cards only in a row at least this many text sizes
tall (two lines)."""
DENSE_CARDS = 2.0
"""Below this height (in text sizes) a summary's cards are too small to read: the hands go
in two columns over a shorter sheet if that shows them larger."""
VEIL_KEPT = 115
"""How much of the table beneath an overlay shows (out of 255): black at 140 over it."""


@dataclass(frozen=True, slots=True)
class OverlayLayout:
    """Where an overlay's parts go in a window of a given size."""

    panel: pygame.Rect
    text_size: int
    buttons: pygame.Rect
    """The row the buttons share, at the panel's foot."""
    content: pygame.Rect
    """What lies between the title and the buttons."""

    def hand_rows(
        self,
        players: int,
        sheet_rows: int,
        widest: float,
        sheet_width: int,
        sum_width: int = 0,
        name_width: int = 0,
    ) -> SummaryParts:
        """A round summary's row per hand, and the score sheet's rectangle.

        ``widest`` is how many card steps the widest hand needs (its cards and its
        groups), ``sum_width`` how wide the longest sum of leftover cards is written out
        (it takes a second line under the cards where one is too narrow), ``name_width``
        how wide the widest name and points are (in a column beside the cards, at least
        :data:`NAME_COLUMN` text sizes wide). The sheet goes
        below the hands, with the height its rows need to stay legible, each name beside
        its hand; or, in a wide window where the sheet has its ``sheet_width`` there (at
        most :data:`SIDE_SHEET_MOST` of the width), beside the hands, each name above its
        hand (see :data:`SIDE_SHEET_CARDS`). Where neither leaves the names room or the
        cards :data:`DENSE_CARDS` text sizes tall, the hands go in two columns, names
        above, over a sheet of this round and the totals only (a full table in a small
        window).
        """
        below = self._sheet_below(players, sheet_rows, sum_width, name_width)
        chosen = below
        if sheet_width <= self.content.width * SIDE_SHEET_MOST:
            beside = self._sheet_beside(players, sheet_width, sum_width)
            if beside.holds(widest):
                smaller = beside.card_height(widest) / max(1, below.card_height(widest))
                chosen = beside.packed(widest) if smaller >= SIDE_SHEET_CARDS else below
        legible = chosen.names_above or below.rows[0].height >= self.text_size * NAMES_BESIDE
        if legible and chosen.card_height(widest) >= self.text_size * DENSE_CARDS:
            return chosen
        dense = self._dense(players, sum_width)
        if not legible and dense.holds(widest):  # not names over one another for taller cards
            return dense
        return dense if dense.card_height(widest) > chosen.card_height(widest) else chosen

    def _sheet_below(
        self, players: int, sheet_rows: int, sum_width: int, name_width: int
    ) -> SummaryParts:
        size, content = self.text_size, self.content
        sheet_needed = sheet_rows * max(11, round(size * 1.1)) + size // 2
        room = (content.height - sheet_needed) // players
        row_height = max(0, min(round(self.panel.height * HAND_ROW_SHARE), room))
        rows = _rows(content.left, content.top, content.width, row_height, players)
        sheet = pygame.Rect(content.left, content.top + players * row_height + size // 2, 0, 0)
        sheet.width, sheet.height = content.width, content.bottom - sheet.top
        column = max(size * NAME_COLUMN, name_width + size)
        return SummaryParts(rows, sheet, False, size, name_column=column).with_sum(sum_width)

    def _sheet_beside(self, players: int, needed: int, sum_width: int) -> SummaryParts:
        content, gap = self.content, self.text_size * 2
        sheet_width = max(round(content.width * SIDE_SHEET_SHARE), needed)
        hands_width = content.width - sheet_width - gap
        rows = _rows(content.left, content.top, hands_width, content.height // players, players)
        sheet = pygame.Rect(content.right - sheet_width, content.top, sheet_width, content.height)
        return SummaryParts(rows, sheet, True, self.text_size).with_sum(sum_width)

    def _dense(self, players: int, sum_width: int) -> SummaryParts:
        """Two columns of hands, names above, over the sheet's heading, this round and the
        totals."""
        size, content, gap = self.text_size, self.content, self.text_size * 2
        sheet_height = 3 * round(size * 1.3)
        count = (players + 1) // 2
        height = (content.height - sheet_height - size // 2) // count
        width = (content.width - gap) // 2
        rows = [
            pygame.Rect(content.left + (seat // count) * (width + gap), 0, width, height)
            for seat in range(players)
        ]
        for seat, row in enumerate(rows):
            row.top = content.top + (seat % count) * height
        sheet = pygame.Rect(content.left, content.bottom - sheet_height, content.width, 0)
        sheet.height = sheet_height
        return SummaryParts(rows, sheet, True, size, whole_sheet=False).with_sum(sum_width)


@dataclass(frozen=True, slots=True)
class SummaryParts:
    """Where a round summary's hands and sheet go."""

    rows: list[pygame.Rect]
    """One row per hand, its name and points with its cards."""
    sheet: pygame.Rect
    names_above: bool
    """Each name stands above its cards (else in a column beside them)."""
    text_size: int
    whole_sheet: bool = True
    """The sheet shows every round (else only this round and the totals)."""
    sum_lines: int = 1
    """How many lines the line under the cards may take (a long sum takes two)."""
    name_column: int = 0
    """The width of the names' column beside the cards (names beside them)."""

    def with_sum(self, width: int) -> SummaryParts:
        """These parts, with a second line under the cards if a sum ``width`` pixels wide
        may need it (it starts after the hand's melds, or takes the second line whole)."""
        if width <= self.cards_box(self.rows[0]).width // 2:
            return self
        return replace(self, sum_lines=2)

    @property
    def name_line(self) -> int:
        """The height of a name line above the cards."""
        return round(self.text_size * 1.6)

    @property
    def label_line(self) -> int:
        """The height of the line under the cards."""
        return round(TypeScale(self.text_size).help * LABEL_LINE)

    def packed(self, widest: float) -> SummaryParts:
        """These parts with the rows no taller than their cards need (with a line of room
        between two): a few hands in a tall panel stay together at its top."""
        height = self.card_height(widest)
        tallest = self.name_line + height + 4 + self.label_line * self.sum_lines + self.text_size
        if tallest >= self.rows[0].height:
            return self
        first = self.rows[0]
        rows = _rows(first.left, first.top, first.width, tallest, len(self.rows))
        return replace(self, rows=rows)

    def cards_box(self, row: pygame.Rect) -> pygame.Rect:
        """Where the cards of ``row`` go."""
        if self.names_above:
            line = self.name_line
            return pygame.Rect(row.left, row.top + line, row.width, row.height - line)
        column = self.name_column or self.text_size * NAME_COLUMN
        return pygame.Rect(row.left + column, row.top, row.width - column, row.height)

    def holds(self, widest: float) -> bool:
        """Whether a hand of ``widest`` card steps fits its row at :meth:`card_height`."""
        width = self.card_height(widest) * (CARD_STEP * max(0, widest - 1) + CARD_ASPECT)
        return width <= self.cards_box(self.rows[0]).width

    def card_height(self, widest: float) -> int:
        """The height of the hands' cards, as large as a row allows for a hand of
        ``widest`` card steps."""
        box = self.cards_box(self.rows[0])
        by_width = box.width / (CARD_STEP * max(0, widest - 1) + CARD_ASPECT)
        under = self.label_line * self.sum_lines
        return max(0, snap_height(min(box.height - under - 4, by_width) - 3))


def _rows(left: int, top: int, width: int, height: int, count: int) -> list[pygame.Rect]:
    """``count`` rows of ``width`` × ``height`` one under the other from ``(left, top)``."""
    return [pygame.Rect(left, top + index * height, width, height) for index in range(count)]


def overlay_layout(size: tuple[int, int], title_lines: float = 3.4) -> OverlayLayout:
    """The layout of an overlay in a ``size`` window, below a title ``title_lines`` tall."""
    width, height = size
    panel = pygame.Rect(0, 0, round(width * 0.86), round(height * 0.88))
    panel.center = (width // 2, height // 2)
    text_size = TypeScale.for_window((width, height)).body
    button_height = round(text_size * 2.2)
    buttons = pygame.Rect(panel.left, panel.bottom - text_size - button_height, panel.width, 0)
    buttons.height = button_height
    content = pygame.Rect(
        panel.left + text_size * 2, panel.top + round(text_size * title_lines), 0, 0
    )
    content.width = panel.width - text_size * 4
    content.height = buttons.top - round(text_size * 0.6) - content.top
    return OverlayLayout(panel, text_size, buttons, content)


PANEL_RADIUS = 14
"""How round the panel's corners are, in pixels."""


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
        self.pace = context.options.move_seconds(context.memory.settings)
        """How long a card takes to travel (0: no motion at all)."""
        self.motions: list[Motion] = []
        """What moves on the panel; a click or Space finishes it all at once."""
        self.rehearsed = False
        """Whether its words were rendered ahead (:meth:`rehearse`)."""
        self._rehearsing: list[Callable[[pygame.Surface], object]] | None = None
        """The steps of the rehearsal still to come."""
        self._shown: tuple[tuple[object, ...], bool] | None = None
        """The look the panel was last drawn with (:meth:`look`), and whether it spilled
        (kept by :meth:`draw`, so that :meth:`draw_changes` knows what the window shows)."""

    @property
    def moving(self) -> bool:
        """True while something on the panel still moves."""
        return any(not motion.done for motion in self.motions)

    def update(self, dt: float) -> None:
        for motion in self.motions:
            motion.update(dt)

    @property
    def layout(self) -> OverlayLayout:
        return overlay_layout(self.context.screen.get_size(), self.title_lines)

    def on_enter(self) -> None:
        self.on_resize()

    def on_leave(self) -> None:
        self.open = False

    def on_resize(self) -> None:
        layout = self.layout
        size = layout.text_size
        lay_out_row(self.buttons, self.context.text, size, layout.buttons, least=size * 9)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Everything stops here: the table beneath gets no input while the panel is open.
        While something moves, a click beside the buttons or Space finishes it."""
        for button in self.buttons:
            if button.handle_event(event):
                return True
        skip = event.type == pygame.MOUSEBUTTONDOWN or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE
        )
        if skip and self.moving:
            for motion in self.motions:
                motion.finish()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[0].on_click()
            elif event.key == pygame.K_ESCAPE and self.dismissable:
                self.close()
        return True

    def veil(self, surface: pygame.Surface) -> None:
        """The table beneath, dimmed in place (where it shows around the panel)."""
        for area in self.seen_beneath(surface.get_rect()):
            dim(surface, VEIL_KEPT, area)

    def seen_beneath(self, window: pygame.Rect) -> list[pygame.Rect]:
        """Around the panel, and in its rounded corners: the panel itself is painted whole
        each time it is drawn, so what lies under it is never seen."""
        panel = self.layout.panel.clip(window)
        corner = PANEL_RADIUS + 1
        return [
            area
            for area in (
                pygame.Rect(window.left, window.top, window.width, panel.top - window.top),
                pygame.Rect(window.left, panel.bottom, window.width, window.bottom - panel.bottom),
                pygame.Rect(window.left, panel.top, panel.left - window.left, panel.height),
                pygame.Rect(panel.right, panel.top, window.right - panel.right, panel.height),
                pygame.Rect(panel.left, panel.top, corner, corner),
                pygame.Rect(panel.right - corner, panel.top, corner, corner),
                pygame.Rect(panel.left, panel.bottom - corner, corner, corner),
                pygame.Rect(panel.right - corner, panel.bottom - corner, corner, corner),
            )
            if area.w > 0 and area.h > 0
        ]

    @property
    def spills(self) -> bool:
        """True while something is drawn outside the panel."""
        return False

    def look(self) -> tuple[object, ...]:
        """Everything that may change what the panel shows while it is open."""
        buttons = tuple((b.words, b.hovered, b.enabled(), tuple(b.rect)) for b in self.buttons)
        moved = tuple(None if motion.done else motion.elapsed for motion in self.motions)
        return (tuple(self.layout.panel), buttons, moved)

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Nothing if the panel looks as it was last drawn; else the panel again, over
        itself (its fill hides what was there), unless something spills or spilled out."""
        drawn = self._shown
        if drawn is not None and drawn[0] == self.look():
            return []
        if drawn is None or drawn[1] or self.spills:
            return None
        self.draw(surface)
        return [self.layout.panel.copy()]

    def draw(self, surface: pygame.Surface) -> None:
        self._shown = (self.look(), self.spills)
        layout = self.layout
        fill_rounded(surface, PANEL, layout.panel, PANEL_RADIUS)
        pygame.draw.rect(surface, GOLD, layout.panel, 2, border_radius=PANEL_RADIUS)
        self.draw_content(surface, layout)
        self.draw_buttons(surface)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            button.draw(surface, self.context.text)

    def rehearse(self) -> None:
        """Paint a step of the panel (see :meth:`rehearsal`) where nobody sees it, on a
        surface of one pixel, so that its words are rendered and measured before it opens:
        its first frame then only paints. :attr:`rehearsed` once every step is done."""
        if self._rehearsing is None:
            self.on_resize()  # the buttons laid out as they will open
            self._rehearsing = self.rehearsal()
        if self._rehearsing:
            self._rehearsing.pop(0)(pygame.Surface((1, 1)))
        self.rehearsed = not self._rehearsing

    def rehearsal(self) -> list[Callable[[pygame.Surface], object]]:
        """The steps of :meth:`rehearse`, a frame each: the content, then the buttons."""
        return [lambda unseen: self.draw_content(unseen, self.layout), self.draw_buttons]

    def draw_title(self, surface: pygame.Surface, layout: OverlayLayout, title: str) -> None:
        top = (layout.panel.centerx, layout.panel.top + layout.text_size)
        box = layout.panel.inflate(-layout.text_size * 2, 0)
        size = TypeScale(layout.text_size).title
        self.context.text.blit(surface, title, size, GOLD, True, box=box, midtop=top)

    def draw_content(self, surface: pygame.Surface, layout: OverlayLayout) -> None:
        """Paint what the overlay says."""

    def close(self) -> None:
        """Leave the overlay (once; later calls do nothing)."""
        if self.open:
            self.open = False
            self.context.pop()
