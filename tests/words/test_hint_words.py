"""A hint's reason is worded by the window, in the language in use, for every kind of reason."""

from __future__ import annotations

import pytest

from game import i18n
from game.ai.hint import Reason, Suggestion, Why
from game.engine.actions import Action, Discard, Draw, DrawSource, LayDown, LayOffCard
from game.engine.cards import Card, Suit, parse_cards
from game.engine.contracts import Contract
from game.engine.melds import Meld, MeldKind
from game.engine.open_table import TableMeld
from game.words.hint_words import action_words, hint_line
from game.words.seat_words import Seating

QUEEN, NINE, TEN = parse_cards("QD 9H 10H")
RUN = Meld(MeldKind.RUN, parse_cards("7H 8H 9H"), (7, 8, 9), Suit.HEARTS)


def _suggestion(why: Why) -> Suggestion:
    action: Action
    if why is Why.LAY_OFF:
        return Suggestion(
            LayOffCard(TEN, 0, 10), Reason(why, TEN, RUN, points=(10,), owner=1, players=4)
        )
    if why.name.startswith("LAY_DOWN"):
        return Suggestion(LayDown((RUN,)), Reason(why, melds=(RUN,), points=(24,)))
    if why.name.startswith("TAKE"):
        action, card = Draw(DrawSource.DISCARD), NINE
    elif why.name.startswith("STOCK"):
        action, card = Draw(DrawSource.STOCK), NINE
    else:
        action, card = Discard(QUEEN), QUEEN
    meld = RUN if why in (Why.TAKE_TO_COMPLETE, Why.DISCARD_UNCOUNTED) else None
    shown: Card | None = None if why is Why.STOCK_PILE_EMPTY else card
    contract = Contract(2, 0) if why is Why.DISCARD_UNCOUNTED else None
    return Suggestion(action, Reason(why, shown, meld, points=(12, 4), contract=contract))


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("why", list(Why), ids=[why.name for why in Why])
def test_every_reason_is_worded_in_every_language(why: Why, language: str) -> None:
    i18n.use(language)
    try:
        line = hint_line(_suggestion(why))
    finally:
        i18n.use("en")
    assert "{" not in line and "}" not in line
    if why is not Why.STOCK_PILE_EMPTY:
        assert ("♦" if why.name.startswith("DISCARD") else "♥") in line


def test_english_lines() -> None:
    assert hint_line(_suggestion(Why.TAKE_TO_COMPLETE)) == "Take the 9♥: it completes 7♥ 8♥ 9♥"
    assert hint_line(_suggestion(Why.TAKE_TO_LOWER)) == (
        "Take the 9♥: it lowers your penalty from 12 to 4"
    )
    assert hint_line(_suggestion(Why.STOCK_TOP_WEAK)) == (
        "Draw from the stock: the 9♥ does not help you enough"
    )
    assert hint_line(_suggestion(Why.DISCARD_LAST_TURN)) == (
        "Discard the Q♦: on your last turn it leaves the fewest points (12 points)"
    )


def test_lay_moves_are_worded_with_the_meld_and_whose_it_is() -> None:
    assert hint_line(_suggestion(Why.LAY_OFF)) == (
        "Lay the 10♥ off onto Left's meld 7♥ 8♥ 9♥: 10 points in your hand, 0 there"
    )
    renamed = Seating(names=("Ada", "Bob", "Cy"))
    assert hint_line(_suggestion(Why.LAY_OFF), renamed.name).startswith(
        "Lay the 10♥ off onto Ada's meld 7♥ 8♥ 9♥:"
    )
    assert hint_line(_suggestion(Why.LAY_DOWN)) == (
        "Lay down 7♥ 8♥ 9♥: 24 points in your hand, 0 on the table"
    )
    assert hint_line(_suggestion(Why.DISCARD_UNCOUNTED)) == (
        "Discard the Q♦: the run 7♥ 8♥ 9♥ does not count toward 2 sets"
    )
    assert hint_line(_suggestion(Why.LAY_DOWN_CONTRACT)).startswith(
        "Lay down 7♥ 8♥ 9♥: this round's contract"
    )
    table = (TableMeld(0, RUN), TableMeld(2, RUN))
    assert action_words(LayOffCard(TEN, 0, 10), None, table, Seating().name) == (
        "Lay the 10♥ off onto your meld 7♥ 8♥ 9♥"
    )
    assert action_words(LayOffCard(TEN, 1, 10), None, table, Seating().name) == (
        "Lay the 10♥ off onto Top's meld 7♥ 8♥ 9♥"
    )
