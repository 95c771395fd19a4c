"""What happened: the events ``Match.apply`` returns, in order, for the UI to animate.

Events carry the whole truth (the deal names every hand, a stock draw names
the card): they are for the table that shows the human seat, not for AI
seats, which only ever see a ``PlayerView``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from game.engine.cards import Card, Rank
from game.engine.melds import Arrangement, Meld


@dataclass(frozen=True, slots=True)
class Cut:
    """One card cut by one seat when choosing the first dealer."""

    seat: int
    """The seat that cut."""
    card: Card
    """The card it cut."""
    attempt: int
    """0 for the first cut; 1, 2 … for the cuts that break a tie for highest."""


@dataclass(frozen=True, slots=True)
class CutForDeal:
    """The seats cut for the first deal; the highest card deals."""

    cuts: tuple[Cut, ...]
    """Every cut in order: all seats, then the tied seats again, until one is highest."""
    dealer: int
    """The seat that cut highest: the dealer of the first round."""


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """A round begins."""

    round_index: int
    """0-based index of the round in the schedule."""
    hand_size: int
    """Cards dealt to each seat."""
    wild_rank: Rank
    """The rank that is wild this round."""
    dealer: int
    """The seat that deals; the seat after it plays first."""
    multiplier: int
    """Factor applied to this round's penalties: 1, or 2 when doubled."""


@dataclass(frozen=True, slots=True)
class Dealt:
    """The cards were dealt one at a time, clockwise from the dealer's left."""

    hands: tuple[tuple[Card, ...], ...]
    """Every seat's hand, in the order dealt."""


@dataclass(frozen=True, slots=True)
class DiscardStarted:
    """The card after the deal was turned face up to start the discard pile."""

    card: Card
    """The face-up card."""


@dataclass(frozen=True, slots=True)
class DrewFromStock:
    """A seat drew the top card of the stock."""

    seat: int
    """Who drew."""
    card: Card
    """The card drawn (only its drawer sees it at the table)."""


@dataclass(frozen=True, slots=True)
class TookDiscard:
    """A seat took the top card of the discard pile."""

    seat: int
    """Who took it."""
    card: Card
    """The card taken, seen by everyone."""


@dataclass(frozen=True, slots=True)
class Discarded:
    """A seat discarded a card face up, ending its turn."""

    seat: int
    """Who discarded."""
    card: Card
    """The card discarded."""


@dataclass(frozen=True, slots=True)
class LaidDown:
    """Open table: a seat laid melds down in front of it (or, going out, they were laid
    down for it)."""

    seat: int
    """Who laid down."""
    melds: tuple[Meld, ...]
    """The melds, in order."""
    first: int
    """The table index of the first of them (the others follow)."""


@dataclass(frozen=True, slots=True)
class LaidOff:
    """Open table: a seat laid a card off onto a meld on the table."""

    seat: int
    """Who laid it off."""
    card: Card
    """The card."""
    meld: int
    """The meld's index on the table."""
    position: int
    """What the card stands for there."""
    grown: Meld
    """The meld as it now stands."""


@dataclass(frozen=True, slots=True)
class StockReshuffled:
    """The stock was empty: the discard pile except its top was shuffled into a new stock."""

    cards_count: int
    """Cards in the new stock."""
    rebuild_number: int
    """1 for the first rebuild of the round, 2 for the second (there is no third)."""


@dataclass(frozen=True, slots=True)
class WentOut:
    """After discarding, a seat's whole hand melds: it goes out and shows its melds."""

    seat: int
    """Who went out."""
    arrangement: Arrangement
    """The hand split into melds (complete: nothing left over)."""


@dataclass(frozen=True, slots=True)
class LastTurnsBegan:
    """Someone went out: every other seat now takes exactly one more turn."""

    went_out: int
    """The seat that went out."""
    seats: tuple[int, ...]
    """The seats that take a last turn, in playing order."""


AbandonReason: TypeAlias = Literal["stock", "turns"]
"""Why a round ended without its last turns: ``"stock"``, the stock would have had to be
rebuilt a third time; ``"turns"``, the round reached its turn limit (docs/RULES.md, "A round
that will not end")."""


@dataclass(frozen=True, slots=True)
class RoundAbandoned:
    """The round ends at once, before its end by the rules: see :attr:`reason`."""

    round_index: int
    """0-based index of the round that ends."""
    seat: int
    """The seat that was about to play: to draw from the empty stock, or the next turn."""
    reason: AbandonReason = "stock"
    """``"stock"`` (a third rebuild, before that draw) or ``"turns"`` (the turn limit,
    after the turn that reached it)."""


@dataclass(frozen=True, slots=True)
class RoundScored:
    """A round ended and every seat was scored."""

    round_index: int
    """0-based index of the round scored."""
    went_out: int | None
    """The seat that went out, or ``None`` (an abandoned round where nobody did)."""
    abandoned: bool
    """True if the round ended at once (a :class:`RoundAbandoned` before this event)."""
    arrangements: tuple[Arrangement, ...]
    """Per seat, the best arrangement of its final hand (with lay-offs when allowed: each
    :class:`~game.engine.melds.LayOff` names the meld, and in the redemption round its
    owner), without the jokers in :attr:`thrown_jokers`."""
    multiplier: int
    """Factor applied to this round's penalties: 1, or 2 when doubled."""
    penalties: tuple[int, ...]
    """Per seat, the points scored this round (multiplier applied; 0 for who went out)."""
    totals: tuple[int, ...]
    """Per seat, the running total after this round."""
    thrown_jokers: tuple[tuple[Card, ...], ...] = ()
    """Per seat, the printed jokers thrown onto a meld for 0 (rule ``free_jokers``, in a
    round a player went out of; empty tuples otherwise)."""


@dataclass(frozen=True, slots=True)
class MatchOver:
    """The last round was scored: the lowest total wins."""

    winners: tuple[int, ...]
    """The winning seats; more than one when the win is shared; none when a tie gives
    the match to no one (rule ``tie="nobody"``)."""
    totals: tuple[int, ...]
    """Per seat, the final total."""


Event: TypeAlias = (
    CutForDeal
    | RoundStarted
    | Dealt
    | DiscardStarted
    | DrewFromStock
    | TookDiscard
    | Discarded
    | LaidDown
    | LaidOff
    | StockReshuffled
    | WentOut
    | LastTurnsBegan
    | RoundAbandoned
    | RoundScored
    | MatchOver
)
"""Anything ``Match.apply`` reports."""
