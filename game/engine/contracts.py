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
from game.engine.melds import Meld, MeldKind


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
        sets = runs = either = 0
        for meld in melds:
            if all(card.is_wild(wild_rank) for card in meld.cards):
                either += 1
            elif meld.kind is MeldKind.SET:
                sets += 1
            else:
                runs += 1
        return max(max(self.sets - sets, 0) + max(self.runs - runs, 0) - either, 0)


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
