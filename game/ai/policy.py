"""The one protocol every AI seat follows.

A policy is built with its own seeded ``random.Random`` and is then asked, once
per decision, for the action to take::

    policy = SomePolicy(random.Random(7))
    action = policy.choose(view)        # view: the seat's PlayerView

In the draw phase it returns a ``Draw`` (from the stock or the discard pile),
in the discard phase a ``Discard`` — at the open table first any ``LayDown`` and
``LayOffCard`` it makes (the seat stays in the discard phase after each). The view
is all it ever sees: no match object, no other hand, no stock order. A policy may
keep caches between calls (they are only ever built from views), never anything
else.
"""

from __future__ import annotations

import random
from typing import Protocol

from game.ai.evaluation import Evaluator, lay_off_targets, open_contract
from game.ai.open_table import CAREFUL, TablePlay, is_open, last_turn_discard, lay_move
from game.engine.actions import Action, Discard
from game.engine.cards import Rank
from game.engine.contracts import Contract
from game.engine.melds import Meld
from game.engine.rules import RuleSet
from game.engine.view import PlayerView


class Policy(Protocol):
    """An AI seat."""

    name: str
    """Short name shown at the table and in tournament reports."""

    def choose(self, view: PlayerView) -> Action:
        """The action to take now; it must be legal (``view.is_legal(action)``)."""
        ...


class PolicyFactory(Protocol):
    """A policy class: called with the seat's own random number generator."""

    def __call__(self, rng: random.Random) -> Policy: ...


class EvaluatorCache:
    """One :class:`Evaluator` per round, so a seat's decisions in a round share work."""

    def __init__(self, in_full: bool = False) -> None:
        self._key: tuple[int, Rank, RuleSet, tuple[Meld, ...], Contract | None] | None = None
        self._evaluator: Evaluator | None = None
        self.in_full = in_full
        """Whether its evaluators weigh the open table's hands in full (see
        :attr:`Evaluator.in_full`)."""

    def for_view(self, view: PlayerView) -> Evaluator:
        """The evaluator for the round ``view`` is in (and the lay-off targets it scores);
        it knows the round's contract until someone goes out (no one else can then)."""
        targets = lay_off_targets(view)
        contract = open_contract(view)
        key = (view.round_index, view.wild_rank, view.rules, targets, contract)
        if self._evaluator is None or key != self._key:
            self._key = key
            self._evaluator = Evaluator(
                view.wild_rank, view.rules, targets, contract, in_full=self.in_full
            )
        return self._evaluator


class EvaluatingPolicy:
    """Base of the built-in seats that weigh hands: an RNG, one evaluator per round and
    how the seat plays the open table."""

    name = "evaluating"
    table_play: TablePlay = CAREFUL
    """What it lays down and lays off at the open table (:mod:`game.ai.open_table`)."""
    in_full: bool = False
    """Whether it weighs a hand at the open table, while its contract is due, by what it
    would pay if the round ended now (:attr:`Evaluator.in_full`): the planning levels do."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()
        self._evaluators = EvaluatorCache(self.in_full)

    def lay_move(self, view: PlayerView) -> Action | None:
        """At the open table, the lay-down or lay-off to make before discarding, then in a
        last turn the discard (what is left counts in full); ``None`` otherwise."""
        if not is_open(view):
            return None
        move = lay_move(view, self._evaluators.for_view(view), self.table_play)
        if move is not None:
            return move
        final = last_turn_discard(view)
        return None if final is None else Discard(final)
