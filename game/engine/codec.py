"""JSON forms of the engine's value types, for save files.

Every reader raises ``ValueError`` saying where (``what``) and what was wrong.

>>> meld = meld_from_json({"kind": "run", "suit": "H", "cards": ["7H.0", "JK.0", "9H.1"],
...                        "positions": [7, 8, 9]}, "meld")
>>> meld.describe()
'7♥ Joker(8♥) 9♥'
>>> meld_to_json(meld)["cards"]
['7H.0', 'JK.0', '9H.1']
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.engine.cards import Card, Suit
from game.engine.melds import ACE_HIGH, Arrangement, LayOff, Meld, MeldKind


@lru_cache(maxsize=4096)
def card_code(card: Card) -> str:
    """:attr:`Card.code`, memoised: a save file repeats the same few hundred cards."""
    return card.code


@lru_cache(maxsize=4096)
def card_from_code(code: str) -> Card:
    """:meth:`Card.from_code`, memoised; raises ``ValueError`` naming a bad code."""
    return Card.from_code(code)


def expect(value: Any, kind: type | tuple[type, ...], what: str) -> Any:
    """Return ``value`` if it is of ``kind`` (a bool never counts as an int), else raise."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        names = " or ".join(k.__name__ for k in kinds)
        raise ValueError(f"{what} must be {names}, not {value!r}")
    return value


def expect_int(value: Any, what: str, low: int, high: int) -> int:
    """Return ``value`` if it is an int in ``low..high``, else raise."""
    number: int = expect(value, int, what)
    if not low <= number <= high:
        raise ValueError(f"{what} must be in {low}..{high}, not {number}")
    return number


def cards_to_json(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    """Card codes, e.g. ``["7H.1", "JK.0"]``."""
    return [card_code(card) for card in cards]


def card_from_json(data: Any, what: str) -> Card:
    """Read one card code."""
    try:
        return card_from_code(expect(data, str, what))
    except ValueError as error:
        raise ValueError(f"{what}: {error}") from None


def cards_from_json(data: Any, what: str) -> tuple[Card, ...]:
    """Read a list of card codes."""
    items: list[Any] = expect(data, list, what)
    return tuple(card_from_json(item, f"{what}[{i}]") for i, item in enumerate(items))


def _positions_from_json(data: Any, count: int, what: str) -> tuple[int, ...]:
    items: list[Any] = expect(data, list, what)
    if len(items) != count:
        raise ValueError(f"{what} must have {count} entries (one per card), not {len(items)}")
    return tuple(expect_int(item, f"{what}[{i}]", 1, ACE_HIGH) for i, item in enumerate(items))


def meld_to_json(meld: Meld) -> dict[str, Any]:
    """``{"kind": "run", "suit": "H", "cards": [...], "positions": [...]}``."""
    return {
        "kind": meld.kind.value,
        "suit": None if meld.suit is None else meld.suit.value,
        "cards": cards_to_json(meld.cards),
        "positions": list(meld.positions),
    }


def meld_from_json(data: Any, what: str) -> Meld:
    """Read a meld (its legality is not checked: it is the solver's output)."""
    obj: dict[str, Any] = expect(data, dict, what)
    try:
        kind = MeldKind(obj.get("kind"))
        suit = None if obj.get("suit") is None else Suit(obj.get("suit"))
    except ValueError as error:
        raise ValueError(f"{what}: {error}") from None
    cards = cards_from_json(obj.get("cards"), f"{what}.cards")
    positions = _positions_from_json(obj.get("positions"), len(cards), f"{what}.positions")
    return Meld(kind, cards, positions, suit)


def arrangement_to_json(arrangement: Arrangement) -> dict[str, Any]:
    """The melds, leftover, penalty and lay-offs of an arrangement."""
    return {
        "melds": [meld_to_json(meld) for meld in arrangement.melds],
        "leftover": cards_to_json(arrangement.leftover),
        "penalty": arrangement.penalty,
        "layoffs": [
            {
                "target": layoff.target,
                "cards": cards_to_json(layoff.cards),
                "positions": list(layoff.positions),
                **({} if layoff.owner is None else {"owner": layoff.owner}),
            }
            for layoff in arrangement.layoffs
        ],
    }


def arrangement_from_json(data: Any, what: str) -> Arrangement:
    """Read an arrangement."""
    obj: dict[str, Any] = expect(data, dict, what)
    melds: list[Any] = expect(obj.get("melds"), list, f"{what}.melds")
    layoffs: list[Any] = expect(obj.get("layoffs", []), list, f"{what}.layoffs")
    read_layoffs = []
    for i, item in enumerate(layoffs):
        entry: dict[str, Any] = expect(item, dict, f"{what}.layoffs[{i}]")
        cards = cards_from_json(entry.get("cards"), f"{what}.layoffs[{i}].cards")
        read_layoffs.append(
            LayOff(
                expect_int(entry.get("target"), f"{what}.layoffs[{i}].target", 0, 10_000),
                cards,
                _positions_from_json(
                    entry.get("positions"), len(cards), f"{what}.layoffs[{i}].positions"
                ),
                None
                if entry.get("owner") is None
                else expect_int(entry.get("owner"), f"{what}.layoffs[{i}].owner", 0, 7),
            )
        )
    return Arrangement(
        melds=tuple(meld_from_json(m, f"{what}.melds[{i}]") for i, m in enumerate(melds)),
        leftover=cards_from_json(obj.get("leftover"), f"{what}.leftover"),
        penalty=expect_int(obj.get("penalty"), f"{what}.penalty", 0, 10_000),
        layoffs=tuple(read_layoffs),
    )
