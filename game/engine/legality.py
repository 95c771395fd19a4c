"""Which actions are legal: the one place the rules of a turn are written.

Both ``Match`` (which sees everything) and ``PlayerView`` (which sees one
seat's share) describe the current turn as :class:`TurnFacts` and ask this
module; neither has rules of its own. :func:`legal_actions` is the candidate
actions that :func:`why_illegal` accepts, so the two can never disagree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from game.engine.actions import Action, Discard, Draw, DrawSource, LayDown, LayOffCard, Phase
from game.engine.cards import Card, Rank
from game.engine.contracts import Contract
from game.engine.melds import Meld, MeldKind, all_wild, meld_fault
from game.engine.open_table import TableMeld, extended, laid_down, lay_off_spots
from game.engine.rules import RuleSet
from game.engine.solver import contract_arrangement


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
    rules: RuleSet
    """The rules of the match."""
    wild_rank: Rank
    """The rank that is wild this round."""
    table: tuple[TableMeld, ...] = ()
    """Open table: the melds on the table."""
    contract: Contract | None = None
    """The round's contract (open table: what the seat's first lay-down must be)."""

    @property
    def open_table(self) -> bool:
        """True if melds are laid down and built on during turns (rule ``table="open"``)."""
        return self.rules.table == "open"

    @property
    def has_laid_down(self) -> bool:
        """True if the seat to play has a meld on the table."""
        return laid_down(self.table, self.seat)


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
    """No well-formed Draw, Discard, LayDown or LayOffCard."""
    CLOSED_TABLE = "closed_table"
    """A lay-down or lay-off at the closed table (rule ``table="closed"``)."""
    MUST_DRAW_FIRST = "must_draw_first"
    """A lay-down or lay-off before this turn's draw."""
    CARDS_NOT_HELD = "cards_not_held"
    """A lay-down or lay-off of a card the seat does not hold (or of one card twice)."""
    NOT_A_MELD = "not_a_meld"
    """A lay-down of a group that is no legal meld under the rules."""
    KEEP_ONE_CARD = "keep_one_card"
    """A lay-down or lay-off that would leave no card the seat may discard."""
    NOT_THE_CONTRACT = "not_the_contract"
    """A first lay-down that is not exactly the round's contract."""
    NOT_LAID_DOWN = "not_laid_down"
    """A lay-off by a seat that has not laid down this round."""
    NO_SUCH_MELD = "no_such_meld"
    """A lay-off onto a meld that is not on the table."""
    DOES_NOT_FIT = "does_not_fit"
    """A lay-off of a card that does not extend that meld at that place."""


def malformed(action: object) -> str | None:
    """``None`` for a well-formed action, otherwise what is wrong with its form."""
    match action:
        case Draw(source) if not isinstance(source, DrawSource):
            return f"a Draw needs DrawSource.STOCK or DrawSource.DISCARD, not {_shown(source)}"
        case Discard(card) if not isinstance(card, Card):
            return f"a Discard needs a Card (e.g. Card.parse('7H')), not {_shown(card)}"
        case LayDown(melds) if not (
            isinstance(melds, tuple) and melds and all(isinstance(m, Meld) for m in melds)
        ):
            return f"a LayDown needs a non-empty tuple of Melds, not {_shown(melds)}"
        case LayOffCard(card, meld, position) if not (
            isinstance(card, Card) and type(meld) is int and type(position) is int
        ):
            return "a LayOffCard needs a Card, a meld index and a position"
        case Draw() | Discard() | LayDown() | LayOffCard():
            return None
    return "expected Draw, Discard, LayDown or LayOffCard"


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
            if card == facts.taken_card and not facts.rules.discard_taken_card:
                return Refusal.TAKEN_CARD
            return None
        case LayDown(melds):
            return _lay_down_refusal(melds, facts)
        case LayOffCard(card, meld, position):
            return _lay_off_refusal(card, meld, position, facts)
    raise AssertionError(f"not reached: {action!r} is well-formed")


def lay_refusal(cards: Sequence[Card], facts: TurnFacts) -> Refusal | None:
    """What forbids any lay move of ``cards`` now (the table, the phase, the hand), before
    what the move itself needs; ``None`` if nothing does."""
    if not facts.open_table:
        return Refusal.CLOSED_TABLE
    if facts.phase is not Phase.DISCARD:
        return Refusal.MUST_DRAW_FIRST
    if Counter(cards) - Counter(facts.hand):
        return Refusal.CARDS_NOT_HELD
    rest = Counter(facts.hand) - Counter(cards)
    if not any(refusal(Discard(card), facts) is None for card in rest):
        return Refusal.KEEP_ONE_CARD
    return None


def _lay_down_refusal(melds: tuple[Meld, ...], facts: TurnFacts) -> Refusal | None:
    found = lay_refusal([card for meld in melds for card in meld.cards], facts)
    if found is not None:
        return found
    if any(_meld_fault(meld, facts) is not None for meld in melds):
        return Refusal.NOT_A_MELD
    contract = facts.contract
    if contract is not None and not facts.has_laid_down and not _exactly(contract, melds, facts):
        return Refusal.NOT_THE_CONTRACT
    return None


