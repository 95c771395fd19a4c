"""Learn to play: the table on the guided round's deal, a panel that says each step, and
the move each step waits for highlighted; any other move is refused with the step's words.

Nothing is kept: the match is never saved, never goes into the history or the statistics,
and your own saved match stays as it was. Escape leaves for the title at any step.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.engine.actions import Action, Discard
from game.engine.cards import Card
from game.engine.events import RoundScored
from game.engine.seating import default_names
from game.i18n import N_
from game.profile.saved_match import SavedMatch
from game.seats.messages import seat_rng_state
from game.sim.match_setup import MatchSetup
from game.ui.kit.widgets import INK, Button, translucent_plate
from game.ui.learn.lesson import (
    STEPS,
    TEACHER,
    Step,
    Wait,
    expected,
    lesson_match,
    lesson_opening,
    said,
)
from game.ui.scene import SceneContext
from game.ui.seen.action_log import ActionLog
from game.ui.seen.picture import TablePicture
from game.ui.seen.stage import rect_of
from game.ui.table.keeping import MatchKeeper
from game.ui.table.playback import Arrival
from game.ui.table.table import TableScene

HIGHLIGHT = (120, 230, 255)
"""The glow of what a step asks you to use: a pile, a card, the Hint button."""


class LessonKeeper(MatchKeeper):
    """Keeps nothing: the guided round is never saved, kept or counted."""

    def applied(self) -> None:
        """Nothing to save."""

    def save(self) -> None:
        """Nothing to save."""


class LearnScene(TableScene):
    """The guided round (see the module's doc)."""

    def __init__(self, context: SceneContext) -> None:
        self.step_index = 0
        self.scored = False
        """True once the round's summary was opened."""
        self.next_button = Button(N_("Next"), self._next)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._panel_lines: list[str] = []
        match = lesson_match()
        names = default_names(match.players)
        policies = {1: TEACHER}
        states = {1: seat_rng_state(match.seed, 1)}
        saved = SavedMatch(match, policies, names, tuple(match.hands[0]), states)
        pace = context.options.move_seconds(context.memory.settings)
        setup = MatchSetup(match.seed, match.rules, policies, pace, None, names)
        super().__init__(context, setup, saved)
        self.playback.banner = None
        self.playback.log = ActionLog()  # the deal's own lines, not those of its seed's
        for event in lesson_opening(match):
            self.playback.log.follow(event)
        self.keeper = LessonKeeper(self, context, self.setup)
        self.hints.coached = False

    @property
    def step(self) -> Step:
        return STEPS[self.step_index]

    @property
    def done(self) -> bool:
        """True at the last step."""
        return self.step_index == len(STEPS) - 1

    # --- the steps -------------------------------------------------------------------

    def _advance(self) -> None:
        if not self.done:
            self.step_index += 1
            self.on_resize()

    def _next(self) -> None:
        """Next (or Enter) on a step that waits for it; the last leaves for the title."""
        if self.step.wait is not Wait.NEXT:
            return
        self.context.sounds.play("click")
        if self.done:
            self.context.main_menu()
        else:
            self._advance()

    def play(self, action: Action, arrival: Arrival | None = None) -> bool:
        """Your move, if it is the one the step asks for; any other is refused with the
        step's words."""
        going_out = self.match.going_out_discards() if self.drawn else ()
        if not expected(self.step, action, going_out):
            if self.your_turn:
                self.refuse(said(self.step))
            return False
        played = super().play(action, arrival)
        if played:
            self._advance()
        return played

    def update(self, dt: float) -> None:
        if self._waited():  # before the table moves on: the next round is never shown
            self._advance()
        if self.done:  # the round is over: the table rests as it ended
            self.pointer.clock += dt
            self.playback.banner = None
            return
        super().update(dt)

    def _waited(self) -> bool:
        """True once the table did what the step waits for: the teacher played, the hint
        came, the round's summary was closed."""
        match self.step.wait:
            case Wait.TABLE:
                return self.your_turn and not self.drawn and not self.busy
            case Wait.HINT:
                return self.hints.hint is not None
            case Wait.SUMMARY:
                return self.scored and not self.covered
        return False

    def round_scored(self, event: RoundScored) -> None:
        super().round_scored(event)
        self.scored = True

    def pause(self) -> None:
        """Escape: the lesson ends, nothing kept."""
        self.context.sounds.play("click")
        self.context.main_menu()

    def undo_offered(self) -> bool:
        """Never, whatever the setting: taking a move back would open the guided round's
        match as a saved one, over yours."""
        return False

    def _ai_to_move(self) -> bool:
        return not self.done and super()._ai_to_move()

    # --- input and drawing -----------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.step.wait is Wait.NEXT:
            if self.next_button.handle_event(event):
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._next()
                return True
        return super().handle_event(event)

    def on_resize(self) -> None:
        super().on_resize()
        self._lay_out_panel()

    def _lay_out_panel(self) -> None:
        """The panel left of the piles (no seat sits there at two), its words wrapped."""
        layout, text = self.layout, self.context.text
        size = layout.text_size
        piles = layout.pile_rect(True)
        top_hand = layout.seat_center(1)[1] + layout.seat_card_height(1) / 2
        top = round(max(top_hand, layout.plate_box(1).bottom)) + layout.margin
        bottom = layout.message_center(0)[1] + layout.line_step // 2  # the status stays blank
        left = layout.margin
        room = pygame.Rect(left, top, piles.left - layout.margin * 2 - left, bottom - top)
        self._panel_lines = text.wrap(said(self.step), size, room.width - size)
        line = self._line_step()
        button_height = round(size * 2) if self.step.wait is Wait.NEXT else 0
        height = (
            line * len(self._panel_lines) + size + button_height + (size if button_height else 0)
        )
        self.panel = pygame.Rect(room.left, room.top, room.width, height)
        if self.panel.height < room.height:
            self.panel.centery = room.centery
        label = N_("Back to the title") if self.done else N_("Next")
        self.next_button.label = label
        width = self.next_button.width_needed(text, size)
        self.next_button.rect = pygame.Rect(0, 0, min(width, room.width - size), button_height)
        self.next_button.rect.midbottom = (self.panel.centerx, self.panel.bottom - size // 2)

    def picture(self) -> TablePicture:
        """The table's picture, its status line left blank: the panel says what to do."""
        return replace(super().picture(), status="")

    def _line_step(self) -> int:
        """From one line of the panel to the next: as tall as the tallest letters drawn."""
        font = self.context.text.font(self.layout.text_size)
        return max(font.get_linesize(), font.size("ÁÉgjy")[1]) + 1

    def _over(self, surface: pygame.Surface) -> list[pygame.Rect]:
        painted = super()._over(surface)
        painted += self._highlights(surface)
        return [*painted, self._paint_panel(surface)]

    def _paint_panel(self, surface: pygame.Surface) -> pygame.Rect:
        layout, text = self.layout, self.context.text
        size = layout.text_size
        radius = size // 2
        surface.blit(translucent_plate(self.panel.size, 235, radius), self.panel)
        pygame.draw.rect(surface, HIGHLIGHT, self.panel, 2, border_radius=radius)
        line = self._line_step()
        box = self.panel.inflate(-size, 0)
        for index, words in enumerate(self._panel_lines):
            top = self.panel.top + size // 2 + index * line
            text.blit(surface, words, size, INK, box=box, topleft=(box.left, top))
        if self.step.wait is Wait.NEXT:
            self.next_button.draw(surface, text)
        return self.panel.inflate(4, 4)

    def _highlights(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """A ring round what the step asks you to use."""
        rects = [rect for rect in self._targets() if rect.w]
        for rect in rects:
            pygame.draw.rect(surface, HIGHLIGHT, rect.inflate(10, 10), 4, border_radius=10)
        return [rect.inflate(14, 14) for rect in rects]

    def _targets(self) -> list[pygame.Rect]:
        step, layout = self.step, self.layout
        if self.busy or self.covered:
            return []
        match step.wait:
            case Wait.DRAW:
                return [layout.pile_rect(True)]
            case Wait.DISCARD:
                card = step.named
                return [self._card_rect(card), layout.pile_rect(False)] if card else []
            case Wait.HINT:
                return [self.hint_button.rect]
            case Wait.GO_OUT:
                hinted = self.hints.hint
                if hinted is not None and isinstance(hinted.action, Discard):
                    return [self._card_rect(hinted.action.card)]
        return []

    def _card_rect(self, card: Card) -> pygame.Rect:
        """Where the card of your hand like ``card`` (any copy) lies; empty if none does."""
        for held in self.hand:
            if str(held) == str(card):
                return rect_of(self.playback.stage.sprites[held])
        return pygame.Rect(0, 0, 0, 0)
