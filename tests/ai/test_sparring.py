"""The opponents kept to measure the levels against: the depth-1 Monte Carlo ``sampler``
and the set-hoarding ``collector`` each play as their docstrings say."""

from __future__ import annotations

import random
from collections import Counter

from game.ai.evaluation import unseen_cards
from game.ai.registry import make_policy
from game.ai.sampler import SAMPLES, SamplerPolicy
from game.engine.actions import Discard, Draw, DrawSource
from game.engine.cards import Rank
from game.engine.rules import RuleSet
from tests.engine.match_tools import rig

TWO = RuleSet(players=2)


def test_the_sampler_takes_the_card_that_goes_out_and_throws_what_is_left() -> None:
    match = rig(TWO, ["7S 8S KD", "AC 2D 4H"], discard="9S")
    sampler = make_policy("sampler", random.Random(0))
    assert sampler.choose(match.view_for(0)) == Draw(DrawSource.DISCARD)
    match.apply(Draw(DrawSource.DISCARD))
    assert sampler.choose(match.view_for(0)) == Discard(
        next(c for c in match.hands[0] if str(c) == "KD")
    )


def test_the_sampler_keeps_its_wild() -> None:
    match = rig(TWO, ["3C 8S KD", "AC 2D 4H"], discard="QC", stock_top="QH")
    sampler = make_policy("sampler", random.Random(0))
    assert sampler.choose(match.view_for(0)) == Draw(DrawSource.STOCK), "QC lowers nothing"
    match.apply(Draw(DrawSource.STOCK))
    action = sampler.choose(match.view_for(0))
    assert isinstance(action, Discard) and str(action.card) != "3C"


def test_the_sampler_tries_a_few_unseen_cards_only() -> None:
    match = rig(TWO, ["7S 8S KD", "AC 2D 4H"], discard="9S")
    view = match.view_for(0)
    sampler = SamplerPolicy(random.Random(0))
    draws = sampler.sample_draws(view)
    assert len(draws) == SAMPLES
    sampled = Counter(card.ordinal for card in draws)
    assert sampled <= unseen_cards(view), "cards it has not seen, each at most as often"
    assert draws != SamplerPolicy(random.Random(1)).sample_draws(view), "drawn at random"


def test_the_collector_takes_a_card_of_a_rank_it_holds_where_greedy_would_not() -> None:
    match = rig(
        RuleSet(players=2), ["KD 2S 3H 4C 8D", "AC 2D 4H 6S 7C"], discard="KC", round_index=2
    )
    view = match.view_for(0)
    assert make_policy("greedy", random.Random(0)).choose(view) == Draw(DrawSource.STOCK)
    collector = make_policy("collector", random.Random(0))
    assert collector.choose(view) == Draw(DrawSource.DISCARD)
    match.apply(Draw(DrawSource.DISCARD))
    view = match.view_for(0)
    kept = collector.choose(view)
    assert isinstance(kept, Discard) and str(kept.card) == "8D", "the pair of kings stays"
    thrown = make_policy("greedy", random.Random(0)).choose(view)
    assert isinstance(thrown, Discard) and thrown.card.rank == Rank.KING
