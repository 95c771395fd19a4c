"""Laying off in the last turns, all-wild melds included; the redemption round; printed
jokers thrown onto a meld.

docs/RULES.md: "a meld made only of wilds stands for whichever set or run suits the
cards laid off onto it". The solver lays off onto a meld as it is written (an
all-wild meld is written as a set of Aces), so each all-wild meld is tried here
in every reading that could take one of the hand's natural cards: a set of that
card's rank, or a run of its suit that the card, maybe with the hand's own wilds
between, extends. The reading that leaves the lowest penalty is kept.

The redemption round (``lay_off="all"``, :func:`score_round`): after who went out,
each player in playing order lays down the melds of its best arrangement and lays
off onto every meld on the table as it stands (the going-out melds and those of the
earlier players, with what was laid off onto them). Ties between equally good uses
of the table are broken by one fixed rule: the lowest penalty; then the fewest
cards left in the hand (printed jokers thrown for 0 included); then every all-wild
meld as it stands on the table unless another reading does better; then the
fewest jokers thrown; then the solver's fixed search order over the hand sorted
(:class:`~game.engine.cards.Card` order), so the same hand against the same table
always lays down and lays off the same cards.

Printed jokers thrown onto a meld (``free_jokers``): when a round ends with a player
gone out, the others' printed jokers left over score 0. A hand is scored as its best
arrangement with some of its jokers set aside for 0: a joker that a meld or lay-off
uses stays there (among equal penalties the fewest cards are left, thrown jokers
included, then the fewest are thrown). Thrown jokers leave the table as it is. A
round cut short by the stock in its last turns has a player gone out: its jokers are
thrown too; a round that ends with nobody out counts them as usual.

>>> from game.engine.cards import parse_cards
>>> wilds = Meld(MeldKind.SET, parse_cards("4D 4C 4S"), (1, 1, 1), None)
>>> best = best_lay_off(parse_cards("7H 7S KC"), Rank.FOUR, RuleSet(lay_off=True), [wilds])
>>> best.penalty, best.layoffs[0].positions
(10, (7, 7))
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from operator import itemgetter
from typing import NamedTuple

from game.engine.cards import Card, Rank
from game.engine.melds import ACE_HIGH, Arrangement, LayOff, Meld, MeldKind, all_wild, meld_fault
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement, min_penalty_and_leftover


def readings(
    meld: Meld, cards: Sequence[Card], wild_rank: Rank | None, rules: RuleSet
) -> tuple[Meld, ...]:
    """The ways ``meld`` may be read when ``cards`` are laid off onto it: the meld as
    written first, then, for a meld made only of wilds, every set and run that a
    natural card of ``cards`` could extend."""
    if not all_wild(meld, wild_rank):
        return (meld,)
    size, spare = len(meld.cards), sum(card.is_wild(wild_rank) for card in cards)
    found = {meld: None}
    for card in cards:
        if card.is_wild(wild_rank) or card.rank is None or card.suit is None:
            continue
        rank = int(card.rank)
        found.setdefault(Meld(MeldKind.SET, meld.cards, (rank,) * size, None), None)
        spots = (rank, ACE_HIGH) if card.rank is Rank.ACE and rules.aces_high else (rank,)
        for spot in spots:
            for gap in range(spare + 1):
                # The run of wilds ends just below the card (the gap filled by wilds
                # of the hand) or starts just above it.
                for low in (spot - gap - size, spot + gap + 1):
                    run = Meld(MeldKind.RUN, meld.cards, tuple(range(low, low + size)), card.suit)
                    if meld_fault(run, wild_rank, rules) is None:
                        found.setdefault(run, None)
    return tuple(found)


def best_lay_off(
    cards: Sequence[Card], wild_rank: Rank | None, rules: RuleSet, melds: Sequence[Meld]
) -> Arrangement:
    """:func:`~game.engine.solver.best_arrangement` of ``cards`` laying off onto ``melds``,
    each all-wild meld in the reading that suits ``cards`` best (:func:`best_readings`)."""
    return best_arrangement(cards, wild_rank, rules, best_readings(cards, wild_rank, rules, melds))


def best_readings(
    cards: Sequence[Card], wild_rank: Rank | None, rules: RuleSet, melds: Sequence[Meld]
) -> tuple[Meld, ...]:
    """``melds``, each all-wild meld in the reading that suits ``cards`` best.

    Each all-wild meld's readings are weighed alone first (the others as written);
    those that lower the penalty (or, at equal penalty, the cards left over) on their
    own are then tried together. Among equal results the melds as written win.
    """
    choices = [readings(meld, cards, wild_rank, rules) for meld in melds]
    written = tuple(melds)
    if all(len(choice) == 1 for choice in choices):
        return written
    scores = {written: min_penalty_and_leftover(cards, wild_rank, rules, written)}

    def score(combination: tuple[Meld, ...]) -> tuple[int, int]:
        if combination not in scores:
            scores[combination] = min_penalty_and_leftover(cards, wild_rank, rules, combination)
        return scores[combination]

    kept = [
        (choice[0], *(m for m in choice[1:] if score(_with(written, i, m)) < scores[written]))
        for i, choice in enumerate(choices)
    ]
    return min(product(*kept), key=score)  # the first of the lowest: the melds as written


def best_use(
    cards: Sequence[Card],
    wild_rank: Rank | None,
    rules: RuleSet,
    melds: Sequence[Meld] = (),
    *,
    free_jokers: bool = False,
) -> tuple[Arrangement, tuple[Meld, ...], tuple[Card, ...]]:
    """The best arrangement of ``cards`` laying off onto ``melds``, the readings of
    ``melds`` it lays off onto, and the printed jokers thrown onto a meld for 0 when
    ``free_jokers``: the arrangement is of the other cards, and among equal penalties
    the fewest cards are left (thrown jokers included), then the fewest are thrown."""
    jokers = sorted(card for card in cards if card.rank is None) if free_jokers else []
    if not jokers:
        read = best_readings(cards, wild_rank, rules, melds)
        return best_arrangement(cards, wild_rank, rules, read), read, ()
    best: tuple[tuple[int, int], list[Card], tuple[Meld, ...], tuple[Card, ...]] | None = None
    for count in range(len(jokers) + 1):
        thrown = tuple(jokers[len(jokers) - count :])
        rest = list(cards)
        for joker in thrown:
            rest.remove(joker)
        read = best_readings(rest, wild_rank, rules, melds)
        penalty, leftover = min_penalty_and_leftover(rest, wild_rank, rules, read)
        if best is None or (penalty, leftover + count) < best[0]:
            best = ((penalty, leftover + count), rest, read, thrown)
    assert best is not None
    _, rest, read, thrown = best
    return best_arrangement(rest, wild_rank, rules, read), read, thrown


class Turn(NamedTuple):
    """One last turn of the redemption round."""

    seat: int
    """Who plays it."""
    table: tuple[Meld, ...]
    """The melds on the table as the turn begins (with what was laid off onto them)."""
    owners: tuple[tuple[int, int], ...]
    """Per meld of :attr:`table`: the seat that laid it down and its index among that
    seat's melds."""
    arrangement: Arrangement
    """The seat's arrangement; its lay-offs name the owner of each meld."""
    thrown: tuple[Card, ...]
    """The printed jokers it threw onto a meld for 0 (rule ``free_jokers``)."""


