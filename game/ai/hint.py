"""Hints: what the strongest seat would do in the player's place, and why, in one line.

:func:`suggest` reads the seat's :class:`~game.engine.view.PlayerView` only, like
every AI seat, and returns a :class:`Suggestion`: a legal action and its reason.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.ai.evaluation import Evaluator
from game.ai.planner import HardPolicy
from game.engine.actions import Action, Discard, Draw, DrawSource
from game.engine.cards import Card
from game.engine.melds import Arrangement
from game.engine.view import PlayerView


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A suggested action and the reason for it."""

    action: Action
    """What to do: one of the view's legal actions."""
    reason: str
    """One line a player understands, e.g. "Take the 7♥: it completes 7♥ 8♥ 9♥"."""


def suggest(view: PlayerView) -> Suggestion:
    """What ``hard`` would do now in ``view``'s seat, with a one-line reason.

    Raises ``ValueError`` if it is not that seat's turn.
    """
    if not view.is_my_turn:
        raise ValueError(f"it is not seat {view.seat}'s turn: nothing to suggest")
    action = HardPolicy(random.Random(0)).choose(view)
    evaluator = Evaluator(view.wild_rank, view.rules)
    match action:
        case Draw(DrawSource.DISCARD):
            reason = _why_take(view, evaluator, view.discard_pile[-1])
        case Draw():
            reason = _why_stock(view)
        case Discard(card):
            reason = _why_discard(view, evaluator, card)
    return Suggestion(action, reason)


def _meld_with(arrangement: Arrangement, card: Card) -> str | None:
    for meld in arrangement.melds:
        if any(c.ordinal == card.ordinal for c in meld.cards):
            return meld.describe()
    return None


def _why_take(view: PlayerView, evaluator: Evaluator, top: Card) -> str:
    name = f"Take the {top.pretty()}"
    hand = [*view.hand, top]
    options = evaluator.discard_options(hand, view.hand)
    best = min(options, key=lambda option: option.penalty)
    if any(option.goes_out for option in options):
        return f"{name}: with it you can go out"
    if top.is_wild(view.wild_rank):
        return f"{name}: it is wild and fits any meld"
    kept = [card for card in hand if card is not best.card]
    meld = _meld_with(evaluator.arrangement(kept), top)
    if meld:
        return f"{name}: it completes {meld}"
    now = evaluator.penalty(view.hand)
    if best.penalty < now:
        return f"{name}: it lowers your penalty from {now} to {best.penalty}"
    return f"{name}: it gives your hand the best chances to meld"


def _why_stock(view: PlayerView) -> str:
    if not view.discard_pile:
        return "Draw from the stock: the discard pile is empty"
    return f"Draw from the stock: the {view.discard_pile[-1].pretty()} does not help you enough"


def _why_discard(view: PlayerView, evaluator: Evaluator, card: Card) -> str:
    name = f"Discard the {card.pretty()}"
    rest = [other for other in view.hand if other is not card]
    arrangement = evaluator.arrangement(rest)
    if arrangement.is_complete:
        return f"{name} and go out!"
    if view.last_turns:
        return f"{name}: on your last turn it leaves the fewest points ({arrangement.penalty})"
    in_hand = evaluator.arrangement(view.hand)
    if any(c.ordinal == card.ordinal for c in in_hand.leftover):
        points = evaluator.card_penalty(card)
        return f"{name}: it fits no meld and would cost {points} points"
    return f"{name}: the rest of your hand has better chances to meld"
