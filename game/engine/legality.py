"""Which actions are legal: the one place the rules of a turn are written.

Both ``Match`` (which sees everything) and ``PlayerView`` (which sees one
seat's share) describe the current turn as :class:`TurnFacts` and ask this
module; neither has rules of its own. :func:`legal_actions` is the candidate
actions that :func:`why_illegal` accepts, so the two can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import Action, Discard, Draw, DrawSource, Phase
from game.engine.cards import Card


@dataclass(frozen=True, slots=True)
class TurnFacts:
    """What decides the legality of an action: the public facts of the turn plus one hand."""

    phase: Phase
    """What the match waits for."""
    seat: int
    """The seat whose turn it is."""
    hand: tuple[Card, ...]
    """That seat's hand, in order."""
    discard_pile_size: int
    """Cards on the discard pile."""
    taken_card: Card | None
    """The card this seat just took from the discard pile, if it did."""
    discard_taken_card: bool
    """The rule option: may the card just taken from the discard pile be discarded again?"""


def why_illegal(action: object, facts: TurnFacts) -> str | None:
    """``None`` if ``action`` is legal now, otherwise a sentence saying what is wrong."""
    if facts.phase is Phase.MATCH_OVER:
        return f"the match is over: no action is legal (got {action})"
    seat = f"seat {facts.seat}"
    match action:
        case Draw(source):
            if facts.phase is not Phase.DRAW:
                return f"{seat} has already drawn this turn and must now discard a card"
            if source is DrawSource.DISCARD and facts.discard_pile_size == 0:
                return "the discard pile is empty: draw from the stock"
            return None
        case Discard(card):
            if facts.phase is not Phase.DISCARD:
                return f"{seat} must draw (from the stock or the discard pile) before discarding"
            if card not in facts.hand:
                return f"{card.code} is not in the hand of {seat}"
            if card == facts.taken_card and not facts.discard_taken_card:
                return (
                    f"{card.code} was just taken from the discard pile and may not be "
                    f"discarded in the same turn (rule discard_taken_card is off)"
                )
            return None
    return f"not an action: {action!r} (expected Draw or Discard)"


def legal_actions(facts: TurnFacts) -> tuple[Action, ...]:
    """Every legal action in a fixed order: stock, discard pile, then discards in hand order."""
    candidates: list[Action]
    if facts.phase is Phase.DRAW:
        candidates = [Draw(DrawSource.STOCK), Draw(DrawSource.DISCARD)]
    elif facts.phase is Phase.DISCARD:
        candidates = [Discard(card) for card in facts.hand]
    else:
        candidates = []
    return tuple(action for action in candidates if why_illegal(action, facts) is None)
