"""The score sheet over the table (Tab or Scores), with the running totals beside it."""

from __future__ import annotations

import pygame

from game.engine.actions import Phase
from game.i18n import N_, _
from game.ui.kit.widgets import (
    Button,
)
from game.ui.scene import SceneContext
from game.ui.seen.shown import ShownTable
from game.ui.table.overlay import Overlay, OverlayLayout
from game.ui.table.running_totals import TotalsView
from game.ui.table.score_sheet import paint_score_sheet
from game.words.seat_words import Seating


class ScoreSheetScene(Overlay):
    """The score sheet, a click away at any time, with the running totals chart beside it
    (or a button away, key C, in a window too small for both)."""

    def __init__(self, context: SceneContext, shown: ShownTable, seating: Seating) -> None:
        super().__init__(context, shown, seating)
        self.close_button = Button(N_("Close"), self.close)
        self.buttons = [self.close_button]
        self.totals = TotalsView()

    def on_resize(self) -> None:
        layout = self.layout
        text, size = self.context.text, layout.text_size
        both = self.totals.side_by_side(text, layout.content, size, self.shown, self.seating)
        self.buttons = [self.close_button] if both else [self.close_button, self.totals.button]
        super().on_resize()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c:
            if self.totals.button in self.buttons:
                self.totals.toggle()
            return True
        return super().handle_event(event)

    def draw_content(self, surface: pygame.Surface, layout: OverlayLayout) -> None:
        self.draw_title(surface, layout, _("Score sheet"))
        shown, text = self.shown, self.context.text
        current = shown.round_index if shown.phase is not Phase.MATCH_OVER else None

        def sheet(area: pygame.Rect) -> None:
            paint_score_sheet(surface, text, area, shown, self.seating, current=current)

        self.totals.paint(surface, text, layout.content, shown, self.seating, sheet)
