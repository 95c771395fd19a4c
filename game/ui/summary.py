"""Overlays on the table: the round summary, the score sheet and the match's end."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.engine.cards import Card
from game.engine.events import MatchOver, RoundScored
from game.ui.art import card_height as snap_height
from game.ui.art import card_width
from game.ui.hand_order import meld_groups
from game.ui.layout import SEAT_NAMES
from game.ui.scene import Scene
from game.ui.sprites import Pose
from game.ui.widgets import GOLD, INK, MUTED, PANEL, Button

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.table import TableScene


def winners_line(winners: Sequence[int]) -> str:
    """Who won, in words."""
    names = ["You" if seat == 0 else SEAT_NAMES[seat] for seat in winners]
    if len(names) == 1:
        return "You win the match!" if winners[0] == 0 else f"{names[0]} wins the match"
    return f"{', '.join(names[:-1])} and {names[-1]} share the win"


class Overlay(Scene):
    """A panel over the dimmed table; Enter, Escape or its button closes it."""

    opaque = False
    dismissable = True
    """Escape closes it (not the match's end, which only its buttons leave)."""

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.buttons: list[Button] = []

    def panel(self) -> pygame.Rect:
        width, height = self.app.screen.get_size()
        rect = pygame.Rect(0, 0, round(width * 0.86), round(height * 0.88))
        rect.center = (width // 2, height // 2)
        return rect

    def place_buttons(self) -> None:
        panel = self.panel()
        size = self.table.layout.text_size
        height, width, gap = round(size * 2.2), round(size * 9), size
        left = panel.centerx - (len(self.buttons) * (width + gap) - gap) // 2
        for index, button in enumerate(self.buttons):
            top = panel.bottom - height - size
            button.rect = pygame.Rect(left + index * (width + gap), top, width, height)

    def on_resize(self) -> None:
        self.place_buttons()

    def handle_event(self, event: pygame.event.Event) -> bool:
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
        panel = self.panel()
        pygame.draw.rect(surface, PANEL, panel, border_radius=14)
        pygame.draw.rect(surface, GOLD, panel, 2, border_radius=14)
        self.draw_content(surface, panel)
        for button in self.buttons:
            button.draw(surface, self.app.text)

    def draw_content(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """Paint what the overlay says inside ``panel``."""

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()


def paint_score_sheet(
    overlay: Overlay, surface: pygame.Surface, area: pygame.Rect, highlight: Sequence[int] = ()
) -> None:
    """Rounds down, players across, with running totals in the last row."""
    text = overlay.app.text
    shown = overlay.table.shown
    rows = shown.rounds + 2
    line = max(10, min(area.height // rows, round(overlay.table.layout.text_size * 1.35)))
    size = max(9, round(line * 0.72))
    columns = len(shown.hands) + 1
    width = area.width // columns
    hand_sizes = overlay.table.setup.rules.hand_sizes

    def cell(column: int, row: int, value: str, colour: tuple[int, int, int], bold: bool) -> None:
        center = (area.left + width * column + width // 2, area.top + line * row + line // 2)
        text.blit(surface, value, size, colour, bold, center=center)

    cell(0, 0, "Round", MUTED, True)
    for seat in range(len(shown.hands)):
        colour = GOLD if seat in highlight else INK
        cell(seat + 1, 0, "You" if seat == 0 else SEAT_NAMES[seat], colour, True)
    for number, size_dealt in enumerate(hand_sizes):
        cell(0, number + 1, f"{number + 1} ({size_dealt} cards)", MUTED, False)
        if number < len(shown.round_scores):
            for seat, points in enumerate(shown.round_scores[number]):
                cell(seat + 1, number + 1, str(points), INK if points else GOLD, False)
    totals_row = len(hand_sizes) + 1
    top = area.top + line * totals_row
    pygame.draw.line(surface, MUTED, (area.left, top), (area.right, top))
    cell(0, totals_row, "Total", MUTED, True)
    for seat, total in enumerate(shown.totals):
        cell(seat + 1, totals_row, str(total), GOLD if seat in highlight else INK, True)


class ScoreSheetScene(Overlay):
    """The score sheet, a click away at any time."""

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app, table)
        self.buttons = [Button("Close", self.close)]
        self.place_buttons()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.close()
            return True
        return super().handle_event(event)

    def draw_content(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        size = self.table.layout.text_size
        self.app.text.blit(
            surface,
            "Score sheet",
            round(size * 1.5),
            GOLD,
            True,
            midtop=(panel.centerx, panel.top + size),
        )
        area = panel.inflate(-size * 4, -size * 9)
        area.top = panel.top + size * 4
        paint_score_sheet(self, surface, area)


class RoundSummaryScene(Overlay):
    """Every hand face up with its melds and penalty, then the sheet; Continue goes on."""

    def __init__(
        self, app: App, table: TableScene, event: RoundScored, last: bool, auto_close: float | None
    ) -> None:
        super().__init__(app, table)
        self.event = event
        self.auto_close = auto_close
        self.hands = [list(hand) for hand in table.shown.hands]
        label = "See the result" if last else "Next round"
        self.buttons = [Button(label, self.close)]
        self.place_buttons()

    def update(self, dt: float) -> None:
        if self.auto_close is not None:
            self.auto_close -= dt
            if self.auto_close <= 0:
                self.close()

    def draw_content(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        event, text = self.event, self.app.text
        size = self.table.layout.text_size
        rounds = self.table.shown.rounds
        title = f"Round {event.round_index + 1} of {rounds}"
        if event.went_out is not None:
            who = "You" if event.went_out == 0 else SEAT_NAMES[event.went_out]
            title += f" — {who} went out"
        elif event.abandoned:
            title += " — the stock ran out"
        if event.multiplier > 1:
            title += " (penalties doubled)"
        text.blit(
            surface, title, round(size * 1.4), GOLD, True, midtop=(panel.centerx, panel.top + size)
        )
        row_height = round(panel.height * 0.11)
        top = panel.top + round(size * 3.4)
        for seat in range(len(event.arrangements)):
            self._paint_hand_row(surface, panel, seat, top + seat * row_height, row_height)
        sheet = pygame.Rect(panel.left + size * 2, top + 4 * row_height + size // 2, 0, 0)
        sheet.width = panel.width - size * 4
        sheet.height = panel.bottom - sheet.top - round(size * 3.6)
        paint_score_sheet(self, surface, sheet)

    def _paint_hand_row(
        self, surface: pygame.Surface, panel: pygame.Rect, seat: int, top: int, height: int
    ) -> None:
        event, text = self.event, self.app.text
        size = self.table.layout.text_size
        arrangement = event.arrangements[seat]
        name = "You" if seat == 0 else SEAT_NAMES[seat]
        penalty = event.penalties[seat]
        out = " (went out)" if seat == event.went_out else ""
        text.blit(surface, f"{name}{out}", size, INK, True, topleft=(panel.left + size * 2, top))
        colour = GOLD if penalty == 0 else INK
        text.blit(
            surface,
            f"{penalty} point{'' if penalty == 1 else 's'}",
            size,
            colour,
            topleft=(panel.left + size * 2, top + round(size * 1.4)),
        )
        card_height = snap_height(height - 6)
        self.app.art.use_heights((card_height,))
        x = panel.left + size * 13
        step = round(card_height * 0.42)
        groups = meld_groups(arrangement, self.hands[seat])
        chosen = {card for group in groups for card in group}
        leftover = [card for card in self.hands[seat] if card not in chosen]
        for group, faded in [*[(g, False) for g in groups], (leftover, True)]:
            for card in group:
                x = self._paint_card(surface, card, x, top, card_height, step, faded)
            x += step

    def _paint_card(
        self,
        surface: pygame.Surface,
        card: Card,
        x: int,
        top: int,
        height: int,
        step: int,
        faded: bool,
    ) -> int:
        center = (x + card_width(height) / 2, top + height / 2)
        rect = self.app.art.draw(surface, card, Pose(center, height))
        if faded:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((120, 20, 20, 70))
            surface.blit(veil, rect)
        return x + step


class MatchEndScene(Overlay):
    """The winner or winners, the final sheet, New game or Quit."""

    dismissable = False

    def __init__(
        self,
        app: App,
        table: TableScene,
        event: MatchOver,
        new_game: Callable[[], None],
    ) -> None:
        super().__init__(app, table)
        self.event = event
        self.buttons = [Button("New game", new_game), Button("Quit", app.quit)]
        self.place_buttons()

    def draw_content(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        size = self.table.layout.text_size
        line = winners_line(self.event.winners)
        self.app.text.blit(
            surface, line, round(size * 1.8), GOLD, True, midtop=(panel.centerx, panel.top + size)
        )
        area = panel.inflate(-size * 4, -size * 10)
        area.top = panel.top + size * 5
        paint_score_sheet(self, surface, area, highlight=self.event.winners)
        order = sorted(range(len(self.event.totals)), key=lambda seat: self.event.totals[seat])
        places = "   ".join(
            f"{place}. {'You' if seat == 0 else SEAT_NAMES[seat]} {self.event.totals[seat]}"
            for place, seat in enumerate(order, start=1)
        )
        bottom = self.buttons[0].rect.top - size
        self.app.text.blit(
            surface, places, round(size * 1.2), INK, True, midbottom=(panel.centerx, bottom)
        )
