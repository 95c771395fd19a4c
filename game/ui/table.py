"""The table: your hand at the bottom, Left, Top and Right around the piles.

The scene owns the engine's :class:`Match`, replays its events as animations
(:class:`ShownTable` follows them), asks the AI worker for the seats'
decisions, and turns the player's drags, clicks and keys into actions the
engine checks. An action the engine refuses changes nothing: the card glides
back and the reason is shown.
"""

from __future__ import annotations

import time
from collections import deque
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING

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
from game.engine.melds import Arrangement
from game.engine.solver import best_arrangement
from game.engine.view import PlayerView
from game.ui import hand_order
from game.ui.ai_worker import AiWorker
from game.ui.art import card_height, card_width
from game.ui.layout import SEAT_ANGLES, SEAT_NAMES, TableLayout
from game.ui.scene import Scene
from game.ui.setup import MatchSetup
from game.ui.shown import ShownTable
from game.ui.sprites import CardSprite, Pose
from game.ui.table_painter import paint_table
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

DOUBLE_CLICK_SECONDS = 0.4
DECISION_PATIENCE = 20.0
"""Seconds an AI decision may take before the worker is restarted and asked again."""
STOCK_GHOST = Card(None, None)
"""Stands for the unknown top of the stock while it is dragged face down."""
DRAG_THRESHOLD = 5


@dataclass(slots=True)
class Press:
    """A left button held down on a card or pile, possibly turning into a drag."""

    source: str
    """``hand``, ``stock`` or ``discard``."""
    start: tuple[int, int]
    sprite: CardSprite
    grab: tuple[float, float]
    """Offset from the card's centre to the pointer."""
    dragging: bool = False


