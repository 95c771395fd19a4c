"""What the table shows right now: the match as far as its animations have got.

The engine runs ahead (an AI turn is applied at once); the table replays the
events one by one, and this record follows them, so what is drawn always
matches an animation that has finished or is under way. Whose turn it is and
the phase are followed too: the painter reads them here, never from the match.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import assert_never

from game.engine.actions import Phase
from game.engine.cards import Card, Rank
from game.engine.contracts import Contract, contract_for
from game.engine.events import (
    AbandonReason,
    CutForDeal,
    Dealt,
    Discarded,
    DiscardStarted,
    DrewFromStock,
    Event,
    LaidDown,
    LaidOff,
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
from game.engine.open_table import TableMeld
from game.engine.rules import RuleSet
from game.engine.view import public_card
from game.ui.seen import hand_order


@dataclass(slots=True)
class ShownTable:
    """The table's picture of the match: hands, piles, round facts and scores."""

    rules: RuleSet
    human: bool = False
    """True if a person plays seat 0: a hand dealt to it is shown sorted by suit."""
    round_index: int = 0
    hand_size: int = 0
    wild_rank: Rank = Rank.THREE
    dealer: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    known: list[list[Card]] = field(default_factory=list)
    """Per seat, the cards it took from the discard pile and still holds (seen by all)."""
    discard: list[Card] = field(default_factory=list)
    table: list[TableMeld] = field(default_factory=list)
    """Open table: the melds on the table, in the order laid down, each as it stands."""
    stock_count: int = 0
    went_out: int | None = None
    last_turns: bool = False
    last_turns_due: tuple[int, ...] = ()
    """The seats whose last turn is still to be played (or under way), in playing order."""
    abandoned: AbandonReason | None = None
    """Why the round shown ended before its time, if it did."""
    round_scores: list[tuple[int, ...]] = field(default_factory=list)
    goers: list[int | None] = field(default_factory=list)
    """Per round scored, the seat that went out (``None``: nobody did)."""
    totals: tuple[int, ...] = ()
    current_seat: int = 0
    """The seat whose turn is shown."""
    phase: Phase | None = None
    """The phase shown; ``None`` between turns (while dealing, after a round ends)."""

    def __post_init__(self) -> None:
        players = self.rules.players
        self.hands = [[] for _ in range(players)]
        self.known = [[] for _ in range(players)]
        self.totals = (0,) * players

    @property
    def rounds(self) -> int:
        """How many rounds the match has."""
        return len(self.rules.hand_sizes)

    @property
    def contract(self) -> Contract | None:
        """The contract of the round shown; ``None`` without contracts (or before a deal)."""
        return contract_for(self.hand_size) if self.rules.contracts and self.hand_size else None

    @property
    def your_last_turn(self) -> bool:
        """True from the moment another seat goes out until the person at seat 0 has played
        the last turn it gets."""
        return self.human and 0 in self.last_turns_due

    def follow(self, event: Event, insert_at: int | None = None) -> None:
        """Take ``event`` into the picture; a card drawn by seat 0 goes at ``insert_at``."""
        match event:
            case CutForDeal():
                self.dealer = event.dealer
            case RoundStarted():
                self._start_round(event)
            case Dealt():
                self._deal(event)
            case DiscardStarted():
                self.discard.append(event.card)
                self.stock_count -= 1
                self.current_seat = (self.dealer + 1) % len(self.hands)
                self.phase = Phase.DRAW
            case DrewFromStock():
                self.stock_count -= 1
                self._receive(event.seat, event.card, insert_at)
            case TookDiscard():
                self.discard.pop()
                self.known[event.seat].append(event.card)
                self._receive(event.seat, event.card, insert_at)
            case Discarded():
                self._give_up(event.seat, event.card)
                self.last_turns_due = tuple(s for s in self.last_turns_due if s != event.seat)
                self.discard.append(event.card)
                self.current_seat = (event.seat + 1) % len(self.hands)
                self.phase = Phase.DRAW
            case LaidDown() | LaidOff():
                self._lay(event)
            case StockReshuffled():
                self.discard = self.discard[-1:]
                self.stock_count = event.cards_count
            case WentOut():
                self.went_out = event.seat
            case LastTurnsBegan():
                self.last_turns = True
                self.last_turns_due = event.seats
            case RoundAbandoned():
                self.abandoned = event.reason
                self.phase = None
            case RoundScored():
                self.round_scores.append(event.penalties)
                self.goers.append(event.went_out)
                self.totals = event.totals
                self.phase = None
            case MatchOver():
                self.phase = Phase.MATCH_OVER
            case _:
                assert_never(event)

    @classmethod
    def of_match(cls, match: Match, human: bool, hand: Sequence[Card]) -> ShownTable:
        """The picture of ``match`` as it stands (a resumed match), seat 0's cards in the order
        ``hand`` gives."""
        shown = cls(match.rules, human)
        shown.round_index, shown.hand_size = match.round_index, match.hand_size
        shown.wild_rank, shown.dealer = match.wild_rank, match.dealer
        shown.hands = [list(cards) for cards in match.hands]
        shown.hands[0] = list(hand)
        shown.known = [list(cards) for cards in match.known_cards]
        shown.discard, shown.stock_count = list(match.discard_pile), len(match.stock)
        shown.table = list(match.table)
        shown.went_out, shown.last_turns = match.went_out, match.in_last_turns
        if match.in_last_turns:  # the seats still to play, from the one to move now
            due = range(match.last_turns_left)
            shown.last_turns_due = tuple(
                (match.current_seat + step) % match.players for step in due
            )
        shown.round_scores, shown.totals = list(match.round_scores), match.totals
        shown.current_seat, shown.phase = match.current_seat, match.phase
        shown.goers = list(match.goers)
        return shown

    def ahead(self, events: Iterable[Event], insert_at: int | None) -> ShownTable:
        """A copy of this picture after ``events`` (your next draw going to ``insert_at``)."""
        later = copy.copy(self)  # cards and rules are immutable: only the lists are copied
        later.hands = [list(hand) for hand in self.hands]
        later.known = [list(cards) for cards in self.known]
        later.discard = list(self.discard)
        later.table = list(self.table)
        later.round_scores = list(self.round_scores)
        later.goers = list(self.goers)
        for event in events:
            drawing = isinstance(event, DrewFromStock | TookDiscard) and event.seat == 0
            later.follow(event, insert_at if drawing else None)
            insert_at = None if drawing else insert_at
        return later

    def _deal(self, event: Dealt) -> None:
        self.hands = [list(hand) for hand in event.hands]
        if self.human:
            self.hands[0] = hand_order.by_suit(self.hands[0])
        self.stock_count -= sum(len(hand) for hand in event.hands)

    def _start_round(self, event: RoundStarted) -> None:
        self.round_index = event.round_index
        self.hand_size = event.hand_size
        self.wild_rank = event.wild_rank
        self.dealer = event.dealer
        self.hands = [[] for _ in self.hands]
        self.known = [[] for _ in self.hands]
        self.discard = []
        self.table = []
        self.stock_count = self.rules.shoe_size
        self.went_out = None
        self.last_turns = False
        self.last_turns_due = ()
        self.abandoned = None
        self.phase = None

    def _lay(self, event: LaidDown | LaidOff) -> None:
        """Cards went from a hand onto the table: melds laid down, or a card laid off."""
        if isinstance(event, LaidDown):
            for meld in event.melds:
                for card in meld.cards:
                    self._give_up(event.seat, card)
                self.table.append(TableMeld(event.seat, meld))
            return
        self._give_up(event.seat, event.card)
        self.table[event.meld] = TableMeld(self.table[event.meld].owner, event.grown)

    def _give_up(self, seat: int, card: Card) -> None:
        """``card`` left ``seat``'s hand face up (discarded or put on the table)."""
        self.hands[seat].remove(card)
        self._forget_known(seat, card)

    def _forget_known(self, seat: int, card: Card) -> None:
        """A card of the rank and suit of ``card`` thrown: the table no longer knows that the
        seat holds one it took (two 7♥ cannot be told apart)."""
        same = public_card(card)
        known = self.known[seat]
        for index, taken in enumerate(known):
            if public_card(taken) == same:
                del known[index]
                return

    def _receive(self, seat: int, card: Card, insert_at: int | None) -> None:
        """``seat`` drew ``card``: it now must discard."""
        self.current_seat, self.phase = seat, Phase.DISCARD
        hand = self.hands[seat]
        if insert_at is None or seat != 0:
            hand.append(card)
        else:
            hand.insert(max(0, min(insert_at, len(hand))), card)
