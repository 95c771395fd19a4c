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
cards left in the hand; then every all-wild meld as it stands on the table unless
another reading lowers the penalty; then the solver's fixed search order over the
hand sorted (:class:`~game.engine.cards.Card` order), so the same hand against the
same table always lays down and lays off the same cards.

Printed jokers thrown onto a meld (``free_jokers``): when a round ends with a player
gone out, the others' printed jokers left over score 0. A hand is scored as its best
arrangement with some of its jokers set aside for 0: a joker that a meld or lay-off
uses stays there, and among equal penalties the fewest jokers are thrown. Thrown
jokers leave the table as it is.

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
from game.engine.melds import ACE_HIGH, Arrangement, LayOff, Meld, MeldKind, meld_fault
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement, min_penalty

_TableMeld = tuple[int, int, Meld]
"""A meld on the table in the redemption round: (owner seat, index among its melds, the
meld with what was laid off onto it)."""


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
    each all-wild meld in the reading that suits ``cards`` best (:func:`best_readings`)."""
    return best_arrangement(cards, wild_rank, rules, best_readings(cards, wild_rank, rules, melds))


def best_readings(
    cards: Sequence[Card], wild_rank: Rank | None, rules: RuleSet, melds: Sequence[Meld]
) -> tuple[Meld, ...]:
    """``melds``, each all-wild meld in the reading that suits ``cards`` best.

    Each all-wild meld's readings are weighed alone first (the others as written);
    those that lower the penalty on their own are then tried together. Among equal
    penalties the melds as written win.
    """
    choices = [readings(meld, cards, wild_rank, rules) for meld in melds]
    written = tuple(melds)
    if all(len(choice) == 1 for choice in choices):
        return written
    scores = {written: min_penalty(cards, wild_rank, rules, written)}

    def score(combination: tuple[Meld, ...]) -> int:
        if combination not in scores:
            scores[combination] = min_penalty(cards, wild_rank, rules, combination)
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
    ``free_jokers`` (the arrangement is of the other cards; the fewest thrown among
    equal penalties)."""
    jokers = sorted(card for card in cards if card.rank is None) if free_jokers else []
    if not jokers:
        read = best_readings(cards, wild_rank, rules, melds)
        return best_arrangement(cards, wild_rank, rules, read), read, ()
    best: tuple[int, list[Card], tuple[Meld, ...], tuple[Card, ...]] | None = None
    for count in range(len(jokers) + 1):
        thrown = tuple(jokers[len(jokers) - count :])
        rest = list(cards)
        for joker in thrown:
            rest.remove(joker)
        read = best_readings(rest, wild_rank, rules, melds)
        penalty = min_penalty(rest, wild_rank, rules, read)
        if best is None or penalty < best[0]:
            best = (penalty, rest, read, thrown)
        if penalty == 0:
            break
    assert best is not None
    _, rest, read, thrown = best
    return best_arrangement(rest, wild_rank, rules, read), read, thrown


def score_round(
    hands: Sequence[Sequence[Card]],
    went_out: int | None,
    shown: Arrangement | None,
    wild_rank: Rank,
    rules: RuleSet,
) -> tuple[tuple[Arrangement, ...], tuple[tuple[Card, ...], ...]]:
    """Per seat, the arrangement a round's end scores its hand by, and the printed jokers
    it threw onto a meld (rule ``free_jokers``).

    Who went out (if anyone) shows ``shown``; the others, in playing order after it,
    each make the best use of the table (see the module's doc for the tie rule). With
    ``lay_off="all"`` a :class:`LayOff` names the meld's owner and its index among the
    owner's melds.
    """
    players = len(hands)
    arrangements: list[Arrangement | None] = [None] * players
    thrown: list[tuple[Card, ...]] = [()] * players
    if went_out is None or shown is None:
        for seat, hand in enumerate(hands):
            arrangements[seat] = best_arrangement(tuple(hand), wild_rank, rules)
        return tuple(a for a in arrangements if a is not None), tuple(thrown)
    arrangements[went_out] = shown
    free = rules.free_jokers
    table: list[_TableMeld] = [(went_out, i, meld) for i, meld in enumerate(shown.melds)]
    for step in range(1, players):
        seat = (went_out + step) % players
        if rules.lay_off == "all":
            melds = [meld for _, _, meld in table]
            arrangement, read, thrown[seat] = best_use(
                sorted(hands[seat]), wild_rank, rules, melds, free_jokers=free
            )
            arrangement = _redeemed(arrangement, read, table)
            table += [(seat, i, meld) for i, meld in enumerate(arrangement.melds)]
        else:
            onto = shown.melds if rules.lay_off else ()
            arrangement, _, thrown[seat] = best_use(
                tuple(hands[seat]), wild_rank, rules, onto, free_jokers=free
            )
        arrangements[seat] = arrangement
    return tuple(a for a in arrangements if a is not None), tuple(thrown)


def _redeemed(
    arrangement: Arrangement, read: tuple[Meld, ...], table: list[_TableMeld]
) -> Arrangement:
    """``arrangement`` with each lay-off naming the owner of its meld; ``table`` gets the
    cards laid off (each meld in the reading they were laid off onto)."""
    layoffs = []
    for layoff in arrangement.layoffs:
        owner, index, _ = table[layoff.target]
        meld = read[layoff.target]
        pairs = [
            *zip(meld.cards, meld.positions, strict=True),
            *zip(layoff.cards, layoff.positions, strict=True),
        ]
        pairs.sort(key=lambda pair: pair[1])
        cards, positions = zip(*pairs, strict=True)
        table[layoff.target] = (owner, index, Meld(meld.kind, cards, positions, meld.suit))
        layoffs.append(LayOff(index, layoff.cards, layoff.positions, owner))
    return Arrangement(arrangement.melds, arrangement.leftover, arrangement.penalty, tuple(layoffs))


def _with(melds: tuple[Meld, ...], index: int, meld: Meld) -> tuple[Meld, ...]:
    return (*melds[:index], meld, *melds[index + 1 :])
