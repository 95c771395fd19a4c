"""Actions a player takes, the phases of a turn, and the error for an illegal action.

A turn is a :class:`Draw` (from the stock or the discard pile) and then a
:class:`Discard`. At the open table (rule ``table="open"``) the seat may, between
the two, lay melds down (:class:`LayDown`) and lay single cards off onto melds on
the table (:class:`LayOffCard`). Actions have a JSON form used in save files:

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

import json
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, TypeAlias

from game.engine.cards import Card
from game.engine.codec import (
    card_code,
    card_from_code,
    card_from_json,
    expect,
    expect_int,
    meld_from_json,
    meld_to_json,
)
from game.engine.melds import ACE_HIGH, Meld


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
        if self.source is DrawSource.STOCK:
            return "draw from the stock"
        if self.source is DrawSource.DISCARD:
            return "draw from the discard pile"
        return f"draw from {_odd(self.source)}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Put one card of the hand face up on the discard pile."""

    card: Card
    """The physical card discarded."""

    def __str__(self) -> str:
        return f"discard {_code(self.card)}"


@dataclass(frozen=True, slots=True)
class LayDown:
    """Open table: put melds from the hand face up on the table in front of the seat."""

    melds: tuple[Meld, ...]
    """The melds, each with what its cards stand for (a wild keeps that place)."""

    def __str__(self) -> str:
        if not isinstance(self.melds, tuple):
            return f"lay down {_odd(self.melds)}"
        return "lay down " + " | ".join(_described(meld) for meld in self.melds)


@dataclass(frozen=True, slots=True)
class LayOffCard:
    """Open table: add one card of the hand to a meld on the table."""

    card: Card
    """The physical card laid off."""
    meld: int
    """The meld's index on the table (melds are numbered in the order laid down)."""
    position: int
    """What the card stands for: the set's rank, or the place just below or above a run."""

    def __str__(self) -> str:
        where = f"meld {_number(self.meld)} at {_number(self.position)}"
        return f"lay off {_code(self.card)} onto {where}"


# An action a bot made may hold anything in its fields: it is still printed, never raising.


def _odd(value: object) -> str:
    """What a field holding something other than its type is shown as: that thing's type's
    name (its own ``repr`` may raise)."""
    return f"<{type(value).__name__}>"


def _code(card: object) -> str:
    if isinstance(card, Card):
        try:
            return card.code
        except Exception:  # a card a bot made of things that are not ranks and suits
            pass
    return _odd(card)


def _number(value: object) -> str:
    return str(value) if type(value) is int else _odd(value)


def _described(meld: object) -> str:
    if isinstance(meld, Meld):
        try:
            return meld.describe()
        except Exception:  # a meld a bot made of things that are not cards
            pass
    return _odd(meld)


Action: TypeAlias = Draw | Discard | LayDown | LayOffCard
"""Anything a player can do."""

KEYS = ("draw", "discard", "lay_down", "lay_off")
"""The one key of each action's JSON form."""


class IllegalMoveError(ValueError):
    """Raised by ``Match.apply`` for an action the rules forbid now; says exactly why."""


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON form: ``{"draw": "stock"}``, ``{"draw": "discard"}``, ``{"discard": "7H.1"}``,
    ``{"lay_down": [meld, ...]}`` or ``{"lay_off": {"card": "7H.1", "meld": 2, "position": 9}}``.
    """
    return pair_to_json(*action_pair(action))


def pair_to_json(key: str, value: str) -> dict[str, Any]:
    """The JSON form of the action whose :func:`action_pair` is ``(key, value)``."""
    if key in ("lay_down", "lay_off"):
        return {key: json.loads(value)}
    return {key: value}


@lru_cache(maxsize=4096)
def action_pair(action: Action) -> tuple[str, str]:
    """The one key of an action's JSON form and its value as one string, e.g.
    ``("discard", "7H.1")`` (a JSON text for the open table's actions); memoised."""
    match action:
        case Draw(source):
            return "draw", source.value
        case Discard(card):
            return "discard", card.code
        case LayDown(melds):
            return "lay_down", _compact([meld_to_json(meld) for meld in melds])
        case LayOffCard(card, meld, position):
            value = {"card": card_code(card), "meld": meld, "position": position}
            return "lay_off", _compact(value)
    raise TypeError(f"not an action: {action!r}")


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def action_from_json(data: Any) -> Action:
    """Read the JSON form of an action.

    Raises ``ValueError`` quoting the bad input and saying what was expected.
    """
    if isinstance(data, dict) and len(data) == 1:
        ((key, value),) = data.items()
        if key in ("lay_down", "lay_off"):
            try:
                return _open_table_action(key, value)
            except ValueError as error:
                raise ValueError(f"bad action {_short(data)}: {error}") from None
        if isinstance(key, str) and isinstance(value, str):
            return action_from_pair(key, value)
        if key == "discard":
            raise ValueError(f"bad action {data!r}: discard needs a card code like '7H.1'")
        if key == "draw":
            raise ValueError(f"bad action {data!r}: draw source must be 'stock' or 'discard'")
    raise ValueError(
        f"bad action {_short(data)}: expected an object with one key, "
        f"like {{'draw': 'stock'}} or {{'discard': '7H.1'}}"
    )


def _short(data: Any) -> str:
    text = repr(data)
    return text if len(text) <= 200 else text[:197] + "..."


def _open_table_action(key: str, value: Any) -> Action:
    if key == "lay_down":
        melds: list[Any] = expect(value, list, "lay_down")
        if not melds:
            raise ValueError("lay_down needs at least one meld")
        return LayDown(tuple(meld_from_json(m, f"lay_down[{i}]") for i, m in enumerate(melds)))
    entry: dict[str, Any] = expect(value, dict, "lay_off")
    if set(entry) != {"card", "meld", "position"}:
        raise ValueError("lay_off needs exactly 'card', 'meld' and 'position'")
    return LayOffCard(
        card_from_json(entry["card"], "lay_off.card"),
        expect_int(entry["meld"], "lay_off.meld", 0, 10_000),
        expect_int(entry["position"], "lay_off.position", 1, ACE_HIGH),
    )


@lru_cache(maxsize=4096)
def action_from_pair(key: str, value: str) -> Action:
    """The action whose :func:`action_pair` is ``(key, value)``; memoised. Raises ``ValueError``."""
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
    if key in ("lay_down", "lay_off"):
        try:
            return _open_table_action(key, json.loads(value))
        except ValueError as error:
            raise ValueError(f"bad action {_short(data)}: {error}") from None
    raise ValueError(f"bad action {data!r}: the key must be one of {', '.join(KEYS)}")
