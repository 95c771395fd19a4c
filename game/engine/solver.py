"""The meld solver: the arrangement of a hand with the lowest possible penalty.

How it works (the glossary is in :mod:`game.engine.melds`):

- Wilds are *counted, not placed*: every wild can stand anywhere, so the search
  only decides which natural cards go into which meld and how many wilds each
  meld needs (its *demand*); wilds are placed when the answer is built.
- Naturals are grouped into *types* (rank and suit); two decks give a type a
  count of 0–2 (3 with three decks). The remaining naturals are one integer with
  a 3-bit field per type, so removing a meld is one subtraction and checking
  that it fits is one mask test (a guard bit per field catches a borrow).
- The search takes the lowest remaining type: one copy of it is either left
  over, or it is the lowest card of a meld. The melds that can start with each
  type (*pieces*) are listed once per hand. Results are memoised on
  (remaining naturals, wilds left).
- With unlimited wilds per meld and no lay-off, spare wilds are first assumed
  to fit somewhere for free (a relaxation, so its optimum is a lower bound);
  the answer is then built, and only if the spare wilds really do not fit does
  the exact search run, which places every wild explicitly.

Costs inside the search are ``penalty * 64 + number of leftover cards`` so
that among equal penalties the arrangement with fewer leftover cards wins
(a hand that melds completely always shows as complete).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from dataclasses import dataclass
from itertools import combinations

from game.engine.cards import Card, Rank, Suit
from game.engine.melds import ACE_HIGH, Arrangement, LayOff, Meld, MeldKind
from game.engine.rules import RuleSet

_BITS = 3
"""Bits per natural type in a packed state: a 2-bit count and a guard bit."""
_SCALE = 64
"""Cost = penalty * _SCALE + leftover card count."""
_MAX_RUN = 13
_UNLIMITED = 99
_SET_META = 0
_RUN_META = 1
_LAY_SET_META = 2
_LAY_RUN_META = 3


_SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
_SUITS = tuple(_SUIT_ORDER)


@dataclass(frozen=True, slots=True)
class _PieceInfo:
    """How to build a meld (or a lay-off) from a piece chosen by the search."""

    kind: int
    """One of the ``_*_META`` constants."""
    naturals: tuple[tuple[int, int], ...]
    """(type index, position) of every natural card, one entry per copy."""
    suit: Suit | None
    """The run's suit; ``None`` for sets."""
    min_position: int
    """Lowest position wilds may extend the run to."""
    max_position: int
    """Highest position wilds may extend the run to."""
    target: int = -1
    """Index of the lay-off target, or -1 for an own meld."""


_Piece = tuple[int, int, int, int, tuple[object, ...]]
"""(packed naturals, wild demand, wild capacity, lay-off tag bit, _PieceInfo fields)."""


@dataclass(frozen=True, slots=True)
class _Target:
    """A meld laid down by the player who went out, seen as a lay-off target."""

    kind: MeldKind
    suit: Suit | None
    low: int
    high: int
    wilds: int
    min_position: int
    max_position: int


