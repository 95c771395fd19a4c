"""The meld solver: the arrangement of a hand with the lowest possible penalty.

How it works (the glossary is in :mod:`game.engine.melds`):

- Wilds are *counted, not placed*: every wild can stand anywhere, so the search
  only decides which natural cards go into which meld and how many wilds each
  meld needs (its *demand*); wilds are placed when the answer is built.
- Naturals are grouped into *types* (rank and suit); two decks give a type a
  count of 0–2 (3 with three decks). The remaining naturals are one integer with
  a 3-bit field per type, so removing a meld is one subtraction and checking
  that it fits is one mask test (a guard bit per field catches a borrow).
- The melds that can start with each type (*pieces*) are listed once per hand;
  the search takes the lowest remaining type: one copy of it is either left
  over, or it is the lowest card of one of its pieces. Results are memoised on
  (remaining naturals, wilds left).
- With unlimited wilds per meld and no lay-off, spare wilds are assumed to fit
  somewhere for free (a relaxation: its optimum is a lower bound). Types that
  share no piece are then independent but for the wilds they use, so each
  group is searched alone for every wild budget and the budgets are combined
  (min-plus). The answer is built, and only if its spare wilds really do not
  fit does the exact search run, which places every wild itself.

Costs inside the search are ``penalty * 64 + number of leftover cards`` so
that among equal penalties the arrangement with fewer leftover cards wins
(a hand that melds completely always shows as complete).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from game.engine.cards import Card, Rank, Suit
from game.engine.melds import ACE_HIGH, Arrangement, LayOff, Meld, MeldKind
from game.engine.rules import RuleSet

_BITS = 3
"""Bits per natural type in a packed state: a 2-bit count and a guard bit."""
_COUNT = 3
"""Mask of the count bits of one field."""
_SCALE = 64
"""Cost = penalty * _SCALE + leftover card count."""
_MAX_RUN = 13
_UNLIMITED = 99

# Kinds of own piece; their cards are decoded from the packed naturals.
_SET = 0
_RUN = 1
_RUN_ACE_HIGH = 2
"""A run whose Ace is played high (the Ace is its lowest type)."""

_SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
_SUITS = tuple(_SUIT_ORDER)


@dataclass(frozen=True, slots=True)
class _LayInfo:
    """A lay-off piece: natural cards that extend one target meld."""

    target: int
    """Index of the target among the melds of who went out."""
    members: tuple[tuple[int, int], ...]
    """(type index, position) of each card laid off."""


_Piece = tuple[int, int, int, int, "int | _LayInfo", int]
"""(packed naturals, wild demand, wild capacity, lay-off tag bit, kind or lay-off info,
skip mask: count bits that must be empty for the piece to be worth trying)."""


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
        choices = [(*choice, c) for choice in choices for c in range(limit + 1)]
    return tuple(choices)


def _set_patterns(limits: tuple[int, ...]) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Ways to add copies of the next suits of a rank to a set.

    ``limits`` are the copies held of each next suit; each way is (packed counts
    relative to the set's lowest type, cards added, offsets of the suits used).
    """
    return tuple(
        (
            sum(c << (_BITS * (i + 1)) for i, c in enumerate(choice)),
            sum(choice),
            tuple(i + 1 for i, c in enumerate(choice) if c),
        )
        for choice in _count_choices(limits)
    )


_SET_PATTERNS = {
    limits: _set_patterns(limits)
    for size in range(4)
    for limits in _count_choices((3,) * size)
    if 0 not in limits
}
"""Precomputed :func:`_set_patterns` for every way of holding the other suits of a rank."""

_UNITS = tuple(1 << (_BITS * t) for t in range(64))
"""The unit of each type's field."""
_LOW_BIT_TYPE = {unit << shift: t for t, unit in enumerate(_UNITS) for shift in (0, 1)}
"""The type whose field holds a state's lowest set bit."""
_GUARDS = tuple(sum(unit << (_BITS - 1) for unit in _UNITS[:n]) for n in range(65))
"""The guard bits of the first n fields."""


_COST_TABLES: dict[tuple[str, str, int], tuple[int, ...]] = {}


