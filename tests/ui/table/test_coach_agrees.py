"""The coach and the hint never disagree: once you have drawn, the coach's tip names the
card the hint would discard (both read the same decision), and no tip, nor hint, ever
calls a wild card dead weight."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.ai.hint import Suggestion, Why, suggest
from game.engine.actions import Discard, Draw, DrawSource, Phase
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.view import PlayerView
from game.ui.table.coach import CoachTip, coach_tip
from game.words.card_words import card_short
from game.words.hint_words import hint_line
from tests.engine.match_tools import rig
from tests.ui.driver import key, table_of, wait_until
from tests.ui.rigged import open_rigged, screenshot

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
WILD_OF_ROUND = RANKS[2:]
"""The wild rank of each round: threes in the first, kings in the last."""


def dealt(seed: int) -> Match:
    """A dealt position of round ``seed % 11`` (every third with a wild in your hand),
    you to discard after drawing from the stock or taking the top discard."""
    rules = RuleSet()
    rounds = len(rules.hand_sizes)
    round_index = seed % rounds
    size = rules.hand_sizes[round_index]
    chance = random.Random(seed)
    shoe = [rank + suit for rank in RANKS for suit in "CDHS"] * 2
    chance.shuffle(shoe)
    if seed % 3 == 0:  # a wild in your hand
        wild = next(i for i, label in enumerate(shoe) if label[:-1] == WILD_OF_ROUND[round_index])
        shoe[0], shoe[wild] = shoe[wild], shoe[0]
    hands = [" ".join(shoe[seat * size : (seat + 1) * size]) for seat in range(rules.players)]
    top = shoe[rules.players * size]
    match = rig(rules, hands, discard=top, round_index=round_index, seed=seed)
    source = DrawSource.DISCARD if chance.random() < 0.5 else DrawSource.STOCK
    match.apply(Draw(source))
    assert match.phase is Phase.DISCARD and match.current_seat == 0
    return match


def check_agreement(view: PlayerView) -> tuple[Suggestion, CoachTip]:
    """The coach's tip for ``view`` names the hint's discard and calls no wild dead weight."""
    hint = suggest(view)
    assert isinstance(hint.action, Discard)
    tip = coach_tip(view, hint)
    assert tip is not None, "once you have drawn, the coach words the hint's decision"
    card = hint.action.card
    assert tip.discard == card, (tip.text, hint_line(hint))
    assert card_short(card) in tip.text
    for held in view.hand:
        if held.is_wild(view.wild_rank):
            assert f"the {card_short(held)} fits no meld" not in tip.text, tip.text
            dead = hint.reason.why is Why.DISCARD_DEAD_WEIGHT and hint.reason.card == held
            assert not dead, hint_line(hint)
    return hint, tip


ISSUE_HANDS = ["9S 6H 4S", "2C 7D KD", "5C 8C JH", "QS AD 10C"]
"""The issue's example: round 1 (threes wild), you hold 9♠ 6♥ 4♠ and the 3♥ on the pile."""


def issue_example() -> Match:
    match = rig(RuleSet(), ISSUE_HANDS, discard="3H", round_index=0)
    return match


def test_the_issues_example_the_hint_takes_the_wild_and_the_coach_never_calls_it_dead() -> None:
    match = issue_example()
    taken = suggest(match.view_for(0))
    assert taken.action == Draw(DrawSource.DISCARD), hint_line(taken)
    match.apply(taken.action)
    view = match.view_for(0)
    assert [card_short(card) for card in view.hand] == ["9♠", "6♥", "4♠", "3♥"]
    hint, tip = check_agreement(view)
    assert isinstance(hint.action, Discard) and str(hint.action.card) == "9S"
    assert tip.text == "Coach: the 9♠ fits no meld: it would cost 9 points at the round's end"
    assert "3♥" not in tip.text


@pytest.mark.parametrize("seed", range(12), ids=lambda seed: f"seed{seed}")
def test_the_coach_names_the_hints_discard(seed: int) -> None:
    check_agreement(dealt(seed).view_for(0))


@pytest.mark.slow
def test_the_coach_and_the_hint_agree_over_two_hundred_dealt_positions() -> None:
    sizes, with_wilds = set(), 0
    for seed in range(200):
        view = dealt(seed).view_for(0)
        sizes.add(len(view.hand))
        with_wilds += any(card.is_wild(view.wild_rank) for card in view.hand)
        check_agreement(view)
    assert sizes == set(range(4, 15)) and with_wilds >= 60


def test_the_window_shows_the_coach_and_the_hint_naming_one_card(tmp_path: Path) -> None:
    match = issue_example()
    match.apply(Draw(DrawSource.DISCARD))
    app = open_rigged(tmp_path, match)
    try:
        table = table_of(app)
        wait_until(app, lambda: not table.busy and table.picture().coach is not None)
        coach = table.picture().coach
        assert coach is not None and "9♠" in coach and "3♥" not in coach
        key(ord("h"))
        wait_until(app, lambda: table.hints.hint is not None)
        notice = table.picture().notice
        assert notice == "Hint: Discard the 9♠: it fits no meld and would cost 9 points"
        screenshot(app, "/tmp/coach/coach_and_hint_1280.png")
        screenshot(app, "/tmp/coach/coach_and_hint_640.png", (640, 400))
    finally:
        app.close()
