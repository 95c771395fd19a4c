"""The planner's shortcuts across decisions change none of its choices.

``hard`` keeps work between decisions (each draw's best penalty for the round, the
outlook of a draw decision for the discard after it) and settles a draw as soon as
one discard beats the stock. A plain planner with none of that, weighing every
discard afresh at each decision, must choose the same actions.
"""

from __future__ import annotations

import random

import pytest

from game.ai.evaluation import Evaluator, lay_off_targets, open_contract, unseen_cards
from game.ai.greedy import top_of_discard
from game.ai.outlook import Outlook
from game.ai.planner import HardPolicy, NormalPolicy, Planner
from game.ai.registry import make_policy
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.view import PlayerView


def plain(policy: Planner) -> Planner:
    """A planner of the same style that shares nothing between decisions."""

    class Plain(Planner):
        def _outlook(self, view: PlayerView) -> Outlook:
            evaluator = Evaluator(
                view.wild_rank, view.rules, lay_off_targets(view), open_contract(view)
            )
            return Outlook(evaluator, unseen_cards(view))

        def _takes_discard(self, view: PlayerView, outlook: Outlook) -> bool:
            top = top_of_discard(view)
            if top is None or view.last_turns:
                return super()._takes_discard(view, outlook)
            hand = [*view.hand, top]
            allowed = hand if view.rules.discard_taken_card else list(view.hand)
            options = outlook.evaluator.discard_options(hand, allowed)
            if any(option.goes_out for option in options):
                return True
            ahead = self.style.ahead(view)
            take = min(
                self._worth(hand, option.card, ahead, outlook) + self._feeding(view, option)
                for option in self._shortlist(options)
            )
            return take < self._stock_worth(view, outlook)

    return Plain(None, policy.style)


@pytest.mark.parametrize(
    "policy_class", [pytest.param(HardPolicy, marks=pytest.mark.slow), NormalPolicy]
)
def test_planner_chooses_as_a_plain_planner(
    policy_class: type[HardPolicy | NormalPolicy],
) -> None:
    rules = RuleSet(schedule="short")
    decisions = 0
    for seed in (11, 12):
        match = Match.new(rules, seed)
        seats = [make_policy("greedy", random.Random(seat)) for seat in range(4)]
        planner = policy_class(random.Random(0))
        reference = plain(planner)
        while not match.is_over:
            seat = match.current_seat
            view = match.view_for(seat)
            if seat == seed % 4:
                action = planner.choose(view)
                assert action == reference.choose(view)
                decisions += 1
            else:
                action = seats[seat].choose(view)
            match.apply(action)
    assert decisions > 60