def _exactly(contract: Contract, melds: tuple[Meld, ...], facts: TurnFacts) -> bool:
    """True if ``melds`` are exactly the contract's melds (each may be longer than three)."""
    return len(melds) == contract.melds and contract.met_by(melds, facts.wild_rank)


def _meld_fault(meld: Meld, facts: TurnFacts) -> str | None:
    """What is wrong with ``meld`` laid down now: the rules' own check, and a meld of wilds
    only must be laid down as a set (it takes the rank of the first natural laid off)."""
    if meld.kind is MeldKind.RUN and all_wild(meld, facts.wild_rank):
        return "a meld made only of wilds is laid down as a set"
    return meld_fault(meld, facts.wild_rank, facts.rules)


def _lay_off_refusal(card: Card, meld: int, position: int, facts: TurnFacts) -> Refusal | None:
    found = lay_refusal([card], facts)
    if found is not None:
        return found
    if not facts.has_laid_down:
        return Refusal.NOT_LAID_DOWN
    if not 0 <= meld < len(facts.table):
        return Refusal.NO_SUCH_MELD
    if extended(facts.table[meld].meld, card, position, facts.wild_rank, facts.rules) is None:
        return Refusal.DOES_NOT_FIT
    return None


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
        case _:
            return _why_lay_illegal(found, action, facts)


def _why_lay_illegal(found: Refusal, action: object, facts: TurnFacts) -> str:
    """The sentence for a refused lay-down or lay-off."""
    seat = f"seat {facts.seat}"
    match found:
        case Refusal.CLOSED_TABLE:
            return "the table is closed: melds are shown only when a player goes out"
        case Refusal.MUST_DRAW_FIRST:
            return f"{seat} must draw before laying down or laying off"
        case Refusal.CARDS_NOT_HELD:
            return f"{seat} does not hold every card of {action} (each card once)"
        case Refusal.NOT_A_MELD:
            assert isinstance(action, LayDown)
            return next(f for f in (_meld_fault(m, facts) for m in action.melds) if f)
        case Refusal.KEEP_ONE_CARD:
            return f"{seat} must keep one card it may discard"
        case Refusal.NOT_THE_CONTRACT:
            assert facts.contract is not None
            return (
                f"the first lay-down of the round is exactly the contract: "
                f"{facts.contract.describe()}"
            )
        case Refusal.NOT_LAID_DOWN:
            return f"{seat} lays off only once it has laid down this round"
        case Refusal.NO_SUCH_MELD:
            assert isinstance(action, LayOffCard)
            return f"there is no meld {action.meld} on the table ({len(facts.table)} melds)"
        case Refusal.DOES_NOT_FIT:
            assert isinstance(action, LayOffCard)
            return (
                f"{action.card.code} cannot stand for position {action.position} in "
                f"{facts.table[action.meld].meld.describe()}"
            )
    raise AssertionError(f"not a refusal of a lay move: {found}")


def _shown(value: object) -> str:
    """``repr(value)``, or its type if even that raises: anything a bot returns can be named."""
    try:
        return repr(value)
    except Exception:
        return f"a {type(value).__name__} object"


def legal_actions(facts: TurnFacts) -> tuple[Action, ...]:
    """The legal actions in a fixed order: stock, discard pile, then discards in hand order.

    At the open table the discards are followed by every lay-off of a card of the hand
    (hand order, then table order), then lay-downs: the melds of the hand's best
    arrangement that keeps a card (with a contract not yet laid down: the contract's),
    all at once, and each on its own when that is legal. Other lay-downs are legal too;
    these stand for them, since the melds of a hand are too many to list.
    """
    candidates: list[Action]
    if facts.phase is Phase.DRAW:
        candidates = [Draw(DrawSource.STOCK), Draw(DrawSource.DISCARD)]
    elif facts.phase is Phase.DISCARD:
        candidates = [Discard(card) for card in facts.hand]
        if facts.open_table:
            candidates += _lay_candidates(facts)
    else:
        candidates = []
    return tuple(action for action in candidates if refusal(action, facts) is None)


def _lay_candidates(facts: TurnFacts) -> list[Action]:
    found: list[Action] = []
    if facts.has_laid_down:
        for card in dict.fromkeys(facts.hand):
            spots = lay_off_spots(card, facts.table, facts.wild_rank, facts.rules)
            found += [LayOffCard(card, meld, position) for meld, position in spots]
    contract = None if facts.has_laid_down else facts.contract
    best = contract_arrangement(facts.hand, facts.wild_rank, facts.rules, contract)
    if best is not None and best.melds:
        melds = best.melds
        if best.is_complete:  # keep a card to discard: leave out the last meld
            melds = melds[:-1]
        if melds:
            found.append(LayDown(melds))
            if len(melds) > 1:
                found += [LayDown((meld,)) for meld in melds]
    return found
