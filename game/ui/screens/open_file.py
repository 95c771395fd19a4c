"""Open a match file: the matches exported to the shared folder, newest first, and a line
to type (or paste) any file's path into.

A click on an exported match opens it; ↑/↓ put one in the line. The line starts with the
folder exported matches go to. A file dropped on the window while the question is open is
opened at once. Enter or Open opens the path in the line; Escape or Cancel leaves.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

import pygame

from game.files import is_printable
from game.i18n import N_, _
from game.profile.shared_match import exported_files
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import GOLD, INK, MUTED
from game.ui.question import Answer, QuestionScene
from game.ui.scene import SceneContext

LONGEST_PATH = 4096
"""The most characters the path line holds."""
PROMPT = N_("Type or paste the path of a match file, or drop the file on this window:")
LISTED_MOST = 6
"""The most exported matches listed (fewer where the window is short)."""


class OpenFileScene(QuestionScene):
    """The path line and Open / Cancel; ``opened`` gets the path chosen."""

    def __init__(self, context: SceneContext, start: Path, opened: Callable[[Path], None]) -> None:
        self.path = f"{start}{'' if str(start).endswith(('/', chr(92))) else '/'}"
        self._opened = opened
        self.exported = exported_files(start)[:LISTED_MOST]
        """The matches exported to ``start``, newest first."""
        self.rows: list[pygame.Rect] = []
        """Where each exported match listed is (as many as fit)."""
        self.chosen: int | None = None
        """The exported match ↑/↓ put in the line."""
        answers = (Answer(N_("Open the file"), self._open), Answer(N_("Cancel"), lambda: None))
        super().__init__(context, PROMPT, answers, safe=1)
        self.focus = 0
        self.line = pygame.Rect(0, 0, 0, 0)
        self.typing = False
        """False until the first frame after opening: the text of the key that opened the
        question (O on the History screen) comes with that key, and is not typed here."""

    def _open(self) -> None:
        if self.path.strip():
            self._opened(Path(self.path.strip()).expanduser())

    def on_resize(self) -> None:
        super().on_resize()
        window_height = self.context.screen.get_height()
        size = TypeScale.for_window(self.context.screen.get_size()).body
        height = round(size * 1.8)
        row_height = round(size * 1.6)
        room = window_height - 2 - self.panel.height - height - size * 2
        listed = min(len(self.exported), max(0, room // row_height - 1))
        rows_height = (listed + 1) * row_height if listed else 0  # a heading above them
        self.panel.height += height + size + rows_height
        self.panel.centery = window_height // 2
        top = self.panel.bottom - size * 2 - self.buttons[0].rect.height - height - size
        self.line = pygame.Rect(
            self.panel.left + size * 2, top, self.panel.width - size * 4, height
        )
        first = self.line.top - size // 2 - listed * row_height
        self.rows = [
            pygame.Rect(self.line.left, first + index * row_height, self.line.width, row_height)
            for index in range(listed)
        ]
        for button in self.buttons:
            button.rect.top = self.line.bottom + size

    def on_enter(self) -> None:
        super().on_enter()
        pygame.key.start_text_input()

    def on_leave(self) -> None:
        super().on_leave()
        pygame.key.stop_text_input()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, row in enumerate(self.rows):
                if row.collidepoint(event.pos):
                    self.path = str(self.exported[index])
                    self.answer(self.answers[0])
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self._choose(1 if event.key == pygame.K_DOWN else -1)
            return True
        if event.type == pygame.DROPFILE:
            self.path = str(event.file)
            self.answer(self.answers[0])
            return True
        if event.type == pygame.TEXTINPUT:
            if self.typing:
                self._type(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.path = self.path[:-1]
                return True
            if event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self._type(_clipboard())
                return True
            if event.key == pygame.K_SPACE:
                return True  # a space is typed (TEXTINPUT), not an answer
        return super().handle_event(event)

    def _choose(self, step: int) -> None:
        """↑/↓: the next exported match listed goes into the line."""
        if not self.rows:
            return
        start = -1 if self.chosen is None and step > 0 else (self.chosen or 0)
        self.chosen = (start + step) % len(self.rows)
        self.path = str(self.exported[self.chosen])

    def update(self, dt: float) -> None:
        self.typing = True

    def _type(self, typed: str) -> None:
        kept = "".join(character for character in typed if is_printable(character))
        self.path = (self.path + kept)[:LONGEST_PATH]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        size = TypeScale.for_window(surface.get_size()).body
        self._draw_rows(surface, size)
        pygame.draw.rect(surface, (12, 30, 22), self.line, border_radius=size // 3)
        pygame.draw.rect(surface, GOLD, self.line, 1, border_radius=size // 3)
        text = self.context.text
        inside = self.line.inflate(-size, 0)
        shown = _tail_that_fits(self.path + "▏", text.font(size), inside.width)
        text.blit(surface, shown, size, INK, box=inside, midleft=(inside.left, inside.centery))

    def _draw_rows(self, surface: pygame.Surface, size: int) -> None:
        """The exported matches listed, under their heading; the one in the line marked."""
        if not self.rows:
            return
        text = self.context.text
        heading = self.rows[0].move(0, -self.rows[0].height)
        words = _("Matches you exported, newest first:")
        text.blit(surface, words, size, MUTED, box=heading, midleft=heading.midleft)
        for index, row in enumerate(self.rows):
            if str(self.exported[index]) == self.path.strip():
                pygame.draw.rect(surface, (34, 84, 60), row, border_radius=size // 3)
                pygame.draw.rect(surface, GOLD, row, 1, border_radius=size // 3)
            inside = row.inflate(-size, 0)
            name = self.exported[index].name
            text.blit(surface, name, size, INK, box=inside, midleft=inside.midleft)


def _tail_that_fits(line: str, font: pygame.font.Font, width: int) -> str:
    """The longest end of ``line`` no wider than ``width``: the end of a long path stays in
    sight as it is typed."""
    if font.size(line)[0] <= width:
        return line
    fits, too_long = len(line), 0  # by halving: the start index of the tail kept
    while fits - too_long > 1:
        middle = (fits + too_long) // 2
        if font.size(line[middle:])[0] <= width:
            fits = middle
        else:
            too_long = middle
    return line[fits:]


def _clipboard() -> str:
    """The clipboard's text, or nothing if there is none (or no clipboard here)."""
    with contextlib.suppress(pygame.error, AttributeError):
        return pygame.scrap.get_text() or ""
    return ""
