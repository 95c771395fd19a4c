"""The review from the round summary: your decisions of that round on a small table, the
costliest marked, stepped through with the keys."""

from __future__ import annotations

import pygame
import pytest

from game.engine.actions import LayDown, LayOffCard
from game.engine.cards import wild_rank_for
from game.engine.contracts import contract_for
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.ui.app import App
from game.ui.screens.review_screen import ReviewScene
from game.ui.table.match_end import MatchEndScene
from game.ui.table.round_summary import RoundSummaryScene
from game.words.card_words import capitalized, wild_sentence
from game.words.contract_words import contract_words
from game.words.hint_words import action_words
from tests.sim.test_review import played_out
from tests.ui.driver import FRAME, key, make_app, table_of, wait_until
from tests.ui.every_screen import late_saved_match, profile_with


def play_to_the_summary(app: App) -> RoundSummaryScene:
    table = table_of(app)

    def summary_up() -> bool:
        if isinstance(app.stack.top, RoundSummaryScene | MatchEndScene):
            return True
        if table.your_turn and not table.busy:
            table.play(table.match.legal_actions()[-1])
        return False

    wait_until(app, summary_up, seconds=300)  # the AI thinks on a thread: let it run
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    return summary


@pytest.mark.slow
def test_the_round_summary_opens_a_review_of_that_round() -> None:
    profile = profile_with(late_saved_match())
    app = make_app(profile=profile, resume=True, mute=True, ai_process=False)
    try:
        summary = play_to_the_summary(app)
        button = next(b for b in summary.buttons if b.label == "Review")
        button.on_click()
        app.step(FRAME)
        screen = app.stack.top
        assert isinstance(screen, ReviewScene)

        wait_until(app, lambda: screen.ready)
        decisions = screen.decisions or []
        assert decisions and all(d.round == 11 and d.seat == 0 for d in decisions)
        assert screen.costly <= {d.action_index for d in decisions}
        assert all(d.loss > 0 for d in decisions if d.action_index in screen.costly)
        app.text.drawn = []
        app.draw()
        drawn = [text.shown for text in app.text.drawn]
        app.text.drawn = None
        assert "Review of round 11" in drawn
        assert any(line.startswith("The hard AI: ") for line in drawn)
        key(pygame.K_RIGHT)
        app.step(FRAME)
        assert screen.index == min(1, len(decisions) - 1)
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        assert app.stack.top is summary
    finally:
        app.close()


def drawn_texts(app: App) -> list[str]:
    app.text.drawn = []
    app.draw()
    drawn = [text.shown for text in app.text.drawn]
    app.text.drawn = None
    return drawn


def test_an_open_table_review_words_your_lay_moves_and_names_the_contract() -> None:
    rules = RuleSet(schedule="short", table="open", contracts=True)
    match = played_out(Match.new(rules, seed=13), ["random"] * 4, 80, seed=13)
    app = make_app(mute=True, ai_process=False)
    try:
        screen = ReviewScene(app, match, None)
        app.push(screen)
        wait_until(app, lambda: screen.ready)
        decisions = screen.decisions or []
        laid = [n for n, d in enumerate(decisions) if isinstance(d.played, LayDown | LayOffCard)]
        assert laid, "you laid melds down or cards off"
        for index in laid:
            screen.index = index
            decision = decisions[index]
            played = action_words(decision.played, None, decision.table, screen.seat_name)
            drawn = drawn_texts(app)
            assert f"You: {played}" in drawn
            assert "Expected cost: not weighed for the open table's lay moves" in drawn
            wild = capitalized(wild_sentence(wild_rank_for(rules.hand_sizes[decision.round - 1])))
            contract = contract_words(contract_for(rules.hand_sizes[decision.round - 1]))
            assert f"{wild} · contract: {contract}" in drawn
        assert {type(decisions[n].played) for n in laid} == {LayDown, LayOffCard}
        app.pop()
        screen = ReviewScene(app, match, 2)
        app.push(screen)
        contract = contract_words(contract_for(rules.hand_sizes[1]))
        assert f"Review of round 2 — contract: {contract}" in drawn_texts(app)
    finally:
        app.close()
