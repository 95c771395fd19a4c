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
  the search takes the lowest remaining type: one copy of it is left over,
  melded alone with two wilds or more (a *single*; it needs no piece, as it
  leaves the same naturals as leaving the card over), or it is the lowest card
  of one of its pieces. Results are memoised on (remaining naturals, wilds left).
- With unlimited wilds per meld and no lay-off, spare wilds are assumed to fit
  somewhere for free (a relaxation: its optimum is a lower bound). The search
  then answers every wild budget at once: a state's *savings* list the highest
  cost of the naturals it can meld with each budget of wilds. Cards whose type
  is in no piece (*lone* cards) are set aside: each is left over or melded
  alone with two wilds, the dearest first.
  The answer is built, and only if its spare wilds really do not fit does the
  exact search run, which places every wild itself.
- With one wild or none (and no lay-off) the search runs on the types of melds of
  naturals alone; the wild goes into the one piece that needs it, or is spare.
- Under a contract (:func:`contract_arrangement`) the best arrangement is tried first;
  if its melds fall short, an exact search keys each state on what the contract still
  needs too (a single or a meld of wilds only meets a set or a run), and sets may leave
  free copies out (two sets of one rank).

Costs inside the search are ``penalty * 64 + number of leftover cards`` so
that among equal penalties the arrangement with fewer leftover cards wins
(a hand that melds completely always shows as complete).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import chain, combinations
from operator import attrgetter, itemgetter
from typing import NamedTuple, NoReturn

from game.engine.cards import SUIT_INDEX, SUITS, Card, Rank, Suit, check_shoe, format_cards
from game.engine.contracts import Contract
from game.engine.melds import ACE_HIGH, Arrangement, LayOff, Meld, MeldKind
from game.engine.rules import ALLOWED, RuleSet

_BITS = 3
"""Bits per natural type in a packed state: a 2-bit count and a guard bit."""
_COUNT = 3
"""Mask of the count bits of one field."""
_FIELD = 7
"""Mask of one field."""
_SCALE = 64
"""Cost = penalty * _SCALE + leftover card count."""
_MAX_RUN = 13
_MIRROR = ACE_HIGH + 1
"""A run ending in a high Ace is searched upwards from it: position ``p`` is read as
``_MIRROR - p``."""
_UNLIMITED = 99
_NEVER = 1 << 40
"""The search cost of an arrangement that cannot include the contract."""

# Kinds of own piece; their cards are decoded from the packed naturals.
_SET = 0
_RUN = 1
_RUN_ACE_HIGH = 2
"""A run whose Ace is played high (the Ace is its lowest type)."""

_SET_KIND = MeldKind.SET
_RUN_KIND = MeldKind.RUN
_POSITIONS = tuple(tuple(tuple(range(low, high + 1)) for high in range(15)) for low in range(15))
"""``_POSITIONS[low][high]``: the positions of a run from ``low`` to ``high``."""
_ORDINAL = attrgetter("ordinal")
_POSITION = itemgetter(1)


@dataclass(frozen=True, slots=True)
class _LayInfo:
    """A lay-off piece: natural cards that extend one target meld."""

    target: int
    """Index of the target among the melds of who went out."""
    members: tuple[tuple[int, int], ...]
    """(type index, position) of each card laid off."""


_Piece = tuple[int, int, int, int, int, int, "int | _LayInfo"]
"""A meld that can start with a type: (packed naturals, fit mask, saving, wild demand,
wild capacity, lay-off tag bit, kind or lay-off info).

The piece fits a state when ``(state | guards) - packed & mask == guards``: the
mask holds the guard bits and the count bits that must be empty for the piece
to be worth trying (its *skip*). Its saving is the cost of its naturals."""


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


def _suit_choices(counts: tuple[int, ...], offset: int) -> list[tuple[int, int]]:
    """(packed counts, cards) of every way to take 0 to ``count`` copies of each of
    the suits held ``counts`` times, the first in field ``offset``."""
    choices = [(0, 0)]
    for i, limit in enumerate(counts):
        shift = _BITS * (offset + i)
        choices = [
            (packed + (c << shift), cards + c)
            for packed, cards in choices
            for c in range(limit + 1)
        ]
    return choices


def _set_pieces(counts: tuple[int, ...]) -> tuple[tuple[int, int, int, int], ...]:
    """The sets of a rank whose suits are held ``counts`` times (suits in type order).

    Each is (offset of its lowest type, packed counts relative to the rank's
    first type, wild demand, natural cards); a lone natural (a *single*) is not
    listed.
    """
    pieces = []
    for first, held in enumerate(counts):
        for rest, cards in _suit_choices(counts[first + 1 :], first + 1):
            for own in range(1, held + 1):
                naturals = own + cards
                if naturals > 1:
                    relative = rest + (own << (_BITS * first))
                    pieces.append((first, relative, max(3 - naturals, 0), naturals))
    return tuple(pieces)


_SetTable = dict[int, tuple[tuple[int, int, int, int], ...]]


def _set_piece_table() -> tuple[_SetTable, _SetTable]:
    """:func:`_set_pieces` for every way of holding the suits of a rank, keyed by the
    rank's counts packed from its first type: ``[0]`` with no wild (the sets of three
    naturals or more), ``[1]`` with some (a set of two naturals needs one)."""
    without: _SetTable = {}
    with_wild: _SetTable = {}
    for size in range(1, 5):
        for counts in _count_choices((3,) * size):
            if 0 not in counts:
                key = sum(count << (_BITS * i) for i, count in enumerate(counts))
                with_wild[key] = pieces = _set_pieces(counts)
                without[key] = tuple(piece for piece in pieces if not piece[2])
    return without, with_wild


_SET_PIECES = _set_piece_table()

