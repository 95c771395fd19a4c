"""A slow, obviously-correct reference for the solver: try every partition.

Written from docs/RULES.md alone, sharing no code with ``game.engine.solver``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

from game.engine.cards import Card, Rank
from game.engine.melds import ACE_HIGH, Meld, MeldKind
from game.engine.rules import RuleSet


def _positions(card: Card, rules: RuleSet) -> tuple[int, ...]:
    assert card.rank is not None
    if card.rank == Rank.ACE and rules.aces_high:
        return (1, ACE_HIGH)
    return (int(card.rank),)


def _max_position(rules: RuleSet) -> int:
    return ACE_HIGH if rules.aces_high else 13


def is_legal_meld(group: Sequence[Card], wild_rank: Rank | None, rules: RuleSet) -> bool:
    """Whether ``group`` can be laid down as one set or run."""
    naturals = [card for card in group if not card.is_wild(wild_rank)]
    wilds = len(group) - len(naturals)
    if len(group) < 3:
        return False
    if rules.max_wilds_per_meld is not None and wilds > rules.max_wilds_per_meld:
        return False
    if not naturals:
        return rules.all_wild_melds
    if len({card.rank for card in naturals}) == 1:
        return True
    if len({card.suit for card in naturals}) != 1 or len(group) > 13:
        return False
    for choice in product(*(_positions(card, rules) for card in naturals)):
        if len(set(choice)) == len(choice) and max(choice) - min(choice) + 1 <= len(group):
            return True
    return False


def _extends(target: Meld, added: Sequence[Card], wild_rank: Rank | None, rules: RuleSet) -> bool:
    """Whether ``added`` can be laid off onto ``target`` as the target was declared."""
    naturals = [card for card in added if not card.is_wild(wild_rank)]
    wilds = len(added) - len(naturals)
    target_wilds = sum(card.is_wild(wild_rank) for card in target.cards)
    limit = rules.max_wilds_per_meld
    if limit is not None and target_wilds + wilds > limit:
        return False
    if target.kind is MeldKind.SET:
        rank = 1 if target.low == ACE_HIGH else target.low
        return all(card.rank == rank for card in naturals)
    if any(card.suit != target.suit for card in naturals):
        return False
    low, high = target.low, target.high
    new_length = high - low + 1 + len(added)
    if new_length > 13:
        return False
    lowest = 2 if high == ACE_HIGH else 1
    highest = 13 if low == 1 else _max_position(rules)
    for start in range(lowest, low + 1):
        end = start + new_length - 1
        if end < high or end > highest:
            continue
        free = set(range(start, low)) | set(range(high + 1, end + 1))
        for choice in product(*(_positions(card, rules) for card in naturals)):
            if len(set(choice)) == len(choice) and set(choice) <= free:
                return True
    return False


def brute_min_penalty(
    cards: Sequence[Card],
    wild_rank: Rank | None,
    rules: RuleSet,
    targets: Sequence[Meld] = (),
) -> int:
    """The lowest penalty over every partition of ``cards`` (and every lay-off)."""
    best = [sum(rules.penalty(card, wild_rank) for card in cards)]

    def leftover_cost(leftover: list[Card]) -> int:
        if not targets:
            return sum(rules.penalty(card, wild_rank) for card in leftover)
        cheapest = None
        for assignment in product(range(-1, len(targets)), repeat=len(leftover)):
            groups: list[list[Card]] = [[] for _ in targets]
            cost = 0
            for card, where in zip(leftover, assignment, strict=True):
                if where < 0:
                    cost += rules.penalty(card, wild_rank)
                else:
                    groups[where].append(card)
            if cheapest is not None and cost >= cheapest:
                continue
            if all(
                not group or _extends(target, group, wild_rank, rules)
                for target, group in zip(targets, groups, strict=True)
            ):
                cheapest = cost
        assert cheapest is not None
        return cheapest

    def search(rest: list[Card], leftover: list[Card]) -> None:
        if not rest:
            best[0] = min(best[0], leftover_cost(leftover))
            return
        first, others = rest[0], rest[1:]
        search(others, [*leftover, first])
        for size in range(2, len(others) + 1):
            for partners in combinations(range(len(others)), size):
                group = [first, *(others[i] for i in partners)]
                if is_legal_meld(group, wild_rank, rules):
                    remaining = [card for i, card in enumerate(others) if i not in partners]
                    search(remaining, leftover)

    search(list(cards), [])
    return best[0]


def meld_kinds(group: Sequence[Card], wild_rank: Rank | None, rules: RuleSet) -> set[MeldKind]:
    """The kinds ``group`` can be laid down as: a set, a run, both (wilds only, or one
    natural with wilds), or neither."""
    if not is_legal_meld(group, wild_rank, rules):
        return set()
    naturals = [card for card in group if not card.is_wild(wild_rank)]
    kinds = set()
    if len({card.rank for card in naturals}) <= 1:
        kinds.add(MeldKind.SET)
    if len(group) <= 13 and len({card.suit for card in naturals}) <= 1:
        for choice in product(*(_positions(card, rules) for card in naturals)):
            if len(set(choice)) == len(choice) and (
                not choice or max(choice) - min(choice) + 1 <= len(group)
            ):
                kinds.add(MeldKind.RUN)
    return kinds


def brute_contract_best(
    cards: Sequence[Card], wild_rank: Rank | None, rules: RuleSet, sets: int, runs: int
) -> tuple[int, int] | None:
    """The least (penalty, leftover cards) over every partition of ``cards`` whose melds
    can be laid down as at least ``sets`` sets and ``runs`` runs; ``None`` if none can."""
    found: list[tuple[int, int]] = []

    def includes(kinds: list[set[MeldKind]]) -> bool:
        for choice in product(*kinds):
            if choice.count(MeldKind.SET) >= sets and choice.count(MeldKind.RUN) >= runs:
                return True
        return False

    def search(rest: list[Card], leftover: list[Card], kinds: list[set[MeldKind]]) -> None:
        if not rest:
            if includes(kinds):
                cost = sum(rules.penalty(card, wild_rank) for card in leftover)
                found.append((cost, len(leftover)))
            return
        first, others = rest[0], rest[1:]
        search(others, [*leftover, first], kinds)
        for size in range(2, len(others) + 1):
            for partners in combinations(range(len(others)), size):
                group = [first, *(others[i] for i in partners)]
                can = meld_kinds(group, wild_rank, rules)
                if can:
                    remaining = [card for i, card in enumerate(others) if i not in partners]
                    search(remaining, leftover, [*kinds, can])

    search(list(cards), [], [])
    return min(found) if found else None
