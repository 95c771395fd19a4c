"""The table: your hand at the bottom, Left, Top and Right around the piles.

The scene plays one match. The engine's events are shown one at a time: the
:class:`ShownTable` follows them and the :class:`CardStage` moves the cards,
so the painter only ever sees what has been shown. The AI seats' decisions
come from the :class:`SeatsController`; your drags (through the
:class:`DragController`), clicks and keys become actions the engine checks.
An action the engine refuses changes nothing: the card glides back and the
reason is shown.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import assert_never

import pygame

from game.ai.hint import Suggestion
from game.engine.actions import Action, Discard, Draw, DrawSource, Phase
from game.engine.cards import Card
from game.engine.events import (
    CutForDeal,
    Dealt,
    Discarded,
    DiscardStarted,
    DrewFromStock,
    Event,
    LastTurnsBegan,
    MatchOver,
    RoundAbandoned,
    RoundScored,
    RoundStarted,
    StockReshuffled,
    TookDiscard,
    WentOut,
)
from game.engine.match import Match
from game.engine.solver import best_arrangement
from game.seats.controller import SeatsController
from game.ui import hand_order
from game.ui.art import card_height
from game.ui.drag import Clicked, DragController, Dropped, DropTarget, Press, Source, TargetKind
from game.ui.layout import TableLayout
from game.ui.names import round_title, seat_label, seat_name, status_line
from game.ui.scene import Scene, SceneContext
from game.ui.setup import MatchSetup
from game.ui.shown import ShownTable
from game.ui.sprites import CardSprite, Pose
from game.ui.stage import CardStage
from game.ui.summary import MatchEndScene, RoundSummaryScene, ScoreSheetScene
from game.ui.table_painter import REORDER_GLOW, TablePicture, paint_table
from game.ui.widgets import GOLD, Button

DOUBLE_CLICK_SECONDS = 0.4
STOCK_GHOST = Card(None, None)
"""Stands for the unknown top of the stock while it is dragged face down."""
SUMMARY_SECONDS = 2.0
"""How long a round summary stays open in autoplay (none at full speed)."""
_DRAW_SOURCES = {Source.STOCK: DrawSource.STOCK, Source.DISCARD: DrawSource.DISCARD}


@dataclass(slots=True)
class TimedText:
    """A message shown for ``seconds`` more."""

    text: str
    seconds: float

    @staticmethod
    def tick(message: TimedText | None, dt: float) -> TimedText | None:
        """``message`` after ``dt`` seconds: None once its time is up."""
        if message is None or message.seconds - dt <= 0:
            return None
        return TimedText(message.text, message.seconds - dt)


class TableScene(Scene):
    """A whole match at the table."""

    def __init__(self, context: SceneContext, setup: MatchSetup) -> None:
        super().__init__(context)
        self.setup = setup
        self.match = Match.new(setup.rules, setup.seed)
        self.shown = ShownTable(setup.rules)
        self.layout = TableLayout(*context.screen.get_size())
        self.stage = CardStage(self.shown, self.layout)
        self.drag = DragController(self.layout)
        self.seats = SeatsController(
            setup.policies, setup.seed, use_process=context.options.ai_process
        )
        self.queue: deque[Event] = deque(self.match.opening_events())
        self.clock = 0.0
        self.wait = 0.0
        """Seconds of pause left before the next event is shown."""
        self.covered = False
        self.finished = False
        self.rounds_scored = 0
        self.hint: Suggestion | None = None
        self.banner: TimedText | None = None
        self.notice: TimedText | None = None
        self.insert_at: int | None = None
        """Where in your hand the card you are drawing goes (where you dropped it)."""
        self.arrival: Pose | None = None
        """Where a card drawn by a drag was let go: it glides on from there."""
        self.selected: int | None = None
        self.last_click: tuple[Card, float] | None = None
        self.arrangement = best_arrangement((), self.shown.wild_rank, setup.rules)
        """A best arrangement of your hand as shown (kept up to date by ``update``)."""
        self._arranged: tuple[Card, ...] = ()
        self.buttons = [
            Button("Sort by rank", lambda: self._reorder(hand_order.by_rank(self.hand))),
            Button("Sort by suit", lambda: self._reorder(hand_order.by_suit(self.hand))),
            Button("Arrange melds", self._arrange_melds),
            Button("Hint", self._ask_hint, lambda: self.your_turn),
            Button("Scores", self._show_scores),
        ]
        if not setup.human:  # autoplay: nothing of yours to sort or hint
            self.buttons = self.buttons[-1:]
        self._keys: dict[int, Callable[[], object]] = {
            pygame.K_s: lambda: self.play(Draw(DrawSource.STOCK)),
            pygame.K_d: lambda: self.play(Draw(DrawSource.DISCARD)),
            pygame.K_RETURN: self._discard_selected,
            pygame.K_KP_ENTER: self._discard_selected,
            pygame.K_h: self._ask_hint,
            pygame.K_TAB: self._show_scores,
            pygame.K_SPACE: self._finish_animations,
        }
        self.on_resize()

    # --- facts ---------------------------------------------------------------

    @property
    def hand(self) -> list[Card]:
        """Your hand as shown, in the order you keep it."""
        return self.shown.hands[0]

    @property
    def pace(self) -> float:
        return self.setup.move_seconds

    @property
    def busy(self) -> bool:
        """True while events wait to be shown or cards are moving."""
        return bool(self.queue) or self._animating()

    @property
    def your_turn(self) -> bool:
        """True when the person at the screen may draw or discard now."""
        match = self.match
        return self.setup.human and not self.busy and not match.is_over and match.current_seat == 0

    def _animating(self) -> bool:
        """True while a pause runs or a card glides."""
        return self.wait > 0 or self.stage.moving

    def _ai_to_move(self) -> bool:
        match = self.match
        return not match.is_over and not (self.setup.human and match.current_seat == 0)

    # --- scene hooks -----------------------------------------------------------

    def on_pause(self) -> None:
        self.covered = True

    def on_resume(self) -> None:
        self.covered = False

    def on_leave(self) -> None:
        self.seats.close()

    def on_resize(self) -> None:
        self.layout = TableLayout(*self.context.screen.get_size())
        self.stage.layout = self.layout
        self.drag.relayout(self.layout)
        hand, seat = self.layout.hand_height, self.layout.seat_height
        between = tuple(card_height(seat + (hand - seat) * share) for share in (1 / 3, 2 / 3))
        self.context.art.use_heights((hand, seat, *between))
        rects = self.layout.button_row(len(self.buttons))
        for button, rect in zip(self.buttons, rects, strict=True):
            button.rect = rect
        self._place(0.0)

    def update(self, dt: float) -> None:
        self.clock += dt
        for sprite in self.stage.sprites.values():
            sprite.update(dt)
        self.banner = TimedText.tick(self.banner, dt)
        self.notice = TimedText.tick(self.notice, dt)
        self._collect_hint()
        self.wait = max(0.0, self.wait - dt)
        self._advance()
        self._refresh_arrangement()

    def _advance(self) -> None:
        """Show waiting events while nothing moves; when none wait, let an AI seat play."""
        while not self.finished and not self.covered and not self._animating():
            if self.queue:
                self._show(self.queue.popleft())
                continue
            self._play_ai()
            break

    def _refresh_arrangement(self) -> None:
        cards = tuple(self.hand)
        if cards != self._arranged:
            self._arranged = cards
            self.arrangement = best_arrangement(cards, self.shown.wild_rank, self.setup.rules)

    # --- events become animations ----------------------------------------------

    def _show(self, event: Event) -> None:
        drawing = isinstance(event, DrewFromStock | TookDiscard)
        arriving = self._arriving_sprite(event)
        self.shown.follow(event, self.insert_at if drawing else None)
        sounds = self.context.sounds
        human = self.setup.human
        match event:
            case CutForDeal():
                self._announce(f"{seat_name(event.dealer, human)} deals first", 1.5)
            case RoundStarted():
                self.stage.new_round()
                self.selected = self.hint = None
                self._announce(self.round_title, 1.6)
                sounds.play("shuffle")
            case Dealt():
                if human:
                    self.hand[:] = hand_order.by_suit(self.hand)
                self.stage.deal(self.shown.hands, self.pace)
                sounds.play("deal")
            case DiscardStarted():
                self.stage.sprites[event.card] = self.stage.at_stock(event.card)
                self._place(self.pace)
            case DrewFromStock() | TookDiscard():
                if arriving is not None:
                    self.stage.sprites[event.card] = arriving
                self.insert_at = self.hint = None
                self._place(self.pace)
                self.wait = self.pace * 0.25
                sounds.play("draw")
            case Discarded():
                self.selected = self.hint = None
                self._place(self.pace)
                self.wait = self.pace * 0.35
                sounds.play("discard")
            case StockReshuffled():
                self.stage.drop_hidden_discards()
                self._announce("The discard pile is shuffled into a new stock", 2.0)
                sounds.play("shuffle")
            case WentOut():
                self._announce(f"{seat_name(event.seat, human)} went out!", 2.5)
                self.stage.revealed.add(event.seat)
                self._place(self.pace)
                self.wait = self.pace * 2
                sounds.play("go_out")
            case LastTurnsBegan():
                if human and 0 in event.seats:
                    who = seat_name(event.went_out, human)
                    self._announce(f"{who} went out! Your last turn", 3.0)
            case RoundAbandoned():
                self._announce("The stock ran out a third time: the round ends", 2.5)
                self.wait = self.pace * 2
            case RoundScored():
                self._round_scored(event)
            case MatchOver():
                self._match_over(event)
            case _:
                assert_never(event)

    def _arriving_sprite(self, event: Event) -> CardSprite | None:
        """The sprite of a card about to join a hand: from the drop, the pile or the stock."""
        match event:
            case DrewFromStock(seat, card):
                sprite = self.stage.at_stock(card)
                if seat == 0 and self.arrival is not None:
                    start = self.arrival
                    sprite.pose = sprite.target = Pose(start.center, start.height, 0.0, False)
            case TookDiscard(seat, card):
                sprite = self.stage.sprites.get(card) or self.stage.at_stock(card)
            case _:
                return None
        if seat == 0:
            self.drag.cancel()
            self.arrival = None
        return sprite

    def _announce(self, text: str, seconds: float) -> None:
        self.banner = TimedText(text, max(seconds, 0.8))

    @property
    def round_title(self) -> str:
        shown = self.shown
        return round_title(shown.round_index, shown.rounds, shown.wild_rank)

    def _round_scored(self, event: RoundScored) -> None:
        self.stage.revealed = set(range(len(self.shown.hands)))
        self._place(self.pace)
        self.context.sounds.play("round_end")
        self.rounds_scored += 1
        done = self.setup.rounds is not None and self.rounds_scored >= self.setup.rounds
        last = done or event.round_index + 1 == self.shown.rounds
        options = self.context.options
        close_after = None
        if options.autoplay:
            close_after = 0.0 if options.max_speed else SUMMARY_SECONDS
        summary = RoundSummaryScene(
            self.context, self.shown, self.setup.human, event, last, close_after
        )
        self.context.push(summary)
        if done:
            self.finished = True
            self.context.autoplay_finished()

    def _match_over(self, event: MatchOver) -> None:
        self.finished = True
        human = self.setup.human
        self.context.sounds.play("win" if human and 0 in event.winners else "round_end")
        self.context.push(
            MatchEndScene(self.context, self.shown, human, event, new_game=self._new_game)
        )
        if self.context.options.autoplay:
            self.context.autoplay_finished()

    def _new_game(self) -> None:
        """A new deal against the same seats."""
        setup = dataclasses.replace(self.setup, seed=self.context.options.deal_seed())
        self.context.sounds.play("click")
        self.context.replace(TableScene(self.context, setup))

    # --- where cards go ---------------------------------------------------------

    def _place(self, duration: float) -> None:
        """Send every card to its place, the selected and hinted cards raised."""
        lifted = set()
        if self.selected is not None and self.selected < len(self.hand):
            lifted.add(self.hand[self.selected])
        if self.hint is not None and isinstance(self.hint.action, Discard):
            lifted.add(self.hint.action.card)
        self.stage.lifted = frozenset(lifted)
        self.stage.place(duration, self.drag.dragged)

    def _finish_animations(self) -> None:
        self.stage.finish()
        self.wait = 0.0

    # --- AI seats and hints -----------------------------------------------------

    def _ask_ai(self) -> None:
        """Start the next AI decision at once: it is thought out while animations play."""
        if self._ai_to_move():
            self.seats.ask(self.match.view_for(self.match.current_seat))

    def _play_ai(self) -> None:
        """Apply the AI seat's decision once it is ready (called when the table is idle)."""
        if not self._ai_to_move():
            return
        view = self.match.view_for(self.match.current_seat)
        self.seats.ask(view)
        action = self.seats.decision(view)
        if action is None:
            return
        self.queue.extend(self.match.apply(action))
        self._ask_ai()

    def _ask_hint(self) -> None:
        if not self.seats.hint_pending and self.your_turn:
            self.seats.ask_hint(self.match.view_for(0))
            self.notice = TimedText("Thinking about a hint…", 10.0)

    def _collect_hint(self) -> None:
        answer = self.seats.hint()
        if answer is None:
            return
        view, hint = answer
        if view != self.match.view_for(0):
            self.notice = None  # you played before the hint came: it no longer applies
            return
        if isinstance(hint, str):
            self.notice = TimedText(f"No hint available: {hint}", 3.0)
            return
        self.hint = hint
        self.notice = TimedText(f"Hint: {hint.reason}", 8.0)
        self._place(self.pace * 0.5)

    # --- your moves -------------------------------------------------------------

    def play(self, action: Action, insert_at: int | None = None) -> bool:
        """Ask the engine to play ``action`` for you; False (nothing changed) if refused."""
        if not self.your_turn:
            return False
        reason = self.match.why_illegal(action)
        if reason is not None:
            self.notice = TimedText(f"Not allowed: {reason}", 3.0)
            self.context.sounds.play("illegal")
            return False
        self.insert_at = insert_at
        self.queue.extend(self.match.apply(action, validate=False))
        self._ask_ai()
        self.update(0.0)
        return True

    def _discard_selected(self) -> None:
        if self.selected is not None:
            self.play(Discard(self.hand[self.selected]))

    def _reorder(self, order: list[Card]) -> None:
        if sorted(order) == sorted(self.hand):
            self.hand[:] = order
            self.selected = None
            self._place(self.pace * 0.6)
            self.context.sounds.play("click")

    def _arrange_melds(self) -> None:
        self._reorder(hand_order.melds_first(self.hand, self.shown.wild_rank, self.setup.rules))

    def _show_scores(self) -> None:
        self.context.sounds.play("click")
        self.context.push(ScoreSheetScene(self.context, self.shown, self.setup.human))

    def _move_selected(self, step: int) -> None:
        if self.selected is None or not self.hand:
            return
        new = max(0, min(len(self.hand) - 1, self.selected + step))
        card = self.hand.pop(self.selected)
        self.hand.insert(new, card)
        self.selected = new
        self._place(self.pace * 0.4)

    def _select_next(self, step: int) -> None:
        if self.hand:
            start = self.selected if self.selected is not None else (-1 if step > 0 else 0)
            self.selected = (start + step) % len(self.hand)
            self._place(self.pace * 0.3)

    # --- input ------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            if button.handle_event(event):
                return True
        pressing = self.drag.press is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._mouse_down(event.pos)
        if event.type == pygame.MOUSEMOTION and pressing:
            self.drag.move(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and pressing:
            self._mouse_up(event.pos)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _mouse_down(self, pos: tuple[int, int]) -> bool:
        """Press on a hand card (any time: to reorder), else on a pile; else skip animations."""
        card = self.stage.hand_card_at(pos) if self.setup.human else None
        if card is not None:
            self.drag.begin(Source.HAND, pos, self.stage.sprites[card])
            return True
        if self._animating():
            self._finish_animations()
            return True
        for source, is_stock in ((Source.STOCK, True), (Source.DISCARD, False)):
            if self.layout.pile_rect(is_stock).collidepoint(pos) and self.your_turn:
                self._press_pile(source, pos)
                return True
        return False

    def _press_pile(self, source: Source, pos: tuple[int, int]) -> None:
        if self.match.phase is not Phase.DRAW:
            self.notice = TimedText("You have drawn: now discard a card", 2.5)
            self.context.sounds.play("illegal")
        elif source is Source.STOCK:
            self.drag.begin(source, pos, self.stage.at_stock(STOCK_GHOST))
        elif self.shown.discard:
            self.drag.begin(source, pos, self.stage.sprites[self.shown.discard[-1]])

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        match self.drag.release(pos):
            case Clicked(source, card):
                self._click(source, card)
            case Dropped() as drop:
                if not self._drop(drop):
                    self.context.sounds.play("illegal")
                self._place(self.pace * 0.6)
            case None:
                pass

    def _drop(self, drop: Dropped) -> bool:
        """Carry out a drop; False if it did nothing (the card glides back)."""
        if drop.target is None:
            return False
        match (drop.source, drop.target.kind):
            case (Source.HAND, TargetKind.DISCARD_PILE):
                return self.play(Discard(drop.card))
            case (Source.HAND, TargetKind.HAND):
                others = [card for card in self.hand if card != drop.card]
                others.insert(self.layout.insert_index(drop.pos[0], len(others) + 1), drop.card)
                self.hand[:] = others
                self.selected = None
                return True
            case (Source.STOCK | Source.DISCARD, TargetKind.HAND):
                self.arrival = drop.pose
                slot = self.layout.insert_index(drop.pos[0], len(self.hand) + 1)
                played = self.play(Draw(_DRAW_SOURCES[drop.source]), slot)
                self.arrival = None
                return played
        return False

    def _click(self, source: Source, card: Card) -> None:
        if source is not Source.HAND:
            self.play(Draw(_DRAW_SOURCES[source]))
            return
        previous = self.last_click
        self.last_click = (card, self.clock)
        if previous and previous[0] == card and self.clock - previous[1] <= DOUBLE_CLICK_SECONDS:
            self.last_click = None
            self.play(Discard(card))
            return
        self.selected = self.hand.index(card)
        self._place(self.pace * 0.3)

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if event.key == pygame.K_LEFT else 1
            if event.mod & pygame.KMOD_SHIFT:
                self._move_selected(step)
            else:
                self._select_next(step)
            return True
        command = self._keys.get(event.key)
        if command is None:
            return False
        command()
        return True

    # --- drawing ------------------------------------------------------------------

    def accepts(self, press: Press, target: DropTarget) -> bool:
        """True if ``target`` may take what ``press`` holds (such targets glow)."""
        if target.kind is TargetKind.HAND:
            return True
        if press.source is not Source.HAND or not self.your_turn:
            return False
        return self.match.why_illegal(Discard(press.sprite.card)) is None

    def picture(self) -> TablePicture:
        """What the painter draws: the table as shown, nothing of the live match."""
        shown, human = self.shown, self.setup.human
        press = self.drag.press
        glows: tuple[tuple[pygame.Rect, tuple[int, int, int]], ...] = ()
        if press is not None and press.dragging:
            glows = tuple(
                (target.rect, _glow_colour(press, target))
                for target in self.drag.targets
                if self.accepts(press, target)
            )
        policies = self.setup.policies
        thinking = self.seats.thinking
        you = f"You · total {shown.totals[0]}" if human else seat_label(0, human, policies)
        return TablePicture(
            layout=self.layout,
            shown=shown,
            sprites=self.stage.sprites,
            human=human,
            seat_labels=tuple(
                seat_label(seat, human, policies) for seat in range(len(shown.hands))
            ),
            you_label=you,
            thinking=None if self.busy else thinking,
            arrangement=self.arrangement,
            selected=self.selected,
            hinted=None if self.hint is None else self.hint.action,
            dragged=self.drag.dragged,
            glows=glows,
            banner=None if self.banner is None else self.banner.text,
            notice=None if self.notice is None else self.notice.text,
            status=status_line(shown.current_seat, shown.phase, human, self.busy),
            title=self.round_title,
            dealer=f"Dealer: {seat_name(shown.dealer, human)}",
            buttons=tuple(self.buttons),
        )

    def draw(self, surface: pygame.Surface) -> None:
        paint_table(self.picture(), surface, self.context.art, self.context.text)


def _glow_colour(press: Press, target: DropTarget) -> tuple[int, int, int]:
    """Gold where a drop plays a move; a quieter green where it only reorders your hand."""
    reorder = press.source is Source.HAND and target.kind is TargetKind.HAND
    return REORDER_GLOW if reorder else GOLD
