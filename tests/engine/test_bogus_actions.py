"""Any wrong action, of any type, is refused with ``IllegalMoveError``; never legal."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.actions import Discard, Draw, IllegalMoveError
from game.engine.legality import Refusal
from game.engine.match import Match
from game.engine.rules import RuleSet
from tests.engine.match_tools import STOCK


class Unprintable:
    """Even its ``repr`` raises."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


BOGUS: list[Any] = [
    pytest.param(Draw("stock"), id="draw-a-string"),  # type: ignore[arg-type]
    pytest.param(Draw(None), id="draw-none"),  # type: ignore[arg-type]
    pytest.param(Discard("7C"), id="discard-a-string"),  # type: ignore[arg-type]
    pytest.param(Discard(None), id="discard-none"),  # type: ignore[arg-type]
    pytest.param(Discard(Unprintable()), id="discard-unprintable"),  # type: ignore[arg-type]
    pytest.param(None, id="none"),
    pytest.param("draw", id="a-string"),
    pytest.param(7, id="an-int"),
    pytest.param(Unprintable(), id="unprintable"),
    pytest.param([], id="unhashable"),
]


def both_phases() -> list[Match]:
    drawing = Match.new(RuleSet(players=3), 5)
    discarding = drawing.copy()
    discarding.apply(STOCK)
    return [drawing, discarding]


@pytest.mark.parametrize("bogus", BOGUS)
def test_a_bogus_action_is_never_legal_and_is_refused(bogus: Any) -> None:
    for match in both_phases():
        before = match.to_json()
        view = match.view_for(match.current_seat)
        assert not match.is_legal(bogus) and not view.is_legal(bogus)
        assert match.refusal(bogus) is Refusal.NOT_AN_ACTION
        assert (match.why_illegal(bogus) or "").startswith("not an action: ")
        with pytest.raises(IllegalMoveError, match="not an action"):
            match.apply(bogus)
        assert match.to_json() == before


def test_an_unchecked_draw_needs_a_draw_source() -> None:
    """Unchecked, ``Draw("stock")`` used to take the top of the discard pile."""
    match = Match.new(RuleSet(players=3), 5)
    before = match.to_json()
    with pytest.raises(IllegalMoveError, match=r"a Draw needs DrawSource\.STOCK"):
        match.apply(Draw("stock"), validate=False)  # type: ignore[arg-type]
    assert match.to_json() == before


def test_the_sentence_says_what_is_wrong() -> None:
    match = Match.new(RuleSet(players=3), 5)
    assert match.why_illegal(Draw("stock")) == (  # type: ignore[arg-type]
        "not an action: Draw(source='stock') "
        "(a Draw needs DrawSource.STOCK or DrawSource.DISCARD, not 'stock')"
    )
    assert "a Discard needs a Card" in (match.why_illegal(Discard("7C")) or "")  # type: ignore[arg-type]
    assert match.why_illegal(Unprintable()) == (
        "not an action: a Unprintable object (expected Draw, Discard, LayDown or LayOffCard)"
    )