def _natural_costs(rules: RuleSet) -> tuple[int, ...]:
    """Search cost of a leftover natural, by rank number (a table per scoring option)."""
    key = (rules.face_values, rules.aces, rules.ace_high_penalty)
    table = _COST_TABLES.get(key)
    if table is None:
        table = (0, *(rules.natural_value(rank) * _SCALE + 1 for rank in Rank))
        _COST_TABLES[key] = table
    return table


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
        wild_ordinal = -2 if wild_rank is None else int(wild_rank)
        for card in cards:
            key = card.ordinal
            if key < 0 or key >> 2 == wild_ordinal:
                wilds.append(card)
            elif key in naturals:
                naturals[key].append(card)
            else:
                naturals[key] = [card]
        if len(wilds) > 1:
            # Jokers (dearer when left over) go into melds first; the cheapest stay.
            wilds.sort(key=lambda card: -rules.penalty(card, wild_rank))
        self.wilds = wilds
        self.wild_count = wild_count = len(wilds)
        self.wild_cost = [0]
        for card in reversed(wilds):
            self.wild_cost.append(
                self.wild_cost[-1] + rules.penalty(card, wild_rank) * _SCALE + 1
            )
        self.max_demand = min(wild_count, 1) if one_wild else wild_count
        self.singles = self.max_demand >= 2
        """Whether any one natural may be melded alone with two wilds (a *single*);
        singles are not listed as pieces: the searches try them beside leaving a card over."""
        self.top = ACE_HIGH if rules.aces_high else _MAX_RUN

        self.keys = keys = sorted(naturals)
        self.instances = instances = [naturals[key] for key in keys]
        self.counts = counts = [len(copies) for copies in instances]
        self.units = units = _UNITS[: len(keys)]
        state = 0
        for count, unit in zip(counts, units):
            state += count * unit
        self.state = state
        self.guards = _GUARDS[len(keys)]
        table = _natural_costs(rules)
        self.costs = costs = [table[key >> 2] for key in keys]
        self.pieces: list[list[_Piece]] = [[] for _ in keys]
        self.links = [0] * len(keys)
        """Per type, a bit per type it shares a piece with."""
        self.targets = [_target_of(meld, wild_rank, rules) for meld in targets]
        self._add_set_pieces()
        self._add_run_pieces()
        if targets:
            self._add_layoff_pieces()

    # -- pieces ---------------------------------------------------------------

    def _add_set_pieces(self) -> None:
        keys, counts, units, pieces = self.keys, self.counts, self.units, self.pieces
        links = self.links
        max_demand = self.max_demand
        cap = 1 if self.one_wild else _UNLIMITED
        size = len(keys)
        t = 0
        while t < size:
            rank = keys[t] >> 2
            end = t + 1
            while end < size and keys[end] >> 2 == rank:
                end += 1
            if end == t + 1 and counts[t] == 1:
                t = end  # One card of this rank: only a set of it and two wilds.
                continue
            for first in range(t, end):
                unit = units[first]
                own_pieces = pieces[first]
                patterns = _SET_PATTERNS[tuple(counts[first + 1 : end])]
                for relative, rest, offsets in patterns:
                    packed = relative * unit
                    for own in range(1, counts[first] + 1):
                        if own + rest == 1:
                            continue  # a *single*: see ``self.singles``
                        demand = 3 - own - rest
                        if demand <= max_demand:
                            own_pieces.append(
                                (packed + own * unit, demand if demand > 0 else 0, cap, 0, _SET, 0)
                            )
                            for offset in offsets:
                                links[first] |= 1 << (first + offset)
                                links[first + offset] |= 1 << first
            t = end

    def _add_run_pieces(self) -> None:
        columns: list[list[tuple[int, int]]] = [[], [], [], []]
        for t, key in enumerate(self.keys):
            columns[key & 3].append((key >> 2, t))
        self.columns = columns
        for column in columns:
            for a in range(len(column) - 1):
                self._add_runs(column, a, len(column), 1, _RUN)
            if self.top == ACE_HIGH and column and column[0][0] == 1:
                # Runs ending in an Ace played high: the Ace is their lowest type.
                downward = [(ACE_HIGH, column[0][1]), *reversed(column[1:])]
                self._add_runs(downward, 0, len(downward), -1, _RUN_ACE_HIGH)

    def _add_runs(
        self, column: list[tuple[int, int]], first: int, stop: int, step: int, kind: int
    ) -> None:
        """Runs whose lowest type is at ``column[first]``, reaching along ``column``.

        A run may leave out a natural it spans (a wild stands in its place) when
        that card is needed elsewhere. With unlimited wilds that is only worth it
        when no copy of the card is still free (else moving the card into the run
        and the wild elsewhere is never worse), so such a piece carries the count
        bits it needs to be empty as its *skip mask*.
        """
        max_demand, units, one_wild = self.max_demand, self.units, self.one_wild
        start, t = column[first]
        packed = units[t]
        pieces = self.pieces[t]
        linked = first
        for b in range(first + 1, stop):
            end, u = column[b]
            span = (end - start) * step + 1
            if span > _MAX_RUN:
                break
            packed += units[u]
            naturals = b - first + 1
            demand = (3 if span < 3 else span) - naturals
            if demand > max_demand:
                if span >= 3:
                    break
                continue
            links = self.links
            for k in range(linked, b):
                # Consecutive members are enough to tie the run's types together.
                v, w = column[k][1], column[k + 1][1]
                links[v] |= 1 << w
                links[w] |= 1 << v
            linked = b
            pieces.append((packed, demand, 1 if one_wild else _MAX_RUN - naturals, 0, kind, 0))
            if naturals > 2 and demand < max_demand:
                for skipped in range(1, min(naturals - 2, max_demand - demand) + 1):
                    for skip in combinations(range(first + 1, b), skipped):
                        left_out = sum(units[column[k][1]] for k in skip)
                        mask = 0 if one_wild else left_out * _COUNT
                        cap = 1 if one_wild else _MAX_RUN - naturals + skipped
                        pieces.append((packed - left_out, demand + skipped, cap, 0, kind, mask))

    def _add_layoff_pieces(self) -> None:
        for index, target in enumerate(self.targets):
            if target.kind is MeldKind.SET:
                rank = 1 if target.low == ACE_HIGH else target.low
                for t, key in enumerate(self.keys):
                    if key >> 2 == rank:
                        info = _LayInfo(index, ((t, target.low),))
                        self.pieces[t].append((self.units[t], 0, 0, 0, info, 0))
            else:
                self._add_run_layoffs(index, target)

    def _add_run_layoffs(self, index: int, target: _Target) -> None:
        """Extensions of a target run at one or both ends, natural cards included."""
        assert target.suit is not None
        room = _MAX_RUN - (target.high - target.low + 1)
        by_position = dict(self.columns[_SUIT_ORDER[target.suit]])
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
                inner = [
                    p
                    for p in below[: max(down - 1, 0)] + above[: max(up - 1, 0)]
                    if p in by_position
                ]
                for keep in range(len(inner), -1, -1):
                    demand = down + up - len(ends) - keep
                    if demand > max_wilds:
                        break
                    for kept in combinations(inner, keep):
                        positions = sorted((*ends, *kept))
                        members = tuple((by_position[p], p) for p in positions)
                        cap = min(max_wilds, demand + room - down - up)
                        packed = sum(self.units[t] for t, _ in members)
                        piece = (packed, demand, cap, 1 << index, _LayInfo(index, members), 0)
                        self.pieces[min(t for t, _ in members)].append(piece)

    # -- search ---------------------------------------------------------------

    def relaxed_search(self) -> Callable[[int], list[int]]:
        """Memoised search where spare wilds cost nothing (a lower bound).

        ``best(state)`` is a list: item ``b`` is the lowest cost of ``state`` with
        at most ``b`` wilds, so one visit of a state answers every budget.
        """
        budgets = self.wild_count + 1
        never = 1 << 60
        pads = [[never] * demand for demand in range(budgets)]
        memo: dict[int, list[int]] = {0: [0] * budgets}
        low_bit_type, units, costs, all_pieces = _LOW_BIT_TYPE, self.units, self.costs, self.pieces
        guards = self.guards
        singles = self.singles

        def leave_or_single(cost: int, rest: list[int]) -> list[int]:
            """One more card: left over, or (two wilds) melded alone."""
            left = [cost + value for value in rest]
            if singles:
                return left[:2] + list(map(min, left[2:], rest))
            return left

        def best(state: int) -> list[int]:
            found = memo.get(state)
            if found is not None:
                return found
            t = low_bit_type[state & -state]
            pieces = all_pieces[t]
            if not pieces:
                # No meld starts with this type: every copy is left over or single.
                unit = units[t]
                count = state // unit & _COUNT
                value = best(state - count * unit)
                for _ in range(count):
                    value = leave_or_single(costs[t], value)
                memo[state] = value
                return value
            value = leave_or_single(costs[t], best(state - units[t]))
            for packed, demand, _, _, _, skip in pieces:
                if (
                    demand < budgets
                    and (state | guards) - packed & guards == guards
                    and not state & skip
                ):
                    after = best(state - packed)
                    if demand:
                        after = pads[demand] + after[: budgets - demand]
                    value = list(map(min, value, after))
            memo[state] = value
            return value

        return best

    def groups(self) -> tuple[list[int], list[int]]:
        """Independent parts of the hand: packed states of linked types, and lone types.

        A lone type is a single card that shares no piece: it is left over or
        melded alone with two wilds.
        """
        links, counts, units = self.links, self.counts, self.units
        linked: list[int] = []
        lone: list[int] = []
        remaining = (1 << len(counts)) - 1
        while remaining:
            seed = remaining & -remaining
            t = seed.bit_length() - 1
            if not links[t]:
                remaining ^= seed
                if counts[t] == 1:
                    lone.append(t)
                else:
                    linked.append(counts[t] * units[t])
                continue
            group = frontier = seed
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                fresh = links[low.bit_length() - 1] & ~group
                group |= fresh
                frontier |= fresh
            remaining &= ~group
            state = 0
            while group:
                low = group & -group
                group ^= low
                t = low.bit_length() - 1
                state += counts[t] * units[t]
            linked.append(state)
        return linked, lone

    def terminal_cost(self, wilds: int, tags: int) -> int:
        """Cost of ``wilds`` spare wilds once every natural is decided."""
        if not wilds:
            return 0
        if not self.one_wild and self.rules.all_wild_melds and wilds >= 3:
            return 0
        return self.wild_cost[max(0, wilds - self.target_absorb(tags))]

    def target_absorb(self, used_tags: int) -> int:
        """Wilds the lay-off targets can still take after the lay-off pieces ``used_tags``."""
        total = 0
        for index, target in enumerate(self.targets):
            if target.kind is MeldKind.SET:
                if not self.one_wild:
                    return _UNLIMITED
                total += 1 - target.wilds
            elif not used_tags >> index & 1:
                room = _MAX_RUN - (target.high - target.low + 1)
                total += min(room, 1 - target.wilds) if self.one_wild else room
        return total

    def exact_search(self) -> Callable[[int, int, int], int]:
        """Memoised search that places every wild: the true minimum cost."""
        memo: dict[tuple[int, int, int], int] = {}
        low_bit_type, units, costs, all_pieces = _LOW_BIT_TYPE, self.units, self.costs, self.pieces
        guards = self.guards
        singles = self.singles

        def best(state: int, wilds: int, tags: int) -> int:
            key = (state, wilds, tags)
            found = memo.get(key)
            if found is not None:
                return found
            if not state:
                value = self.terminal_cost(wilds, tags)
                memo[key] = value
                return value
            t = low_bit_type[state & -state]
            unit, cost, pieces = units[t], costs[t], all_pieces[t]
            value = cost + best(state - unit, wilds, tags)
            if singles:
                for used in range(2, wilds + 1):
                    option = best(state - unit, wilds - used, tags)
                    if option < value:
                        value = option
            for packed, demand, cap, tag, _, skip in pieces:
                if (
                    demand > wilds
                    or tags & tag
                    or state & skip
                    or (state | guards) - packed & guards != guards
                ):
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


