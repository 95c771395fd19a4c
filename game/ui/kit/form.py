"""A scrolling list of settings, each a row the mouse and the keyboard both work.

A row shows its label, its current value between ◀ and ▶ (or a name being
typed), and one line explaining the current value. A click on the arrows changes
it, the wheel scrolls; the scene's keys choose a row (:meth:`Form.move_focus`),
change it (:meth:`Form.step_focused`) and start typing a name
(:meth:`Form.activate_focused`); Enter ends the typing. The form knows nothing of
what the rows mean: each row reads and writes its value through the functions it
is given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import pygame

from game.files import is_printable
from game.i18n import _
from game.ui.kit.text import Text
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import GOLD, INK, MUTED

T = TypeVar("T")
ARROW_LEFT, ARROW_RIGHT = "◀", "▶"
SCROLL_UP, SCROLL_DOWN = "▲", "▼"
"""The cues beside a list that goes on above or below what is shown."""
HIGHLIGHT = (34, 84, 60)
LINE_SPACING = 1.25
"""A line of a row is this many times its text's size."""
ROW_MARGIN = 4
"""Pixels above a row's first line and below its explanation."""


@dataclass(slots=True)
class ChoiceRow(Generic[T]):
    """A setting with a fixed list of values; ◀ and ▶ step through them."""

    label: str
    values: Sequence[T]
    get: Callable[[], T]
    set: Callable[[T], None]
    name_of: Callable[[T], str]
    """How a value is shown."""
    explain: Callable[[T], str]
    """The line under the row for a value."""
    default: T | None = None
    """The value marked as the default."""
    idle: Callable[[], str | None] = lambda: None
    """Why the setting cannot apply now (another setting rules it out), or None: an idle
    row keeps its value, shows no arrows and says why."""
    focusable = True
    arrows = True
    """Shows ◀ and ▶ (a click on the value steps too)."""

    def activate(self) -> None:
        """Enter or a click on the value: the next value."""
        self.step(1)

    def idle_reason(self) -> str | None:
        return self.idle()

    def step(self, by: int) -> None:
        """Move ``by`` values on (wrapping round); nothing while the row is idle."""
        if self.idle() is not None:
            return
        values = list(self.values)
        index = values.index(self.get()) if self.get() in values else 0
        self.set(values[(index + by) % len(values)])

    def shown(self) -> str:
        value = self.get()
        shown = self.name_of(value)
        if value == self.default and type(value) is type(self.default):
            return _("{value} (default)").format(value=shown)
        return shown

    def explanation(self) -> str:
        reason = self.idle()
        return reason if reason is not None else self.explain(self.get())


@dataclass(slots=True)
class NameRow:
    """A name the player types; Enter starts and ends typing, Escape leaves it as it was."""

    label: str
    get: Callable[[], str]
    set: Callable[[str], None]
    longest: int
    explanation_text: str
    typing: str | None = None
    """The name being typed, or None when not typing."""
    focusable = True
    arrows = False

    def activate(self) -> None:
        """Enter or a click: start typing, from the name as it is."""
        self.typing = self.get()

    def step(self, by: int) -> None:
        """Arrows do not change a name."""

    def idle_reason(self) -> str | None:
        return None

    def shown(self) -> str:
        return f"{self.typing}▏" if self.typing is not None else self.get()

    def explanation(self) -> str:
        if self.typing is not None:
            return _("Type the name, then Enter (Escape leaves it as it was)")
        return self.explanation_text


@dataclass(slots=True)
class NoteRow:
    """A line of text between rows: a heading, or a setting that cannot be changed here."""

    label: str
    text: str = ""
    focusable = False
    arrows = False

    def activate(self) -> None:
        """Nothing to change."""

    def step(self, by: int) -> None:
        """Nothing to change."""

    def idle_reason(self) -> str | None:
        return None

    def shown(self) -> str:
        return ""

    def explanation(self) -> str:
        return self.text


Row = ChoiceRow[Any] | NameRow | NoteRow


