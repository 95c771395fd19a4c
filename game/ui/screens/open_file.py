"""Open a match file: a question with a line to type (or paste) the file's path into.

The line starts with the folder exported matches go to. A file dropped on the window while
the question is open is opened at once. Enter or Open opens the path typed; Escape or
Cancel leaves.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

import pygame

from game.files import is_printable
from game.i18n import N_
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import GOLD, INK
from game.ui.question import Answer, QuestionScene
from game.ui.scene import SceneContext

LONGEST_PATH = 4096
"""The most characters the path line holds."""
PROMPT = N_("Type or paste the path of a match file, or drop the file on this window:")


class OpenFileScene(QuestionScene):
    """The path line and Open / Cancel; ``opened`` gets the path chosen."""

    def __init__(self, context: SceneContext, start: Path, opened: Callable[[Path], None]) -> None:
        self.path = f"{start}{'' if str(start).endswith(('/', chr(92))) else '/'}"
        self._opened = opened
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
        size = TypeScale.for_window(self.context.screen.get_size()).body
        height = round(size * 1.8)
        self.panel.height += height + size
        self.panel.centery = self.context.screen.get_height() // 2
        top = self.panel.bottom - size * 2 - self.buttons[0].rect.height - height - size
        self.line = pygame.Rect(
            self.panel.left + size * 2, top, self.panel.width - size * 4, height
        )
        for button in self.buttons:
            button.rect.top = self.line.bottom + size

    def on_enter(self) -> None:
        super().on_enter()
        pygame.key.start_text_input()

    def on_leave(self) -> None:
        super().on_leave()
        pygame.key.stop_text_input()

    def handle_event(self, event: pygame.event.Event) -> bool:
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

    def update(self, dt: float) -> None:
        self.typing = True

    def _type(self, typed: str) -> None:
        kept = "".join(character for character in typed if is_printable(character))
        self.path = (self.path + kept)[:LONGEST_PATH]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        size = TypeScale.for_window(surface.get_size()).body
        pygame.draw.rect(surface, (12, 30, 22), self.line, border_radius=size // 3)
        pygame.draw.rect(surface, GOLD, self.line, 1, border_radius=size // 3)
        text = self.context.text
        inside = self.line.inflate(-size, 0)
        shown = _tail_that_fits(self.path + "▏", text.font(size), inside.width)
        text.blit(surface, shown, size, INK, box=inside, midleft=(inside.left, inside.centery))


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
