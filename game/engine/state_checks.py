"""Checks of a saved match state against the rules it implies, for ``Match.from_json``.

Each function takes plain values and raises ``ValueError`` saying what is wrong:
the cards (every card of the shoe exactly once, hand sizes for the phase), the
round's log (whole turns in order, ending where the phase says), the card just
taken and the cards known to be held (as the log says), and the melds of who went
out (legal under the rules, the whole hand).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.engine.actions import Phase
from game.engine.cards import Card, Rank
from game.engine.contracts import Contract
from game.engine.melds import Arrangement, meld_fault
from game.engine.round_log import still_held, turn_due
from game.engine.rules import RuleSet
from game.engine.view import MoveKind, PublicMove


def check_cards(
    hands: Sequence[Sequence[Card]],
    piles: Sequence[Card],
    shoe: frozenset[Card],
    hand_size: int,
    phase: Phase,
    current: int,
    laid: Sequence[int] = (),
) -> None:
    """Every card of ``shoe`` exactly once in ``hands`` and ``piles`` (stock, discard pile
    and table); each hand of ``hand_size`` cards, one more for ``current`` in the discard
    phase, less the cards ``laid`` on the table per seat (the open table)."""
    held = [card for hand in hands for card in hand] + list(piles)
    if len(held) != len(shoe) or set(held) != shoe:
        for card, count in Counter(held).items():
            if card not in shoe:
                raise ValueError(f"card {card.code} is not in the shoe of these rules")
            if count > 1:
                raise ValueError(f"card {card.code} appears {count} times")
        missing = sorted(card.code for card in shoe.difference(held))
        raise ValueError(f"cards missing from hands, stock and discard pile: {missing[:5]}")
    for seat, hand in enumerate(hands):
        size = hand_size + (phase is Phase.DISCARD and seat == current)
        size -= laid[seat] if laid else 0
        if len(hand) != size:
            raise ValueError(
                f"hands[{seat}] must hold {size} cards in phase {phase.value!r}, not {len(hand)}"
            )


def check_log(
    log: Sequence[PublicMove],
    shoe: frozenset[Card],
    players: int,
    first_seat: int,
    phase: Phase,
    current: int,
) -> None:
    """``log`` holds cards of ``shoe``, is whole turns from ``first_seat`` on, and ends
    where ``phase`` and ``current`` (the seat to play) say the round is."""
    for index, move in enumerate(log):
        if move.card is not None and move.card not in shoe:
            raise ValueError(
                f"log[{index}].card: {move.card.code} is not in the shoe of these rules"
            )
    seat, drawn = turn_due(log, players, first_seat)
    if phase is Phase.MATCH_OVER:
        # The last round ended after a discard, or before a draw (its stock ran out).
        ok = not drawn and current in (seat, (seat - 1) % players)
    else:
        ok = (seat, drawn) == (current, phase is Phase.DISCARD)
    if not ok:
        step = "discard" if drawn else "draw"
        raise ValueError(
            f"the log leaves seat {seat} to {step}, but the state says seat {current} "
            f"in phase {phase.value!r}"
        )


def taken_by_log(log: Sequence[PublicMove], phase: Phase) -> Card | None:
    """The card the seat to discard just took from the discard pile, as ``log`` says (its
    lay moves since the draw left aside)."""
    if phase is not Phase.DISCARD:
        return None
    for move in reversed(log):
        if move.kind not in (MoveKind.LAID_DOWN, MoveKind.LAID_OFF):
            return move.card if move.kind is MoveKind.TOOK_DISCARD else None
    return None


def check_known(
    known: Sequence[Sequence[Card]], log: Sequence[PublicMove], hands: Sequence[Sequence[Card]]
) -> None:
    """``known`` is, per seat, the cards the log says it took and still holds, all in its hand."""
    expected = still_held(log, len(hands))
    for seat, cards in enumerate(known):
        if tuple(cards) != expected[seat] or not set(cards) <= set(hands[seat]):
            codes = [card.code for card in expected[seat]]
            raise ValueError(
                f"known_cards[{seat}] must be the cards seat {seat} took from the discard "
                f"pile and holds still, as the log says: {codes}"
            )


def check_went_out(
    arrangement: Arrangement,
    hand: Sequence[Card],
    wild_rank: Rank,
    rules: RuleSet,
    contract: Contract | None = None,
) -> None:
    """``arrangement`` melds exactly ``hand`` in melds legal under ``rules`` that include
    ``contract`` (if any), nothing over."""
    shown = Counter(card for meld in arrangement.melds for card in meld.cards)
    if arrangement.leftover or arrangement.layoffs or shown != Counter(hand):
        raise ValueError("went_out.arrangement must meld exactly the hand of who went out")
    if arrangement.penalty != 0:
        raise ValueError(f"went_out.arrangement.penalty must be 0, not {arrangement.penalty}")
    for index, meld in enumerate(arrangement.melds):
        fault = meld_fault(meld, wild_rank, rules)
        if fault is not None:
            raise ValueError(f"went_out.arrangement.melds[{index}]: {fault}")
    if contract is not None and not contract.met_by(arrangement.melds, wild_rank):
        raise ValueError(f"went_out.arrangement must include the contract: {contract.describe()}")