@dataclass(slots=True)
class Form:
    """The rows, which one has the focus, and how far the list is scrolled."""

    rows: list[Row]
    area: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    text_size: int = 16
    focus: int = 0
    scroll: int = 0
    """Index of the first row shown."""

    def __post_init__(self) -> None:
        self.focus = self._next_focusable(-1, 1)

    @property
    def label_line(self) -> int:
        """The height of a row's first line: its label, value and arrows."""
        return round(self.text_size * LINE_SPACING)

    @property
    def row_height(self) -> int:
        """A row: its first line, then its explanation, a margin above and below."""
        explanation = round(TypeScale(self.text_size).help * LINE_SPACING)
        return ROW_MARGIN * 2 + self.label_line + explanation

    @property
    def visible(self) -> int:
        """How many rows fit in the area."""
        return max(1, self.area.height // self.row_height)

    @property
    def typing(self) -> NameRow | None:
        row = self.rows[self.focus]
        return row if isinstance(row, NameRow) and row.typing is not None else None

    def place(self, area: pygame.Rect, text_size: int) -> None:
        self.area, self.text_size = area, text_size
        self._keep_focus_shown()

    def row_rect(self, index: int) -> pygame.Rect:
        top = self.area.top + (index - self.scroll) * self.row_height
        return pygame.Rect(self.area.left, top, self.area.width, self.row_height)

    def arrow_rects(self, index: int) -> tuple[pygame.Rect, pygame.Rect]:
        """The ◀ and ▶ targets of a row (the value lies between them)."""
        rect, line = self.row_rect(index), self.label_line
        width, top = round(self.text_size * 1.6), rect.top + ROW_MARGIN
        right = pygame.Rect(rect.right - width, top, width, line)
        left = pygame.Rect(rect.left + round(rect.width * 0.48), top, width, line)
        return left, right

    # --- input -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Use a click, a wheel turn, or a key or text while a name is typed; True if it was
        used (the other keys are the scene's: see :meth:`move_focus` and the next two)."""
        if self.typing is not None:
            return self._type(event)
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        return False

    def move_focus(self, direction: int) -> None:
        """The focus to the next row that takes it, up (-1) or down (1), kept in view."""
        self.focus = self._next_focusable(self.focus, direction)
        self._keep_focus_shown()

    def step_focused(self, by: int) -> None:
        """The focused row's value ``by`` values on."""
        self.rows[self.focus].step(by)

    def activate_focused(self) -> None:
        """The focused row's next value, or typing its name."""
        self.rows[self.focus].activate()

    def _click(self, pos: tuple[int, int]) -> bool:
        for index in range(self.scroll, min(len(self.rows), self.scroll + self.visible)):
            if not self.row_rect(index).collidepoint(pos):
                continue
            row = self.rows[index]
            if not row.focusable:
                return True
            self.focus = index
            left, right = self.arrow_rects(index)
            if row.arrows and left.collidepoint(pos):
                row.step(-1)
            elif row.arrows and right.collidepoint(pos):
                row.step(1)
            else:
                row.activate()
            return True
        return False

    def _type(self, event: pygame.event.Event) -> bool:
        row = self.typing
        assert row is not None and row.typing is not None
        if event.type == pygame.TEXTINPUT:  # what no name may hold is never typed in
            typed = "".join(filter(is_printable, event.text))
            row.typing = (row.typing + typed)[: row.longest]
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            row.typing = row.typing[:-1]
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if row.typing.strip():
                row.set(row.typing.strip())
            row.typing = None
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            row.typing = None
        elif event.type != pygame.KEYDOWN:
            return False
        return True

    def _next_focusable(self, start: int, direction: int) -> int:
        index = start
        for _step in range(len(self.rows)):
            index = (index + direction) % len(self.rows)
            if self.rows[index].focusable:
                return index
        return max(start, 0)

    def _scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(len(self.rows) - self.visible, self.scroll + rows))

    def _keep_focus_shown(self) -> None:
        if self.focus < self.scroll:
            self.scroll = self.focus
        elif self.focus >= self.scroll + self.visible:
            self.scroll = self.focus - self.visible + 1
        self._scroll_by(0)

    # --- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, text: Text) -> None:
        size = self.text_size
        clip = surface.get_clip()
        surface.set_clip(self.area)
        for index in range(self.scroll, min(len(self.rows), self.scroll + self.visible)):
            row, rect = self.rows[index], self.row_rect(index)
            if index == self.focus:
                pygame.draw.rect(surface, HIGHLIGHT, rect, border_radius=6)
            idle = row.idle_reason() is not None
            label_colour = MUTED if idle else INK if row.focusable else GOLD
            corner = (rect.left + 8, rect.top + ROW_MARGIN)
            inner = rect.inflate(-16, 0)
            label_box = inner
            if row.focusable:
                left, right = self.arrow_rects(index)
                width, height = left.left - 4 - inner.left, left.bottom - rect.top
                label_box = pygame.Rect(inner.left, rect.top, width, height)
                if row.arrows and not idle:
                    text.blit(surface, ARROW_LEFT, size, GOLD, box=left, center=left.center)
                    text.blit(surface, ARROW_RIGHT, size, GOLD, box=right, center=right.center)
                middle = ((left.right + right.left) // 2, left.centery)
                value_box = pygame.Rect(left.right, left.top, right.left - left.right, left.height)
                text.blit(
                    surface, row.shown(), size, MUTED if idle else INK, box=value_box, center=middle
                )
            text.blit(surface, row.label, size, label_colour, True, box=label_box, topleft=corner)
            below = (rect.left + 8, rect.top + ROW_MARGIN + self.label_line)
            explanation = row.explanation()
            help_size = TypeScale(size).help
            text.blit(surface, explanation, help_size, MUTED, box=inner, topleft=below)
        surface.set_clip(clip)
        self._draw_scroll_cues(surface, text)

    def _draw_scroll_cues(self, surface: pygame.Surface, text: Text) -> None:
        """▲ beside the list while rows are hidden above, ▼ while rows are hidden below."""
        size = self.text_size
        column = pygame.Rect(self.area.right, self.area.top, size * 2, self.area.height)
        if self.scroll > 0:
            text.blit(surface, SCROLL_UP, size, GOLD, box=column, midtop=column.midtop)
        if self.scroll + self.visible < len(self.rows):
            text.blit(surface, SCROLL_DOWN, size, GOLD, box=column, midbottom=column.midbottom)
