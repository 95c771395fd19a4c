"""Every level plays the open table (``RuleSet(table="open")``): it lays melds down, lays
cards off onto the table, keeps the contract's first lay-down exact and never plays an
illegal action."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from game.ai.evaluation import Evaluator, lay_off_targets
from game.ai.hint import suggest
from game.ai.open_table import EAGER, lay_move
from game.ai.registry import make_policy
from game.engine.actions import Action, Discard, Draw, DrawSource, LayDown, LayOffCard
from game.engine.cards import parse_cards
from game.engine.match import Match
from game.engine.melds import Meld, MeldKind
from game.engine.rules import RuleSet
from game.words.hint_words import hint_line
from tests.engine.match_tools import rig
from tests.rule_sets import EVERY_NEW_OPTION

OPEN = RuleSet(players=2, table="open")
LEVELS = ("easy", "greedy", "normal", "hard")
QUEENS = "QC QD QH"


def queens_on_the_table(rules: RuleSet, hand: str, drawn: str, lays: bool = True) -> Match:
    """Round 5 (7 cards, 7s wild): seat 1 lays down a set of Queens (if it ``lays``) and
    discards; seat 0 holds ``hand`` and has drawn ``drawn``."""
    match = rig(
        rules,
        [hand, f"{QUEENS} 2S 5S 9D 10S"],
        stock_top=f"KH {drawn}",
        round_index=4,
        current_seat=1,
    )
    match.apply(Draw(DrawSource.STOCK))
    queens = Meld(MeldKind.SET, tuple(parse_cards(QUEENS)), (12, 12, 12), None)
    if lays:
        match.apply(LayDown((queens,)))
    match.apply(Discard(parse_cards("KH")[0]))
    match.apply(Draw(DrawSource.STOCK))
    return match


def turn(match: Match, spec: str, seed: int = 0) -> list[Action]:
    """The rest of the current seat's turn as ``spec`` plays it (each action legal)."""
    policy = make_policy(spec, random.Random(seed))
    seat, played = match.current_seat, []
    while True:
        action = policy.choose(match.view_for(seat))
        assert match.is_legal(action), f"{spec} chose illegal {action}"
        played.append(action)
        match.apply(action)
        if isinstance(action, Discard):
            return played


@pytest.mark.parametrize("level", ["greedy", "normal", "easy"])
def test_a_level_lays_down_its_meld_and_lays_off_a_card_that_fits(level: str) -> None:
    laid_off = 0
    for seed in range(6):  # easy lets some lay-offs go by
        match = queens_on_the_table(OPEN, "2H 3H 4H QS 9C 10D KC", "5D")
        played = turn(match, level, seed)
        assert isinstance(played[0], LayDown)
        assert [meld.cards for meld in played[0].melds] == [tuple(parse_cards("2H 3H 4H"))]
        laid_off += LayOffCard(parse_cards("QS")[0], 0, 12) in played
        if level != "easy":
            assert played[1] == LayOffCard(parse_cards("QS")[0], 0, 12)
    assert laid_off > 0


def test_hard_holds_its_meld_while_it_cannot_empty_its_hand() -> None:
    match = queens_on_the_table(OPEN, "2H 3H 4H QS 9C 10D KC", "5D")
    played = turn(match, "hard")
    assert len(played) == 1 and isinstance(played[0], Discard)
    assert len(match.table) == 1


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_lays_down_and_off_to_empty_its_hand(level: str) -> None:
    match = queens_on_the_table(OPEN, "2H 3H 4H QS 9C 9D 9S", "KC")
    played = turn(match, level)
    assert LayOffCard(parse_cards("QS")[0], 0, 12) in played
    assert played[-1] == Discard(parse_cards("KC")[0])
    assert match.went_out == 0


def test_hard_lays_down_and_off_in_a_last_turn() -> None:
    match = queens_on_the_table(OPEN, "2H 3H 4H QS 9C 10D KC", "5D")
    view = match.view_for(0)
    last = replace(view, last_turns=True)
    hard = make_policy("hard", random.Random(0))
    assert isinstance(hard.choose(view), Discard)
    assert isinstance(hard.choose(last), LayDown)


def test_greedy_lays_down_and_off_everything_it_can() -> None:
    match = queens_on_the_table(OPEN, "2H 3H 4H QS JC JD JS", "5H")
    turn(match, "greedy")
    view = match.view_for(0)
    assert len([placed for placed in match.table if placed.owner == 0]) == 2
    assert view.hand == ()  # 5H laid off onto 2H 3H 4H, QS onto the Queens: out
    assert match.went_out == 0


