"""What one seat may know: the :class:`PlayerView` the AI seats (and the table) read.

A view is built by ``Match.view_for(seat)`` out of plain values. It holds the
seat's own hand and the public facts of the match, and nothing else: no other
hand, no stock order, no reference back to the match. Its
:meth:`PlayerView.legal_actions` asks the same rules module the match does.

Identical cards (two 7♥ of two decks) cannot be told apart at the table, so a
view names every card the seat does not hold in its *public* form
(:func:`public_card`: copy 0), and what it knows other seats hold follows from
rank and suit alone (docs/RULES.md, "Identical cards").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache

from game.engine.actions import Action, Phase
from game.engine.cards import Card, Rank
from game.engine.contracts import Contract
from game.engine.legality import TurnFacts, legal_actions, why_illegal
from game.engine.melds import Meld
from game.engine.open_table import TableMeld
from game.engine.rules import RuleSet


class MoveKind(Enum):
    """A kind of public move in a round's log; the value is the JSON name."""

    DREW_STOCK = "drew_stock"
    """A seat drew from the stock (the card is not public)."""
    TOOK_DISCARD = "took_discard"
    """A seat took the top of the discard pile (the card is public)."""
    DISCARDED = "discarded"
    """A seat discarded a card."""
    STOCK_REBUILT = "stock_rebuilt"
    """The discard pile but its top was shuffled into a new stock before a seat's draw."""
    LAID_DOWN = "laid_down"
    """Open table: a seat laid melds down (when it went out, for it, before its discard)."""
    LAID_OFF = "laid_off"
    """Open table: a seat laid a card off onto a meld on the table."""


@dataclass(frozen=True, slots=True)
class PublicMove:
    """One entry of a round's public log: what every seat saw happen."""

    seat: int
    """The seat that moved (for a rebuild: the seat about to draw)."""
    kind: MoveKind
    """What it did."""
    card: Card | None = None
    """The card, when it was seen by all (taken, discarded or laid off); otherwise ``None``."""
    melds: tuple[Meld, ...] = ()
    """The melds laid down (:attr:`MoveKind.LAID_DOWN` only)."""
    target: int | None = None
    """The index on the table of the meld laid off onto (:attr:`MoveKind.LAID_OFF` only)."""
    position: int | None = None
    """What the card laid off stands for (:attr:`MoveKind.LAID_OFF` only)."""


@lru_cache(maxsize=512)
def public_card(card: Card) -> Card:
    """``card`` as the table sees it: its rank and suit, the copy index left out (0).

    >>> public_card(Card.parse("7H", copy=1)) == Card.parse("7H")
    True
    """
    return card if card.copy == 0 else Card(card.rank, card.suit)


def public_move(move: PublicMove) -> PublicMove:
    """``move`` with its cards in their public form."""
    card = move.card
    if move.melds:
        return replace(move, melds=tuple(public_meld(meld) for meld in move.melds))
    if card is None or card.copy == 0:
        return move
    return replace(move, card=public_card(card))


@lru_cache(maxsize=256)
def public_meld(meld: Meld) -> Meld:
    """``meld`` with its cards in their public form (what each stands for is kept)."""
    return replace(meld, cards=tuple(public_card(card) for card in meld.cards))


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything ``seat`` may know about the match, as plain values.

    Only :attr:`hand` (and :attr:`taken_card` on the seat's own turn) hold the
    seat's physical cards; every other card is in its public form.
    """

    seat: int
    """The seat this view belongs to (0 is the human at the bottom)."""
    rules: RuleSet
    """The rules of the match."""
    hand: tuple[Card, ...]
    """This seat's own hand, in order."""
    discard_pile: tuple[Card, ...]
    """The discard pile, bottom to top (the last card is the one that may be taken)."""
    stock_size: int
    """Cards left in the face-down stock."""
    hand_sizes: tuple[int, ...]
    """Per seat, how many cards it holds."""
    known_cards: tuple[tuple[Card, ...], ...]
    """Per seat, the cards it took from the discard pile this round and is still known to
    hold: a seat that took a 7♥ and later threw a 7♥ is no longer known to hold one."""
    log: tuple[PublicMove, ...]
    """This round's public moves, oldest first."""
    went_out: int | None
    """The seat that went out this round, or ``None``."""
    went_out_melds: tuple[Meld, ...]
    """The melds laid down by the seat that went out (empty if nobody has)."""
    round_index: int
    """0-based index of the round in the schedule."""
    hand_size: int
    """Cards dealt to each seat this round."""
    wild_rank: Rank
    """The rank that is wild this round."""
    dealer: int
    """The seat that dealt this round."""
    current_seat: int
    """The seat whose turn it is."""
    phase: Phase
    """What the match waits for."""
    taken_card: Card | None
    """The card the current seat just took from the discard pile, if it did (the physical
    card when the current seat is this one)."""
    last_turns: bool
    """True once someone went out: every remaining turn of the round is a last turn."""
    stock_rebuilds: int
    """How many times the stock was rebuilt this round (a third time ends the round)."""
    round_scores: tuple[tuple[int, ...], ...]
    """Per finished round, each seat's points (multiplier applied)."""
    totals: tuple[int, ...]
    """Per seat, the running total."""
    contract: Contract | None = None
    """The melds going out must include this round (at the open table: the first lay-down);
    ``None`` without contracts."""
    table: tuple[TableMeld, ...] = ()
    """Open table: the melds on the table, in the order laid down, each as it stands."""

    @property
    def is_my_turn(self) -> bool:
        """True if this seat is to act now."""
        return self.seat == self.current_seat and self.phase is not Phase.MATCH_OVER

    def _facts(self) -> TurnFacts:
        return TurnFacts(
            phase=self.phase,
            seat=self.seat,
            hand=self.hand,
            discard_pile_size=len(self.discard_pile),
            taken_card=self.taken_card,
            rules=self.rules,
            wild_rank=self.wild_rank,
            table=self.table,
            contract=self.contract,
        )

    def legal_actions(self) -> tuple[Action, ...]:
        """This seat's legal actions in the match's order; empty when it is not its turn."""
        if not self.is_my_turn:
            return ()
        return legal_actions(self._facts())

    def is_legal(self, action: object) -> bool:
        """True if this seat may take ``action`` now."""
        return self.is_my_turn and why_illegal(action, self._facts()) is None
