"""Laying off in the last turn onto the melds of who went out, all-wild melds included.

docs/RULES.md: "a meld made only of wilds stands for whichever set or run suits the
cards laid off onto it". The solver lays off onto a meld as it is written (an
all-wild meld is written as a set of Aces), so each all-wild meld is tried here
in every reading that could take one of the hand's natural cards: a set of that
card's rank, or a run of its suit that the card, maybe with the hand's own wilds
between, extends. The reading that leaves the lowest penalty is kept.

>>> from game.engine.cards import parse_cards
>>> wilds = Meld(MeldKind.SET, parse_cards("4D 4C 4S"), (1, 1, 1), None)
>>> best = best_lay_off(parse_cards("7H 7S KC"), Rank.FOUR, RuleSet(lay_off=True), [wilds])
>>> best.penalty, best.layoffs[0].positions
(10, (7, 7))
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from game.engine.cards import Card, Rank
from game.engine.melds import ACE_HIGH, Arrangement, Meld, MeldKind, meld_fault
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement, min_penalty


def readings(
    meld: Meld, cards: Sequence[Card], wild_rank: Rank | None, rules: RuleSet
) -> tuple[Meld, ...]:
    """The ways ``meld`` may be read when ``cards`` are laid off onto it: the meld as
    written first, then, for a meld made only of wilds, every set and run that a
    natural card of ``cards`` could extend."""
    if not all(card.is_wild(wild_rank) for card in meld.cards):
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
    each all-wild meld in the reading that suits ``cards`` best.

    Each all-wild meld's readings are weighed alone first (the others as written);
    those that lower the penalty on their own are then tried together. Among equal
    penalties the melds as written win.
    """
    choices = [readings(meld, cards, wild_rank, rules) for meld in melds]
    if all(len(choice) == 1 for choice in choices):
        return best_arrangement(cards, wild_rank, rules, melds)
    written = tuple(melds)
    scores = {written: min_penalty(cards, wild_rank, rules, written)}

    def score(combination: tuple[Meld, ...]) -> int:
        if combination not in scores:
            scores[combination] = min_penalty(cards, wild_rank, rules, combination)
        return scores[combination]

    kept = [
        (choice[0], *(m for m in choice[1:] if score(_with(written, i, m)) < scores[written]))
        for i, choice in enumerate(choices)
    ]
    best = min(product(*kept), key=score)  # the first of the lowest: the melds as written
    return best_arrangement(cards, wild_rank, rules, best)


def _with(melds: tuple[Meld, ...], index: int, meld: Meld) -> tuple[Meld, ...]:
    return (*melds[:index], meld, *melds[index + 1 :])
