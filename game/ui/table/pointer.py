"""The mouse at the table: presses, drags, drops, clicks and double-clicks become table commands.

The :class:`DragController` follows one press; this module decides what the
press, the drop or the click means — draw, discard, reorder, select — and asks
the table (through :class:`PointerTable`) to do it. It knows nothing of the
rules: the table asks the engine.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.engine.actions import Action, Discard, Draw, DrawSource
from game.engine.cards import Card
from game.engine.match import Match
from game.i18n import _
from game.ui.kit.widgets import GOLD
from game.ui.seen.layout import TableLayout
from game.ui.seen.stage import HOVER_LIFT, Gap
from game.ui.seen.table_painter import GO_OUT_GLOW
from game.ui.table.drag import (
    Clicked,
    DragController,
    Dropped,
    DropTarget,
    Press,
    Source,
    TargetKind,
    landing_index,
    meld_targets,
)
from game.ui.table.drop_verdicts import DropVerdicts, Verdict
from game.ui.table.laying_desk import LayingDesk
from game.ui.table.playback import Arrival, Playback

DOUBLE_CLICK_SECONDS = 0.5
"""Two clicks on one card within this many seconds discard it: the systems' usual
double-click time (SDL cannot tell the system's own on every platform)."""
STOCK_GHOST = Card(None, None)
"""Stands for the unknown top of the stock while it is dragged face down."""
REORDER_GLOW = (90, 150, 120)
"""The glow of your hand while one of its cards is dragged: dropping there only reorders."""
_DRAW_SOURCES = {Source.STOCK: DrawSource.STOCK, Source.DISCARD: DrawSource.DISCARD}


NAME_DELAY = 0.6
"""Seconds the pointer rests on a card before the table names it ("Dame de cœur")."""
HOVER_SHARE = 0.3
"""How long a card takes to rise under the pointer (or settle after it), in paces."""
GAP_SHARE = 0.3
"""How long your hand's cards take to slide apart for a dragged card (or together), in paces."""


class PointerTable(Protocol):
    """What the pointer may ask of the table."""

    @property
    def your_turn(self) -> bool:
        """True when the player may draw or discard now."""
        ...

    @property
    def drawn(self) -> bool:
        """True once the player has drawn this turn (and must discard)."""
        ...

    def play(self, action: Action, arrival: Arrival | None = None) -> bool:
        """Play ``action`` for the player; False (nothing changed) if refused."""
        ...

    @property
    def match(self) -> Match:
        """The match (the verdicts on a drop ask it)."""
        ...

    def settling(self) -> bool:
        """True while it is your move and only cards going to their places move (a move of
        yours is played at once: they jump there)."""
        ...

    def move_card(self, card: Card, index: int) -> None:
        """Put ``card`` of the player's hand at ``index``."""
        ...

    def select(self, card: Card) -> None:
        """Make ``card`` the selected card of the player's hand (while the player may lay
        down, also pick it, or put it back)."""
        ...

    def goes_out(self, card: Card) -> bool:
        """True if discarding ``card`` now goes out."""
        ...

    @property
    def laying_desk(self) -> LayingDesk:
        """The open table's cards picked to lay down, and their lay-downs and lay-offs."""
        ...

    def refuse(self, reason: str | None = None) -> None:
        """Say no (a sound, and ``reason`` if there is one)."""
        ...


class Pointer:
    """Turns the left button's presses, moves and releases into table commands."""

    def __init__(self, table: PointerTable, playback: Playback, layout: TableLayout) -> None:
        self.table = table
        self.playback = playback
        self.layout = layout
        self.drag = DragController(layout)
        self.verdicts = DropVerdicts(table)
        self.clock = 0.0
        self.last_click: tuple[Card, float] | None = None
        self.enabled = True
        """False in autoplay: there is nothing of yours to pick up."""
        self.resting: tuple[tuple[int, int], float] | None = None
        """Where the pointer last moved to without a button pressed, and when."""
        self.hovered: Card | None = None
        """The card of your hand under the pointer (it rises a little)."""
        self.looked_at: Card | None = None
        """The table's card the keys (↑/↓) have stepped to: shown large as if hovered, until
        the pointer moves."""
        self.on_felt = False
        """True while the left button is held down on the bare felt (the table hurries)."""

    def relayout(self, layout: TableLayout) -> None:
        self.layout = layout
        self.drag.relayout(layout)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Use a left press, a move while pressed, or a left release; True if used."""
        pressing = self.drag.press is not None
        if event.type == pygame.MOUSEMOTION:
            self.resting = None if pressing else (event.pos, self.clock)
            self.looked_at = None
            self._hover(None if pressing else event.pos)
        if event.type == pygame.WINDOWLEAVE:
            self.resting = None
            self._hover(None)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.resting = None
            self._hover(None)
            return self._press(event.pos)
        if event.type == pygame.MOUSEMOTION and pressing:
            self.drag.move(event.pos)
            self._make_room()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.on_felt:
            self.on_felt = False
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and pressing:
            self._release(event.pos)
            return True
        return False

    def _hover(self, pos: tuple[int, int] | None) -> None:
        """The card of your hand under ``pos`` rises; the one it left settles back."""
        card = None
        if pos is not None and self.enabled:
            card = self.playback.stage.hand_card_at(pos, reach=HOVER_LIFT)
        if card != self.hovered:
            self.hovered = card
            self.playback.place(HOVER_SHARE)

    def gap(self) -> Gap | None:
        """The room your hand makes for the card being dragged: a slot open where it would
        land while it is over the hand; else, for a card of the hand, the others close
        ranks. None while nothing is dragged."""
        press = self.drag.press
        if press is None or not press.dragging:
            return None
        card = press.sprite.card if press.source is Source.HAND else None
        over = self.drag.over()
        if over is None or over.kind is not TargetKind.HAND:
            return None if card is None else Gap(card, None)
        return Gap(card, self._landing(card, press.sprite.pose.center[0]))

    def _landing(self, card: Card | None, x: float) -> int:
        """Where the dragged card (``card`` of your hand, or None from a pile) goes in your
        hand with its centre at ``x``."""
        return landing_index(self.layout, self.playback.shown.hands[0], card, x)

    def _make_room(self) -> None:
        """The dragged card moved: your hand slides open where it would land, or closes."""
        if self.gap() != self.playback.stage.gap:
            self.playback.place(GAP_SHARE)

    def _rested_at(self) -> tuple[int, int] | None:
        """Where the pointer has rested for :data:`NAME_DELAY` seconds, if it has."""
        if self.resting is None or self.clock - self.resting[1] < NAME_DELAY:
            return None
        return self.resting[0]

    def card_at_rest(self) -> Card | None:
        """The face-up card (in your hand, or the discard pile's top) the pointer has rested on
        for :data:`NAME_DELAY` seconds, if any: the table names it."""
        pos = self._rested_at()
        if pos is None:
            return None
        card = self.playback.stage.hand_card_at(pos) if self.enabled else None
        discard = self.playback.shown.discard
        if card is None and discard and self.resting_on_discard():
            card = discard[-1]
        return card

    def magnified(self) -> Card | None:
        """The card drawn smaller than your hand's under the pointer (a meld's, a revealed
        hand's), or the one the keys stepped to, if any: the table shows it large."""
        if self.looked_at in self._table_cards():
            return self.looked_at
        if self.resting is None:  # away, or a button pressed
            return None
        return self.playback.stage.small_card_at(self.resting[0])

    def _table_cards(self) -> list[Card]:
        """The cards laid down on the table, meld by meld in the order laid down."""
        return [card for placed in self.playback.shown.table for card in placed.meld.cards]

    def look_along(self, step: int) -> None:
        """↑ (``step`` 1) or ↓ (-1): show the table's next or previous card large, from the
        first (or the last) laid down."""
        cards = self._table_cards()
        if not cards:
            return
        if self.looked_at in cards:
            index = (cards.index(self.looked_at) + step) % len(cards)
        else:
            index = 0 if step > 0 else len(cards) - 1
        self.looked_at = cards[index]

    def resting_on_discard(self) -> bool:
        """True once the pointer has rested on the discard pile for :data:`NAME_DELAY`: the
        table fans the pile out."""
        pos = self._rested_at()
        return pos is not None and self.layout.pile_rect(False).collidepoint(pos)

    def glows(self) -> tuple[tuple[pygame.Rect, tuple[int, int, int]], ...]:
        """The drop targets that take what is being dragged, each with its glow colour."""
        press = self.drag.press
        if press is None or not press.dragging:
            return ()
        return tuple(
            (target.rect, self._glow_colour(press, target))
            for target, verdict in self._verdicts(press)
            if verdict.accepts
        )

    def refusing(self) -> tuple[pygame.Rect, ...]:
        """The drop targets that would refuse what is being dragged (each is marked so)."""
        press = self.drag.press
        if press is None or not press.dragging:
            return ()
        return tuple(
            target.rect for target, verdict in self._verdicts(press) if not verdict.accepts
        )

    def refusal_over(self) -> str | None:
        """Why the drop target under the dragged card would refuse it, if it would."""
        press, over = self.drag.press, self.drag.over()
        if press is None or over is None:
            return None
        verdict = self.verdicts.of(press.source, press.sprite.card, over)
        return None if verdict is None else verdict.reason

    def _verdicts(self, press: Press) -> list[tuple[DropTarget, Verdict]]:
        """Each drop target with its verdict on the dragged card (those it concerns)."""
        judged = []
        for target in (*self.drag.targets, *self.drag.melds):
            verdict = self.verdicts.of(press.source, press.sprite.card, target)
            if verdict is not None:
                judged.append((target, verdict))
        return judged

    def _glow_colour(self, press: Press, target: DropTarget) -> tuple[int, int, int]:
        """Gold for a discard, green for one that goes out, pale green for a reorder."""
        if _reorders(press, target):
            return REORDER_GLOW
        going = press.source is Source.HAND and self.table.goes_out(press.sprite.card)
        return GO_OUT_GLOW if going else GOLD

    def _press(self, pos: tuple[int, int]) -> bool:
        """Press on a hand card (any time: to reorder), else on a pile on your turn; else on
        the felt: what moves jumps to its place, and the table hurries while it is held."""
        stage = self.playback.stage
        card = stage.hand_card_at(pos) if self.enabled else None
        if card is not None:
            self.drag.melds = meld_targets(stage.meld_boxes(), self.layout.margin // 2)
            self.drag.begin(Source.HAND, pos, stage.sprites[card])
            return True
        for source, is_stock in ((Source.STOCK, True), (Source.DISCARD, False)):
            if self.layout.pile_rect(is_stock).collidepoint(pos) and self.table.your_turn:
                self._press_pile(source, pos)
                return True
        if self.playback.animating:
            self.playback.finish()
        self.on_felt = True
        return True

    def _press_pile(self, source: Source, pos: tuple[int, int]) -> None:
        stage, discard = self.playback.stage, self.playback.shown.discard
        if self.table.drawn:
            self.table.refuse(_("You have drawn: now discard a card"))
        elif source is Source.STOCK:
            self.drag.begin(source, pos, stage.at_stock(STOCK_GHOST))
        elif discard:
            self.drag.begin(source, pos, stage.sprites[discard[-1]])

    def _release(self, pos: tuple[int, int]) -> None:
        match self.drag.release(pos):
            case Clicked(source, card):
                self._click(source, card)
            case Dropped() as drop:
                self.playback.stage.settle_hand()  # the gap's glide ends: nothing to wait for
                if not self._drop(drop):
                    self.table.refuse()
                self.playback.place(0.6)
            case None:
                pass

    def _drop(self, drop: Dropped) -> bool:
        """Carry out a drop; False if it did nothing (the card glides back)."""
        if drop.target is None:
            return False
        x = drop.pose.center[0]
        match (drop.source, drop.target.kind):
            case (Source.HAND, TargetKind.DISCARD_PILE):
                return self.table.play(Discard(drop.card))
            case (Source.HAND, TargetKind.YOUR_MELDS):
                return self.table.laying_desk.lay_down(drop.card)
            case (Source.HAND, TargetKind.MELD):
                toward_high = x > drop.target.rect.centerx
                return self.table.play(
                    self.table.laying_desk.lay_off(drop.card, drop.target.meld, toward_high)
                )
            case (Source.HAND, TargetKind.HAND):
                self.table.move_card(drop.card, self._landing(drop.card, x))
                return True
            case (Source.STOCK | Source.DISCARD, TargetKind.HAND):
                slot = self._landing(None, x)
                draw = Draw(_DRAW_SOURCES[drop.source])
                return self.table.play(draw, Arrival(slot, drop.pose))
        return False

    def _click(self, source: Source, card: Card) -> None:
        if source is not Source.HAND:
            self.table.play(Draw(_DRAW_SOURCES[source]))
            return
        previous, self.last_click = self.last_click, (card, self.clock)
        if previous and previous[0] == card and self.clock - previous[1] <= DOUBLE_CLICK_SECONDS:
            self.last_click = None
            self.table.play(Discard(card))
            return
        self.table.select(card)


def _reorders(press: Press, target: DropTarget) -> bool:
    """True if dropping ``press`` on ``target`` only reorders your hand."""
    return press.source is Source.HAND and target.kind is TargetKind.HAND
