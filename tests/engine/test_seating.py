"""Seats are named by their place clockwise from you, at a table of 2 to 8 players, in every
language: one function for all of it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n
from game.engine.rules import ALLOWED
from game.engine.seating import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PLACES,
    SEATING,
    Edge,
    default_names,
    seat_place,
)
from game.words.seat_words import SEAT_NAMES, Seating

COUNTS = range(2, 9)


@pytest.fixture
def language() -> Iterator[None]:
    yield
    i18n.use("en")


def test_the_four_seat_table_keeps_left_top_right() -> None:
    assert default_names(4) == SEAT_NAMES[1:] == Seating().names
    assert [Seating().name(seat) for seat in range(4)] == ["You", "Left", "Top", "Right"]


def test_heads_up_the_opponent_sits_at_the_top() -> None:
    assert default_names(2) == ("Top",)
    assert Seating(False, default_names(2)).name(1) == "Top"


@pytest.mark.parametrize("players", COUNTS)
def test_every_seat_has_a_place_of_its_own_in_clockwise_order(players: int) -> None:
    names = default_names(players)
    assert len(names) == players - 1
    assert len(set(names)) == players - 1  # never "Left 2"
    order = [PLACES.index(name) for name in names]
    assert order == sorted(order)  # clockwise from the bottom, as play passes
    if players > 4:
        assert any(name.startswith("Top-") for name in names)


def test_the_seating_has_a_row_for_each_table_size_the_rules_allow() -> None:
    assert tuple(SEATING) == ALLOWED["players"]
    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, 8)


@pytest.mark.parametrize("players", COUNTS)
def test_each_place_is_at_the_edge_its_name_says(players: int) -> None:
    """Up the left edge, along the top, down the right edge: the edges in play order, and
    each place's name naming its edge (the layout's sides are these edges)."""
    edges = [place.edge for place in SEATING[players]]
    assert edges == sorted(edges, key=list(Edge).index)
    for place in SEATING[players]:
        name = place.name.lower()
        named = (
            Edge.TOP
            if name.startswith("top")
            else Edge.LEFT
            if name.endswith("left")
            else Edge.RIGHT
        )
        assert place.edge == named, place


@pytest.mark.parametrize("players", [0, 1, 9])
def test_a_table_seats_two_to_eight(players: int) -> None:
    with pytest.raises(ValueError):
        seat_place(1, players)


def test_a_seat_beyond_the_table_has_no_place() -> None:
    with pytest.raises(ValueError):
        seat_place(4, 4)
    with pytest.raises(ValueError):
        seat_place(0, 4)


@pytest.mark.parametrize("lang", ["fr", "nl", "it"])
def test_places_are_translated_but_own_names_are_not(lang: str, language: None) -> None:
    i18n.use(lang)
    for players in COUNTS:
        seating = Seating(True, default_names(players))
        shown = [seating.name(seat) for seat in range(1, players)]
        assert len(set(shown)) == players - 1
        for place, name in zip(default_names(players), shown, strict=True):
            assert name == i18n._(place) != place
    renamed = Seating(True, ("Ada", "Top-left", "Cy", "Top-right", "Ed"))
    assert renamed.name(1) == "Ada"
    assert renamed.name(2) == i18n._("Top-left") != "Top-left"
