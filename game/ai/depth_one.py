"""``depth-one``: an independent depth-1 planner, kept to measure the levels against.

Written from docs/RULES.md and the engine's public API alone (it shares nothing with the
levels' evaluation, so no level was ever tuned on it). Each decision enumerates the legal
actions and scores the position each leads to, one ply deep:

- *draw*: take the discard pile's top card if the hand's value after the best turn with it
  is lower than the mean over a sample of unseen cards (drawn with the seat's own rng) of
  the value after the best turn with that card from the stock;
- *discard*, and at the open table *lay down* and *lay off*: the action whose resulting hand
  (a lay move followed by its best discard) has the lowest value. It goes out whenever it can.

The *value* of a hand is what it would pay if the round ended now, under the rules in force
(the multiplier left out: it scales every choice alike), plus these terms:

- closed table: the best arrangement's penalty, leftover cards laid off onto the melds of who
  went out (rule ``lay_off``); open table: every card in the hand counts in full, since a card
  pays until it is on the table, so a lay move is worth the points it removes;
- free jokers (``free_jokers``): a printed joker left in the hand costs nothing, since the
  round normally ends with someone gone out;
- contracts, until the seat has laid its contract down (open table) or while it may still go
  out (closed table): :data:`CONTRACT_CARD` points for each card the contract still needs
  (:func:`contract_gap`);
- near-melds: :data:`NEAR_MELD` points off for each pair or two-card run among the cards left
  over (at the open table, the hand);
- a rest that goes out is worth :data:`GOING_OUT`, less than any hand that stays.

A wild is never thrown while a natural card may be, unless throwing it goes out: what a
wild is worth to the hand that holds it (or to the next seat) is beyond one ply.

In the last turns (someone went out) only the exact payment counts.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from statistics import fmean

from game.engine.actions import Action, Discard, Draw, DrawSource, LayDown, LayOffCard, Phase
from game.engine.cards import Card, Rank, new_shoe
from game.engine.contract_gap import STAND_IN_COPY, contract_gap
from game.engine.contracts import Contract
from game.engine.layoff import best_use
from game.engine.melds import Meld
from game.engine.open_table import laid_down, lay_off_spots
from game.engine.solver import contract_arrangement, is_complete, min_penalty
from game.engine.view import PlayerView

SAMPLES = 12
"""How many unseen cards stand for the stock's top card when the draw is weighed."""
NEAR_MELD = 2.0
"""Points off a hand for each pair or two-card run among its loose cards."""
CONTRACT_CARD = 10.0
"""Points a hand is charged for each card its contract still needs: about a face card, since
a hand that cannot lay its contract down pays every card (at 5 it drifted from the contract
and scored a fifth more than at 10 at the open table with contracts)."""
GOING_OUT = -5.0
"""The value of a rest that goes out: below any hand that stays."""
_HYPOTHETICAL = STAND_IN_COPY
"""The copy index of a card the planner imagines (a draw): no real card has it."""


class DepthOnePolicy:
    """The depth-1 planner (see the module's doc)."""

    name = "depth-one"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def choose(self, view: PlayerView) -> Action:
        """The draw, lay move or discard whose resulting hand is worth the least."""
        judge = Judge(view)
        if view.phase is Phase.DRAW:
            return self._draw(view, judge)
        return judge.best_move()

    def _draw(self, view: PlayerView, judge: Judge) -> Draw:
        """The discard pile's top card if the turn with it beats the stock's sampled mean."""
        if not view.is_legal(Draw(DrawSource.DISCARD)):
            return Draw(DrawSource.STOCK)
        top = imagined(view.discard_pile[-1])
        taken = judge.turn_value((*view.hand, top), top)
        unseen = unseen_cards(view)
        sample = self.rng.sample(unseen, min(SAMPLES, len(unseen)))
        if not sample:
            return Draw(DrawSource.DISCARD if taken == GOING_OUT else DrawSource.STOCK)
        drawn = fmean(judge.turn_value((*view.hand, card), None) for card in sample)
        return Draw(DrawSource.DISCARD if taken < drawn else DrawSource.STOCK)


