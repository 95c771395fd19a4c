"""Actions and their JSON forms."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.actions import (
    Action,
    Discard,
    Draw,
    DrawSource,
    IllegalMoveError,
    LayDown,
    LayOffCard,
    action_from_json,
    action_to_json,
)
from game.engine.cards import Card, new_shoe
from game.engine.melds import Meld, MeldKind

cards = st.sampled_from(new_shoe(3, 4))
actions: st.SearchStrategy[Action] = st.one_of(
    st.sampled_from([Draw(DrawSource.STOCK), Draw(DrawSource.DISCARD)]),
    cards.map(Discard),
)


@given(actions)
def test_json_round_trip(action: Action) -> None:
    assert action_from_json(action_to_json(action)) == action


@pytest.mark.parametrize(
    ("action", "data"),
    [
        pytest.param(Draw(DrawSource.STOCK), {"draw": "stock"}, id="stock"),
        pytest.param(Draw(DrawSource.DISCARD), {"draw": "discard"}, id="discard-pile"),
        pytest.param(Discard(Card.from_code("7H.1")), {"discard": "7H.1"}, id="seven-hearts"),
        pytest.param(Discard(Card.from_code("JK.3")), {"discard": "JK.3"}, id="joker"),
        pytest.param(Discard(Card.from_code("10D.0")), {"discard": "10D.0"}, id="ten"),
    ],
)
def test_json_forms(action: Action, data: dict[str, str]) -> None:
    assert action_to_json(action) == data
    assert action_from_json(data) == action


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param("draw", "expected an object with one key", id="not-an-object"),
        pytest.param({}, "expected an object with one key", id="empty"),
        pytest.param({"draw": "stock", "discard": "7H.1"}, "one key", id="two-keys"),
        pytest.param({"draw": "deck"}, "draw source must be 'stock' or 'discard'", id="source"),
        pytest.param({"draw": 1}, "draw source must be", id="source-type"),
        pytest.param({"discard": 7}, "discard needs a card code", id="card-type"),
        pytest.param({"discard": "7H"}, "not a card code", id="no-copy"),
        pytest.param({"discard": "1H.0"}, "not a card", id="bad-rank"),
        pytest.param(
            {"pass": "stock"},
            "the key must be one of draw, discard, lay_down, lay_off",
            id="bad-key",
        ),
        pytest.param({1: "stock"}, "expected an object with one key", id="non-string-key"),
    ],
)
def test_bad_json_is_refused_clearly(data: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message) as error:
        action_from_json(data)
    assert "bad action" in str(error.value)


def test_action_text() -> None:
    assert str(Draw(DrawSource.STOCK)) == "draw from the stock"
    assert str(Draw(DrawSource.DISCARD)) == "draw from the discard pile"
    assert str(Discard(Card.from_code("QS.1"))) == "discard QS.1"


class Rude:
    """Raises when compared or shown."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("rude")

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        raise RuntimeError("rude")


WORD: Any = "7H"
NOTHING: Any = None
RUDE: Any = Rude()
NOT_CARDS: Any = Meld(MeldKind.SET, WORD, (7, 7, 7), None)
"""A meld whose cards are the characters of a string: it cannot describe itself."""


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Draw(WORD), "draw from <str>"),
        (Draw(RUDE), "draw from <Rude>"),
        (Discard(WORD), "discard <str>"),
        (Discard(RUDE), "discard <Rude>"),
        (LayDown((WORD,)), "lay down <str>"),
        (LayDown((NOT_CARDS, RUDE)), "lay down <Meld> | <Rude>"),
        (LayDown(NOTHING), "lay down <NoneType>"),
        (LayOffCard(WORD, WORD, NOTHING), "lay off <str> onto meld <str> at <NoneType>"),
    ],
    ids=[
        "draw-a-word",
        "draw-a-rude-thing",
        "discard-a-word",
        "discard-a-rude-thing",
        "lay-down-words",
        "lay-down-a-meld-of-words",
        "lay-down-nothing",
        "lay-off-words",
    ],
)
def test_a_malformed_action_a_bot_made_is_printed_without_raising(action: Any, text: str) -> None:
    assert str(action) == text


def test_illegal_move_error_is_a_value_error() -> None:
    assert issubclass(IllegalMoveError, ValueError)
