"""Which actions are legal: the one place the rules of a turn are written.

Both ``Match`` (which sees everything) and ``PlayerView`` (which sees one
seat's share) describe the current turn as :class:`TurnFacts` and ask this
module; neither has rules of its own. :func:`legal_actions` is the candidate
actions that :func:`why_illegal` accepts, so the two can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import assert_never

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


class Refusal(Enum):
    """Why an action is illegal, as data (a window words it in the player's language)."""

    MATCH_OVER = "match_over"
    """The match is over: nothing is legal."""
    ALREADY_DREW = "already_drew"
    """A draw after this turn's draw: the seat must discard."""
    PILE_EMPTY = "pile_empty"
    """A draw from an empty discard pile."""
    MUST_DRAW = "must_draw"
    """A discard before this turn's draw."""
    NOT_IN_HAND = "not_in_hand"
    """A discard of a card the seat does not hold."""
    TAKEN_CARD = "taken_card"
    """A discard of the card just taken from the discard pile (rule discard_taken_card off)."""
    NOT_AN_ACTION = "not_an_action"
    """Neither a Draw from a :class:`DrawSource` nor a Discard of a :class:`Card`."""


def malformed(action: object) -> str | None:
    """``None`` for a well-formed action, otherwise what is wrong with its form."""
    match action:
        case Draw(source) if not isinstance(source, DrawSource):
            return f"a Draw needs DrawSource.STOCK or DrawSource.DISCARD, not {_shown(source)}"
        case Discard(card) if not isinstance(card, Card):
            return f"a Discard needs a Card (e.g. Card.parse('7H')), not {_shown(card)}"
        case Draw() | Discard():
            return None
    return "expected Draw or Discard"


def refusal(action: object, facts: TurnFacts) -> Refusal | None:
    """``None`` if ``action`` is legal now, otherwise why not; never raises, whatever ``action``."""
    if malformed(action) is not None:
        return Refusal.NOT_AN_ACTION
    if facts.phase is Phase.MATCH_OVER:
        return Refusal.MATCH_OVER
    match action:
        case Draw(source):
            if facts.phase is not Phase.DRAW:
                return Refusal.ALREADY_DREW
            if source is DrawSource.DISCARD and facts.discard_pile_size == 0:
                return Refusal.PILE_EMPTY
            return None
        case Discard(card):
            if facts.phase is not Phase.DISCARD:
                return Refusal.MUST_DRAW
            if card not in facts.hand:
                return Refusal.NOT_IN_HAND
            if card == facts.taken_card and not facts.discard_taken_card:
                return Refusal.TAKEN_CARD
            return None
    raise AssertionError(f"not reached: {action!r} is well-formed")


def why_illegal(action: object, facts: TurnFacts) -> str | None:
    """``None`` if ``action`` is legal now, otherwise a sentence saying what is wrong."""
    found = refusal(action, facts)
    if found is None:
        return None
    seat = f"seat {facts.seat}"
    match found:
        case Refusal.MATCH_OVER:
            return f"the match is over: no action is legal (got {action})"
        case Refusal.ALREADY_DREW:
            return f"{seat} has already drawn this turn and must now discard a card"
        case Refusal.PILE_EMPTY:
            return "the discard pile is empty: draw from the stock"
        case Refusal.MUST_DRAW:
            return f"{seat} must draw (from the stock or the discard pile) before discarding"
        case Refusal.NOT_IN_HAND:
            assert isinstance(action, Discard)
            return f"{action.card.code} is not in the hand of {seat}"
        case Refusal.TAKEN_CARD:
            assert isinstance(action, Discard)
            return (
                f"{action.card.code} was just taken from the discard pile and may not be "
                "discarded in the same turn (rule discard_taken_card is off)"
            )
        case Refusal.NOT_AN_ACTION:
            return f"not an action: {_shown(action)} ({malformed(action)})"
    assert_never(found)


def _shown(value: object) -> str:
    """``repr(value)``, or its type if even that raises: anything a bot returns can be named."""
    try:
        return repr(value)
    except Exception:
        return f"a {type(value).__name__} object"


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