# -- plans: what the search decided -------------------------------------------

_Choice = tuple[int, "int | _LayInfo", int]
"""(packed naturals, kind or lay-off info, wilds placed in it)."""


@dataclass(frozen=True, slots=True)
class _Plan:
    """What the search decided, before physical cards are handed out."""

    cost: int
    choices: tuple[_Choice, ...]
    leftover_types: tuple[int, ...]
    all_wild: int
    """Wilds put into one all-wild meld (0 for none)."""
    absorbed: tuple[tuple[int, int], ...] = ()
    """(target index, wilds) laid off onto targets without naturals."""


def _trace_relaxed(
    problem: _Problem,
    best: Callable[[int], list[int]],
    state: int,
    wilds: int,
    choices: list[list[int]],
    leftover: list[int],
) -> None:
    """Follow the relaxed search's decisions from (state, wilds)."""
    guards = problem.guards
    while state:
        t = _LOW_BIT_TYPE[state & -state]
        unit, natural_cost, pieces = problem.units[t], problem.costs[t], problem.pieces[t]
        value = best(state)[wilds]
        rest = best(state - unit)
        if natural_cost + rest[wilds] == value:
            leftover.append(t)
            state -= unit
            continue
        if problem.singles and wilds >= 2 and rest[wilds - 2] == value:
            choices.append([unit, _SET, 2, _UNLIMITED])
            state -= unit
            wilds -= 2
            continue
        for packed, demand, cap, _, kind, skip in pieces:
            if (
                demand <= wilds
                and not state & skip
                and (state | guards) - packed & guards == guards
                and best(state - packed)[wilds - demand] == value
            ):
                choices.append([packed, kind, demand, cap])  # type: ignore[list-item]
                state -= packed
                wilds -= demand
                break


