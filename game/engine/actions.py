"""Actions a player takes, the phases of a turn, and the error for an illegal action.

A turn is two actions: a :class:`Draw` (from the stock or the discard pile) and
then a :class:`Discard`. Actions have a JSON form used in save files:

>>> action_to_json(Draw(DrawSource.STOCK))
{'draw': 'stock'}
>>> action_from_json({"discard": "7H.1"})
Discard(card=Card(rank=<Rank.SEVEN: 7>, suit=<Suit.HEARTS: 'H'>, copy=1))
>>> action_from_json({"draw": "deck"})
Traceback (most recent call last):
...
ValueError: bad action {'draw': 'deck'}: draw source must be 'stock' or 'discard'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, TypeAlias

from game.engine.cards import Card


class DrawSource(Enum):
    """Where a player draws from; the value is the JSON name."""

    STOCK = "stock"
    """The top of the face-down stock."""
    DISCARD = "discard"
    """The top of the face-up discard pile."""


class Phase(Enum):
    """What the match waits for; the value is the JSON name."""

    DRAW = "draw"
    """The current seat must draw: the start of every turn."""
    DISCARD = "discard"
    """The current seat has drawn and must discard."""
    MATCH_OVER = "match_over"
    """The last round of the schedule has been scored; no action is legal."""


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock or of the discard pile."""

    source: DrawSource
    """Which pile the card comes from."""

    def __str__(self) -> str:
        return f"draw from the {'stock' if self.source is DrawSource.STOCK else 'discard pile'}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Put one card of the hand face up on the discard pile."""

    card: Card
    """The physical card discarded."""

    def __str__(self) -> str:
        return f"discard {self.card.code}"


Action: TypeAlias = Draw | Discard
"""Anything a player can do."""


class IllegalMoveError(ValueError):
    """Raised by ``Match.apply`` for an action the rules forbid now; says exactly why."""


@lru_cache(maxsize=4096)
def card_code(card: Card) -> str:
    """:attr:`Card.code`, memoised: a save file repeats the same few hundred cards."""
    return card.code


@lru_cache(maxsize=4096)
def card_from_code(code: str) -> Card:
    """:meth:`Card.from_code`, memoised; raises ``ValueError`` naming a bad code."""
    return Card.from_code(code)


def action_to_json(action: Action) -> dict[str, str]:
    """The JSON form: ``{"draw": "stock"}``, ``{"draw": "discard"}`` or ``{"discard": "7H.1"}``."""
    key, value = action_pair(action)
    return {key: value}


@lru_cache(maxsize=4096)
def action_pair(action: Action) -> tuple[str, str]:
    """The one key and value of an action's JSON form, e.g. ``("discard", "7H.1")``; memoised."""
    match action:
        case Draw(source):
            return "draw", source.value
        case Discard(card):
            return "discard", card.code
    raise TypeError(f"not an action: {action!r}")


def action_from_json(data: Any) -> Action:
    """Read the JSON form of an action.

    Raises ``ValueError`` quoting the bad input and saying what was expected.
    """
    if isinstance(data, dict) and len(data) == 1:
        ((key, value),) = data.items()
        if isinstance(key, str) and isinstance(value, str):
            return action_from_pair(key, value)
        if key == "discard":
            raise ValueError(f"bad action {data!r}: discard needs a card code like '7H.1'")
        if key == "draw":
            raise ValueError(f"bad action {data!r}: draw source must be 'stock' or 'discard'")
    raise ValueError(
        f"bad action {data!r}: expected an object with one key, "
        f"like {{'draw': 'stock'}} or {{'discard': '7H.1'}}"
    )


@lru_cache(maxsize=4096)
def action_from_pair(key: str, value: str) -> Action:
    """The action whose JSON form is ``{key: value}``; memoised. Raises ``ValueError``."""
    data = {key: value}
    if key == "draw":
        if value not in ("stock", "discard"):
            raise ValueError(f"bad action {data!r}: draw source must be 'stock' or 'discard'")
        return Draw(DrawSource(value))
    if key == "discard":
        try:
            return Discard(card_from_code(value))
        except ValueError as error:
            raise ValueError(f"bad action {data!r}: {error}") from None
    raise ValueError(f"bad action {data!r}: the key must be 'draw' or 'discard'")
