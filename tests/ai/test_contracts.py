"""Every level plays the contracts (``RuleSet(contracts=True)``) and the base game as before.

Under contracts a hand goes out only if its melds include the round's contract: the
levels must not take a hand that melds without it for a going out, and must keep the
cards the contract needs while a free card will do. With contracts off their
decisions are those of the commit before contract play (25d5c37), move for move.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from game.ai.evaluation import Evaluator
from game.ai.greedy import Appeal, discard_appeal
from game.ai.hint import Why, suggest
from game.ai.registry import make_policy
from game.engine.actions import Discard, Draw, DrawSource
from game.engine.cards import Rank, parse_cards
from game.engine.contracts import Contract
from game.engine.match import Match
from game.engine.rules import RuleSet
from tests.engine.match_tools import rig

CONTRACTS = RuleSet(players=2, contracts=True)
BASE = RuleSet(players=2)


def moves(seed: int, seats: tuple[str, ...]) -> tuple[int, str]:
    """How many actions a whole base-game match of ``seats`` takes, and their digest."""
    match = Match.new(RuleSet(players=len(seats)), seed)
    policies = [make_policy(spec, random.Random(seed * 10 + i)) for i, spec in enumerate(seats)]
    played = []
    while not match.is_over:
        seat = match.current_seat
        action = policies[seat].choose(match.view_for(seat))
        played.append(repr(action))
        match.apply(action)
    return len(played), hashlib.sha256("\n".join(played).encode()).hexdigest()[:16]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "seats", "expected"),
    [
        (1, ("hard", "normal", "greedy", "easy"), (404, "28f3ad7339c8f6cb")),
        (2, ("easy", "greedy", "hard", "normal"), (262, "82974b99e97152b6")),
    ],
)
def test_the_base_game_plays_as_before_contracts(
    seed: int, seats: tuple[str, ...], expected: tuple[int, str]
) -> None:
    assert moves(seed, seats) == expected


def test_a_hand_that_melds_without_the_contract_does_not_go_out() -> None:
    hand = parse_cards("5H 6H 7H KS")
    for contract, goes_out in ((None, True), (Contract(1, 0), False), (Contract(0, 1), True)):
        evaluator = Evaluator(Rank.THREE, CONTRACTS, contract=contract)
        (option,) = evaluator.discard_options(hand, parse_cards("KS"))
        assert (option.penalty, option.goes_out) == (0, goes_out)
    assert Evaluator(Rank.THREE, CONTRACTS, contract=Contract(1, 0)).shortfall(hand[:3]) > 0


@pytest.mark.parametrize("level", ["easy", "greedy", "normal", "hard"])
def test_no_level_takes_a_run_for_a_going_out_when_the_contract_is_a_set(level: str) -> None:
    match = rig(CONTRACTS, ["5H 6H KS", "AC 2D 4S"], discard="7H")
    view = match.view_for(0)
    assert view.contract == Contract(1, 0)
    policy = make_policy(level, random.Random(0))
    evaluator = policy._evaluators.for_view(view)  # type: ignore[attr-defined]
    assert discard_appeal(view, evaluator) is Appeal.LOWERS
    match.apply(Draw(DrawSource.DISCARD))
    assert match.going_out_discards() == ()
    assert not any(option.goes_out for option in evaluator.discard_options(match.view_for(0).hand))
    if level in {"normal", "hard"}:
        assert policy.expected(match.view_for(0), Discard(parse_cards("KS")[0])) > 0  # type: ignore[attr-defined]


def test_the_hint_does_not_call_a_run_a_going_out_when_the_contract_is_a_set() -> None:
    match = rig(CONTRACTS, ["5H 6H 7H", "AC 2D 4S"], stock_top="KS")
    match.apply(Draw(DrawSource.STOCK))
    hint = suggest(match.view_for(0))
    assert hint.reason.why is not Why.DISCARD_TO_GO_OUT
    base = rig(BASE, ["5H 6H 7H", "AC 2D 4S"], stock_top="KS")
    base.apply(Draw(DrawSource.STOCK))
    assert suggest(base.view_for(0)).reason.why is Why.DISCARD_TO_GO_OUT


OTHER_HAND = "AC 2D 3H 4S 6D"
"""The other seat's cards (as many as the round deals)."""


def discard_after_drawing(level: str, rules: RuleSet, hand: str, drawn: str, seed: int = 0) -> str:
    """The card ``level`` (its generator seeded ``seed``) discards after drawing ``drawn``
    from the stock to ``hand`` (as many cards as the round deals: 3 + its index)."""
    size = len(hand.split())
    other = " ".join(OTHER_HAND.split()[:size])
    match = rig(rules, [hand, other], stock_top=drawn, round_index=size - 3)
    match.apply(Draw(DrawSource.STOCK))
    action = make_policy(level, random.Random(seed)).choose(match.view_for(0))
    assert isinstance(action, Discard)
    return str(action.card)


@pytest.mark.parametrize(("level", "seed"), [("greedy", 0), ("easy", 0), ("easy", 1)])
def test_greedy_levels_keep_the_set_the_contract_needs_when_a_free_card_will_do(
    level: str, seed: int
) -> None:
    # Five cards, a set to make: throwing the Q♥, the Q♣, the J♠ or the K♦ leaves 20 points,
    # but only without the J♠ or the K♦ do the cards keep a set (the queens of hearts or
    # clubs leave a run of spades). easy's generator seeded 1 throws a random loose card.
    hand, drawn = "QH QC QS JS KD", "KS"
    if level == "greedy":
        assert discard_after_drawing(level, BASE, hand, drawn) == "QH"
    assert discard_after_drawing(level, CONTRACTS, hand, drawn, seed) in {"JS", "KD"}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_planners_keep_the_run_the_contract_needs(level: str) -> None:
    # Four cards, a run to make: the 8♦ leaves the set of nines (7 points), a loose nine
    # the run 7♦ 8♦ 9♦ (9 points), the only way to go out.
    hand, drawn = "9S 9H 9D 7D", "8D"
    assert discard_after_drawing(level, BASE, hand, drawn) == "8D"
    assert discard_after_drawing(level, CONTRACTS, hand, drawn) in {"9S", "9H"}