class Judge:
    """The values of one decision's hands, from the seat's view (memoised per hand)."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.rules = view.rules
        self.wild_rank = view.wild_rank
        self.open = view.rules.table == "open"
        self.final = view.last_turns
        self.laid = self.open and laid_down(view.table, view.seat)
        self.contract = None if self.laid else view.contract
        """The contract while it is due: until laid down (open table), for going out (closed)."""
        self.onto: tuple[Meld, ...] = view.went_out_melds if view.rules.lay_off else ()
        self._values: dict[tuple[tuple[Card, ...], Contract | None], float] = {}
        self._gaps: dict[tuple[tuple[Card, ...], Contract], int] = {}
        self._paid: dict[tuple[Card, ...], tuple[float, Sequence[Card]]] = {}

    # -- the discard phase ---------------------------------------------------------

    def best_move(self) -> Action:
        """The legal discard or lay move whose resulting hand is worth the least; a discard
        wins a tie (it keeps the cards), and a wild is thrown only to go out or when no
        natural card may be."""
        view, contract = self.view, self.contract
        floor = 0 if contract is None else self.gap(view.hand, contract)
        moves: list[tuple[bool, float, int, Action]] = []
        for action in view.legal_actions():
            if isinstance(action, Discard):
                card = action.card
                worth = self.value(without(view.hand, card), contract, floor)
                kept = card.is_wild(self.wild_rank) and worth > GOING_OUT
                moves.append((kept, worth, -self.rules.penalty(card, self.wild_rank), action))
        for lay, laid_cards in self.lay_moves():
            after = without(view.hand, *laid_cards)
            moves.append((False, self.best_discard(after, view.taken_card, None, 0), 1, lay))
        return min(moves, key=lambda move: move[:3])[3]

    def lay_moves(self) -> list[tuple[Action, tuple[Card, ...]]]:
        """The open table's legal lay moves worth weighing, each with the cards it lays: one
        lay-off per card (they leave the same hand), every listed lay-down once the contract
        is down, and the contract's first lay-down built here (the one listed may hold more
        melds than the contract)."""
        if not self.open:
            return []
        found: list[tuple[Action, tuple[Card, ...]]] = []
        seen: set[Card] = set()
        for action in self.view.legal_actions():
            if isinstance(action, LayOffCard) and action.card not in seen:
                seen.add(action.card)
                found.append((action, (action.card,)))
            elif isinstance(action, LayDown) and self.contract is None:
                found.append((action, meld_cards(action.melds)))
        first = self.first_lay_down()
        if first is not None:
            found.append((first, meld_cards(first.melds)))
        return found

    def first_lay_down(self) -> LayDown | None:
        """The contract's melds, exactly, laid down at once, when the hand holds them and
        the rules allow it now; ``None`` otherwise."""
        if self.contract is None:
            return None
        found = contract_arrangement(self.view.hand, self.wild_rank, self.rules, self.contract)
        if found is None:
            return None
        melds, sets, runs = self.contract.counted(found.melds, self.wild_rank)
        lay = LayDown(melds)
        return lay if not (sets or runs) and self.view.is_legal(lay) else None

    def best_discard(
        self, hand: Sequence[Card], taken: Card | None, contract: Contract | None, floor: int
    ) -> float:
        """The lowest value of ``hand`` less one card it may discard (the card just taken
        stays unless the rules let it go back; a wild only if no natural card may go),
        ``contract`` still due and lacking ``floor`` cards in ``hand``.

        A rest's value is bounded below by its points, near-melds and ``floor`` (a discard
        widens the gap by one card at most), so the dear checks (going out, the exact gap)
        run only on rests that can still be the best."""
        choices = set(hand)
        if taken in choices and not self.rules.discard_taken_card:
            choices.discard(taken)
        choices = {card for card in choices if not card.is_wild(self.wild_rank)} or choices
        if not choices:
            return self.value(hand, contract)
        may_go_out = self.may_go_out(hand)
        bounded = sorted(
            (self.bound(rest, contract, floor, may_go_out), rest)
            for rest in {tuple(sorted(without(hand, card))) for card in choices}
        )
        best = math.inf
        for bound, rest in bounded:
            if bound >= best:
                break
            best = min(best, self.value(rest, contract, floor, may_go_out))
        return best

    def may_go_out(self, hand: Sequence[Card]) -> bool:
        """False if no rest of ``hand`` after one discard can meld completely: its best
        arrangement leaves more than its dearest card's points."""
        dearest = max(self.rules.penalty(card, self.wild_rank) for card in hand)
        return min_penalty(hand, self.wild_rank, self.rules) <= dearest

    # -- the draw ------------------------------------------------------------------

    def turn_value(self, hand: Sequence[Card], taken: Card | None) -> float:
        """The value after the best turn with ``hand`` (just drawn into): at the open table
        what it can lay down and lay off is laid first."""
        rest, contract = self.after_lays(hand, taken) if self.open else (hand, self.contract)
        if contract is None:
            return self.best_discard(rest, taken, None, 0)
        before = self.gap(self.view.hand, contract)  # a card drawn closes one at most
        floor = self.gap(rest, contract, max(before - 1, 0), before)
        return self.best_discard(rest, taken, contract, floor)

    def after_lays(
        self, hand: Sequence[Card], taken: Card | None
    ) -> tuple[tuple[Card, ...], Contract | None]:
        """``hand`` less the melds it could lay down now (the contract's first, while it is
        due) and the cards it could then lay off onto the table as it stands, keeping a card
        it may discard; and the contract still due after that."""
        found = contract_arrangement(hand, self.wild_rank, self.rules, self.contract)
        if found is None or not found.melds:
            if not self.laid:
                return tuple(hand), self.contract
            rest = tuple(hand)
        else:
            rest = found.leftover or found.melds[-1].cards
        table, rules = self.view.table, self.rules
        rest = tuple(c for c in rest if not lay_off_spots(c, table, self.wild_rank, rules)) or rest
        if all(card == taken and not rules.discard_taken_card for card in rest):
            return tuple(hand), self.contract
        return rest, None

    # -- the value of a hand -------------------------------------------------------

    def value(
        self,
        hand: Sequence[Card],
        contract: Contract | None,
        floor: int = 0,
        may_go_out: bool = True,
    ) -> float:
        """What ``hand`` (a turn's rest) is worth with ``contract`` still due: see the
        module's doc. ``floor``: the contract gap of the hand it was left of (its own is that
        or one more); ``may_go_out`` False when it is known not to meld completely."""
        key = (tuple(sorted(hand)), contract)
        if key not in self._values:
            out = may_go_out and self.goes_out(key[0], contract)
            self._values[key] = GOING_OUT if out else self._stays(key[0], contract, floor)
        return self._values[key]

    def bound(
        self, hand: tuple[Card, ...], contract: Contract | None, floor: int, may_go_out: bool
    ) -> float:
        """A value ``hand`` cannot be below (its value when known)."""
        key = (hand, contract)
        if key in self._values:
            return self._values[key]
        if may_go_out:
            return GOING_OUT
        paid, loose = self.paid(hand)
        if self.final:
            return paid
        return paid + CONTRACT_CARD * floor - NEAR_MELD * near_melds(loose, self.wild_rank)

    def _stays(self, hand: tuple[Card, ...], contract: Contract | None, floor: int) -> float:
        """The value of ``hand`` that does not go out."""
        paid, loose = self.paid(hand)
        if self.final:
            return paid
        needed = 0 if contract is None else self.gap(hand, contract, floor, floor + 1)
        return paid + CONTRACT_CARD * needed - NEAR_MELD * near_melds(loose, self.wild_rank)

    def paid(self, hand: tuple[Card, ...]) -> tuple[float, Sequence[Card]]:
        """What ``hand`` pays if the round ends now (another seat out), and its loose cards:
        at the open table the whole hand, at the closed one its best arrangement's leftover
        (laid off onto the melds of who went out with the lay-off rule)."""
        if self.open:
            return sum(self.card_cost(card) for card in hand), hand
        if hand not in self._paid:
            found, _, _ = best_use(
                hand, self.wild_rank, self.rules, self.onto, free_jokers=self.rules.free_jokers
            )
            self._paid[hand] = (found.penalty, found.leftover)
        return self._paid[hand]

    def card_cost(self, card: Card) -> int:
        """What ``card`` pays left in a hand at the round's end (a printed joker: nothing
        with free jokers)."""
        if card.is_joker and self.rules.free_jokers:
            return 0
        return self.rules.penalty(card, self.wild_rank)

    def goes_out(self, hand: Sequence[Card], contract: Contract | None) -> bool:
        """True if ``hand``, a turn's rest, goes out (or scores 0 in a last turn): empty,
        or melding completely, with ``contract`` if it is due (a closed table's last turn
        scores a complete hand 0 whatever the contract)."""
        if not hand:
            return True
        due = None if self.final and not self.open else contract
        return is_complete(hand, self.wild_rank, self.rules, due)

    def gap(
        self, hand: Sequence[Card], contract: Contract, floor: int = 0, ceiling: int | None = None
    ) -> int:
        """:func:`contract_gap` of ``hand``, memoised."""
        key = (tuple(sorted(hand)), contract)
        if key not in self._gaps:
            found = contract_gap(key[0], self.wild_rank, self.rules, contract, floor, ceiling)
            self._gaps[key] = found
        return self._gaps[key]


