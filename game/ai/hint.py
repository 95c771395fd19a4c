"""Hints: what the strongest seat would do in the player's place, and why.

:func:`suggest` reads the seat's :class:`~game.engine.view.PlayerView` only, like
every AI seat, and returns a :class:`Suggestion`: a legal action and its
:class:`Reason`, in data: the window, which knows the player's language, words it
(:mod:`game.words.hint_words`). At the open table the action may be a lay-down or a
lay-off (whatever the hard AI chooses), and a hand left in full counts every card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum

from game.ai.evaluation import Evaluator, open_contract
from game.ai.planner import HardPolicy
from game.engine.actions import Action, Discard, Draw, DrawSource, LayDown, LayOffCard
from game.engine.cards import Card
from game.engine.contract_hold import ContractHold, contract_hold
from game.engine.contracts import Contract
from game.engine.melds import Arrangement, Meld
from game.engine.open_table import laid_down, lay_off_spots
from game.engine.solver import is_complete
from game.engine.view import PlayerView


class Why(Enum):
    """The kinds of reason a hint gives; the window puts each into words."""

    TAKE_TO_GO_OUT = "take_to_go_out"
    """Take the top card: with it the hand goes out."""
    TAKE_WILD = "take_wild"
    """Take the top card: it is wild."""
    TAKE_TO_COMPLETE = "take_to_complete"
    """Take the top card: it completes :attr:`Reason.meld`."""
    TAKE_TO_LOWER = "take_to_lower"
    """Take the top card: the penalty falls from ``points[0]`` to ``points[1]``."""
    TAKE_FOR_CHANCES = "take_for_chances"
    """Take the top card: it gives the hand its best chances."""
    STOCK_PILE_EMPTY = "stock_pile_empty"
    """Draw from the stock: there is no discard to take."""
    STOCK_TOP_WEAK = "stock_top_weak"
    """Draw from the stock: the top discard (:attr:`Reason.card`) does not help enough."""
    DISCARD_TO_GO_OUT = "discard_to_go_out"
    """Discard the card and go out."""
    DISCARD_LAST_TURN = "discard_last_turn"
    """Discard the card: on a last turn it leaves the fewest points, ``points[0]``."""
    DISCARD_DEAD_WEIGHT = "discard_dead_weight"
    """Discard the card: it fits no meld and would cost ``points[0]``."""
    DISCARD_FOR_CHANCES = "discard_for_chances"
    """Discard the card: the rest of the hand has better chances."""
    DISCARD_UNCOUNTED = "discard_uncounted"
    """Discard the card: its meld :attr:`Reason.meld` does not count toward the contract
    (:attr:`Reason.contract`)."""
    LAY_DOWN = "lay_down"
    """Open table: lay :attr:`Reason.melds` down; their cards, ``points[0]`` in the hand,
    then count 0."""
    LAY_DOWN_CONTRACT = "lay_down_contract"
    """Open table: lay :attr:`Reason.melds` down: they are the round's contract."""
    LAY_OFF = "lay_off"
    """Open table: lay the card off onto :attr:`Reason.meld` (of seat :attr:`Reason.owner`);
    in the hand it would cost ``points[0]``."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a hint suggests its action, in data: the kind and the cards, meld and points it names."""

    why: Why
    """The kind of reason."""
    card: Card | None = None
    """The card the action moves (or the top discard left there), if any."""
    meld: Meld | None = None
    """The meld the card completes (:attr:`Why.TAKE_TO_COMPLETE`), is laid off onto, as
    it stands on the table (:attr:`Why.LAY_OFF`), or belongs to (:attr:`Why.DISCARD_UNCOUNTED`)."""
    points: tuple[int, ...] = ()
    """The penalty points the reason names, in the order its kind documents."""
    melds: tuple[Meld, ...] = ()
    """The melds to lay down (:attr:`Why.LAY_DOWN`, :attr:`Why.LAY_DOWN_CONTRACT`)."""
    owner: int | None = None
    """The seat whose meld the card is laid off onto (:attr:`Why.LAY_OFF`)."""
    players: int = 0
    """The seats at the table (:attr:`Why.LAY_OFF`: the owner is called by its place there
    unless the window names it)."""
    contract: Contract | None = None
    """The contract the seat's melds must include (:attr:`Why.DISCARD_UNCOUNTED`)."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A suggested action and the reason for it."""

    action: Action
    """What to do: one of the view's legal actions."""
    reason: Reason
    """Why, for the window to word (e.g. "Take the 7♥: it completes 7♥ 8♥ 9♥")."""


def suggest(view: PlayerView) -> Suggestion:
    """What ``hard`` would do now in ``view``'s seat, with the reason for it.

    Raises ``ValueError`` if it is not that seat's turn.
    """
    if not view.is_my_turn:
        raise ValueError(f"it is not seat {view.seat}'s turn: nothing to suggest")
    action = HardPolicy(random.Random(0)).choose(view)
    return Suggestion(action, reason_for(view, action))


