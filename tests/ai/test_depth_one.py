"""The independent depth-1 planner (``depth-one``): legal in every family, deterministic for
its seed, written from the engine alone, and its first lay-down always the contract."""

from __future__ import annotations

import ast
import inspect
import random
from dataclasses import replace

import pytest

import game.ai.depth_one
from benchmarks.field_strength import FAMILIES
from game.ai.depth_one import DepthOnePolicy, Judge, near_melds, unseen_cards
from game.ai.registry import SPARRING, make_policy
from game.engine.actions import Discard, Draw, DrawSource, LayDown
from game.engine.cards import Rank, parse_cards
from game.engine.contracts import Contract
from game.engine.match import Match
from game.engine.rules import RuleSet
from tests.ai.test_open_table import queens_on_the_table, turn
from tests.ai.test_policies import play_out
from tests.engine.match_tools import rig


def test_it_imports_nothing_of_the_ai_but_the_policy_protocol() -> None:
    tree = ast.parse(inspect.getsource(game.ai.depth_one))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    ours = {name for name in imported if name and name.startswith("game")}
    assert ours, "it reads the engine"
    assert all(name.startswith("game.engine") or name == "game.ai.policy" for name in ours), ours


def test_it_is_a_sparring_seat() -> None:
    assert SPARRING["depth-one"] is DepthOnePolicy
    assert DepthOnePolicy(random.Random(0)).name == "depth-one"


@pytest.mark.parametrize(
    "family",
    [
        family if family == "base" else pytest.param(family, marks=pytest.mark.slow)
        for family in FAMILIES
    ],
)
def test_it_plays_a_whole_short_match_legally_at_two_seats(family: str) -> None:
    rules = RuleSet(players=2, schedule="short", **FAMILIES[family])
    assert play_out(rules, ["depth-one", "depth-one"], 1, 99).is_over


@pytest.mark.slow
@pytest.mark.parametrize("family", FAMILIES)
def test_it_plays_a_whole_short_match_legally_at_eight_seats(family: str) -> None:
    rules = RuleSet(players=8, schedule="short", **FAMILIES[family])
    assert play_out(rules, ["depth-one", "greedy"] * 4, 2, 99).is_over


def test_it_is_deterministic_for_its_seed() -> None:
    rules = RuleSet(players=3, schedule="short", table="open", contracts=True)
    first = play_out(rules, ["depth-one"] * 3, 5, 3)
    again = play_out(rules, ["depth-one"] * 3, 5, 3)
    assert first.actions == again.actions


def test_its_draw_samples_come_from_its_own_rng() -> None:
    view = Match.new(RuleSet(players=4), seed=3).view_for(1)
    unseen = unseen_cards(view)
    assert len(unseen) == 104 - 3 - 1  # the shoe less its hand and the discard pile
    assert all(card.copy == unseen[0].copy for card in unseen), "imagined cards"
    choices = {make_policy("depth-one", random.Random(seed)).choose(view) for seed in range(3)}
    assert choices <= {Draw(DrawSource.STOCK), Draw(DrawSource.DISCARD)}


def test_its_first_lay_down_under_a_contract_is_always_legal() -> None:
    """Over a few hundred dealt positions at the open table with contracts, each after a
    stock draw: whatever it lays down first is exactly the contract."""
    rules = RuleSet(players=4, table="open", contracts=True)
    laid = 0
    for seed in range(40):
        match = Match.new(rules, seed)
        for _ in range(rules.players * 2):
            match.apply(Draw(DrawSource.STOCK))
            view = match.view_for(match.current_seat)
            action = DepthOnePolicy(random.Random(seed)).choose(view)
            assert view.is_legal(action), action
            if isinstance(action, LayDown):
                laid += 1
                assert view.contract is not None
                assert len(action.melds) == view.contract.melds
                assert view.contract.met_by(action.melds, view.wild_rank)
            match.apply(Discard(max(view.hand, key=lambda card: card.ordinal)))
    assert laid > 0


def test_it_lays_down_the_contract_alone_when_the_hand_holds_more() -> None:
    """Four melds in hand, the contract three of them: the first lay-down is those three."""
    rules = RuleSet(players=2, table="open", contracts=True)
    hands = ["9C 9D 9S 2H 3H 4H 5C 6C 7C KS KD", "AC AD 2S 3S 4D 6D 6H 8C 8H 10C 10H"]
    match = rig(rules, hands, stock_top="KC", round_index=8)
    match.apply(Draw(DrawSource.STOCK))
    view = match.view_for(0)
    assert view.contract == Contract(1, 2)
    action = DepthOnePolicy(random.Random(0)).choose(view)
    assert isinstance(action, LayDown) and view.is_legal(action)
    assert len(action.melds) == 3 and view.contract.met_by(action.melds, view.wild_rank)


def test_it_goes_out_when_it_can() -> None:
    match = queens_on_the_table(RuleSet(players=2, table="open"), "2H 3H 4H QS 9C 9D 9S", "KC")
    actions = turn(match, "depth-one")
    assert actions[-1] == Discard(parse_cards("KC")[0])
    assert match.went_out == 0


def test_it_throws_no_wild_while_a_natural_card_may_go() -> None:
    match = queens_on_the_table(RuleSet(players=2, table="open"), "7S 7D 2C 9C 10D KC AS", "5D")
    actions = turn(match, "depth-one")
    assert all(
        not action.card.is_wild(Rank.SEVEN) for action in actions if isinstance(action, Discard)
    )


@pytest.mark.parametrize("table", ["closed", "open"])
def test_a_joker_costs_nothing_with_free_jokers(table: str) -> None:
    rules = RuleSet(players=2, table=table, jokers=2)
    match = rig(rules, ["JK 2C 9C", "AC AD 2S"], stock_top="KD")
    match.apply(Draw(DrawSource.STOCK))
    rest = tuple(parse_cards("JK 9C"))
    counted = Judge(match.view_for(0)).value(rest, None)
    free = Judge(replace(match.view_for(0), rules=replace(rules, free_jokers=True)))
    assert free.value(rest, None) == counted - 20


def test_near_melds_are_disjoint_pairs_then_short_runs() -> None:
    assert near_melds(parse_cards("9S 9H 9D 7D 8D KC"), Rank.TWO) == 2
    assert near_melds(parse_cards("4C 6C 2C 2C"), Rank.TWO) == 1  # 2C are wilds
    assert near_melds(parse_cards("AS 5H KD"), Rank.TWO) == 0