def _relaxed_plan(problem: _Problem) -> _Plan | None:
    """The relaxed optimum, if its spare wilds really fit; ``None`` otherwise."""
    wild_count = problem.wild_count
    best = problem.relaxed_search()
    linked, lone = problem.groups()
    # Lone cards: with b wilds, the b // 2 dearest are melded with two wilds each.
    lone.sort(key=lambda t: -problem.costs[t])
    lone_total = sum(problem.costs[t] for t in lone)
    saved = [0]
    for t in lone:
        saved.append(saved[-1] + problem.costs[t])
    table = [lone_total - saved[min(b // 2, len(lone))] for b in range(wild_count + 1)]
    splits: list[list[int]] = []
    for state in linked:
        own = best(state)
        if not wild_count:
            table = [table[0] + own[0]]
            splits.append([0])
            continue
        combined = []
        split = []
        for b in range(wild_count + 1):
            value, given = min((table[b - x] + own[x], x) for x in range(b + 1))
            combined.append(value)
            split.append(given)
        table = combined
        splits.append(split)
    cost = table[wild_count]

    choices: list[list[int]] = []
    leftover: list[int] = []
    budget = wild_count
    for state, split in zip(reversed(linked), reversed(splits), strict=True):
        given = split[budget]
        _trace_relaxed(problem, best, state, given, choices, leftover)
        budget -= given
    melded_alone = min(budget // 2, len(lone))
    for t in lone[:melded_alone]:
        choices.append([problem.units[t], _SET, 2, _UNLIMITED])
    leftover.extend(lone[melded_alone:])

    # Place the spare wilds: melds first, else one all-wild meld.
    spare = wild_count - sum(choice[2] for choice in choices)
    all_wild = 0
    if spare and sum(choice[3] - choice[2] for choice in choices) >= spare:
        for choice in choices:
            extra = min(choice[3] - choice[2], spare)
            choice[2] += extra
            spare -= extra
    elif spare >= 3 and problem.rules.all_wild_melds:
        all_wild, spare = spare, 0
    if spare and choices:
        return None
    # With no meld at all, nothing could be melded: the wilds are simply left over.
    return _Plan(
        cost + problem.wild_cost[spare],
        tuple((packed, kind, used) for packed, kind, used, _ in choices),
        tuple(leftover),
        all_wild,
    )


def _exact_plan(problem: _Problem) -> _Plan:
    """The true optimum, every wild placed by the search."""
    best = problem.exact_search()
    state, wilds, tags = problem.state, problem.wild_count, 0
    guards = problem.guards
    cost = best(state, wilds, tags)
    choices: list[_Choice] = []
    leftover: list[int] = []
    while state:
        t = _LOW_BIT_TYPE[state & -state]
        unit, natural_cost, pieces = problem.units[t], problem.costs[t], problem.pieces[t]
        value = best(state, wilds, tags)
        if natural_cost + best(state - unit, wilds, tags) == value:
            leftover.append(t)
            state -= unit
            continue
        single = next(
            (used for used in range(2, wilds + 1) if best(state - unit, wilds - used, tags) == value),
            0,
        )
        if problem.singles and single:
            choices.append((unit, _SET, single))
            state -= unit
            wilds -= single
            continue
        packed, used, tag, kind = next(
            (packed, used, tag, kind)
            for packed, demand, cap, tag, kind, skip in pieces
            if demand <= wilds
            and not tags & tag
            and not state & skip
            and (state | guards) - packed & guards == guards
            for used in range(demand, min(cap, wilds) + 1)
            if best(state - packed, wilds - used, tags | tag) == value
        )
        choices.append((packed, kind, used))
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
        if target.kind is MeldKind.SET:
            room = _UNLIMITED
        else:
            room = _MAX_RUN - (target.high - target.low + 1)
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


# -- the public functions -------------------------------------------------------


def min_penalty(
    cards: Sequence[Card],
    wild_rank: Rank | None,
    rules: RuleSet,
    lay_off_onto: Sequence[Meld] = (),
) -> int:
    """The lowest penalty ``cards`` can score: :func:`best_arrangement` without building it."""
    return _plan(_Problem(cards, wild_rank, rules, lay_off_onto)).cost // _SCALE


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

    >>> from game.engine.cards import parse_cards
    >>> best = best_arrangement(parse_cards("KS KH AS AH QD"), Rank.KING, RuleSet())
    >>> [meld.describe() for meld in best.melds], best.penalty
    (['Q♦ K♠(Q) K♥(Q)'], 2)
    """
    problem = _Problem(cards, wild_rank, rules, lay_off_onto)
    return _build(problem, _plan(problem))


def is_complete(cards: Sequence[Card], wild_rank: Rank | None, rules: RuleSet) -> bool:
    """True if every card of ``cards`` can be put in a meld (the hand goes out)."""
    return best_arrangement(cards, wild_rank, rules).is_complete


# -- building the answer ----------------------------------------------------------


def _members(problem: _Problem, packed: int, kind: int) -> list[tuple[int, int]]:
    """(type, position) of each natural card in an own piece, one entry per copy."""
    members = []
    t = 0
    while packed:
        count = packed & _COUNT
        if count:
            position = problem.keys[t] >> 2
            if kind == _RUN_ACE_HIGH and position == 1:
                position = ACE_HIGH
            members += [(t, position)] * count
        packed >>= _BITS
        t += 1
    return members


def _build(problem: _Problem, plan: _Plan) -> Arrangement:
    """Hand out the physical cards of ``plan``: naturals by type, wilds dearest first."""
    instances = [list(cards) for cards in problem.instances]
    wilds = list(problem.wilds)
    melds: list[Meld] = []
    layoffs: dict[int, tuple[list[Card], list[int]]] = {}
    for packed, kind, used in plan.choices:
        if isinstance(kind, _LayInfo):
            target = problem.targets[kind.target]
            spots = _wild_positions(target.kind is MeldKind.SET, kind.members, used,
                                    target.min_position, target.max_position, target)
            pairs = [(instances[t].pop(0), p) for t, p in kind.members]
            pairs += [(wilds.pop(0), p) for p in spots]
            cards, positions = layoffs.setdefault(kind.target, ([], []))
            for card, position in sorted(pairs, key=lambda pair: pair[1]):
                cards.append(card)
                positions.append(position)
            continue
        members = _members(problem, packed, kind)
        suit = None if kind == _SET else _SUITS[problem.keys[members[0][0]] & 3]
        if kind == _RUN_ACE_HIGH:
            low_bound, high_bound = 2, ACE_HIGH
        elif kind == _RUN and members[0][1] == 1:
            low_bound, high_bound = 1, _MAX_RUN
        else:
            low_bound, high_bound = 1, problem.top
        spots = _wild_positions(kind == _SET, members, used, low_bound, high_bound, None)
        pairs = [(instances[t].pop(0), p) for t, p in members]
        pairs += [(wilds.pop(0), p) for p in spots]
        pairs.sort(key=lambda pair: pair[1])
        kind_of_meld = MeldKind.SET if kind == _SET else MeldKind.RUN
        melds.append(
            Meld(kind_of_meld, tuple(c for c, _ in pairs), tuple(p for _, p in pairs), suit)
        )
    if plan.all_wild:
        # An all-wild meld is shown as a set of Aces.
        melds.append(Meld(MeldKind.SET, tuple(wilds[: plan.all_wild]), (1,) * plan.all_wild, None))
        del wilds[: plan.all_wild]
    for index, count in plan.absorbed:
        target = problem.targets[index]
        spots = _wild_positions(target.kind is MeldKind.SET, (), count, target.min_position,
                                target.max_position, target)
        cards, positions = layoffs.setdefault(index, ([], []))
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


def _wild_positions(
    is_set: bool,
    members: Sequence[tuple[int, int]],
    count: int,
    low_bound: int,
    high_bound: int,
    target: _Target | None,
) -> list[int]:
    """Where ``count`` wilds go in a meld (or a lay-off onto ``target``).

    A set's wilds stand for its rank; a run's fill its gaps first, then extend it
    upwards, then downwards, within ``low_bound``–``high_bound``.
    """
    if is_set:
        return [members[0][1] if members else target.low if target else 1] * count
    taken = {position for _, position in members}
    if target is not None:
        taken |= set(range(target.low, target.high + 1))
    low, high = min(taken), max(taken)
    spots = [p for p in range(low, high + 1) if p not in taken]
    while len(spots) < count and high < high_bound:
        high += 1
        spots.append(high)
    while len(spots) < count and low > low_bound:
        low -= 1
        spots.append(low)
    if len(spots) < count:
        raise AssertionError(f"no room for {count} wilds beside {members}")
    return spots[:count]