def test_a_wild_is_kept_by_normal_and_laid_off_by_greedy() -> None:
    match = queens_on_the_table(OPEN, "2H 3H 4H QS 9C 10D KC", "5D")
    turn(match, "greedy")  # lays down 2H 3H 4H, lays off QS
    turn(match, "greedy")
    match.apply(Draw(DrawSource.STOCK))
    view = replace(match.view_for(0), hand=tuple(parse_cards("7S 9C KC")))  # 7S is wild
    wild = LayOffCard(parse_cards("7S")[0], 0, 12)
    assert view.is_legal(wild)
    assert isinstance(make_policy("normal", random.Random(0)).choose(view), Discard)
    assert isinstance(make_policy("greedy", random.Random(0)).choose(view), LayOffCard)


@pytest.mark.parametrize("level", LEVELS)
def test_under_contracts_the_first_lay_down_is_the_contract(level: str) -> None:
    rules = RuleSet(players=2, table="open", contracts=True)
    match = queens_on_the_table(rules, "2H 3H 4H 9C 9D 9S QS", "KD", lays=False)
    contract = match.view_for(0).contract
    assert contract is not None and contract.melds == 2
    played = turn(match, level if level != "hard" else "greedy")
    first = played[0]
    assert isinstance(first, LayDown)
    assert len(first.melds) == contract.melds and contract.met_by(first.melds, match.wild_rank)


def test_under_contracts_no_lay_down_without_the_contract() -> None:
    rules = RuleSet(players=2, table="open", contracts=True)
    match = queens_on_the_table(rules, "2H 5H 8H 9C 9D 9S KS", "KD", lays=False)  # no run
    view = match.view_for(0)
    assert lay_move(view, Evaluator(view.wild_rank, rules), EAGER) is None
    assert isinstance(make_policy("greedy", random.Random(0)).choose(view), Discard)


def test_the_table_counts_as_melded_once_the_seat_has_laid_down() -> None:
    match = queens_on_the_table(OPEN, "2H 3H 4H QS 9C 10D KC", "5D")
    assert lay_off_targets(match.view_for(0)) == ()
    match.apply(LayDown(turn_lay_down(match)))
    view = match.view_for(0)
    targets = lay_off_targets(view)
    assert len(targets) == 2
    evaluator = Evaluator(view.wild_rank, OPEN, targets)
    assert evaluator.penalty(parse_cards("QS KC")) == evaluator.card_penalty(parse_cards("KC")[0])


def turn_lay_down(match: Match) -> tuple[Meld, ...]:
    """The melds greedy lays down first now."""
    action = make_policy("greedy", random.Random(0)).choose(match.view_for(match.current_seat))
    assert isinstance(action, LayDown)
    return action.melds


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [RuleSet(players=3, schedule="short", table="open"), EVERY_NEW_OPTION],
    ids=["open", "every-option"],
)
def test_every_level_plays_whole_matches_legally_and_uses_the_table(rules: RuleSet) -> None:
    kinds: Counter[tuple[str, str]] = Counter()
    seatings = (["easy", "greedy", "normal"], ["hard", "sampler", "collector"], ["hard"] * 3)
    for seed, seats in enumerate(seatings):
        match = Match.new(rules, seed)
        policies = [make_policy(spec, random.Random(seed * 7 + i)) for i, spec in enumerate(seats)]
        while not match.is_over:
            seat = match.current_seat
            action = policies[seat].choose(match.view_for(seat))
            assert match.is_legal(action), f"{seats[seat]} chose illegal {action}"
            kinds[seats[seat], type(action).__name__] += 1
            match.apply(action)
    for level in LEVELS:
        assert kinds[level, "LayDown"] > 0, level
    assert sum(kinds[level, "LayOffCard"] for level in LEVELS) > 0


def test_the_hint_lays_down_and_lays_off_and_says_why() -> None:
    match = queens_on_the_table(OPEN, "2H 3H 4H QS 9C 10D KC", "5D")
    last = replace(match.view_for(0), last_turns=True)
    down = suggest(last)
    assert isinstance(down.action, LayDown) and last.is_legal(down.action)
    assert hint_line(down) == ("Lay down 2♥ 3♥ 4♥: 9 points in your hand, 0 on the table")
    match.apply(down.action)
    off = suggest(match.view_for(0))
    assert off.action == LayOffCard(parse_cards("QS")[0], 0, 12)
    assert hint_line(off) == (
        "Lay the Q♠ off onto Top's meld Q♣ Q♦ Q♥: 10 points in your hand, 0 there"
    )


@pytest.mark.parametrize("level", LEVELS)
def test_a_last_turn_lays_everything_it_can_then_throws_the_dearest_card(level: str) -> None:
    match = queens_on_the_table(OPEN, "2H 3H 4H QS 9C 10D 5C", "KC")
    policy = make_policy(level, random.Random(1))
    while True:
        view = replace(match.view_for(0), last_turns=True)
        action = policy.choose(view)
        assert view.is_legal(action)
        if isinstance(action, Discard):
            break
        match.apply(action)
    assert [placed.owner for placed in match.table] == [1, 0]
    assert action == Discard(parse_cards("10D")[0])  # 10D and KC count 10: the first
