"""A round's public log: its grammar, and what follows from it.

The log of a round is a list of turns in clockwise order from the dealer's left,
each ``[stock_rebuilt] drew_stock | took_discard, discarded`` by one seat. From it
follow how many turns were played and which cards taken from the discard pile a
seat is still known to hold.

>>> from game.engine.cards import Card
>>> seven = Card.parse("7H")
>>> log = [PublicMove(0, MoveKind.TOOK_DISCARD, seven), PublicMove(0, MoveKind.DISCARDED, seven)]
>>> turns_played(log), still_held(log, 2)
(1, ((), ()))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine.cards import Card
from game.engine.view import MoveKind, PublicMove

_DRAWS = frozenset({MoveKind.DREW_STOCK, MoveKind.TOOK_DISCARD})


def turns_played(log: Sequence[PublicMove]) -> int:
    """Turns finished in the round: each ends with a discard."""
    return sum(1 for move in log if move.kind is MoveKind.DISCARDED)


def _same(card: Card) -> Card:
    return card


def still_held(
    log: Sequence[PublicMove], players: int, key: Callable[[Card], Card] = _same
) -> tuple[tuple[Card, ...], ...]:
    """Per seat, the cards it took from the discard pile and has not discarded since.

    ``key`` is what tells two cards apart: by default the physical card; with
    :func:`game.engine.view.public_card`, only rank and suit, as at the table,
    where a seat that took a 7♥ and later threw a 7♥ no longer holds one that
    anyone knows of.
    """
    held: list[list[Card]] = [[] for _ in range(players)]
    for move in log:
        if move.card is None:
            continue
        card = key(move.card)
        if move.kind is MoveKind.TOOK_DISCARD:
            held[move.seat].append(card)
        elif card in held[move.seat]:
            held[move.seat].remove(card)
    return tuple(tuple(cards) for cards in held)


def turn_due(log: Sequence[PublicMove], players: int, first_seat: int) -> tuple[int, bool]:
    """Where the round stands after ``log``, a round's log from its first turn (by
    ``first_seat``): the seat whose turn it is, and whether it has drawn.

    Raises ``ValueError`` naming the first entry that breaks the order of play:
    turns clockwise, each an optional rebuild, a draw (a rebuilt stock is drawn
    from) and a discard.
    """
    seat, step = first_seat, "draw"
    for index, move in enumerate(log):
        kind = move.kind
        if move.seat != seat:
            raise ValueError(f"log[{index}]: seat {move.seat} moved in the turn of seat {seat}")
        if step == "draw" and kind is MoveKind.STOCK_REBUILT:
            step = "stock draw"
        elif (step == "draw" and kind in _DRAWS) or (
            step == "stock draw" and kind is MoveKind.DREW_STOCK
        ):
            step = "discard"
        elif step == "discard" and kind is MoveKind.DISCARDED:
            seat, step = (seat + 1) % players, "draw"
        else:
            raise ValueError(f"log[{index}]: {kind.value!r} where a {step} was due")
    if step == "stock draw":
        raise ValueError("the log ends with a rebuilt stock that nobody drew from")
    return seat, step == "discard"
