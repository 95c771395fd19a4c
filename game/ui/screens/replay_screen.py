"""The replay: a finished (or abandoned) match stepped through move by move, forwards and
back, with your hand, the piles, the melds and the log as they were; every hand shown on
request, and the review's verdict beside each of your decisions.

The table is painted as at play (:mod:`~game.ui.seen.table_painter`), every card at
rest; the buttons lie in the table's button row, the slider by round and the line that
says where you are in the foot of the table, where the keys' help goes at play.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

import pygame

from game.engine.actions import Phase
from game.engine.cards import Card
from game.engine.solver import best_arrangement
from game.i18n import N_, _
from game.profile.kept_match import KeptMatch, ReviewFigures
from game.sim.review import Decision, review_figures, same_decision
from game.sim.review_worker import ReviewFailed
from game.ui.kit.slider import StageSlider
from game.ui.kit.text import Color
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import GOLD, INK, MUTED, Button, lay_out_row, translucent_plate
from game.ui.scene import Scene, SceneContext
from game.ui.screens.replay_steps import ReplaySteps
from game.ui.screens.review_work import ReviewWork
from game.ui.screens.verdict import verdict
from game.ui.seen.fitting import fitted_layout
from game.ui.seen.layout import TableLayout
from game.ui.seen.log_panel import LogPanel
from game.ui.seen.picture import AtPlay, TablePicture, table_picture
from game.ui.seen.resting_layer import RestingLayer
from game.ui.seen.shown import ShownTable
from game.ui.seen.stage import CardStage
from game.ui.seen.table_painter import paint_table
from game.words.seat_words import Seating
from game.words.table_words import round_title, seat_label, your_line

SHOW_HANDS = N_("Show every hand")
HIDE_HANDS = N_("Hide the hands")
FOOT_LINES = 4.8
"""How tall the foot of the table is (where you are, the slider), in text sizes."""


class ReplayScene(Scene):
    """A kept match, move by move: ←/→ a move, Home/End the ends, PageUp/PageDown a round,
    H every hand, Escape or Close leave."""

    def __init__(
        self,
        context: SceneContext,
        kept: KeptMatch,
        on_reviewed: Callable[[ReviewFigures], None] | None = None,
    ) -> None:
        """``on_reviewed`` gets the review's figures of your decisions once it is done."""
        super().__init__(context)
        self.kept = kept
        summary, rules = kept.summary, kept.match.rules
        self.seating = Seating(human=not summary.autoplay, names=summary.names)
        self.steps = ReplaySteps(kept.match, self.seating.human)
        self.position = 0
        """How many moves of the match are shown made."""
        self.every_hand = False
        self.pointer: tuple[int, int] | None = None
        """Where the mouse is (None: not seen yet)."""
        """True to show every hand face up (the match has ended)."""
        self.decisions: dict[int, Decision] | None = None
        """Your decisions by the index of their move, once reviewed."""
        self._work = ReviewWork(kept.match, use_process=context.options.ai_process)
        self._on_reviewed = on_reviewed
        self.log_panel = LogPanel()
        self.resting = RestingLayer()
        self.layout = TableLayout(
            *context.screen.get_size(), players=rules.players, open_table=rules.table == "open"
        )
        self.shown = ShownTable(rules, self.seating.human)
        self.stage = CardStage(self.shown, self.layout)
        self.arrangement = best_arrangement((), self.shown.wild_rank, rules)
        self.log: tuple[str, ...] = ()
        self.buttons = [
            Button(lambda: "|◀", lambda: self.go_to(0), lambda: self.position > 0),
            Button(N_("Previous round"), lambda: self.by_round(-1), lambda: self.position > 0),
            Button(lambda: "◀", lambda: self.go_to(self.position - 1), lambda: self.position > 0),
            Button(lambda: "▶", lambda: self.go_to(self.position + 1), self._not_at_end),
            Button(N_("Next round"), lambda: self.by_round(1), self._not_at_end),
            Button(lambda: "▶|", lambda: self.go_to(self.steps.last), self._not_at_end),
            Button(self._hands_label, self.toggle_hands, also=(SHOW_HANDS, HIDE_HANDS)),
            Button(N_("Close"), self.context.pop),
        ]
        labels = [str(number) for number in range(1, len(self.steps.round_starts) + 1)]
        self.slider = StageSlider(labels, self.to_round)
        self.where_rect = pygame.Rect(0, 0, 0, 0)
        """Where the line that says where you are goes."""

    # --- moving ----------------------------------------------------------------------

    def _not_at_end(self) -> bool:
        return self.position < self.steps.last

    def _hands_label(self) -> str:
        return _(HIDE_HANDS) if self.every_hand else _(SHOW_HANDS)

    def go_to(self, position: int) -> None:
        """Show the table after ``position`` moves (kept within the match)."""
        self.position = max(0, min(self.steps.last, position))
        self._show()

    def to_round(self, index: int) -> None:
        """To the first move of round ``index`` (0-based): its deal."""
        starts = self.steps.round_starts
        self.go_to(starts[max(0, min(len(starts) - 1, index))])

    def by_round(self, by: int) -> None:
        """To the next round's deal (``by`` 1), or back to this round's deal or, from there,
        the round before's (``by`` −1)."""
        starts = self.steps.round_starts
        if by > 0:
            later = [start for start in starts if start > self.position]
            self.go_to(later[0] if later else self.steps.last)
        else:
            earlier = [start for start in starts if start < self.position]
            self.go_to(earlier[-1] if earlier else 0)

    def toggle_hands(self) -> None:
        self.every_hand = not self.every_hand
        self._show()

    def _show(self) -> None:
        """Lay the table out as it was after :attr:`position` moves, every card at rest."""
        steps, rules = self.steps, self.kept.match.rules
        self.shown = steps.shown_at(self.position)
        over = self.shown.phase is Phase.MATCH_OVER
        seats = range(len(self.shown.hands)) if self.every_hand or over else ()
        self.stage.rest(self.shown, seats)
        self.arrangement = best_arrangement(tuple(self.shown.hands[0]), self.shown.wild_rank, rules)
        log = steps.log_at(self.position)
        self.log = tuple(log.lines(self.seating, self.shown.rounds, rules.contracts))
        self.log_panel.follow_newest()

    # --- the scene -------------------------------------------------------------------

    def on_enter(self) -> None:
        self.on_resize()

    def on_leave(self) -> None:
        self._work.stop()

    def on_resize(self) -> None:
        width, height = self.context.screen.get_size()
        text, size = self.context.text, TypeScale.for_window((width, height)).body
        sample = your_line(self.seating, self.kept.summary.policies, 0, sample=True)
        seats = range(self.kept.match.rules.players)
        labels = [seat_label(seat, self.seating, self.kept.summary.policies) for seat in seats]

        def foot_lines(table: TableLayout, scale: TypeScale) -> int:
            return math.ceil(scale.body * FOOT_LINES / table.keys_line_step)

        self.layout, self.log_panel.rect = fitted_layout(
            text, (width, height), self.kept.match.rules, True, sample, foot_lines, labels
        )
        layout = self.layout
        self.stage.layout = layout
        self.context.art.use_heights(layout.card_heights)
        lay_out_row(self.buttons, text, size, layout.button_room, gap=layout.button_gap)
        foot = pygame.Rect(layout.margin, layout.keys_top, layout.width - layout.margin * 2, 0)
        foot.height = height - foot.top - layout.margin // 2
        self.where_rect = pygame.Rect(foot.left, foot.top, foot.width, round(size * 1.6))
        slider_height = max(size * 2, foot.bottom - self.where_rect.bottom)
        self.slider.rect = pygame.Rect(0, self.where_rect.bottom, round(foot.width * 0.9), 0)
        self.slider.rect.height = slider_height
        self.slider.rect.centerx = foot.centerx
        self._show()

    def update(self, dt: float) -> None:
        if self.decisions is not None or not self._work.done():
            return
        try:
            found = self._work.result()
        except ReviewFailed:  # a review that failed: the replay goes on without verdicts
            self.decisions = {}
            return
        self.decisions = {decision.action_index: decision for decision in found}
        if self._on_reviewed is not None:
            self._on_reviewed(review_figures(found))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Everything stops here."""
        if any(button.handle_event(event) for button in self.buttons):
            return True
        if self.slider.handle_event(event) or self.log_panel.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type != pygame.KEYDOWN:
            return True
        moves: dict[int, Callable[[], None]] = {
            pygame.K_RIGHT: lambda: self.go_to(self.position + 1),
            pygame.K_LEFT: lambda: self.go_to(self.position - 1),
            pygame.K_HOME: lambda: self.go_to(0),
            pygame.K_END: lambda: self.go_to(self.steps.last),
            pygame.K_PAGEDOWN: lambda: self.by_round(1),
            pygame.K_PAGEUP: lambda: self.by_round(-1),
            pygame.K_h: self.toggle_hands,
            pygame.K_ESCAPE: self.context.pop,
        }
        move = moves.get(event.key)
        if move is not None:
            move()
        return True

    # --- what is shown ---------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        """Your decision just shown made, once the review is done."""
        return (self.decisions or {}).get(self.position - 1)

    def where_line(self) -> str:
        """``Round 4 of 11 · move 37 of 338``."""
        shown = self.shown
        return round_title(shown.round_index, shown.rounds, move=(self.position, self.steps.last))

    def verdict_lines(self) -> list[tuple[str, Color]]:
        """The review's verdict on the decision just shown made (none if it is not yours)."""
        decision = self.decision
        if decision is None:
            return []
        words = verdict(decision, self.seating.name)
        if decision.priced and same_decision(decision.played, decision.best):
            return [(words.played, INK), (_("As the hard AI would"), MUTED)]
        return [(words.played, INK), (words.best, INK), (words.cost, GOLD)]

    def magnified(self) -> Card | None:
        """The card under the pointer drawn smaller than your hand's (a hand shown, a meld),
        if any: it is shown large with its name."""
        return None if self.pointer is None else self.stage.small_card_at(self.pointer)

    def picture(self) -> TablePicture:
        """What the painter draws: the table after :attr:`position` moves, at rest."""
        picture = table_picture(
            self.layout,
            self.shown,
            self.stage.sprites,
            self.seating,
            self.kept.summary.policies,
            self.arrangement,
            tuple(self.buttons),
            self.log,
            self.log_panel,
            AtPlay(magnified=self.magnified()),
            every_hand=self.every_hand,
        )
        return dataclasses.replace(picture, status="") if self.verdict_lines() else picture

    def draw(self, surface: pygame.Surface) -> None:
        context = self.context
        paint_table(
            self.picture(), surface, context.art, context.text, self.resting, False, self._over
        )

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect]:
        context = self.context
        changed = paint_table(
            self.picture(), surface, context.art, context.text, self.resting, True, self._over
        )
        return [surface.get_rect()] if changed is None else changed

    def _over(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """What the replay paints over the table: the verdict, where you are, the slider
        (returns where)."""
        text, size, where = self.context.text, self.layout.text_size, self.where_rect
        painted = self._draw_verdict(surface)
        line = self.where_line()
        painted.append(text.blit(surface, line, size, INK, True, box=where, center=where.center))
        painted.append(self.slider.draw(surface, text, size, self.steps.fraction(self.position)))
        return painted

    def _draw_verdict(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The verdict on a plate in the message lines between the piles and the buttons
        (or, until the review is done, a line that says it is under way); returns where."""
        layout, text = self.layout, self.context.text
        size, band = layout.text_size, layout.message_band
        if self.decisions is None:
            words = _("Reviewing your decisions…")
            at = layout.message_center(1)
            return [text.blit(surface, words, size, MUTED, box=band, center=at)]
        lines = self.verdict_lines()
        if not lines:
            return []
        first = 2 - len(lines)  # the last line level with the notice's, above the buttons
        places = [layout.message_center(first + row) for row in range(len(lines))]
        widths = [text.where(words, size, band).width for words, _colour in lines]
        plate = pygame.Rect(0, 0, min(band.width, max(widths) + size * 2), 0)
        plate.height = layout.line_step * len(lines) + size // 2
        plate.center = (band.centerx, (places[0][1] + places[-1][1]) // 2)
        surface.blit(translucent_plate(plate.size, 215, size // 2), plate)
        pygame.draw.rect(surface, GOLD, plate, 1, border_radius=size // 2)
        for (words, colour), at in zip(lines, places, strict=True):
            text.blit(surface, words, size, colour, box=plate.inflate(-size, 0), center=at)
        return [plate]
