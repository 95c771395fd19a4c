"""The action log: every kind of event in words, a list per round, the same after a resume,
and the panel beside the table (L shows or hides it)."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.engine.cards import Rank, parse_cards
from game.engine.events import (
    Cut,
    CutForDeal,
    Dealt,
    Discarded,
    DiscardStarted,
    DrewFromStock,
    Event,
    LastTurnsBegan,
    MatchOver,
    RoundAbandoned,
    RoundScored,
    RoundStarted,
    StockReshuffled,
    TookDiscard,
    WentOut,
)
from game.engine.match import Match
from game.engine.melds import Arrangement
from game.engine.rules import RuleSet
from game.ui.app import App
from game.ui.seen.action_log import ActionLog, log_line
from game.ui.table.match_end import MatchEndScene
from game.words.seat_words import Seating
from tests.ui.driver import FRAME, key, make_app, post, step_until, table_of
from tests.ui.every_screen import late_saved_match, profile_with

SEVEN, QUEEN = parse_cards("7H QS")
NOBODY = Arrangement((), (), 0)
YOU = Seating(human=True)

LINES: list[tuple[Event, str]] = [
    (CutForDeal((Cut(1, QUEEN, 0),), 1), "Left deals first"),
    (RoundStarted(2, 5, Rank.FIVE, 1, 1), "Round 3 of 11 — Fives are wild"),
    (Dealt(((SEVEN,) * 5,) * 4), "5 cards dealt to each player"),
    (DiscardStarted(SEVEN), "7♥ starts the discard pile"),
    (DrewFromStock(0, SEVEN), "You drew 7♥ from the stock"),
    (DrewFromStock(3, SEVEN), "Right drew from the stock"),
    (TookDiscard(1, SEVEN), "Left took 7♥ from the discard pile"),
    (TookDiscard(0, QUEEN), "You took Q♠ from the discard pile"),
    (Discarded(2, QUEEN), "Top discarded Q♠"),
    (Discarded(0, SEVEN), "You discarded 7♥"),
    (StockReshuffled(30, 1), "The discard pile was shuffled into a new stock"),
    (WentOut(2, NOBODY), "Top went out!"),
    (WentOut(0, NOBODY), "You went out!"),
    (LastTurnsBegan(2, (3, 0, 1)), "Last turns: everyone else plays once more"),
    (RoundAbandoned(4, 1), "The stock cannot be rebuilt again: the round ends"),
    (
        RoundScored(2, 1, False, (NOBODY,) * 4, 1, (12, 0, 5, 30), (12, 0, 5, 30)),
        "Round scored: You 12 · Left 0 · Top 5 · Right 30",
    ),
    (MatchOver((1,), (50, 40, 60, 70)), "Left wins the match"),
]


@pytest.mark.parametrize(("event", "line"), LINES, ids=[type(e).__name__ for e, _ in LINES])
def test_every_kind_of_event_in_words(event: Event, line: str) -> None:
    assert log_line(event, YOU, 11) == line


def test_the_log_keeps_a_list_per_round_and_a_resume_rebuilds_it() -> None:
    match = Match.new(RuleSet(schedule="short"), seed=7)
    live = ActionLog()
    for event in match.opening_events():
        live.follow(event)
    while match.round_index < 2 or len(match.log) < 6:
        for event in match.apply(match.legal_actions()[0]):
            live.follow(event)
    assert len(live.rounds) == 3
    assert isinstance(live.current[0], RoundStarted) and live.current[0].round_index == 2
    assert isinstance(live.rounds[0][0], CutForDeal)
    assert ActionLog.of_match(match).rounds == live.rounds
    assert live.lines(YOU, 5)[0].startswith("Round 3 of 5")
    i18n.use("fr")
    assert live.lines(YOU, 5)[0].startswith("Manche 3 sur 5"), "the words follow the language"


def texts_in(app: App, rect: pygame.Rect) -> list[str]:
    app.text.drawn = []
    app.draw()
    inside = [drawn.shown for drawn in app.text.drawn if rect.contains(drawn.rect)]
    app.text.drawn = None
    return inside


@pytest.mark.slow
def test_the_panel_shows_the_newest_line_and_l_hides_it() -> None:
    app = make_app(profile=profile_with(late_saved_match()), resume=True, mute=True)
    try:
        table = table_of(app)
        step_until(app, lambda: not table.busy)
        panel = table.log_panel.rect
        assert panel.width > 0 and panel.right == app.screen.get_width()
        assert table.layout.width == app.screen.get_width() - panel.width
        newest = table.playback.log.lines(table.setup.seating, 11)[-1]
        drawn = texts_in(app, panel)
        assert drawn[0] == "This round" and newest.endswith(drawn[-1]), "the newest line last"
        key(pygame.K_l)
        app.step(FRAME)
        assert table.log_panel.rect.width == 0 and not app.memory.settings.show_log
        assert table.layout.width == app.screen.get_width()
        key(pygame.K_l)
        app.step(FRAME)
        assert table.log_panel.rect.width == panel.width and app.memory.settings.show_log
    finally:
        app.close()


def test_a_narrow_window_keeps_the_whole_width_for_the_table() -> None:
    profile = profile_with(late_saved_match())
    app = make_app(profile=profile, resume=True, mute=True, size=(800, 500))
    try:
        table = table_of(app)
        assert table.log_panel.rect.width == 0 and table.layout.width == 800
    finally:
        app.close()


@pytest.mark.slow
def test_the_match_end_plays_that_deal_again() -> None:
    saved = late_saved_match()
    app = make_app(
        profile=profile_with(saved), resume=True, autoplay=True, mute=True, max_speed=True
    )
    try:
        table = table_of(app)
        step_until(app, lambda: isinstance(app.stack.top, MatchEndScene))
        ending = app.stack.top
        assert isinstance(ending, MatchEndScene)
        again = next(b for b in ending.buttons if b.label == "Play this deal again")
        again.on_click()
        app.step(FRAME)
        replay = table_of(app)
        assert replay is not table and replay.setup.seed == saved.match.seed
        first = Match.new(saved.match.rules, saved.match.seed)
        assert replay.match.hands == first.hands and replay.match.stock == first.stock
    finally:
        app.close()


@pytest.mark.slow
def test_the_discard_pile_fans_out_while_the_pointer_rests_on_it() -> None:
    app = make_app(profile=profile_with(late_saved_match()), resume=True, mute=True)
    try:
        table = table_of(app)
        step_until(app, lambda: not table.busy)
        pile = table.layout.pile_rect(False)
        assert len(table.shown.discard) > 1
        post(pygame.MOUSEMOTION, pos=pile.center, rel=(0, 0), buttons=(0, 0, 0))
        app.step(FRAME)
        assert table.picture().fanned == ()
        for _frame in range(40):
            app.step(FRAME)
        assert table.picture().fanned == tuple(table.shown.discard)
        title = f"The discard pile: {len(table.shown.discard)} cards"
        assert title in texts_in(app, app.screen.get_rect())
        post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
        app.step(FRAME)
        assert table.picture().fanned == ()
    finally:
        app.close()