def redemption(
    hands: Sequence[Sequence[Card]],
    went_out: int,
    shown: Arrangement,
    wild_rank: Rank,
    rules: RuleSet,
) -> tuple[Turn, ...]:
    """The redemption round (``lay_off="all"``): each seat after ``went_out`` in playing
    order lays down its melds and lays off onto the table as it stands (the tie rule is
    in the module's doc)."""
    table = list(shown.melds)
    owners = [(went_out, index) for index in range(len(table))]
    turns = []
    for step in range(1, len(hands)):
        seat = (went_out + step) % len(hands)
        hand = sorted(hands[seat])
        found, read, thrown = best_use(hand, wild_rank, rules, table, free_jokers=rules.free_jokers)
        turn_table, turn_owners = tuple(table), tuple(owners)
        layoffs = []
        for layoff in found.layoffs:
            meld = read[layoff.target]
            pairs = sorted(
                [
                    *zip(meld.cards, meld.positions, strict=True),
                    *zip(layoff.cards, layoff.positions, strict=True),
                ],
                key=itemgetter(1),
            )
            cards, positions = zip(*pairs, strict=True)
            table[layoff.target] = Meld(meld.kind, cards, positions, meld.suit)
            owner, index = owners[layoff.target]
            layoffs.append(LayOff(index, layoff.cards, layoff.positions, owner))
        arrangement = Arrangement(found.melds, found.leftover, found.penalty, tuple(layoffs))
        table += arrangement.melds
        owners += [(seat, index) for index in range(len(arrangement.melds))]
        turns.append(Turn(seat, turn_table, turn_owners, arrangement, thrown))
    return tuple(turns)


def score_round(
    hands: Sequence[Sequence[Card]],
    went_out: int | None,
    shown: Arrangement | None,
    wild_rank: Rank,
    rules: RuleSet,
) -> tuple[tuple[Arrangement, ...], tuple[tuple[Card, ...], ...]]:
    """Per seat, the arrangement a round's end scores its hand by, and the printed jokers
    it threw onto a meld (rule ``free_jokers``, once a player went out)."""
    if went_out is None or shown is None:
        arrangements = tuple(best_arrangement(tuple(hand), wild_rank, rules) for hand in hands)
        return arrangements, ((),) * len(hands)
    found: list[tuple[Arrangement, tuple[Card, ...]]] = [(shown, ())] * len(hands)
    if rules.lay_off == "all":
        for turn in redemption(hands, went_out, shown, wild_rank, rules):
            found[turn.seat] = (turn.arrangement, turn.thrown)
    else:
        onto = shown.melds if rules.lay_off else ()
        for seat, hand in enumerate(hands):
            if seat != went_out:
                arrangement, _, thrown = best_use(
                    tuple(hand), wild_rank, rules, onto, free_jokers=rules.free_jokers
                )
                found[seat] = (arrangement, thrown)
    return tuple(a for a, _ in found), tuple(t for _, t in found)


def _with(melds: tuple[Meld, ...], index: int, meld: Meld) -> tuple[Meld, ...]:
    return (*melds[:index], meld, *melds[index + 1 :])
