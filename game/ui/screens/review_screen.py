"""The review: each of your decisions of a round (or the match) on a small table — your
hand, the discard pile's top, what you did, what the hard AI would have done, and what the
difference was expected to cost — the costliest few marked with a star.

The review is worked out in a worker process (a whole match takes about a second), so the
window never waits for it; until it is ready the screen says so.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import pygame

from game.engine.cards import Card, wild_rank_for
from game.engine.contracts import contract_for
from game.engine.match import Match
from game.i18n import N_, _
from game.sim.review import Decision, costliest
from game.sim.review_worker import ReviewFailed
from game.ui.kit.art import card_height, card_width
from game.ui.kit.felt import felt
from game.ui.kit.sprites import Pose
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import GOLD, INK, MUTED, Button, lay_out_row
from game.ui.scene import Scene, SceneContext
from game.ui.screens.review_work import ReviewWork
from game.ui.screens.verdict import verdict
from game.ui.seen.hand_order import by_suit
from game.words.card_words import capitalized, wild_sentence
from game.words.contract_words import contract_words
from game.words.hint_words import by_place
from game.words.seat_words import Seating

log = logging.getLogger(__name__)


class ReviewScene(Scene):
    """Steps through your decisions; ←/→ or the buttons move, Escape or Close leave."""

    def __init__(
        self,
        context: SceneContext,
        match: Match,
        round_number: int | None,
        order: Sequence[Card] = (),
    ) -> None:
        super().__init__(context)
        self.round_number = round_number
        self.rules = match.rules
        self.order = {card: index for index, card in enumerate(order)}
        """Your hand's order at the table: a hand is shown in it, the cards you no longer
        hold after them sorted by suit (as a hand is dealt to you)."""
        self._work = ReviewWork(match, round_number, context.options.ai_process)
        self.decisions: list[Decision] | None = None
        self.costly: set[int] = set()
        """The action indices of the costliest decisions."""
        self.index = 0
        self.buttons = [
            Button(N_("Previous"), lambda: self.move(-1), lambda: self.index > 0),
            Button(N_("Next"), lambda: self.move(1), lambda: self.index < self.last),
            Button(N_("Costliest"), self.next_costly, lambda: bool(self.costly)),
            Button(N_("Close"), self.context.pop),
        ]

    @property
    def last(self) -> int:
        return len(self.decisions or ()) - 1

    @property
    def ready(self) -> bool:
        return self.decisions is not None

    def move(self, by: int) -> None:
        self.index = max(0, min(self.last, self.index + by))

    def next_costly(self) -> None:
        """To the next of the costliest decisions (round the list)."""
        decisions = self.decisions or []
        for step in range(1, len(decisions) + 1):
            candidate = (self.index + step) % len(decisions)
            if decisions[candidate].action_index in self.costly:
                self.index = candidate
                return

    def on_enter(self) -> None:
        self.on_resize()

    def on_leave(self) -> None:
        self._work.stop()

    def on_resize(self) -> None:
        width, height = self.context.screen.get_size()
        size = TypeScale.for_window((width, height)).body
        button_height = round(size * 2.2)
        row = pygame.Rect(size, height - size - button_height, width - size * 2, button_height)
        lay_out_row(self.buttons, self.context.text, size, row, least=size * 8)
        self.context.art.use_heights((self._card_height(),))

    def _card_height(self) -> int:
        return card_height(self.context.screen.get_height() * 0.16)

    def update(self, dt: float) -> None:
        if self.decisions is None and self._work.done():
            try:
                self.decisions = self._work.result()
            except ReviewFailed as error:  # never a crash: the screen shows no decisions
                log.warning("the review failed: %s", error)
                self.decisions = []
            self.costly = {decision.action_index for decision in costliest(self.decisions)}

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Everything stops here."""
        if any(button.handle_event(event) for button in self.buttons):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.context.pop()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.move(-1 if event.key == pygame.K_LEFT else 1)
        return True

    # --- drawing ---------------------------------------------------------------------

    def in_your_order(self, hand: Sequence[Card]) -> list[Card]:
        """``hand`` in the order you keep it at the table (see :attr:`order`)."""
        held = [card for card in hand if card in self.order]
        rest = [card for card in hand if card not in self.order]
        return sorted(held, key=self.order.__getitem__) + by_suit(rest)

    def title(self) -> str:
        """``Review of round 3`` (``— contract: 2 sets`` under contracts), or of the match."""
        if self.round_number is None:
            return _("Review of the match")
        title = _("Review of round {number}").format(number=self.round_number)
        if not self.rules.contracts:
            return title
        contract = self.contract_of(self.round_number)
        return _("{review} — contract: {contract}").format(review=title, contract=contract)

    def contract_of(self, round_number: int) -> str:
        """The contract of round ``round_number`` (1-based), in words."""
        return contract_words(contract_for(self.rules.hand_sizes[round_number - 1]))

    def seat_name(self, seat: int) -> str:
        """An opponent as the table calls it: the settings' names when they are this
        table's, else its place."""
        names = self.context.memory.settings.names
        if len(names) == self.rules.players - 1:
            return Seating(names=names).name(seat)
        return by_place(self.rules.players)(seat)

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        surface.blit(felt((width, height)), (0, 0))
        text = self.context.text
        size = TypeScale.for_window((width, height)).body
        title_size = TypeScale(size).title
        text.blit(surface, self.title(), title_size, GOLD, True, midtop=(width // 2, size))
        if self.decisions is None:
            text.blit(
                surface, _("Reviewing your decisions…"), size, INK, center=(width // 2, height // 2)
            )
        elif not self.decisions:
            text.blit(
                surface,
                _("You made no decisions here"),
                size,
                INK,
                center=(width // 2, height // 2),
            )
        else:
            self._draw_decision(surface, self.decisions[self.index], size)
        for button in self.buttons:
            button.draw(surface, text)

    def _draw_decision(self, surface: pygame.Surface, decision: Decision, size: int) -> None:
        width, height = surface.get_size()
        text, art = self.context.text, self.context.art
        number = _("Decision {index} of {count} · round {round}, turn {turn}").format(
            index=self.index + 1,
            count=len(self.decisions or ()),
            round=decision.round,
            turn=decision.turn,
        )
        text.blit(surface, number, size, MUTED, midtop=(width // 2, round(size * 3.4)))
        wild = wild_rank_for(self.rules.hand_sizes[decision.round - 1])
        wild_top = round(size * 3.4) + round(size * 1.4)
        sentence = capitalized(wild_sentence(wild))  # a line of its own here
        if self.rules.contracts and self.round_number is None:  # else the heading names it
            contract = self.contract_of(decision.round)
            sentence = _("{wild} · contract: {contract}").format(wild=sentence, contract=contract)
        text.blit(surface, sentence, size, GOLD, True, midtop=(width // 2, wild_top))
        card = self._card_height()
        hand = self.in_your_order(decision.hand)
        step = min(card_width(card) * 1.05, (width * 0.8) / max(1, len(hand)))
        left = width / 2 - step * (len(hand) - 1) / 2
        hand_y = max(height * 0.30, wild_top + size * 1.8)
        for position, held in enumerate(hand):
            art.draw(surface, held, Pose((left + step * position, hand_y + card / 2), card))
        top_y = hand_y + card * 1.25
        label = _("Discard pile")
        if decision.discard_top is not None:
            art.draw(surface, decision.discard_top, Pose((width / 2, top_y + card / 2), card))
        text.blit(surface, label, size, MUTED, midtop=(width // 2, round(top_y + card + 4)))
        lines_y = round(top_y + card + size * 2.5)
        words = verdict(decision, self.seat_name)
        costly = decision.action_index in self.costly
        rows = [
            (words.played, INK),
            (words.best, INK),
            (words.cost, GOLD if decision.loss else MUTED),
        ]
        if costly:
            rows.append((_("★ One of your costliest decisions"), GOLD))
        for number_, (line, colour) in enumerate(rows):
            text.blit(
                surface,
                line,
                size,
                colour,
                number_ == 2,
                midtop=(width // 2, lines_y + round(size * 1.5) * number_),
            )