def reason_for(view: PlayerView, action: Action) -> Reason:
    """Why ``action`` (the hard AI's choice in ``view``) is worth playing, as a hint says it
    (the review words what the hard AI preferred with it)."""
    evaluator = Evaluator(view.wild_rank, view.rules, contract=open_contract(view), in_full=True)
    match action:
        case Draw(DrawSource.DISCARD):
            return _why_take(view, evaluator, view.discard_pile[-1])
        case Draw():
            return _why_stock(view)
        case Discard(card):
            return _why_discard(view, evaluator, card)
        case LayDown(melds):
            return _why_lay_down(view, melds)
        case LayOffCard(card, index, _position):
            placed = view.table[index]
            points = (view.rules.penalty(card, view.wild_rank),)
            players = view.rules.players
            return Reason(
                Why.LAY_OFF, card, placed.meld, points, owner=placed.owner, players=players
            )
    raise ValueError(f"not an action: {action!r}")


def _meld_with(arrangement: Arrangement, card: Card) -> Meld | None:
    for meld in arrangement.melds:
        if any(c.ordinal == card.ordinal for c in meld.cards):
            return meld
    return None


def _why_take(view: PlayerView, evaluator: Evaluator, top: Card) -> Reason:
    hand = [*view.hand, top]
    options = evaluator.discard_options(hand, view.hand)
    best = min(options, key=lambda option: option.penalty)
    if any(option.goes_out for option in options):
        return Reason(Why.TAKE_TO_GO_OUT, top)
    if top.is_wild(view.wild_rank):
        return Reason(Why.TAKE_WILD, top)
    kept = [card for card in hand if card is not best.card]
    meld = _meld_with(evaluator.arrangement(kept), top)
    contract = evaluator.contract
    if meld and (contract is None or contract.counts(meld, view.wild_rank)):
        return Reason(Why.TAKE_TO_COMPLETE, top, meld)
    now = evaluator.penalty(view.hand)
    if best.penalty < now:
        return Reason(Why.TAKE_TO_LOWER, top, points=(now, best.penalty))
    return Reason(Why.TAKE_FOR_CHANCES, top)


def _why_stock(view: PlayerView) -> Reason:
    if not view.discard_pile:
        return Reason(Why.STOCK_PILE_EMPTY)
    return Reason(Why.STOCK_TOP_WEAK, view.discard_pile[-1])


def _why_lay_down(view: PlayerView, melds: tuple[Meld, ...]) -> Reason:
    if view.contract is not None and not laid_down(view.table, view.seat):
        return Reason(Why.LAY_DOWN_CONTRACT, melds=melds)
    points = sum(view.rules.penalty(card, view.wild_rank) for m in melds for card in m.cards)
    return Reason(Why.LAY_DOWN, melds=melds, points=(points,))


def _why_discard(view: PlayerView, evaluator: Evaluator, card: Card) -> Reason:
    rest = [other for other in view.hand if other is not card]
    if _goes_out(view, evaluator, rest):
        return Reason(Why.DISCARD_TO_GO_OUT, card)
    if view.last_turns:
        return Reason(Why.DISCARD_LAST_TURN, card, points=(_left_over(view, evaluator, rest),))
    in_hand = evaluator.arrangement(view.hand)
    hold = _hold(view, evaluator)
    if hold is not None and card not in hold.cards:
        meld = _meld_with(in_hand, card)
        if meld is not None and not hold.contract.counts(meld, view.wild_rank):
            return Reason(Why.DISCARD_UNCOUNTED, card, meld, contract=hold.contract)
    loose = any(c.ordinal == card.ordinal for c in in_hand.leftover) and not _fits_table(view, card)
    if hold is not None and card in hold.cards:
        loose = False  # it makes the contract, even where the best arrangement leaves it out
    if loose and not card.is_wild(view.wild_rank):  # a wild card is never dead weight
        return Reason(Why.DISCARD_DEAD_WEIGHT, card, points=(evaluator.card_penalty(card),))
    return Reason(Why.DISCARD_FOR_CHANCES, card)


def _hold(view: PlayerView, evaluator: Evaluator) -> ContractHold | None:
    """What the hand holds of the contract its going out must include (``None``: none)."""
    contract = evaluator.contract
    return (
        None if contract is None else contract_hold(view.hand, view.wild_rank, view.rules, contract)
    )


def _goes_out(view: PlayerView, evaluator: Evaluator, rest: list[Card]) -> bool:
    """Whether discarding leaves ``rest`` that goes out: at the open table an empty rest,
    or one the engine lays down whole (the contract only until it is laid down)."""
    if view.rules.table != "open":
        return evaluator.goes_out(rest)
    contract = None if laid_down(view.table, view.seat) else view.contract
    return not rest or is_complete(rest, view.wild_rank, view.rules, contract)


def _fits_table(view: PlayerView, card: Card) -> bool:
    """Open table: whether ``card`` may be laid off onto a meld on the table now."""
    if view.rules.table != "open" or not laid_down(view.table, view.seat):
        return False
    return bool(lay_off_spots(card, view.table, view.wild_rank, view.rules))


def _left_over(view: PlayerView, evaluator: Evaluator, rest: list[Card]) -> int:
    """What ``rest`` scores at the round's end: its best arrangement's penalty, or at the
    open table (where a hand is not arranged) every card in full."""
    if view.rules.table != "open":
        return evaluator.arrangement(rest).penalty
    return sum(view.rules.penalty(card, view.wild_rank) for card in rest)
