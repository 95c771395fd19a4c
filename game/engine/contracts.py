"""Contracts (the ``contracts`` option): the melds each round's going out must include.

docs/RULES.md, "The seeds' other games": each round has a contract by hand size, at
least that many sets and that many runs among the melds of the hand left after the
going-out discard. A meld of wilds only counts as a set or a run, whichever the
contract needs. On the closed table everything else is unchanged: the other hands
score their best arrangement as in the base game, contract or not.

>>> contract_for(7)
Contract(sets=1, runs=1)
>>> contract_for(15).describe()
'two sets and three runs'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from game.engine.cards import Rank
from game.engine.melds import Meld, MeldKind, all_wild


class Contract(NamedTuple):
    """At least ``sets`` sets and ``runs`` runs."""

    sets: int
    runs: int

    @property
    def melds(self) -> int:
        """How many melds the contract asks for."""
        return self.sets + self.runs

    def describe(self) -> str:
        """English words, e.g. ``one set and two runs`` (the game's words translate it)."""
        parts = [
            f"{_NUMBERS[count]} {noun}{'s' if count > 1 else ''}"
            for count, noun in ((self.sets, "set"), (self.runs, "run"))
            if count
        ]
        return " and ".join(parts)

    def met_by(self, melds: Iterable[Meld], wild_rank: Rank | None) -> bool:
        """True if ``melds`` include the contract: a meld of wilds only counts as either."""
        return self.missing(melds, wild_rank) == 0

    def missing(self, melds: Iterable[Meld], wild_rank: Rank | None) -> int:
        """How many more melds ``melds`` need to include the contract, as they stand (a
        meld of wilds only counts as either); 0 if they include it."""
        _counted, sets, runs = self.counted(melds, wild_rank)
        return sets + runs

    def counts(self, meld: Meld, wild_rank: Rank | None) -> bool:
        """True if ``meld`` is of a kind the contract asks for (a meld of wilds only: either)."""
        if all_wild(meld, wild_rank):
            return True
        return (self.sets if meld.kind is MeldKind.SET else self.runs) > 0

    def counted(
        self, melds: Iterable[Meld], wild_rank: Rank | None
    ) -> tuple[tuple[Meld, ...], int, int]:
        """The melds of ``melds`` that count toward the contract (its sets and its runs up to
        what it asks, then its melds of wilds only for what is still missing), and the sets
        and the runs it still needs."""
        sets, runs, counted = self.sets, self.runs, []
        wilds_only = []
        for meld in melds:
            if all_wild(meld, wild_rank):
                wilds_only.append(meld)
            elif meld.kind is MeldKind.SET and sets:
                sets -= 1
                counted.append(meld)
            elif meld.kind is MeldKind.RUN and runs:
                runs -= 1
                counted.append(meld)
        for meld in wilds_only:
            if sets:
                sets -= 1
            elif runs:
                runs -= 1
            else:
                break
            counted.append(meld)
        return tuple(counted), sets, runs


_NUMBERS = {1: "one", 2: "two", 3: "three"}

CONTRACTS: dict[int, Contract] = {
    3: Contract(1, 0),
    4: Contract(0, 1),
    5: Contract(1, 0),
    6: Contract(2, 0),
    7: Contract(1, 1),
    8: Contract(0, 2),
    9: Contract(3, 0),
    10: Contract(2, 1),
    11: Contract(1, 2),
    12: Contract(0, 3),
    13: Contract(2, 2),
    14: Contract(3, 1),
    15: Contract(2, 3),
}
"""The contract of a round, by hand size (every size of every schedule)."""


def contract_for(hand_size: int) -> Contract:
    """The contract of a round dealt ``hand_size`` cards; ``KeyError`` outside 3–15."""
    return CONTRACTS[hand_size]