def _count_choices(limits: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every tuple of counts with 0 ≤ count ≤ limit, one per limit."""
    choices: list[tuple[int, ...]] = [()]
    for limit in limits:
        choices = [choice + (c,) for choice in choices for c in range(limit + 1)]
    return tuple(choices)


_SET_CHOICES = {
    limits: _count_choices(limits)
    for size in range(4)
    for limits in _count_choices((3,) * size)
    if 0 not in limits
}
"""Precomputed: for the copies held of the other suits of a rank, every way to use them."""


class _Problem:
    """One hand, prepared for the search."""

    def __init__(
        self,
        cards: Sequence[Card],
        wild_rank: Rank | None,
        rules: RuleSet,
        targets: Sequence[Meld],
    ) -> None:
        self.rules = rules
        self.wild_rank = wild_rank
        self.one_wild = one_wild = rules.max_wilds_per_meld == 1
        naturals: dict[int, list[Card]] = {}
        wilds: list[Card] = []
        for card in cards:
            rank, suit = card.rank, card.suit
            if rank is None or rank == wild_rank or suit is None:
                wilds.append(card)
            else:
                key = rank * 4 + _SUIT_ORDER[suit]
                if key in naturals:
                    naturals[key].append(card)
                else:
                    naturals[key] = [card]
        if len(wilds) > 1:
            # Jokers (dearer when left over) go into melds first; the cheapest stay.
            wilds.sort(key=lambda card: -rules.penalty(card, wild_rank))
        self.wilds = wilds
        self.wild_count = wild_count = len(wilds)
        cost = 0
        self.wild_cost = [0]
        for card in reversed(wilds):
            cost += rules.penalty(card, wild_rank) * _SCALE + 1
            self.wild_cost.append(cost)
        self.max_demand = min(wild_count, 1) if one_wild else wild_count

        keys = sorted(naturals)
        self.type_keys = keys
        self.instances = [naturals[key] for key in keys]
        self.units = units = [1 << (_BITS * t) for t in range(len(keys))]
        self.counts = [len(cards) for cards in self.instances]
        self.state = sum(count * unit for count, unit in zip(self.counts, units, strict=True))
        self.guards = sum(unit << (_BITS - 1) for unit in units)
        self.costs = [rules.natural_value(Rank(key >> 2)) * _SCALE + 1 for key in keys]
        self.pieces: list[list[_Piece]] = [[] for _ in keys]
        self.targets = [_target_of(meld, wild_rank, rules) for meld in targets]
        self._add_set_pieces()
        self._add_run_pieces()
        self._add_layoff_pieces()
        # The search finds the lowest type from the lowest set bit of the state.
        self.by_low_bit: dict[int, tuple[int, int, list[_Piece]]] = {}
        for t, unit in enumerate(units):
            entry = (unit, self.costs[t], self.pieces[t])
            self.by_low_bit[unit] = entry
            self.by_low_bit[unit << 1] = entry

    def type_of_low_bit(self, low_bit: int) -> int:
        """The type index whose field holds ``low_bit``."""
        return (low_bit.bit_length() - 1) // _BITS

    # -- pieces ---------------------------------------------------------------

    def _add_set_pieces(self) -> None:
        keys, counts, units, pieces = self.type_keys, self.counts, self.units, self.pieces
        max_demand = self.max_demand
        cap = 1 if self.one_wild else _UNLIMITED
        t = 0
        while t < len(keys):
            rank = keys[t] >> 2
            end = t + 1
            while end < len(keys) and keys[end] >> 2 == rank:
                end += 1
            for first in range(t, end):
                others = range(first + 1, end)
                for choice in _SET_CHOICES[tuple(counts[u] for u in others)]:
                    rest = sum(choice)
                    for own in range(1, counts[first] + 1):
                        demand = 3 - own - rest
                        if demand > max_demand:
                            continue
                        members = ((first, rank),) * own + tuple(
                            (u, rank) for u, c in zip(others, choice, strict=True) for _ in range(c)
                        )
                        packed = own * units[first] + sum(
                            c * units[u] for u, c in zip(others, choice, strict=True)
                        )
                        info = (_SET_META, members, None, rank, rank, -1)
                        pieces[first].append((packed, max(demand, 0), cap, 0, info))
            t = end

    def _suit_positions(self) -> list[list[tuple[int, int]]]:
        """Per suit, (position, type index) of its naturals, ascending (Aces at 1)."""
        by_suit: list[list[tuple[int, int]]] = [[], [], [], []]
        for t, key in enumerate(self.type_keys):
            by_suit[key & 3].append((key >> 2, t))
        return by_suit

    def _add_run_pieces(self) -> None:
        aces_high = self.rules.aces_high
        top = ACE_HIGH if aces_high else _MAX_RUN
        for suit_index, column in enumerate(self._suit_positions()):
            suit = _SUITS[suit_index]
            for a in range(len(column)):
                start, t = column[a]
                self._add_runs(t, suit, column[a:], 1, _MAX_RUN if start == 1 else top)
            if aces_high and column and column[0][0] == 1:
                # Runs ending in an Ace played high: the Ace is their lowest type.
                ace = column[0][1]
                downward = [(ACE_HIGH, ace), *((p, u) for p, u in reversed(column[1:]))]
                self._add_runs(ace, suit, downward, 2, ACE_HIGH)

    def _add_runs(self, t: int, suit: Suit, column: list[tuple[int, int]], min_position: int,
                  max_position: int) -> None:
        """Runs whose lowest type is ``t``, at ``column[0]``, reaching along ``column``.

        With unlimited wilds a run never leaves out a natural it spans (moving that
        card into the run and its wild elsewhere is never worse); with one wild
        per meld it may leave out one.
        """
        max_demand, units, one_wild = self.max_demand, self.units, self.one_wild
        start = column[0][0]
        packed = units[t]
        for b in range(1, len(column)):
            end, u = column[b]
            span = abs(end - start) + 1
            if span > _MAX_RUN:
                break
            packed += units[u]
            naturals = b + 1
            demand = max(3, span) - naturals
            if demand > max_demand:
                if span >= 3:
                    break
                continue
            cap = 1 if one_wild else _MAX_RUN - naturals
            info = (_RUN_META, tuple((v, p) for p, v in column[: b + 1]), suit, min_position,
                    max_position, -1)
            self.pieces[t].append((packed, demand, cap, 0, info))
            if one_wild and demand == 0:
                for skip in range(1, b):
                    p, v = column[skip]
                    kept = column[:skip] + column[skip + 1 : b + 1]
                    info = (_RUN_META, tuple((w, q) for q, w in kept), suit, min_position,
                            max_position, -1)
                    self.pieces[t].append((packed - units[v], 1, 1, 0, info))

    def _add_layoff_pieces(self) -> None:
        for index, target in enumerate(self.targets):
            if target.kind is MeldKind.SET:
                rank = 1 if target.low == ACE_HIGH else target.low
                for t, key in enumerate(self.type_keys):
                    if key >> 2 == rank:
                        info = (_LAY_SET_META, ((t, target.low),), None, target.low, target.low,
                                index)
                        self.pieces[t].append((self.units[t], 0, 0, 0, info))
            else:
                self._add_run_layoffs(index, target)

    def _add_run_layoffs(self, index: int, target: _Target) -> None:
        """Extensions of a target run at one or both ends, natural cards included."""
        assert target.suit is not None
        room = _MAX_RUN - (target.high - target.low + 1)
        by_position = {p: t for p, t in self._suit_positions()[_SUIT_ORDER[target.suit]]}
        if 1 in by_position and target.max_position == ACE_HIGH:
            by_position[ACE_HIGH] = by_position[1]
        below = list(range(target.low - 1, target.min_position - 1, -1))
        above = list(range(target.high + 1, target.max_position + 1))
        max_wilds = 1 - target.wilds if self.one_wild else self.wild_count
        for down in range(len(below) + 1):
            for up in range(len(above) + 1):
                if down + up == 0 or down + up > room:
                    continue
                # The outermost new position on each side holds a natural;
                # wilds beyond it are capacity, not another piece.
                ends = ([below[down - 1]] if down else []) + ([above[up - 1]] if up else [])
                if any(p not in by_position for p in ends):
                    continue
                inner = [p for p in below[: max(down - 1, 0)] + above[: max(up - 1, 0)]
                         if p in by_position]
                for keep in range(len(inner), -1, -1):
                    demand = down + up - len(ends) - keep
                    if demand > max_wilds:
                        break
                    for kept in combinations(inner, keep):
                        positions = sorted((*ends, *kept))
                        members = tuple((by_position[p], p) for p in positions)
                        lowest = min(t for t, _ in members)
                        cap = min(max_wilds, demand + room - down - up)
                        info = (_LAY_RUN_META, members, target.suit, target.min_position,
                                target.max_position, index)
                        packed = sum(self.units[t] for t, _ in members)
                        self.pieces[lowest].append((packed, demand, cap, 1 << index, info))

    def target_absorb(self, used_tags: int) -> int:
        """Wilds the lay-off targets can still take after the lay-off pieces ``used_tags``."""
        total = 0
        for index, target in enumerate(self.targets):
            if target.kind is MeldKind.SET:
                if self.one_wild:
                    total += 1 - target.wilds
                else:
                    return _UNLIMITED
            elif not used_tags >> index & 1:
                room = _MAX_RUN - (target.high - target.low + 1)
                total += min(room, 1 - target.wilds) if self.one_wild else room
        return total

    # -- search ---------------------------------------------------------------

    def relaxed_search(self) -> Callable[[int, int], int]:
        """Memoised search where spare wilds cost nothing (a lower bound)."""
        memo: dict[int, int] = {}
        by_low_bit = self.by_low_bit
        guards = self.guards

        def best(state: int, wilds: int) -> int:
            key = state << 5 | wilds
            found = memo.get(key)
            if found is not None:
                return found
            if not state:
                return 0
            unit, cost, pieces = by_low_bit[state & -state]
            value = cost + best(state - unit, wilds)
            for packed, demand, _, _, _ in pieces:
                if demand <= wilds and (state | guards) - packed & guards == guards:
                    option = best(state - packed, wilds - demand)
                    if option < value:
                        value = option
            memo[key] = value
            return value

        return best

    def terminal_cost(self, wilds: int, tags: int) -> int:
        """Cost of ``wilds`` spare wilds once every natural is decided."""
        if not wilds:
            return 0
        if not self.one_wild and self.rules.all_wild_melds and wilds >= 3:
            return 0
        return self.wild_cost[max(0, wilds - self.target_absorb(tags))]

    def exact_search(self) -> Callable[[int, int, int], int]:
        """Memoised search that places every wild: the true minimum cost."""
        memo: dict[tuple[int, int, int], int] = {}
        by_low_bit = self.by_low_bit
        guards = self.guards

        def best(state: int, wilds: int, tags: int) -> int:
            key = (state, wilds, tags)
            found = memo.get(key)
            if found is not None:
                return found
            if not state:
                value = self.terminal_cost(wilds, tags)
                memo[key] = value
                return value
            unit, cost, pieces = by_low_bit[state & -state]
            value = cost + best(state - unit, wilds, tags)
            for packed, demand, cap, tag, _ in pieces:
                if demand > wilds or tags & tag or (state | guards) - packed & guards != guards:
                    continue
                for used in range(demand, min(cap, wilds) + 1):
                    option = best(state - packed, wilds - used, tags | tag)
                    if option < value:
                        value = option
            memo[key] = value
            return value

        return best


def _target_of(meld: Meld, wild_rank: Rank | None, rules: RuleSet) -> _Target:
    wilds = sum(card.is_wild(wild_rank) for card in meld.cards)
    low, high = meld.low, meld.high
    if meld.kind is MeldKind.SET:
        return _Target(MeldKind.SET, None, low, high, wilds, low, high)
    min_position, max_position = 1, _MAX_RUN
    if rules.aces_high:
        min_position = 2 if high == ACE_HIGH else 1
        max_position = _MAX_RUN if low == 1 else ACE_HIGH
    return _Target(MeldKind.RUN, meld.suit, low, high, wilds, min_position, max_position)


# -- answers ------------------------------------------------------------------

_Choice = tuple[tuple[object, ...], int]
"""(piece info fields, wilds placed in it) picked by the search."""


@dataclass(frozen=True, slots=True)
class _Plan:
    """What the search decided, before physical cards are handed out."""

    cost: int
    choices: tuple[_Choice, ...]
    leftover_types: tuple[int, ...]
    all_wild: int
    """Wilds put into one all-wild meld (0 for none)."""
    absorbed: tuple[tuple[int, int], ...]
    """(target index, wilds) laid off onto targets without naturals."""


def _relaxed_plan(problem: _Problem) -> _Plan | None:
    """The relaxed optimum, if its spare wilds really fit; ``None`` otherwise."""
    best = problem.relaxed_search()
    state, wilds = problem.state, problem.wild_count
    cost = best(state, wilds)
    choices: list[list[Any]] = []
    leftover: list[int] = []
    spare_room: list[int] = []
    while state:
        unit, natural_cost, pieces = problem.by_low_bit[state & -state]
        target = best(state, wilds)
        if natural_cost + best(state - unit, wilds) == target:
            leftover.append(problem.type_of_low_bit(unit))
            state -= unit
            continue
        for packed, demand, cap, _, info in pieces:
            if (
                demand <= wilds
                and (state | problem.guards) - packed & problem.guards == problem.guards
                and best(state - packed, wilds - demand) == target
            ):
                choices.append([info, demand])
                spare_room.append(cap - demand)
                state -= packed
                wilds -= demand
                break
    # Place the spare wilds: melds first, else one all-wild meld.
    all_wild = 0
    if wilds and sum(spare_room) >= wilds:
        for choice, room in zip(choices, spare_room, strict=True):
            extra = min(room, wilds)
            choice[1] += extra
            wilds -= extra
    elif wilds >= 3 and problem.rules.all_wild_melds:
        all_wild, wilds = wilds, 0
    if wilds:
        return None
    return _Plan(cost, tuple((info, used) for info, used in choices), tuple(leftover), all_wild, ())


def _exact_plan(problem: _Problem) -> _Plan:
    """The true optimum, every wild placed by the search."""
    best = problem.exact_search()
    state, wilds, tags = problem.state, problem.wild_count, 0
    cost = best(state, wilds, tags)
    choices: list[_Choice] = []
    leftover: list[int] = []
    while state:
        unit, natural_cost, pieces = problem.by_low_bit[state & -state]
        target = best(state, wilds, tags)
        if natural_cost + best(state - unit, wilds, tags) == target:
            leftover.append(problem.type_of_low_bit(unit))
            state -= unit
            continue
        found = next(
            (packed, used, tag, info)
            for packed, demand, cap, tag, info in pieces
            if demand <= wilds
            and not tags & tag
            and (state | problem.guards) - packed & problem.guards == problem.guards
            for used in range(demand, min(cap, wilds) + 1)
            if best(state - packed, wilds - used, tags | tag) == target
        )
        packed, used, tag, info = found
        choices.append((info, used))
        state, wilds, tags = state - packed, wilds - used, tags | tag
    all_wild = 0
    absorbed: list[tuple[int, int]] = []
    if wilds and not problem.one_wild and problem.rules.all_wild_melds and wilds >= 3:
        all_wild, wilds = wilds, 0
    for index, target in enumerate(problem.targets):
        if not wilds:
            break
        if target.kind is MeldKind.RUN and tags >> index & 1:
            continue
        room = _UNLIMITED if target.kind is MeldKind.SET else (
            _MAX_RUN - (target.high - target.low + 1))
        if problem.one_wild:
            room = min(room, 1 - target.wilds)
        if room > 0:
            absorbed.append((index, min(room, wilds)))
            wilds -= min(room, wilds)
    return _Plan(cost, tuple(choices), tuple(leftover), all_wild, tuple(absorbed))


def _plan(problem: _Problem) -> _Plan:
    if not problem.one_wild and not problem.targets:
        plan = _relaxed_plan(problem)
        if plan is not None:
            return plan
    return _exact_plan(problem)


def _problem(
    cards: Sequence[Card], wild_rank: Rank | None, rules: RuleSet, lay_off_onto: Sequence[Meld]
) -> _Problem:
    return _Problem(cards, wild_rank, rules, lay_off_onto)


def min_penalty(
    cards: Sequence[Card],
    wild_rank: Rank | None,
    rules: RuleSet,
    lay_off_onto: Sequence[Meld] = (),
) -> int:
    """The lowest penalty ``cards`` can score: :func:`best_arrangement` without building it."""
    return _plan(_problem(cards, wild_rank, rules, lay_off_onto)).cost // _SCALE


def best_arrangement(
    cards: Sequence[Card],
    wild_rank: Rank | None,
    rules: RuleSet,
    lay_off_onto: Sequence[Meld] = (),
) -> Arrangement:
    """The arrangement of ``cards`` with the lowest penalty under ``rules``.

    ``wild_rank`` is the round's wild rank (printed jokers are always wild).
    ``lay_off_onto`` are the melds of the player who went out, for scoring a last
    turn with the lay-off option: leftover cards that extend them count as melded.
    Among equal penalties the arrangement with fewest leftover cards is returned,
    so a hand that can meld completely always comes back complete.
    """
    problem = _problem(cards, wild_rank, rules, lay_off_onto)
    return _build(problem, _plan(problem))


def is_complete(cards: Sequence[Card], wild_rank: Rank | None, rules: RuleSet) -> bool:
    """True if every card of ``cards`` can be put in a meld (the hand goes out)."""
    return best_arrangement(cards, wild_rank, rules).is_complete


def _build(problem: _Problem, plan: _Plan) -> Arrangement:
    """Hand out the physical cards of ``plan``: naturals by type, wilds dearest first."""
    instances = [list(cards) for cards in problem.instances]
    wilds = list(problem.wilds)
    melds: list[Meld] = []
    layoffs: dict[int, tuple[list[Card], list[int]]] = {}
    for fields, used in plan.choices:
        info = _PieceInfo(*fields)  # type: ignore[arg-type]
        naturals = [(instances[t].pop(0), position) for t, position in info.naturals]
        filled = _filled_by_target(problem, info.target)
        placed = [(wilds.pop(0), position) for position in _wild_positions(info, used, filled)]
        members = sorted(naturals + placed, key=lambda pair: pair[1])
        if info.target >= 0:
            cards, positions = layoffs.setdefault(info.target, ([], []))
            cards.extend(card for card, _ in members)
            positions.extend(position for _, position in members)
            continue
        kind = MeldKind.SET if info.kind == _SET_META else MeldKind.RUN
        melds.append(
            Meld(kind, tuple(c for c, _ in members), tuple(p for _, p in members), info.suit)
        )
    if plan.all_wild:
        # An all-wild meld is shown as a set of Aces.
        melds.append(Meld(MeldKind.SET, tuple(wilds[: plan.all_wild]), (1,) * plan.all_wild, None))
        del wilds[: plan.all_wild]
    for index, count in plan.absorbed:
        target = problem.targets[index]
        cards, positions = layoffs.setdefault(index, ([], []))
        kind = _LAY_SET_META if target.kind is MeldKind.SET else _LAY_RUN_META
        info = _PieceInfo(kind, (), target.suit, target.min_position, target.max_position, index)
        spots = _wild_positions(info, count, _filled_by_target(problem, index))
        for position in spots:
            cards.append(wilds.pop(0))
            positions.append(position)
    leftover = [instances[t].pop(0) for t in plan.leftover_types] + wilds
    penalty = sum(problem.rules.penalty(card, problem.wild_rank) for card in leftover)
    return Arrangement(
        tuple(melds),
        tuple(leftover),
        penalty,
        tuple(
            LayOff(index, tuple(cards), tuple(positions))
            for index, (cards, positions) in sorted(layoffs.items())
        ),
    )


def _filled_by_target(problem: _Problem, index: int) -> range:
    """Positions a lay-off target's own cards already hold (none for an own meld)."""
    if index < 0:
        return range(0)
    return range(problem.targets[index].low, problem.targets[index].high + 1)


def _wild_positions(info: _PieceInfo, count: int, filled: range) -> list[int]:
    """Where ``count`` wilds go in a meld: gaps first, then above, then below."""
    if info.kind in (_SET_META, _LAY_SET_META):
        return [info.min_position] * count
    taken = {position for _, position in info.naturals} | set(filled)
    low, high = min(taken), max(taken)
    spots = [p for p in range(low, high + 1) if p not in taken]
    while len(spots) < count and high < info.max_position:
        high += 1
        spots.append(high)
    while len(spots) < count and low > info.min_position:
        low -= 1
        spots.append(low)
    if len(spots) < count:
        raise AssertionError(f"no room for {count} wilds in {info}")
    return spots[:count]
