"""A question over the screen beneath: a message and its answers, one of them the safe one.

One kind of dialog for every question the game asks (quit the game? abandon the match?)
and for the pause menu: a panel over the dimmed screen, the message wrapped at its top,
the answers in a row (two or three) or a column (more). The keyboard moves the focus
(Tab, Shift+Tab, the arrows) and Enter answers the one in focus; the safe answer is in
focus when the question opens, and Escape gives it. Nothing beneath sees any input while
the question is open.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.ui.kit.text import Text
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import GOLD, INK, PANEL, Button, dim
from game.ui.scene import Scene, SceneContext

ROW_MOST = 3
"""Up to this many answers stand side by side; more go one under the other."""
NEXT_KEYS = (pygame.K_RIGHT, pygame.K_DOWN)
PREVIOUS_KEYS = (pygame.K_LEFT, pygame.K_UP)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer to a question."""

    label: str
    """Its words (English, marked with ``N_``)."""
    action: Callable[[], None]
    """What it does; it is done after the question closes, unless :attr:`closes` is False."""
    closes: bool = True
    """False for an answer that opens a screen over the question (which comes back)."""


VEIL_KEPT = 105
"""How much of the screen beneath a question shows (out of 255)."""


class QuestionScene(Scene):
    """A message and its answers; ``safe`` is the index of the answer Escape gives."""

    opaque = False

    def __init__(
        self,
        context: SceneContext,
        message: str | Callable[[], str],
        answers: Sequence[Answer],
        safe: int = 0,
    ) -> None:
        super().__init__(context)
        self.message = message
        """The question (English, marked with ``N_``), or a function that words it."""
        self.answers = tuple(answers)
        self.safe = safe
        self.focus = safe
        self.buttons = [
            Button(answer.label, lambda answer=answer: self.answer(answer))  # type: ignore[misc]
            for answer in self.answers
        ]
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.open = True

    @property
    def words(self) -> str:
        """The message as drawn now, in the language in use."""
        return _(self.message) if isinstance(self.message, str) else self.message()

    # --- answering -------------------------------------------------------------------

    def answer(self, answer: Answer) -> None:
        """Give ``answer``: the question closes first (unless the answer keeps it open)."""
        if not self.open:
            return
        self.context.sounds.play("click")
        if answer.closes:
            self.open = False
            self.context.pop()
        answer.action()

    def cancel(self) -> None:
        """Escape: the safe answer."""
        self.answer(self.answers[self.safe])

    # --- scene hooks -----------------------------------------------------------------

    def on_enter(self) -> None:
        self.on_resize()

    def on_leave(self) -> None:
        self.open = False

    def on_resize(self) -> None:
        width, height = self.context.screen.get_size()
        size = TypeScale.for_window((width, height)).body
        lines = self.context.text.wrap(self.words, size, round(width * 0.6), bold=True)
        line_height = line_step(self.context.text, lines, size)
        count = len(self.buttons)
        in_row = count <= ROW_MOST
        button_height = round(size * 2.2)
        gap = size
        if in_row:
            needed = max(button.width_needed(self.context.text, size) for button in self.buttons)
            most = (round(width * 0.9) - gap * (count + 1)) // count
            button_width = min(max(round(size * 10), needed), most)
            buttons_width = count * button_width + (count - 1) * gap
            buttons_height = button_height
        else:
            button_width = min(round(size * 14), round(width * 0.6))
            buttons_width = button_width
            room = height * 0.9 - size * 3 - line_height * len(lines)
            step = min(button_height + gap // 2, room / count)
            button_height = round(step * 0.8)
            buttons_height = round(step * count - step * 0.2)
        bold = self.context.text.font(size, True)
        widest = max(bold.size(line)[0] for line in lines)
        panel_width = max(buttons_width, widest, round(width * 0.3)) + size * 4
        panel_width = min(panel_width, width - 2)
        panel_height = size * 2 + line_height * len(lines) + size + buttons_height + size * 2
        self.panel = pygame.Rect(0, 0, panel_width, min(panel_height, height - 2))
        self.panel.center = (width // 2, height // 2)
        top = self.panel.top + size * 2 + line_height * len(lines) + size
        left = self.panel.centerx - buttons_width // 2
        for index, button in enumerate(self.buttons):
            if in_row:
                rect = pygame.Rect(left + index * (button_width + gap), top, button_width, 0)
            else:
                rect = pygame.Rect(left, top + round(index * step), button_width, 0)
            rect.height = button_height
            button.rect = rect

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Every event stops here: the screen beneath gets none while the question is open."""
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type != pygame.KEYDOWN:
            return True
        shifted = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        count = len(self.buttons)
        if event.key == pygame.K_ESCAPE:
            self.cancel()
        elif event.key in ENTER_KEYS:
            self.answer(self.answers[self.focus])
        elif event.key == pygame.K_TAB:
            self.focus = (self.focus + (-1 if shifted else 1)) % count
        elif event.key in NEXT_KEYS:
            self.focus = (self.focus + 1) % count
        elif event.key in PREVIOUS_KEYS:
            self.focus = (self.focus - 1) % count
        return True

    def veil(self, surface: pygame.Surface) -> None:
        """The screen beneath, dimmed in place."""
        dim(surface, VEIL_KEPT)

    def draw(self, surface: pygame.Surface) -> None:
        width, _height = surface.get_size()
        size = TypeScale.for_window(surface.get_size()).body
        text = self.context.text
        radius = max(6, size // 2)
        pygame.draw.rect(surface, PANEL, self.panel, border_radius=radius)
        pygame.draw.rect(surface, GOLD, self.panel, 2, border_radius=radius)
        lines = text.wrap(self.words, size, round(width * 0.6), bold=True)
        line_height = line_step(text, lines, size)
        box = self.panel.inflate(-size * 2, 0)
        for index, line in enumerate(lines):
            center = (self.panel.centerx, self.panel.top + size * 2 + line_height * index)
            text.blit(surface, line, size, INK, True, box=box, midtop=center)
        for index, button in enumerate(self.buttons):
            button.draw(surface, text)
            if index == self.focus:
                ring = button.rect.inflate(6, 6)
                pygame.draw.rect(surface, GOLD, ring, 2, border_radius=max(4, ring.height // 4))


def line_step(text: Text, lines: Sequence[str], size: int) -> int:
    """How far apart the message's lines are: as far as the tallest of them is drawn, which
    can be a pixel more than the font's line size at a small size."""
    font = text.font(size, True)
    drawn = max(text.render(line, size, INK, True).get_height() for line in lines)
    return max(font.get_linesize(), drawn)
