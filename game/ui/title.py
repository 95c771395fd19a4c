"""The title screen: New game, the opponents' level, Quit — nothing that does not work."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.cards import Card, Rank, Suit
from game.ui.art import card_height as art_height
from game.ui.scene import Scene
from game.ui.setup import LEVELS
from game.ui.sprites import Pose
from game.ui.table_painter import felt
from game.ui.widgets import GOLD, MUTED, Button

if TYPE_CHECKING:
    from game.ui.app import App

_FAN = (
    Card(Rank.THREE, Suit.HEARTS),
    Card(Rank.SEVEN, Suit.SPADES),
    Card(None, None),
    Card(Rank.JACK, Suit.DIAMONDS),
    Card(Rank.KING, Suit.CLUBS),
)


class TitleScene(Scene):
    """Start a match against Left, Top and Right at the chosen level."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.level = app.options.level
        self.buttons = [
            Button("New game", lambda: app.new_game(self.level)),
            Button(self._level_label(), self._next_level),
            Button("Quit", app.quit),
        ]
        self.on_resize()

    def _level_label(self) -> str:
        return f"Opponents: {self.level.capitalize()}"

    def _next_level(self) -> None:
        self.level = LEVELS[(LEVELS.index(self.level) + 1) % len(LEVELS)]
        self.buttons[1].label = self._level_label()
        self.app.sounds.play("click")

    def on_resize(self) -> None:
        width, height = self.app.screen.get_size()
        button_width, button_height = round(width * 0.24), round(height * 0.07)
        for index, button in enumerate(self.buttons):
            button.rect = pygame.Rect(0, 0, button_width, button_height)
            button.rect.center = (width // 2, round(height * (0.58 + index * 0.1)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.buttons[0].on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        surface.blit(felt((width, height)), (0, 0))
        card_height = art_height(height * 0.2)
        self.app.art.use_heights((card_height,))
        for index, card in enumerate(_FAN):
            angle = (index - 2) * -9
            center = (
                width / 2 + (index - 2) * card_height * 0.32,
                height * 0.33 + abs(index - 2) * 8,
            )
            self.app.art.draw(surface, card, Pose(center, card_height, angle, True))
        text = self.app.text
        size = round(height * 0.075)
        text.blit(
            surface, "Three-Thirteen", size, GOLD, True, center=(width // 2, round(height * 0.1))
        )
        line = (
            "Eleven rounds, 3 to 13 cards; the wild rank follows the hand size. Lowest total wins."
        )
        text.blit(
            surface, line, round(height * 0.024), MUTED, center=(width // 2, round(height * 0.48))
        )
        for button in self.buttons:
            button.draw(surface, text)