def near_melds(cards: Iterable[Card], wild_rank: Rank) -> int:
    """How many disjoint pairs, then two-card runs (one suit, at most one rank apart in
    between), the natural cards of ``cards`` hold."""
    naturals = sorted(card for card in cards if not card.is_wild(wild_rank))
    by_rank = Counter(card.rank for card in naturals)
    pairs = sum(count // 2 for count in by_rank.values())
    single = {card.ordinal: card for card in naturals if by_rank[card.rank] % 2}
    runs, used = 0, set()
    for card in sorted(single.values()):
        if card.ordinal in used:
            continue
        for step in (1, 2):
            partner = card.ordinal + 4 * step  # the same suit, ``step`` ranks up
            if partner in single and partner not in used:
                used.update({card.ordinal, partner})
                runs += 1
                break
    return pairs + runs


def unseen_cards(view: PlayerView) -> list[Card]:
    """The cards of the shoe the seat has not seen, one entry per copy (imagined)."""
    counts = Counter(card.ordinal for card in new_shoe(view.rules.decks, view.rules.jokers))
    open_table = view.rules.table == "open"
    melds = tuple(placed.meld for placed in view.table) if open_table else view.went_out_melds
    seen = [*view.hand, *view.discard_pile, *meld_cards(melds)]
    seen += [card for cards in view.known_cards for card in cards]
    counts.subtract(card.ordinal for card in seen)
    return [
        Card.from_ordinal(ordinal, _HYPOTHETICAL)
        for ordinal, count in sorted(counts.items())
        for _ in range(max(count, 0))
    ]


def imagined(card: Card) -> Card:
    """``card`` as a card the planner imagines in its hand (no real card is equal to it)."""
    return Card(card.rank, card.suit, _HYPOTHETICAL)


def meld_cards(melds: Iterable[Meld]) -> tuple[Card, ...]:
    """Every card of ``melds``."""
    return tuple(card for meld in melds for card in meld.cards)


def without(hand: Sequence[Card], *cards: Card) -> tuple[Card, ...]:
    """``hand`` less one copy of each of ``cards``."""
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)