class TableScene(Scene):
    """A whole match at the table."""

    def __init__(self, app: App, setup: MatchSetup) -> None:
        super().__init__(app)
        self.setup = setup
        self.match = Match.new(setup.rules, setup.seed)
        self.shown = ShownTable(setup.rules)
        self.worker = AiWorker(setup.policies, setup.seed, use_process=app.options.ai_process)
        self.queue: deque[Event] = deque(self.match.opening_events())
        self.sprites: dict[Card, CardSprite] = {}
        self.clock = 0.0
        self.wait = 0.0
        self.decision: Future[Action] | None = None
        self.decision_asked = 0.0
        self.failures = 0
        """1 once the pending decision had to be asked again (a failed or stuck worker)."""
        self.hint_future: Future[Suggestion] | None = None
        self.hint: Suggestion | None = None
        self.hint_view: PlayerView | None = None
        self.banner: tuple[str, float] | None = None
        self.notice: tuple[str, float] | None = None
        self.press: Press | None = None
        self.insert_at: int | None = None
        self.selected: int | None = None
        self.last_click: tuple[Card, float] | None = None
        self.revealed: set[int] = set()
        self.rounds_scored = 0
        self.finished = False
        self._arrangement: tuple[tuple[Card, ...], Arrangement] | None = None
        self.buttons = [
            Button("Sort by rank", lambda: self._reorder(hand_order.by_rank(self.hand))),
            Button("Sort by suit", lambda: self._reorder(hand_order.by_suit(self.hand))),
            Button("Arrange melds", self._arrange_melds),
            Button("Hint", self._ask_hint, self._my_turn),
            Button("Scores", self._show_scores),
        ]
        if not setup.human:  # autoplay: nothing of yours to sort or hint
            self.buttons = self.buttons[-1:]
        self.on_resize()

    # --- facts ---------------------------------------------------------------

    @property
    def layout(self) -> TableLayout:
        width, height = self.app.screen.get_size()
        return TableLayout(width, height)

    @property
    def hand(self) -> list[Card]:
        """Your hand in the order you keep it."""
        return self.shown.hands[0]

    @property
    def pace(self) -> float:
        return self.setup.move_seconds

    def busy(self) -> bool:
        """True while events wait to be shown or cards are moving."""
        return bool(self.queue) or self._animating()

    @property
    def dragged(self) -> CardSprite | None:
        """The sprite under the pointer while a drag is under way."""
        return self.press.sprite if self.press is not None and self.press.dragging else None

    def _my_turn(self) -> bool:
        return (
            self.setup.human
            and not self.busy()
            and not self.match.is_over
            and self.match.current_seat == 0
        )

    def seat_name(self, seat: int) -> str:
        """ "You" for the player; Left, Top, Right (and Bottom in autoplay) for AI seats."""
        return "Bottom" if seat == 0 and not self.setup.human else SEAT_NAMES[seat]

    def seat_label(self, seat: int) -> str:
        """The seat's name with its AI level."""
        policy = self.setup.policies.get(seat)
        name = self.seat_name(seat)
        return f"{name} · {policy.capitalize()}" if policy else name

    def arrangement(self) -> Arrangement:
        """A best arrangement of your hand (recomputed only when the hand changes)."""
        cards = tuple(self.hand)
        if self._arrangement is None or self._arrangement[0] != cards:
            found = best_arrangement(cards, self.shown.wild_rank, self.setup.rules)
            self._arrangement = (cards, found)
        return self._arrangement[1]

    # --- scene hooks -----------------------------------------------------------

    def on_resize(self) -> None:
        layout = self.layout
        hand, seat = layout.hand_height, layout.seat_height
        between = tuple(card_height(seat + (hand - seat) * share) for share in (1 / 3, 2 / 3))
        self.app.art.use_heights((hand, seat, *between))
        for button, rect in zip(self.buttons, layout.button_row(len(self.buttons)), strict=True):
            button.rect = rect
        self._place(0.0)

    def on_exit(self) -> None:
        self.worker.close()

    def update(self, dt: float) -> None:
        self.clock += dt
        for sprite in self.sprites.values():
            sprite.update(dt)
        self.banner = _tick(self.banner, dt)
        self.notice = _tick(self.notice, dt)
        self._collect_hint()
        if self.wait > 0:
            self.wait = max(0.0, self.wait - dt)
        while not self.finished and not self._animating() and self.app.stack.top is self:
            if self.queue:
                self._show(self.queue.popleft())
                continue
            self._play_ai()
            break

    def _animating(self) -> bool:
        """True while a pause runs or a card glides."""
        return self.wait > 0 or any(s.moving for s in self.sprites.values())

    # --- events become animations ----------------------------------------------

    def _show(self, event: Event) -> None:
        insert_at = self.insert_at if isinstance(event, DrewFromStock | TookDiscard) else None
        arriving = self._arriving_sprite(event)
        self.shown.follow(event, insert_at)
        sounds = self.app.sounds
        match event:
            case CutForDeal():
                self._announce(f"{self.seat_name(event.dealer)} deals first", 1.5)
            case RoundStarted():
                self.sprites.clear()
                self.revealed = set()
                self.selected = None
                self.hint = None
                self._announce(self.round_title(), 1.6)
                sounds.play("shuffle")
            case Dealt():
                self._deal(event)
                sounds.play("deal")
            case DiscardStarted():
                self.sprites[event.card] = self._at_stock(event.card)
                self._place(self.pace)
            case DrewFromStock() | TookDiscard():
                if arriving is not None:
                    self.sprites[event.card] = arriving
                self.insert_at = None
                self.hint = None
                self._place(self.pace)
                self.wait = self.pace * 0.25
                sounds.play("draw")
            case Discarded():
                self.selected = None
                self.hint = None
                self._place(self.pace)
                self.wait = self.pace * 0.35
                sounds.play("discard")
            case StockReshuffled():
                self._drop_hidden_discards()
                self._announce("The discard pile is shuffled into a new stock", 2.0)
                sounds.play("shuffle")
            case WentOut():
                who = self.seat_name(event.seat)
                self._announce(f"{who} went out!", 2.5)
                self.revealed.add(event.seat)
                self._place(self.pace)
                self.wait = self.pace * 2
                sounds.play("go_out")
            case LastTurnsBegan():
                if 0 in event.seats and self.setup.human:
                    self._announce(f"{SEAT_NAMES[event.went_out]} went out! Your last turn", 3.0)
            case RoundAbandoned():
                self._announce("The stock ran out a third time: the round ends", 2.5)
                self.wait = self.pace * 2
            case RoundScored():
                self.revealed = set(range(len(self.shown.hands)))
                self._place(self.pace)
                sounds.play("round_end")
                self.rounds_scored += 1
                self._open_summary(event)
            case MatchOver():
                self.app.open_match_end(self, event)
                self.finished = True
            case _:
                pass

    def _arriving_sprite(self, event: Event) -> CardSprite | None:
        """The sprite of a card about to join a hand: from the drag, the pile or the stock."""
        if isinstance(event, DrewFromStock):
            start = self.press.sprite.pose if self.press and self.press.source == "stock" else None
            sprite = self._at_stock(event.card)
            if start is not None:
                sprite.pose = Pose(start.center, start.height, 0.0, False)
                sprite.target = sprite.pose
            self.press = None
            return sprite
        if isinstance(event, TookDiscard):
            self.press = None
            return self.sprites.get(event.card) or self._at_stock(event.card)
        return None

    def _at_stock(self, card: Card) -> CardSprite:
        layout = self.layout
        return CardSprite(card, Pose(layout.pile_center(True), layout.hand_height, 0.0, False))

    def _deal(self, event: Dealt) -> None:
        """Cards fly from the stock one at a time, clockwise from the dealer's left."""
        if self.setup.human:
            self.hand[:] = hand_order.by_suit(self.hand)
        players = len(event.hands)
        step = self.pace * 0.06
        for seat, hand in enumerate(event.hands):
            order = (seat - self.shown.dealer - 1) % players
            for index, card in enumerate(hand):
                sprite = self._at_stock(card)
                self.sprites[card] = sprite
                sprite.move_to(self.pose_for(card), self.pace, step * (index * players + order))

    def _drop_hidden_discards(self) -> None:
        keep = set(self.shown.discard)
        for card in [c for c in self.sprites if c not in keep and not self._in_a_hand(c)]:
            del self.sprites[card]

    def _in_a_hand(self, card: Card) -> bool:
        return any(card in hand for hand in self.shown.hands)

    def _announce(self, text: str, seconds: float) -> None:
        self.banner = (text, max(seconds, 0.8))

    def round_title(self) -> str:
        shown = self.shown
        return (
            f"Round {shown.round_index + 1} of {shown.rounds} — {shown.wild_rank.plural} are wild"
        )

    def _open_summary(self, event: RoundScored) -> None:
        done = self.setup.rounds is not None and self.rounds_scored >= self.setup.rounds
        self.app.open_round_summary(self, event, last=done or self.match.is_over)
        if done:
            self.finished = True
            self.app.autoplay_done(self)

    # --- where cards go ---------------------------------------------------------

    def pose_for(self, card: Card) -> Pose:
        """Where ``card`` belongs in the shown table."""
        layout = self.layout
        shown = self.shown
        for seat, hand in enumerate(shown.hands):
            if card in hand:
                index = hand.index(card)
                if seat == 0:
                    x, y = layout.hand_slots(len(hand))[index]
                    lift = layout.hand_height * 0.12 if index == self.selected else 0.0
                    if self.hint and isinstance(self.hint.action, Discard):
                        lift = layout.hand_height * 0.12 if card == self.hint.action.card else lift
                    return Pose((x, y - lift), layout.hand_height, 0.0, True)
                center = layout.seat_slots(seat, len(hand))[index]
                face_up = seat in self.revealed
                return Pose(center, layout.seat_height, SEAT_ANGLES[seat], face_up)
        index = shown.discard.index(card)
        x, y = layout.pile_center(False)
        jitter = ((index * 7) % 5 - 2) * layout.hand_height * 0.01
        return Pose((x + jitter, y + jitter / 2), layout.hand_height, 0.0, True)

    def _place(self, duration: float) -> None:
        """Send every card (but one being dragged) to its place in the shown table."""
        dragged = self.dragged
        for card, sprite in list(self.sprites.items()):
            if sprite is dragged:
                continue
            if not self._in_a_hand(card) and card not in self.shown.discard:
                del self.sprites[card]
                continue
            sprite.move_to(self.pose_for(card), duration)

    # --- AI seats and hints -----------------------------------------------------

    def _ai_to_move(self) -> bool:
        match = self.match
        return not match.is_over and not (self.setup.human and match.current_seat == 0)

    def _request_ai(self) -> None:
        """Start the next AI decision at once: it is thought out while animations play."""
        if self.decision is None and self._ai_to_move():
            self.decision = self.worker.decide(self.match.view_for(self.match.current_seat))
            self.decision_asked = time.monotonic()

    def _play_ai(self) -> None:
        """Apply the AI seat's decision once it is ready (called when the table is idle)."""
        self._request_ai()
        if self.decision is None:
            return
        action = self._ready_decision(self.decision)
        if action is None:
            return
        self.failures = 0
        self.queue.extend(self.match.apply(action))
        self._request_ai()

    def _ready_decision(self, future: Future[Action]) -> Action | None:
        """The decision if it has come. One that failed or never came is asked of a fresh
        worker once; after that the seat plays its first legal move rather than freeze."""
        if not future.done():
            if time.monotonic() - self.decision_asked <= DECISION_PATIENCE:
                return None
            self.app.log.warning("an AI decision never came; restarting the AI worker")
        else:
            self.decision = None
            try:
                return future.result()
            except Exception as error:
                self.app.log.warning("an AI decision failed; restarting the AI worker: %s", error)
        self.decision = self.hint_future = None
        self.worker.restart()
        if self.failures == 0:
            self.failures = 1
            self._request_ai()
            return None
        return self.match.legal_actions()[0]

    def _ask_hint(self) -> None:
        if self.hint_future is None and self._my_turn():
            self.hint_view = self.match.view_for(0)
            self.hint_future = self.worker.hint(self.hint_view)
            self.notice = ("Thinking about a hint…", 10.0)

    def _collect_hint(self) -> None:
        future = self.hint_future
        if future is None or not future.done():
            return
        self.hint_future = None
        if self.match.view_for(0) != self.hint_view:
            self.notice = None  # you played before the hint came: it no longer applies
            return
        try:
            self.hint = future.result()
        except Exception as error:
            self.notice = (f"No hint available: {error}", 3.0)
            return
        self.notice = (f"Hint: {self.hint.reason}", 8.0)
        self._place(self.pace * 0.5)

    # --- your moves -------------------------------------------------------------

    def play(self, action: Action, insert_at: int | None = None) -> bool:
        """Ask the engine to play ``action`` for you; False (nothing changed) if refused."""
        if not self._my_turn():
            return False
        reason = self.match.why_illegal(action)
        if reason is not None:
            self.notice = (f"Not allowed: {reason}", 3.0)
            self.app.sounds.play("illegal")
            return False
        self.insert_at = insert_at
        self.queue.extend(self.match.apply(action, validate=False))
        self._request_ai()
        self.update(0.0)
        return True

    def _reorder(self, order: list[Card]) -> None:
        if sorted(order, key=hash) == sorted(self.hand, key=hash):
            self.hand[:] = order
            self.selected = None
            self._place(self.pace * 0.6)
            self.app.sounds.play("click")

    def _arrange_melds(self) -> None:
        self._reorder(hand_order.melds_first(self.hand, self.shown.wild_rank, self.setup.rules))

    def _show_scores(self) -> None:
        self.app.open_score_sheet(self)

    def _move_selected(self, step: int) -> None:
        if self.selected is None or not self.hand:
            return
        new = max(0, min(len(self.hand) - 1, self.selected + step))
        card = self.hand.pop(self.selected)
        self.hand.insert(new, card)
        self.selected = new
        self._place(self.pace * 0.4)

    # --- input ------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._mouse_down(event.pos)
        if event.type == pygame.MOUSEMOTION and self.press is not None:
            return self._mouse_drag(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            return self._mouse_up(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _hand_card_at(self, pos: tuple[int, int]) -> int | None:
        for index in reversed(range(len(self.hand))):
            sprite = self.sprites.get(self.hand[index])
            if sprite is not None and _rect_of(sprite).collidepoint(pos):
                return index
        return None

    def _mouse_down(self, pos: tuple[int, int]) -> bool:
        """Press on a hand card (any time: to reorder), else on a pile; else skip animations."""
        index = self._hand_card_at(pos)
        if index is not None:
            sprite = self.sprites[self.hand[index]]
            self.press = Press("hand", pos, sprite, _offset(sprite, pos))
            return True
        if self._animating():
            self._finish_animations()
            return True
        layout = self.layout
        for source, is_stock in (("stock", True), ("discard", False)):
            if layout.pile_rect(is_stock).collidepoint(pos) and self._my_turn():
                if self.match.phase is not Phase.DRAW:
                    self.notice = ("You have drawn: now discard a card", 2.5)
                    self.app.sounds.play("illegal")
                    return True
                if is_stock:
                    sprite = CardSprite(STOCK_GHOST, self._at_stock(STOCK_GHOST).pose)
                elif self.shown.discard:
                    sprite = self.sprites[self.shown.discard[-1]]
                else:
                    return True
                self.press = Press(source, pos, sprite, _offset(sprite, pos))
                return True
        return False

    def _mouse_drag(self, pos: tuple[int, int]) -> bool:
        press = self.press
        assert press is not None
        if not press.dragging:
            moved = abs(pos[0] - press.start[0]) + abs(pos[1] - press.start[1])
            if moved < DRAG_THRESHOLD:
                return True
            press.dragging = True
        pose = press.sprite.pose
        center = (pos[0] - press.grab[0], pos[1] - press.grab[1])
        press.sprite.pose = Pose(center, pose.height, 0.0, pose.face_up)
        press.sprite.target = press.sprite.pose
        return True

    def _mouse_up(self, pos: tuple[int, int]) -> bool:
        press = self.press
        assert press is not None
        if not press.dragging:
            self.press = None
            self._click(press, pos)
            return True
        layout = self.layout
        dropped = False
        if press.source == "hand":
            card = press.sprite.card
            if layout.pile_rect(False).inflate(20, 20).collidepoint(pos) and self._my_turn():
                dropped = self.play(Discard(card))
            elif layout.hand_area.collidepoint(pos):
                others = [c for c in self.hand if c != card]
                self.hand[:] = others
                self.hand.insert(layout.insert_index(pos[0], len(others) + 1), card)
                self.selected = None
                dropped = True
        elif layout.hand_area.collidepoint(pos):
            source = DrawSource.STOCK if press.source == "stock" else DrawSource.DISCARD
            count = len(self.hand) + 1
            dropped = self.play(Draw(source), layout.insert_index(pos[0], count))
        if not dropped:
            self.app.sounds.play("illegal")
        self.press = None
        self._place(self.pace * 0.6)
        return True

    def _click(self, press: Press, pos: tuple[int, int]) -> None:
        if press.source in ("stock", "discard"):
            source = DrawSource.STOCK if press.source == "stock" else DrawSource.DISCARD
            self.play(Draw(source))
            return
        card = press.sprite.card
        previous = self.last_click
        self.last_click = (card, self.clock)
        if previous and previous[0] == card and self.clock - previous[1] <= DOUBLE_CLICK_SECONDS:
            self.last_click = None
            self.play(Discard(card))
            return
        self.selected = self.hand.index(card)
        self._place(self.pace * 0.3)

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            if shift:
                self._move_selected(step)
            elif self.hand:
                start = self.selected if self.selected is not None else (-1 if step > 0 else 0)
                self.selected = (start + step) % len(self.hand)
                self._place(self.pace * 0.3)
            return True
        if key == pygame.K_s:
            self.play(Draw(DrawSource.STOCK))
        elif key == pygame.K_d:
            self.play(Draw(DrawSource.DISCARD))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
            self.play(Discard(self.hand[self.selected]))
        elif key == pygame.K_h:
            self._ask_hint()
        elif key == pygame.K_TAB:
            self._show_scores()
        elif key == pygame.K_SPACE:
            self._finish_animations()
        else:
            return False
        return True

    def _finish_animations(self) -> None:
        for sprite in self.sprites.values():
            sprite.finish()
        self.wait = 0.0

    # --- drawing ------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        paint_table(self, surface)


def _tick(message: tuple[str, float] | None, dt: float) -> tuple[str, float] | None:
    if message is None or message[1] - dt <= 0:
        return None
    return (message[0], message[1] - dt)


def _rect_of(sprite: CardSprite) -> pygame.Rect:
    """The rectangle a sprite covers (for hit tests)."""
    pose = sprite.pose
    width, height = card_width(pose.height), round(pose.height)
    if abs(pose.angle) % 180 == 90:
        width, height = height, width
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (round(pose.center[0]), round(pose.center[1]))
    return rect


def _offset(sprite: CardSprite, pos: tuple[int, int]) -> tuple[float, float]:
    return (pos[0] - sprite.pose.center[0], pos[1] - sprite.pose.center[1])
