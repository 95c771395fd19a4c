"""The match's end: the winner or winners, the final sheet, New game, Main menu or Quit."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.events import MatchOver
from game.i18n import N_, _
from game.ui.kit.celebration import SHOWER_SECONDS, Confetti
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import (
    INK,
    Button,
    lay_out_row,
)
from game.ui.scene import SceneContext
from game.ui.seen.shown import ShownTable
from game.ui.table.overlay import Overlay, OverlayLayout
from game.ui.table.running_totals import TotalsView
from game.ui.table.score_sheet import paint_score_sheet
from game.words.seat_words import Seating
from game.words.table_words import winners_line

PLACES_GAP = "   "
"""Between two places of the match end's ranking (its lines break there)."""


class MatchEndScene(Overlay):
    """The winner or winners, the final sheet, New game, Main menu or Quit."""

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
        celebrated = bool(self.pace) and seating.human and 0 in event.winners
        self.confetti = Confetti(sum(event.totals), SHOWER_SECONDS if celebrated else 0.0)
        """The player's celebration: only when you win (alone or sharing), and none at the
        instant speed."""
        self.motions.append(self.confetti)
        self.buttons = [Button(N_("New game"), new_game)]
        if same_deal is not None:
            self.buttons.append(Button(N_("Play this deal again"), same_deal))
        if open_review is not None:
            self.buttons.append(Button(N_("Review"), open_review))
        self.buttons.append(Button(N_("Main menu"), context.main_menu))
        self.buttons.append(Button(N_("Quit"), context.quit))
        self.row = list(self.buttons)
        """The buttons at the panel's foot (the chart's toggle stands under the title)."""
        self.totals = TotalsView()

    def places(self) -> str:
        """``1. Left 40   2. You 52 …``: the final order."""
        totals = self.event.totals
        order = sorted(range(len(totals)), key=lambda seat: totals[seat])
        return PLACES_GAP.join(
            _("{place}. {name} {total}").format(
                place=place, name=self.seating.name(seat), total=totals[seat]
            )
            for place, seat in enumerate(order, start=1)
        )

    def sheet_area(self, layout: OverlayLayout) -> pygame.Rect:
        """Where the sheet (and the chart) go: the content, over the places' lines."""
        text, size = self.context.text, layout.text_size
        heading, box = TypeScale(size).heading, layout.panel.inflate(-size * 2, 0)
        lines = text.wrap(self.places(), heading, box.width, True, PLACES_GAP)
        sheet = layout.content.copy()
        sheet.height -= round(size * 2.2) + round(heading * 1.25) * (len(lines) - 1)
        return sheet

    def on_resize(self) -> None:
        layout = self.layout
        text, size = self.context.text, layout.text_size
        lay_out_row(self.row, text, size, layout.buttons, least=size * 9)
        area = self.sheet_area(layout)
        self.buttons = list(self.row)
        if not self.totals.side_by_side(text, area, size, self.shown, self.seating):
            toggle = self.totals.button
            width = toggle.width_needed(text, size)
            height = round(size * 1.7)
            toggle.rect = pygame.Rect(area.right - width, area.top - height - size // 4, width, 0)
            toggle.rect.height = height
            self.buttons.append(toggle)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c:
            if self.totals.button in self.buttons:
                self.totals.toggle()
            return True
        return super().handle_event(event)

    def draw_content(self, surface: pygame.Surface, layout: OverlayLayout) -> None:
        self.draw_title(surface, layout, winners_line(self.event.winners, self.seating))
        text, size = self.context.text, layout.text_size
        heading, box = TypeScale(size).heading, layout.panel.inflate(-size * 2, 0)
        lines = text.wrap(self.places(), heading, box.width, True, PLACES_GAP)
        line = round(heading * 1.25)
        shown, seating, winners = self.shown, self.seating, self.event.winners

        def sheet(area: pygame.Rect) -> None:
            paint_score_sheet(surface, text, area, shown, seating, winners)

        self.totals.paint(surface, text, self.sheet_area(layout), shown, seating, sheet)
        for number, places in enumerate(reversed(lines)):  # the last line at the foot
            bottom = (layout.panel.centerx, layout.content.bottom - line * number)
            text.blit(surface, places, heading, INK, True, box=box, midbottom=bottom)

    @property
    def spills(self) -> bool:
        return not self.confetti.done

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.confetti.draw(surface)
