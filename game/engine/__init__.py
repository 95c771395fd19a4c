"""The rules engine: pure Three-Thirteen, standard library only (no pygame).

The rules do no I/O and draw no global random numbers: a match is its rules, its seed
and its actions. The one module that reads and writes is the command line
(:mod:`game.engine.cli`, ``python -m game.engine``), which speaks JSON lines.

The front door is :class:`Match`; AI seats read a :class:`PlayerView`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.front_door import lazy_names

if TYPE_CHECKING:
    from game.engine.actions import Action, Discard, Draw, DrawSource, IllegalMoveError, Phase
    from game.engine.cards import Card, Rank, Suit, check_shoe, parse_cards
    from game.engine.contracts import Contract, contract_for
    from game.engine.match import Match
    from game.engine.melds import Arrangement, LayOff, Meld, MeldKind
    from game.engine.rules import RuleSet
    from game.engine.solver import best_arrangement, contract_arrangement, min_penalty
    from game.engine.view import MoveKind, PlayerView, PublicMove

_HOMES = {
    "Action": "game.engine.actions",
    "Arrangement": "game.engine.melds",
    "Card": "game.engine.cards",
    "Contract": "game.engine.contracts",
    "Discard": "game.engine.actions",
    "Draw": "game.engine.actions",
    "DrawSource": "game.engine.actions",
    "IllegalMoveError": "game.engine.actions",
    "LayOff": "game.engine.melds",
    "Match": "game.engine.match",
    "Meld": "game.engine.melds",
    "MeldKind": "game.engine.melds",
    "MoveKind": "game.engine.view",
    "Phase": "game.engine.actions",
    "PlayerView": "game.engine.view",
    "PublicMove": "game.engine.view",
    "Rank": "game.engine.cards",
    "RuleSet": "game.engine.rules",
    "Suit": "game.engine.cards",
    "best_arrangement": "game.engine.solver",
    "check_shoe": "game.engine.cards",
    "contract_arrangement": "game.engine.solver",
    "contract_for": "game.engine.contracts",
    "min_penalty": "game.engine.solver",
    "parse_cards": "game.engine.cards",
}
"""Where each name of the front door lives (imported on first use)."""


__getattr__ = lazy_names(__name__, _HOMES)

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