_WILD_KEYS = tuple(frozenset({-1, *range(4 * rank, 4 * rank + 4)}) for rank in range(14))
"""The ordinals of the wilds when the wild rank is each rank number (0: none)."""
_RANK_OF = tuple(key >> 2 for key in range(56))
"""The rank of each natural ordinal."""
_SUIT_OF = tuple(key & 3 for key in range(56))
"""The suit index (:data:`~game.engine.cards.SUIT_INDEX`) of each natural ordinal."""
_RANK_TYPE = tuple(tuple((key >> 2, t) for t in range(64)) for key in range(56))
"""``_RANK_TYPE[key][t]``: (rank, type) of the type ``t`` whose ordinal is ``key``, made once."""
_UNITS = tuple(1 << (_BITS * t) for t in range(64))
"""The unit of each type's field."""
_FIELDS = tuple((1 << (_BITS * n)) - 1 for n in range(65))
"""Every bit of the first n fields."""
_ONES = tuple(_FIELDS[n] // _FIELD for n in range(65))
"""One in each of the first n fields."""
_LOW_BIT_TYPE = {unit << shift: t for t, unit in enumerate(_UNITS) for shift in (0, 1)}
"""The type whose field holds a state's lowest set bit."""
_LOW_BITS = sum(_UNITS)
"""The lowest bit of every field."""
_GUARDS = tuple(sum(unit << (_BITS - 1) for unit in _UNITS[:n]) for n in range(65))
"""The guard bits of the first n fields."""


def _budget_ranges(budgets: int) -> tuple[range, ...]:
    """By wild demand, the budgets below ``budgets`` that meet it."""
    return tuple(range(demand, budgets) for demand in range(budgets))


_BUDGET_RANGES = tuple(_budget_ranges(budgets) for budgets in range(20))
""":func:`_budget_ranges` for the usual numbers of budgets."""


def _demand_budgets(budgets: int) -> tuple[range, ...]:
    """:func:`_budget_ranges`, from the table when it holds them."""
    if budgets < len(_BUDGET_RANGES):
        return _BUDGET_RANGES[budgets]
    return _budget_ranges(budgets)


def _cost_table(rules: RuleSet) -> tuple[int, ...]:
    """Search cost of a leftover natural, by ordinal."""
    return (0,) * 4 + tuple(rules.natural_value(rank) * _SCALE + 1 for rank in Rank for _ in SUITS)


_COST_TABLES = {
    (faces, aces, ace_high): _cost_table(
        RuleSet(face_values=faces, aces=aces, ace_high_penalty=ace_high)
    )
    for faces in ALLOWED["face_values"]
    for aces in ALLOWED["aces"]
    for ace_high in ALLOWED["ace_high_penalty"]
}
""":func:`_cost_table` for every scoring option."""


def _outside_the_shoe(cards: Sequence[Card], wild_rank: Rank | None, rules: RuleSet) -> NoReturn:
    """Raise the ``ValueError`` of :func:`~game.engine.cards.check_shoe` for ``cards``."""
    check_shoe(cards, rules.decks, rules.jokers, wild_rank)
    raise AssertionError(f"check_shoe passed {format_cards(cards)}, beyond the shoe")


class _Problem:
    """One hand, prepared for the search."""

    def __init__(
        self,
        cards: Sequence[Card],
        wild_rank: Rank | None,
        rules: RuleSet,
        targets: Sequence[Meld],
        contract: Contract | None = None,
    ) -> None:
        self.rules = rules
        self.contract = contract
        """The contract the arrangement must include (:meth:`contract_search`), if any."""
        self.wild_rank = wild_rank
        self.one_wild = one_wild = rules.max_wilds_per_meld == 1
        wild_keys = _WILD_KEYS[0 if wild_rank is None else int(wild_rank)]
        table = _COST_TABLES[rules.face_values, rules.aces, rules.ace_high_penalty]
        self.instances: list[list[Card]] = []
        """The physical cards of each type."""
        self.costs: list[int] = []
        """The search cost of one leftover card of each type."""
        self.wilds: list[Card] = []
        """The wilds, dearest first."""
        self.columns: list[list[tuple[int, int]]] = [[], [], [], []]
        """Per suit, (rank, type) of each type of that suit, ascending."""
        self.pieces: list[list[_Piece]] = []
        """The pieces that start with each type."""
        instances, costs, wilds = self.instances, self.costs, self.wilds
        columns, pieces = self.columns, self.pieces
        rank_starts: list[int] = []
        extra = total = cost = 0
        t = -1
        last = rank = -4
        decks = rules.decks
        # By ordinal: jokers first (dearer than wild-rank cards whatever the
        # options), then naturals type by type.
        for card in sorted(cards, key=_ORDINAL):
            key = card.ordinal
            if key == last:
                copies = instances[t]
                copies.append(card)
                extra += _UNITS[t]
                if len(copies) > decks:  # A field holds at most 3 copies.
                    _outside_the_shoe(cards, wild_rank, rules)
            elif key in wild_keys:
                wilds.append(card)
                continue
            else:
                t += 1
                last = key
                instances.append([card])
                pieces.append([])
                cost = table[key]
                costs.append(cost)
                columns[_SUIT_OF[key]].append(_RANK_TYPE[key][t])
                if _RANK_OF[key] != rank:
                    rank = _RANK_OF[key]
                    rank_starts.append(t)
            total += cost
        if len(wilds) > rules.jokers and wilds[rules.jokers].is_joker:
            _outside_the_shoe(cards, wild_rank, rules)  # Jokers come first.
        if rules.wild_penalty > rules.joker_penalty:
            wilds.reverse()  # Not so under any option today: jokers are the dearer.
        self.state = _ONES[len(instances)] + extra
        """The naturals: one copy of every type, and the ``extra`` copies."""
        self.total = total
        """The cost of every natural left over."""
        self.wild_count = wild_count = len(wilds)
        self.wild_cost = wild_cost = [0]
        """``wild_cost[k]``: the cost of the ``k`` cheapest wilds left over."""
        joker_cost = rules.joker_penalty * _SCALE + 1
        rank_cost = rules.wild_penalty * _SCALE + 1
        for card in reversed(wilds):
            wild_cost.append(wild_cost[-1] + (joker_cost if card.ordinal < 0 else rank_cost))
        self.max_demand = min(wild_count, 1) if one_wild else wild_count
        self.singles = self.max_demand >= 2
        """Whether any one natural may be melded alone with two wilds (a *single*)."""
        self.top = ACE_HIGH if rules.aces_high else _MAX_RUN

        self.units = _UNITS
        """The unit of each type's field."""
        self.guards = _GUARDS[len(instances)]
        self.covered = 0
        """Every bit of the fields of the types in some piece."""
        self.targets = [_target_of(meld, wild_rank, rules) for meld in targets] if targets else []
        self._add_run_pieces()
        self._add_set_pieces(rank_starts)
        if targets:
            self._add_layoff_pieces()

    # -- pieces ---------------------------------------------------------------

    def _add_set_pieces(self, rank_starts: list[int]) -> None:
        """Sets of each rank; ``rank_starts`` are the first types of each rank held.

        Called after :meth:`_add_run_pieces`. With unlimited wilds per meld, no lay-off
        and no contract (which may need two sets of one rank), a set takes every copy
        of its rank that is in no run (a *free* copy): adding it is never worse than
        leaving it over, melding it alone or putting it in a second set of the rank
        (the two sets could merge).
        """
        instances, units, costs, pieces = self.instances, self.units, self.costs, self.pieces
        guards, state = self.guards, self.state
        # The fields of the free types (none when a set may have to leave a card
        # out), and their counts.
        free = 0
        if not self.one_wild and not self.targets and not self.contract:
            free = _FIELDS[len(instances)] & ~self.covered
        free_counts = state & free
        max_demand = self.max_demand
        table = _SET_PIECES[min(max_demand, 1)]
        cap = 1 if self.one_wild else _UNLIMITED
        ends = [*rank_starts[1:], len(instances)]
        for start, end in zip(rank_starts, ends, strict=False):
            if end - start == 1 and (
                len(instances[start]) == 1 or len(instances[start]) + max_demand < 3
            ):
                continue  # No set but singles.
            rank_fields = _FIELDS[end] - _FIELDS[start]
            sets = table[(state & rank_fields) >> (_BITS * start)]
            unit, cost = units[start], costs[start]
            fields, wanted = free & rank_fields, free_counts & rank_fields
            for first, relative, demand, naturals in sets:
                packed = relative * unit
                if packed & fields != wanted:
                    continue  # A free copy is left out.
                pieces[start + first].append(
                    (packed, guards, naturals * cost, demand, cap, 0, _SET)
                )
            # A set of every suit held is a piece (if any set is), so every suit is covered.
            if sets:
                self.covered |= rank_fields

    def _add_run_pieces(self) -> None:
        """The runs along each suit column and, with aces high, those ending in a high Ace."""
        self._add_runs(self.columns, _RUN)
        if self.top == ACE_HIGH:
            # The Ace played high is their lowest type: positions count down from it
            # (the Ace 1, a King 2…), so that they still ascend.
            downward = [
                [(1, column[0][1]), *[(_MIRROR - rank, t) for rank, t in reversed(column[1:])]]
                for column in self.columns
                if column and column[0][0] == 1
            ]
            self._add_runs(downward, _RUN_ACE_HIGH)

    def _add_runs(self, lines: list[list[tuple[int, int]]], kind: int) -> None:
        """The runs of ``kind`` along each of ``lines`` of (position, type), ascending,
        whose lowest type is one in the line (a high Ace's: its first only).

        A run may leave out a natural it spans (a wild stands in its place) when
        that card is needed elsewhere. With unlimited wilds that is only worth it
        when no copy of the card is still free (else moving the card into the run
        and the wild elsewhere is never worse), so such a piece carries the count
        bits it needs to be empty as its *skip mask*.
        """
        max_demand, units, one_wild, costs = self.max_demand, self.units, self.one_wild, self.costs
        guards, all_pieces = self.guards, self.pieces
        covered = self.covered
        reach = max_demand + 1
        shortest = max(2, 3 - max_demand)
        for line in lines:
            if len(line) < shortest:
                continue
            for first in range(len(line) - 1 if kind == _RUN else 1):
                start, t = line[first]
                if line[first + 1][0] - start > reach:
                    continue  # No run reaches the next card: it needs more wilds.
                packed, saving = units[t], costs[t]
                pieces = all_pieces[t]
                longest, naturals = 0, 1
                for end, u in line[first + 1 :]:
                    # At most 13: positions run 1–13, or 1–13 down from a high Ace.
                    span = end - start + 1
                    naturals += 1
                    demand = (3 if span < 3 else span) - naturals
                    packed += units[u]
                    saving += costs[u]
                    if demand > max_demand:
                        if span >= 3:
                            break  # Longer runs only need more wilds.
                        continue
                    longest = packed
                    cap = 1 if one_wild else _MAX_RUN - naturals
                    pieces.append((packed, guards, saving, demand, cap, 0, kind))
                    if naturals > 2 and demand < max_demand:
                        run = (packed, saving, demand, kind)
                        self._add_skipping_runs(pieces, line[first + 1 : first + naturals - 1], run)
                covered |= longest * _FIELD  # A run has one copy of each type.
        self.covered = covered

    def _add_skipping_runs(
        self, pieces: list[_Piece], inner: list[tuple[int, int]], run: tuple[int, int, int, int]
    ) -> None:
        """The run ``(packed, saving, demand, kind)`` leaving out some of its ``inner``
        (rank, type), a wild standing in for each."""
        packed, saving, demand, kind = run
        units, costs, guards = self.units, self.costs, self.guards
        one_wild = self.one_wild
        naturals = len(inner) + 2
        for skipped in range(1, min(naturals - 2, self.max_demand - demand) + 1):
            used = demand + skipped
            cap = 1 if one_wild else _MAX_RUN - naturals + skipped
            for skip in combinations(inner, skipped):
                left_out = lost = 0
                for _, v in skip:
                    left_out += units[v]
                    lost += costs[v]
                mask = guards if one_wild else guards | left_out * _COUNT
                pieces.append((packed - left_out, mask, saving - lost, used, cap, 0, kind))

    def _add_layoff_pieces(self) -> None:
        for index, target in enumerate(self.targets):
            if target.kind is MeldKind.SET:
                rank = 1 if target.low == ACE_HIGH else target.low
                for t, copies in enumerate(self.instances):
                    if copies[0].ordinal >> 2 == rank:
                        info = _LayInfo(index, ((t, target.low),))
                        piece = (self.units[t], self.guards, self.costs[t], 0, 0, 0, info)
                        self.pieces[t].append(piece)
            else:
                self._add_run_layoffs(index, target)

    def _add_run_layoffs(self, index: int, target: _Target) -> None:
        """Extensions of a target run at one or both ends, natural cards included."""
        assert target.suit is not None
        room = _MAX_RUN - (target.high - target.low + 1)
        by_position = dict(self.columns[SUIT_INDEX[target.suit]])
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
                        saving = sum(self.costs[t] for t, _ in members)
                        info = _LayInfo(index, members)
                        piece = (packed, self.guards, saving, demand, cap, 1 << index, info)
                        self.pieces[min(t for t, _ in members)].append(piece)

    # -- search ---------------------------------------------------------------

    def relaxed_search(self, root: int) -> dict[int, list[int]]:
        """Memoised search from ``root`` where spare wilds cost nothing (a bound).

        Returns the memo: the savings of every state visited, whose item ``b``
        is the highest cost of naturals of the state that melds with at most
        ``b`` wilds, so one visit of a state answers every budget.
        """
        budgets = self.wild_count + 1
        memo = {0: [0] * budgets}
        low_bit_type, units, costs, all_pieces = _LOW_BIT_TYPE, self.units, self.costs, self.pieces
        guards = self.guards
        # The budgets each demand can meet. Without singles, a single gains nothing.
        from_demand = _demand_budgets(budgets)
        single_budgets = from_demand[2] if self.singles else range(0)

        def best(state: int) -> list[int]:
            """The savings of ``state``, not yet in the memo."""
            t = low_bit_type[state & -state]
            rest = state - units[t]
            # Left over: the savings of the rest (a list is never empty), copied once raised.
            savings = left = memo.get(rest) or best(rest)
            # One copy melded alone: the rest as when it is left over, two wilds fewer.
            cost = costs[t]
            for budget in single_budgets:
                saving = left[budget - 2] + cost
                if saving > savings[budget]:
                    if savings is left:
                        savings = left[:]
                    savings[budget] = saving
            for packed, mask, gain, demand, _, _, _ in all_pieces[t]:
                if (state | guards) - packed & mask == guards:
                    found = memo.get(state - packed) or best(state - packed)
                    for budget in from_demand[demand]:
                        saving = found[budget - demand] + gain
                        if saving > savings[budget]:
                            if savings is left:
                                savings = left[:]
                            savings[budget] = saving
            memo[state] = savings
            return savings

        if root not in memo:
            best(root)
        return memo

    def lone(self) -> list[int]:
        """The lone cards, dearest first: their type is in no piece, so each copy is
        left over or melded alone with two wilds. Listed by type, once per copy."""
        lone = []
        rest = self.state & ~self.covered
        while rest:
            t = _LOW_BIT_TYPE[rest & -rest]
            count = rest >> (_BITS * t) & _COUNT
            rest -= count << (_BITS * t)
            lone += [t] * count
        lone.sort(key=self.costs.__getitem__, reverse=True)
        return lone

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
        guards, singles = self.guards, self.singles

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
            for packed, mask, _, demand, cap, tag, _ in pieces:
                if demand > wilds or tags & tag or (state | guards) - packed & mask != guards:
                    continue
                for used in range(demand, min(cap, wilds) + 1):
                    option = best(state - packed, wilds - used, tags | tag)
                    if option < value:
                        value = option
            memo[key] = value
            return value

        return best

    def contract_search(self) -> Callable[[int, int, int], int]:
        """Memoised search that places every wild, as :meth:`exact_search` does, for the
        least cost among the arrangements that include the contract: the third key is what
        it still needs (:func:`_need`), not lay-off tags. A need left unmet costs
        :data:`_NEVER`; at the end, spare wilds meet it with melds of wilds only."""
        memo: dict[tuple[int, int, int], int] = {}
        low_bit_type, units, costs, all_pieces = _LOW_BIT_TYPE, self.units, self.costs, self.pieces
        guards, singles = self.guards, self.singles
        wild_melds = not self.one_wild and self.rules.all_wild_melds

        def best(state: int, wilds: int, need: int) -> int:
            key = (state, wilds, need)
            found = memo.get(key)
            if found is not None:
                return found
            if not state:
                if not need:
                    value = self.terminal_cost(wilds, 0)
                elif wild_melds and wilds >= 3 * _need_melds(need):
                    value = 0
                else:
                    value = _NEVER
                memo[key] = value
                return value
            t = low_bit_type[state & -state]
            unit, cost, pieces = units[t], costs[t], all_pieces[t]
            value = cost + best(state - unit, wilds, need)
            if singles:
                for used in range(2, wilds + 1):
                    for after in _single_needs(need, used):
                        option = best(state - unit, wilds - used, after)
                        if option < value:
                            value = option
            for packed, mask, _, demand, cap, _, kind in pieces:
                if demand > wilds or (state | guards) - packed & mask != guards:
                    continue
                after = _need_after(need, kind)
                for used in range(demand, min(cap, wilds) + 1):
                    option = best(state - packed, wilds - used, after)
                    if option < value:
                        value = option
            memo[key] = value
            return value

        return best


def _need(contract: Contract) -> int:
    """What a contract still needs, packed: ``sets << 2 | runs`` (each at most 3)."""
    return contract.sets << 2 | contract.runs


def _need_melds(need: int) -> int:
    """How many melds a packed need asks for."""
    return (need >> 2) + (need & 3)


def _need_after(need: int, kind: int | _LayInfo) -> int:
    """The need once an own piece of ``kind`` is melded."""
    if kind == _SET:
        return need - 4 if need >= 4 else need
    return need - 1 if need & 3 else need


def _single_needs(need: int, used: int) -> tuple[int, ...]:
    """The needs once one natural is melded with ``used`` wilds: a set, or a run if it fits."""
    afters = []
    if need >= 4:
        afters.append(need - 4)
    if need & 3 and used < _MAX_RUN:
        afters.append(need - 1)
    return tuple(afters) or (need,)


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

_Choice = tuple[int, "int | _LayInfo", int, int]
"""(packed naturals, kind or lay-off info, wilds placed in it, wilds it can take)."""


class _Plan(NamedTuple):
    """What the search decided, before physical cards are handed out.

    The naturals in no choice are left over, and so are the wilds not placed.
    """

    cost: int
    choices: Sequence[_Choice]
    all_wild: int
    """Wilds put into one all-wild meld (0 for none)."""
    absorbed: tuple[tuple[int, int], ...] = ()
    """(target index, wilds) laid off onto targets without naturals."""


def _trace_relaxed(
    problem: _Problem, memo: dict[int, list[int]], state: int, wilds: int
) -> list[_Choice]:
    """The relaxed search's choices from (state, wilds)."""
    units, costs, all_pieces, guards = problem.units, problem.costs, problem.pieces, problem.guards
    choices: list[_Choice] = []
    choice: _Choice
    saving = memo[state][wilds]
    while state:
        t = _LOW_BIT_TYPE[state & -state]
        rest = memo[state - units[t]]
        if rest[wilds] == saving:
            state -= units[t]  # Left over.
            continue
        if wilds >= 2 and rest[wilds - 2] + costs[t] == saving:
            choice = (units[t], _SET, 2, _UNLIMITED)
            saving -= costs[t]
        else:
            for packed, mask, gain, demand, cap, _, kind in all_pieces[t]:
                if (
                    demand <= wilds
                    and (state | guards) - packed & mask == guards
                    and memo[state - packed][wilds - demand] + gain == saving
                ):
                    choice = (packed, kind, demand, cap)
                    saving -= gain
                    break
            else:
                raise AssertionError("the search's choice is lost")
        choices.append(choice)
        wilds -= choice[2]
        state -= choice[0]
    return choices


def _relaxed_plan(problem: _Problem, shallow: bool) -> _Plan | None:
    """The relaxed optimum, if its spare wilds really fit; ``None`` otherwise.

    A ``shallow`` plan has the right cost but may lack its choices.
    """
    wild_count = problem.wild_count
    linked = problem.state & problem.covered
    memo = problem.relaxed_search(linked)
    savings = memo[linked]
    lone = problem.lone() if problem.singles else []
    # Lone cards with b wilds: the b // 2 dearest are melded alone.
    lone_savings = [0]
    for t in lone[: wild_count // 2]:
        lone_savings.append(lone_savings[-1] + problem.costs[t])

    saving, given = _split(savings, lone_savings, wild_count)
    if shallow and (not wild_count or _split(savings, lone_savings, wild_count - 1)[0] < saving):
        # Every optimum uses every wild: none is spare.
        return _Plan(problem.total - saving, (), 0)
    choices = _trace_relaxed(problem, memo, linked, given)
    for t in lone[: (wild_count - given) // 2]:
        choices.append((problem.units[t], _SET, 2, _UNLIMITED))

    # Place the spare wilds: melds first, else one all-wild meld.
    spare = _spread_spare(choices, wild_count)
    all_wild = 0
    if spare >= 3 and problem.rules.all_wild_melds:
        all_wild, spare = spare, 0
    if spare and choices:
        return None
    # With no meld at all, nothing could be melded: the wilds are simply left over.
    return _Plan(problem.total - saving + problem.wild_cost[spare], choices, all_wild)


def _spread_spare(choices: list[_Choice], wilds: int) -> int:
    """Give the ``wilds`` the choices do not use to those with room, first come first, if
    they all fit; returns the wilds still spare."""
    spare = wilds
    room = 0
    for _, _, used, cap in choices:
        spare -= used
        room += cap - used
    if not spare or room < spare:
        return spare
    for index, (packed, kind, used, cap) in enumerate(choices):
        extra = min(cap - used, spare)
        choices[index] = (packed, kind, used + extra, cap)
        spare -= extra
    return spare


def _split(savings: list[int], lone_savings: list[int], budget: int) -> tuple[int, int]:
    """The best saving with ``budget`` wilds, and the wilds it gives the linked cards.

    ``savings`` are the linked cards' by budget, ``lone_savings[k]`` that of the ``k``
    dearest lone cards melded alone.
    """
    if len(lone_savings) == 1:
        return savings[budget], budget
    best, given, last = -1, 0, len(lone_savings) - 1
    for x in range(budget + 1):  # The fewest wilds for the linked cards among ties.
        saving = savings[x] + lone_savings[min((budget - x) // 2, last)]
        if saving > best:
            best, given = saving, x
    return best, given


_SingleAfters = Callable[[int, int], Iterable[tuple[int, int]]]
"""For a search's third key and the wilds a lone natural takes: each key after melding it,
with the kind of meld it makes."""
_PieceAfter = Callable[[int, int, "int | _LayInfo"], "int | None"]
"""For a search's third key and a piece's tag and kind: the key once the piece is melded,
``None`` if the key forbids the piece."""


def _trace(
    problem: _Problem,
    best: Callable[[int, int, int], int],
    key: int,
    single_afters: _SingleAfters,
    piece_after: _PieceAfter,
) -> tuple[list[_Choice], int, int]:
    """Walk a memoised search (:meth:`_Problem.exact_search` or
    :meth:`_Problem.contract_search`) back from the whole hand: at each lowest type, the
    first choice (left over, a lone natural with wilds, a piece) that keeps the search's
    best value. Returns the choices, the wilds left and the third key at the end."""
    state, wilds = problem.state, problem.wild_count
    guards = problem.guards
    choices: list[_Choice] = []
    while state:
        t = _LOW_BIT_TYPE[state & -state]
        unit, natural_cost, pieces = problem.units[t], problem.costs[t], problem.pieces[t]
        value = best(state, wilds, key)
        if natural_cost + best(state - unit, wilds, key) == value:
            state -= unit  # Left over.
            continue
        single = problem.singles and next(
            (
                (used, after, kind)
                for used in range(2, wilds + 1)
                for after, kind in single_afters(key, used)
                if best(state - unit, wilds - used, after) == value
            ),
            None,
        )
        if single:
            used, key, made = single
            choices.append((unit, made, used, _UNLIMITED))
            state, wilds = state - unit, wilds - used
            continue
        packed, used, cap, kind, after = next(
            (packed, used, cap, kind, after)
            for packed, mask, _, demand, cap, tag, kind in pieces
            if demand <= wilds
            and (after := piece_after(key, tag, kind)) is not None
            and (state | guards) - packed & mask == guards
            for used in range(demand, min(cap, wilds) + 1)
            if best(state - packed, wilds - used, after) == value
        )
        choices.append((packed, kind, used, cap))
        state, wilds, key = state - packed, wilds - used, after
    return choices, wilds, key


def _exact_plan(problem: _Problem) -> _Plan:
    """The true optimum, every wild placed by the search."""
    best = problem.exact_search()
    cost = best(problem.state, problem.wild_count, 0)
    choices, wilds, tags = _trace(
        problem,
        best,
        0,
        lambda tags, used: ((tags, _SET),),
        lambda tags, tag, kind: None if tags & tag else tags | tag,
    )
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
    return _Plan(cost, choices, all_wild, tuple(absorbed))


def _contract_singles(need: int, used: int) -> Iterable[tuple[int, int]]:
    """A lone natural with ``used`` wilds under a contract: a run where it meets one of the
    contract's runs, else a set."""
    return ((after, _RUN if after == need - 1 else _SET) for after in _single_needs(need, used))


def _contract_plan(problem: _Problem) -> _Plan | None:
    """The least-cost plan that includes ``problem.contract``; ``None`` if none does.

    Melds of wilds only are choices without naturals (packed 0), one per unmet part of
    the contract; spare wilds join the first of them (a set, when the contract has one).
    """
    assert problem.contract is not None
    best = problem.contract_search()
    need = _need(problem.contract)
    cost = best(problem.state, problem.wild_count, need)
    if cost >= _NEVER:
        return None
    choices, wilds, need = _trace(
        problem, best, need, _contract_singles, lambda need, tag, kind: _need_after(need, kind)
    )
    if need:
        kinds = [_SET] * (need >> 2) + [_RUN] * (need & 3)
        sizes = [3] * len(kinds)
        sizes[0] += wilds - 3 * len(kinds)
        if kinds[0] == _RUN and sizes[0] > _MAX_RUN:
            # Only runs: fill them up to 13, and put what no run takes in a set.
            spare = wilds
            for index in range(len(sizes)):
                sizes[index] = min(_MAX_RUN, spare - 3 * (len(sizes) - index - 1))
                spare -= sizes[index]
            if spare:
                sizes[-1] -= max(3 - spare, 0)
                kinds.append(_SET)
                sizes.append(max(spare, 3))
        choices += [(0, kind, size, size) for kind, size in zip(kinds, sizes, strict=True)]
    elif wilds >= 3 and not problem.one_wild and problem.rules.all_wild_melds:
        choices.append((0, _SET, wilds, wilds))
    return _Plan(cost, choices, 0)


_SMALL_WORK = 40
"""The most (pieces needing the wild that share a type with a natural piece) times
(natural pieces) for :func:`_small_plan`: each of the first starts a search of its own."""


def _split_pieces(all_pieces: Sequence[Sequence[_Piece]]) -> tuple[list[_Piece], int, int]:
    """The pieces that need the wild, how many natural pieces there are, and every bit of
    the types in a natural piece (for :func:`_small_plan`)."""
    needy: list[_Piece] = []
    fields = naturals = 0
    for pieces in all_pieces:
        for piece in pieces:
            if piece[3]:
                needy.append(piece)
            else:
                naturals += 1
                fields |= piece[0]
    return needy, naturals, ((fields | fields >> 1) & _LOW_BITS) * _FIELD


def _trace_natural_melds(
    problem: _Problem, memo: dict[int, int], rest: int, choices: list[_Choice]
) -> None:
    """Append to ``choices`` the natural melds whose savings ``memo`` gives for ``rest``."""
    guards, units, all_pieces = problem.guards, problem.units, problem.pieces
    while rest:
        t = _LOW_BIT_TYPE[rest & -rest]
        value = memo[rest]
        if memo[rest - units[t]] == value:
            rest -= units[t]
            continue
        for packed, _, gain, demand, cap, _, kind in all_pieces[t]:
            if (
                not demand
                and (rest | guards) - packed & guards == guards
                and memo[rest - packed] + gain == value
            ):
                choices.append((packed, kind, 0, cap))
                rest -= packed
                break


def _small_plan(problem: _Problem) -> _Plan | None:
    """The optimum with at most one wild and no lay-off; ``None`` if a spare wild fits
    nowhere.

    Melds of naturals alone (*natural pieces*) are searched on their types only; the
    pieces that need the wild are tried at the root, and a wild no piece takes is
    spare: it joins a natural meld, or is left over when there is none. Skip masks
    are ignored: they prune by the search's order, and the root goes first.
    """
    guards, units, all_pieces = problem.guards, problem.units, problem.pieces
    low_bit_type = _LOW_BIT_TYPE
    needy, naturals, fields = _split_pieces(all_pieces)
    if naturals and needy:
        overlaps = 0
        for piece in needy:
            if piece[0] & fields:
                overlaps += 1
        if overlaps * naturals > _SMALL_WORK:
            return None  # Too many searches from the root: the relaxed search shares them.
    memo = {0: 0}

    def best(state: int) -> int:
        """The highest saving of natural melds in ``state``, not yet in the memo."""
        t = low_bit_type[state & -state]
        rest = state - units[t]
        found = memo.get(rest)
        value = best(rest) if found is None else found
        for packed, _, gain, demand, _, _, _ in all_pieces[t]:
            if not demand and (state | guards) - packed & guards == guards:
                found = memo.get(state - packed)
                if found is None:
                    found = best(state - packed)
                found += gain
                if found > value:
                    value = found
        memo[state] = value
        return value

    state = problem.state
    wilds = problem.wild_count
    root = state & fields
    saving = base = memo[root] if root in memo else best(root)
    if wilds and not saving:
        # No natural meld to take the wilds: they are left over unless a piece uses them.
        saving -= problem.wild_cost[wilds]
    chosen: _Piece | None = None
    for piece in needy:  # Every piece fits the whole hand.
        packed = piece[0]
        if packed & fields:
            rest = (state - packed) & fields
            found = (memo[rest] if rest in memo else best(rest)) + piece[2]
        else:
            found = base + piece[2]
        if found >= saving:
            saving, chosen = found, piece
    choices: list[_Choice] = []
    if chosen:
        state -= chosen[0]
        choices.append((chosen[0], chosen[6], chosen[3], chosen[4]))
    _trace_natural_melds(problem, memo, state & fields, choices)
    if choices and _spread_spare(choices, wilds):
        return None  # A spare wild fits nowhere.
    return _Plan(problem.total - saving, choices, 0)


def _plan(problem: _Problem, shallow: bool = False) -> _Plan:
    """The best plan for ``problem``; a ``shallow`` plan may lack its choices."""
    if problem.targets:
        return _exact_plan(problem)
    if problem.wild_count <= 1:
        plan = _small_plan(problem)
        if plan is not None:
            return plan
    # One wild at most is one wild per meld.
    if not problem.one_wild or problem.wild_count <= 1:
        plan = _relaxed_plan(problem, shallow)
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
    """The lowest penalty ``cards`` can score: :func:`best_arrangement` without building it.

    Raises ``ValueError`` as :func:`best_arrangement` does.
    """
    return _plan(_Problem(cards, wild_rank, rules, lay_off_onto), shallow=True).cost // _SCALE


def min_penalty_and_leftover(
    cards: Sequence[Card],
    wild_rank: Rank | None,
    rules: RuleSet,
    lay_off_onto: Sequence[Meld] = (),
) -> tuple[int, int]:
    """The lowest penalty ``cards`` can score, and the fewest cards left over with it: what
    :func:`best_arrangement` returns, without building it."""
    penalty, leftover = divmod(
        _plan(_Problem(cards, wild_rank, rules, lay_off_onto), shallow=True).cost, _SCALE
    )
    return penalty, leftover


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

    Raises ``ValueError`` if ``cards`` hold more copies of a natural card than the shoe
    of ``rules`` (one per deck), or more printed jokers (see
    :func:`~game.engine.cards.check_shoe`; cards of the wild rank are not checked).

    >>> from game.engine.cards import parse_cards
    >>> best = best_arrangement(parse_cards("KS KH AS AH QD"), Rank.KING, RuleSet())
    >>> [meld.describe() for meld in best.melds], best.penalty
    (['Q♦ K♥(Q) K♠(Q)'], 2)
    """
    problem = _Problem(cards, wild_rank, rules, lay_off_onto)
    return _build(problem, _plan(problem))


def leftover_ordinals(
    cards: Sequence[Card],
    wild_rank: Rank | None,
    rules: RuleSet,
    lay_off_onto: Sequence[Meld] = (),
) -> tuple[int, tuple[int, ...]]:
    """The lowest penalty of ``cards`` and the :attr:`Card.ordinal` of each card left
    over in a best arrangement: :func:`best_arrangement` without building the melds."""
    problem = _Problem(cards, wild_rank, rules, lay_off_onto)
    plan = _plan(problem)
    counts = [len(copies) for copies in problem.instances]
    wilds_used = plan.all_wild + sum(count for _, count in plan.absorbed)
    for packed, _, used, _ in plan.choices:
        wilds_used += used
        t = 0
        while packed:
            counts[t] -= packed & _COUNT
            packed >>= _BITS
            t += 1
    naturals = [
        copies[0].ordinal
        for copies, count in zip(problem.instances, counts, strict=True)
        for _ in range(count)
    ]
    wilds = [card.ordinal for card in problem.wilds[wilds_used:]]
    return plan.cost // _SCALE, (*naturals, *wilds)


def contract_arrangement(
    cards: Sequence[Card], wild_rank: Rank | None, rules: RuleSet, contract: Contract | None
) -> Arrangement | None:
    """The arrangement of ``cards`` with the lowest penalty among those whose melds include
    ``contract`` (at least its sets and its runs; a meld of wilds only counts as either),
    or ``None`` if no arrangement does; :func:`best_arrangement` when ``contract`` is
    ``None``. Among equal penalties, the fewest leftover cards.

    The best arrangement is tried first: when it includes the contract no search is
    needed. Raises ``ValueError`` as :func:`best_arrangement` does.

    >>> from game.engine.cards import parse_cards
    >>> hand = parse_cards("9S 9H 9D 7D 8D")
    >>> [meld.describe() for meld in best_arrangement(hand, Rank.TWO, RuleSet()).melds]
    ['9♦ 9♥ 9♠']
    >>> run = contract_arrangement(hand, Rank.TWO, RuleSet(), Contract(0, 1))
    >>> [meld.describe() for meld in run.melds], run.penalty
    (['7♦ 8♦ 9♦'], 18)
    >>> contract_arrangement(hand, Rank.TWO, RuleSet(), Contract(0, 2)) is None
    True
    """
    best = best_arrangement(cards, wild_rank, rules)
    if contract is None or contract.met_by(best.melds, wild_rank):
        return best
    problem = _Problem(cards, wild_rank, rules, (), contract)
    plan = _contract_plan(problem)
    return None if plan is None else _build(problem, plan)


def contract_penalty(
    cards: Sequence[Card], wild_rank: Rank | None, rules: RuleSet, contract: Contract | None
) -> int | None:
    """The penalty of :func:`contract_arrangement`, ``None`` when no arrangement includes
    ``contract``."""
    arrangement = contract_arrangement(cards, wild_rank, rules, contract)
    return None if arrangement is None else arrangement.penalty


def is_complete(
    cards: Sequence[Card],
    wild_rank: Rank | None,
    rules: RuleSet,
    contract: Contract | None = None,
) -> bool:
    """True if every card of ``cards`` can be put in a meld (the hand goes out), the melds
    including ``contract`` if one is given."""
    if contract is not None and not is_complete(cards, wild_rank, rules):
        return False  # A contract only narrows the choice of arrangements.
    arrangement = contract_arrangement(cards, wild_rank, rules, contract)
    return arrangement is not None and arrangement.is_complete


def min_penalty_after_discard(
    cards: Sequence[Card],
    wild_rank: Rank | None,
    rules: RuleSet,
    allowed: Sequence[Card] | None = None,
) -> int:
    """The lowest penalty ``cards`` can score once one of them (one of ``allowed``, by
    default any) is discarded: what a hand after its draw scores after its best discard.

    Removing a card lowers a hand's penalty by at most the card's own, so a card that
    cannot beat the best found so far is not weighed. Raises ``ValueError`` if
    ``allowed`` holds no card of ``cards``, or as :func:`best_arrangement` does.
    """
    now = min_penalty(cards, wild_rank, rules)
    choices = [card for card in cards if allowed is None or card in allowed]
    if not choices:
        raise ValueError("no card of the hand may be discarded")
    choices.sort(key=lambda card: -rules.penalty(card, wild_rank))
    best: int | None = None
    for card in choices:
        if best is not None and now - rules.penalty(card, wild_rank) >= best:
            continue
        rest = list(cards)
        rest.remove(card)
        penalty = min_penalty(rest, wild_rank, rules)
        best = penalty if best is None else min(best, penalty)
    assert best is not None
    return best


# -- building the answer ----------------------------------------------------------


def _own_meld(problem: _Problem, packed: int, kind: int, used: int) -> Meld:
    """The meld of an own piece with ``used`` wilds, taking its cards from ``problem``; with
    no naturals (``packed`` 0), a meld of wilds only: a set of Aces or a run of spades from
    the Ace."""
    if not packed:
        cards = tuple(problem.wilds[:used])
        del problem.wilds[:used]
        if kind == _SET:
            return Meld(_SET_KIND, cards, (1,) * used, None)
        return Meld(_RUN_KIND, cards, _POSITIONS[1][used], Suit.SPADES)
    if kind == _SET:
        return _own_set(problem, packed, used)
    return _own_run(problem, packed, kind, used)


def _own_set(problem: _Problem, packed: int, used: int) -> Meld:
    """An own set: the types of a set are the suits of one rank, side by side."""
    instances, wilds = problem.instances, problem.wilds
    cards: list[Card] = []
    for t in range(_LOW_BIT_TYPE[packed & -packed], (packed.bit_length() - 1) // _BITS + 1):
        count = packed >> (_BITS * t) & _COUNT
        if count == 1:
            cards.append(instances[t].pop(0))
        elif count:
            held = instances[t]
            cards += held[:count]
            del held[:count]
    if used:
        cards += wilds[:used]
        del wilds[:used]
    # The first card is a natural of the lowest type.
    return Meld(_SET_KIND, tuple(cards), (_RANK_OF[cards[0].ordinal],) * len(cards), None)


def _own_run(problem: _Problem, packed: int, kind: int, used: int) -> Meld:
    """An own run: one card of each of its types, all in the column of its suit."""
    instances, wilds = problem.instances, problem.wilds
    lowest = _LOW_BIT_TYPE[packed & -packed]
    cards: list[Card] = []
    suit_index = _SUIT_OF[instances[lowest][0].ordinal]
    ranks: list[int] = []
    for rank, t in problem.columns[suit_index]:
        if packed >> (_BITS * t) & 1:
            cards.append(instances[t].pop(0))
            ranks.append(rank)
    suit = SUITS[suit_index]
    if kind == _RUN_ACE_HIGH:
        # The Ace, the lowest type, is played above the others.
        cards.append(cards.pop(0))
        ranks.append(ACE_HIGH)
        del ranks[0]
    low, high = ranks[0], ranks[-1]
    if not used:
        return Meld(_RUN_KIND, tuple(cards), _POSITIONS[low][high], suit)
    if kind == _RUN_ACE_HIGH:
        low_bound, high_bound = 2, ACE_HIGH
    elif low == 1:
        low_bound, high_bound = 1, _MAX_RUN
    else:
        low_bound, high_bound = 1, problem.top
    # Wilds fill the gaps first, then extend the run upwards, then downwards.
    gaps = high - low + 1 - len(ranks)
    up = min(used - gaps, high_bound - high)
    down = used - gaps - up
    if down > low - low_bound:
        raise AssertionError(f"no room for {used} wilds in a run of {ranks}")
    if gaps:
        spaced: list[Card] = []
        for rank, card in zip(ranks, cards, strict=True):
            while len(spaced) < rank - low:
                spaced.append(wilds.pop(0))
            spaced.append(card)
        cards = spaced
    if up or down:
        cards = [*reversed(wilds[up : up + down]), *cards, *wilds[:up]]
        del wilds[: up + down]
    return Meld(_RUN_KIND, tuple(cards), _POSITIONS[low - down][high + up], suit)


def _build(problem: _Problem, plan: _Plan) -> Arrangement:
    """Hand out the physical cards of ``plan``: naturals by type, wilds dearest first.

    Takes the cards out of ``problem``, which cannot be built twice.
    """
    instances, wilds = problem.instances, problem.wilds
    melds: list[Meld] = []
    layoffs: dict[int, tuple[list[Card], list[int]]] = {}
    for packed, kind, used, _ in plan.choices:
        if not isinstance(kind, _LayInfo):
            melds.append(_own_meld(problem, packed, kind, used))
            continue
        target = problem.targets[kind.target]
        spots = _wild_positions(
            target.kind is MeldKind.SET,
            kind.members,
            used,
            target.min_position,
            target.max_position,
            target,
        )
        pairs = [(instances[t].pop(0), p) for t, p in kind.members]
        pairs += [(wilds.pop(0), p) for p in spots]
        cards, positions = layoffs.setdefault(kind.target, ([], []))
        for card, position in sorted(pairs, key=_POSITION):
            cards.append(card)
            positions.append(position)
    if plan.all_wild:
        # An all-wild meld is shown as a set of Aces.
        melds.append(Meld(MeldKind.SET, tuple(wilds[: plan.all_wild]), (1,) * plan.all_wild, None))
        del wilds[: plan.all_wild]
    for index, count in plan.absorbed:
        target = problem.targets[index]
        spots = _wild_positions(
            target.kind is MeldKind.SET, (), count, target.min_position, target.max_position, target
        )
        cards, positions = layoffs.setdefault(index, ([], []))
        for position in spots:
            cards.append(wilds.pop(0))
            positions.append(position)
    leftover = (*chain.from_iterable(instances), *wilds)
    if not layoffs:
        return Arrangement(tuple(melds), leftover, plan.cost // _SCALE)
    return Arrangement(
        tuple(melds),
        leftover,
        plan.cost // _SCALE,
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
