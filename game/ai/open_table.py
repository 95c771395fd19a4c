"""The open table for every AI level: which melds to lay down and which cards to lay off.

At the open table (rule ``table="open"``) a seat may, after its draw, lay melds down and,
once it has laid down, lay single cards off onto any meld on the table; it stays in the
discard phase, so a policy asks :func:`lay_move` before each discard until it answers
``None``. Cards still in a hand at the round's end count in full, but every seat still
to play has a turn after someone goes out (the last turns are ordinary turns), so holding
melds is safe as long as the seat can lay them down then: a held meld stays hidden and
flexible and gives the others nothing to lay off onto. A :class:`TablePlay` says how a
level weighs that:

* a seat lays down every meld it holds once it has played ``patience`` turns of the
  round (0: at once); until then it holds them, unless it can empty the hand this turn
  or the round is in its last turns.
* ``lays_off_melded`` seats lay off every card that fits; the others only one whose
  removal does not raise the hand's penalty (it is left over, or its meld holds without
  it) and, unless the hand empties this turn or it is a last turn, no wild.

In a last turn every level lays down and off all it can, then throws its dearest card
(:func:`last_turn_discard`): what is left counts in full. The evaluator of a seat at the
open table (:func:`game.ai.evaluation.lay_off_targets`) counts a card that fits a meld on
the table as melded, once the seat has laid down.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from game.ai.evaluation import Evaluator, legal_discards, table_melds, without
from game.engine.actions import Action, LayDown, LayOffCard, Phase
from game.engine.cards import Card
from game.engine.melds import Meld
from game.engine.open_table import laid_down, lay_off_spots
from game.engine.solver import contract_arrangement
from game.engine.view import MoveKind, PlayerView


@dataclass(frozen=True, slots=True)
class TablePlay:
    """How a level plays the open table."""

    patience: float
    """Turns of the round the seat plays before it lays down what it holds (0: at once)."""
    lays_off_melded: bool
    """Lay off every card that fits (else only cards the hand's melds can spare)."""
    contract_at_once: bool = False
    """Lay the contract down as soon as the hand holds it, whatever the patience: until
    then every card of the hand counts in full."""


EAGER = TablePlay(patience=0, lays_off_melded=True)
"""``greedy``: lays down and lays off everything it can."""
CAREFUL = TablePlay(patience=0, lays_off_melded=False)
"""Lays down what it holds, lays off only what its melds can spare, keeps its wilds."""


def is_open(view: PlayerView) -> bool:
    """True if ``view`` is of a match at the open table."""
    return view.rules.table == "open"


def has_laid_down(view: PlayerView) -> bool:
    """True if the seat of ``view`` has a meld on the table."""
    return laid_down(view.table, view.seat)


def lay_move(view: PlayerView, evaluator: Evaluator, play: TablePlay) -> Action | None:
    """The next lay-down or lay-off the seat makes before discarding, or ``None`` to discard.

    ``evaluator`` is the seat's (it counts what fits the table as melded). Every action
    returned is legal in ``view``."""
    if not is_open(view) or view.phase is not Phase.DISCARD or not view.is_my_turn:
        return None
    if going_out_discard(view) is not None:
        return None  # the engine lays the rest down after the discard
    dumping = view.last_turns or empties_hand(view, evaluator)
    contract_due = play.contract_at_once and view.contract is not None and not has_laid_down(view)
    if dumping or contract_due or _patience_over(view, play):
        down = _lay_down(view)
        if down is not None:
            return down
    return _lay_off(view, evaluator, play, dumping)


def laid_from(hand: Sequence[Card], action: LayDown | LayOffCard) -> list[Card]:
    """``hand`` less the cards ``action`` lays down or lays off."""
    if isinstance(action, LayDown):
        laid = [card for meld in action.melds for card in meld.cards]
    else:
        laid = [action.card]
    rest = list(hand)
    for card in laid:
        rest.remove(card)
    return rest


def going_out_discard(view: PlayerView) -> Card | None:
    """A legal discard that goes out as the hand stands (its rest is empty or melds
    completely, with the contract unless the seat has laid it down), or ``None``."""
    contract = None if has_laid_down(view) else view.contract
    rules, wild = view.rules, view.wild_rank
    for card in legal_discards(view):
        rest = without(view.hand, card)
        if not rest:
            return card
        found = contract_arrangement(rest, wild, rules, contract)
        if found is not None and found.is_complete:
            return card
    return None


def last_turn_discard(view: PlayerView) -> Card | None:
    """Open table, a last turn, once the seat has made its lay moves: what it discards. The
    rest counts in full unless it melds completely (the seat then goes out), so a going-out
    discard, else the dearest card it may discard. ``None`` in any other turn."""
    if not (is_open(view) and view.last_turns and view.phase is Phase.DISCARD):
        return None
    legal = legal_discards(view)
    if not legal:
        return None
    out = going_out_discard(view)
    return out or max(legal, key=lambda card: view.rules.penalty(card, view.wild_rank))


def empties_hand(view: PlayerView, evaluator: Evaluator) -> bool:
    """True if the seat can empty its hand this turn: after some legal discard the rest
    melds completely, with what fits the table laid off. ``evaluator`` is the seat's; it
    weighs the table once the seat has laid down, else a one-off evaluator here does."""
    if not has_laid_down(view) and view.table:
        evaluator = Evaluator(
            view.wild_rank, view.rules, table_melds(view), evaluator.contract, evaluator.in_full
        )
    return any(
        option.goes_out for option in evaluator.discard_options(view.hand, legal_discards(view))
    )


def _patience_over(view: PlayerView, play: TablePlay) -> bool:
    """True once the seat has played ``play.patience`` turns of the round."""
    if play.patience <= 0:
        return True
    discards = sum(move.seat == view.seat and move.kind is MoveKind.DISCARDED for move in view.log)
    return discards >= play.patience


def _lay_off(
    view: PlayerView, evaluator: Evaluator, play: TablePlay, dumping: bool
) -> LayOffCard | None:
    """A lay-off the seat makes now: the dearest card that fits and that ``play`` lays off."""
    if not has_laid_down(view):
        return None
    hand = view.hand
    now = evaluator.penalty(hand)
    spare: list[tuple[int, LayOffCard]] = []
    for card in dict.fromkeys(hand):
        spots = lay_off_spots(card, view.table, view.wild_rank, view.rules)
        if not spots:
            continue
        if not (dumping or play.lays_off_melded) and (
            card.is_wild(view.wild_rank) or evaluator.penalty(without(hand, card)) > now
        ):
            continue
        action = LayOffCard(card, *spots[0])
        if view.is_legal(action):
            spare.append((evaluator.card_penalty(card), action))
    return max(spare, key=lambda item: item[0])[1] if spare else None


def _lay_down(view: PlayerView) -> LayDown | None:
    """The melds the seat lays down now: the best arrangement's (the contract's first, exactly),
    as many as keep a card to discard; ``None`` when it holds none it may lay down."""
    contract = None if has_laid_down(view) else view.contract
    best = contract_arrangement(view.hand, view.wild_rank, view.rules, contract)
    if best is None or not best.melds:
        return None
    for melds in _choices(best.melds, view):
        action = LayDown(melds)
        if view.is_legal(action):
            return action
    return None


def _choices(melds: Sequence[Meld], view: PlayerView) -> list[tuple[Meld, ...]]:
    """The lay-downs to try, best first: the contract's melds exactly (not laid down yet),
    or all the melds, then all but one."""
    contract = None if has_laid_down(view) else view.contract
    if contract is not None:
        return [
            group
            for group in combinations(melds, contract.melds)
            if contract.met_by(group, view.wild_rank)
        ]
    every = tuple(melds)
    return [every, *(every[:index] + every[index + 1 :] for index in range(len(every)))]
