"""The rules engine: pure Three-Thirteen, standard library only (no pygame).

The rules do no I/O and draw no global random numbers: a match is its rules, its seed
and its actions. The one module that reads and writes is the command line
(:mod:`game.engine.cli`, ``python -m game.engine``), which speaks JSON lines.

The front door is :class:`Match`; AI seats read a :class:`PlayerView`.
"""

from __future__ import annotations

from game.engine.actions import Action, Discard, Draw, DrawSource, IllegalMoveError, Phase
from game.engine.cards import Card, Rank, Suit, check_shoe, parse_cards
from game.engine.contracts import Contract, contract_for
from game.engine.match import Match
from game.engine.melds import Arrangement, LayOff, Meld, MeldKind
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement, contract_arrangement, min_penalty
from game.engine.view import MoveKind, PlayerView, PublicMove

__all__ = [
    "Action",
    "Arrangement",
    "Card",
    "Contract",
    "Discard",
    "Draw",
    "DrawSource",
    "IllegalMoveError",
    "LayOff",
    "Match",
    "Meld",
    "MeldKind",
    "MoveKind",
    "Phase",
    "PlayerView",
    "PublicMove",
    "Rank",
    "RuleSet",
    "Suit",
    "best_arrangement",
    "check_shoe",
    "contract_arrangement",
    "contract_for",
    "min_penalty",
    "parse_cards",
]
