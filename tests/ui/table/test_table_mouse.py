"""A whole match played through posted mouse events, the engine checked after every drop."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from game.engine.actions import Discard, Draw, DrawSource, Phase
from game.engine.cards import wild_rank_for
from game.engine.contracts import contract_for
from game.engine.events import RoundScored
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.seating import default_names
from game.sim.match_setup import MatchSetup, level_seats
from game.ui.app import App
from game.ui.table.match_end import MatchEndScene
from game.ui.table.round_summary import RoundSummaryScene
from game.ui.table.table import TableScene
from game.words.card_words import card_name
from tests.ui.driver import FRAME, click, drag, post, step_until
from tests.ui.players import MousePlayer


def start_table(
    app: App, seed: int = 7, pace: float = 0.0, players: int = 4, rules: RuleSet | None = None
) -> TableScene:
    """A new match of ``players`` against greedy opponents (under ``rules``, if given)."""
    rules = rules or RuleSet(players=players)
    players = rules.players
    setup = MatchSetup(
        seed=seed,
        rules=rules,
        policies=level_seats("greedy", players),
        move_seconds=pace,
        names=default_names(players),
    )
    table = TableScene(app, setup)
    app.replace(table)
    return table


def wait_for_my_turn(app: App, table: TableScene) -> None:
    """Step until the player may act, closing round summaries with their button."""

    def ready() -> bool:
        top = app.stack.top
        if isinstance(top, RoundSummaryScene):
            click(top.buttons[0].rect.center)
            return False
        return isinstance(top, MatchEndScene) or table.your_turn

    step_until(app, ready)


def settle(app: App, table: TableScene) -> None:
    step_until(app, lambda: not table.busy and app.stack.top is table, frames=2000)


def assert_hand_matches(table: TableScene) -> None:
    assert Counter(table.hand) == Counter(table.match.hands[0])


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 2, 6, 8])
def test_a_whole_match_by_drag_and_drop(app: App, players: int) -> None:
    table = start_table(app, players=players)
    assert table.layout.players == players
    player = MousePlayer()
    turns = 0
    while True:
        wait_for_my_turn(app, table)
        if isinstance(app.stack.top, MatchEndScene):
            break
        draw = player.choose(table)
        before = len(table.match.hands[0])
        player.perform(table, draw, slot=0)
        app.step(FRAME)
        assert table.match.phase is Phase.DISCARD and table.match.current_seat == 0
        assert len(table.match.hands[0]) == before + 1
        settle(app, table)
        assert_hand_matches(table)
        discard = player.choose(table)
        assert isinstance(discard, Discard)
        player.perform(table, discard)
        app.step(FRAME)
        assert discard.card not in table.match.hands[0] or table.match.round_index > 0
        assert discard.card not in table.hand
        turns += 1
    assert table.match.is_over
    assert turns > 40 if players == 4 else turns >= table.match.rules.rounds
    assert len(table.shown.totals) == players
    end = app.stack.top
    assert isinstance(end, MatchEndScene)
    assert end.event.winners == table.match.winners
    assert table.shown.totals == table.match.totals
    click(end.buttons[0].rect.center)  # New game
    app.step(FRAME)
    fresh = app.stack.top
    assert isinstance(fresh, TableScene) and fresh is not table
    assert fresh.match.round_index == 0 and not fresh.match.is_over


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [{"contracts": True}, {"lay_off": "all"}, {"free_jokers": True, "jokers": 2}],
    ids=["contracts", "redemption-round", "free-jokers"],
)
def test_a_whole_match_by_mouse_under_each_new_option(app: App, options: dict[str, object]) -> None:
    """Issue 29's closed-table options, each played to the match's end by drag and drop; the
    match played again from its seed scores every round as the rules of the option say."""
    rules = RuleSet(players=3, schedule="short", **options)  # type: ignore[arg-type]
    table = start_table(app, seed=5, rules=rules)
    player = MousePlayer()
    while True:
        wait_for_my_turn(app, table)
        if isinstance(app.stack.top, MatchEndScene):
            break
        player.perform(table, player.choose(table), slot=0)
        app.step(FRAME)
        settle(app, table)
        player.perform(table, player.choose(table))
        app.step(FRAME)
    match = table.match
    assert match.is_over and table.shown.totals == match.totals
    again = Match.new(rules, match.seed)
    scored = [e for a in match.actions for e in again.apply(a) if isinstance(e, RoundScored)]
    assert len(scored) == rules.rounds and again.totals == match.totals
    for event in scored:
        out = event.went_out
        if rules.contracts and out is not None:
            size = rules.hand_sizes[event.round_index]
            assert contract_for(size).met_by(event.arrangements[out].melds, wild_rank_for(size))
        if rules.lay_off == "all" and out is not None:
            assert all(lay.owner is not None for a in event.arrangements for lay in a.layoffs)
        if rules.free_jokers and out is not None:
            assert not any(card.rank is None for a in event.arrangements for card in a.leftover)


def test_a_drawn_card_lands_where_it_is_dropped(app: App) -> None:
    table = start_table(app, seed=11)
    wait_for_my_turn(app, table)
    MousePlayer().perform(table, Draw(DrawSource.STOCK), slot=0)
    app.step(FRAME)
    settle(app, table)
    drawn = table.match.hands[0][-1]
    assert table.hand[0] == drawn


def test_an_illegal_drop_returns_the_card_and_changes_nothing(app: App) -> None:
    table = start_table(app, seed=3)
    wait_for_my_turn(app, table)
    saved = table.match.to_json()
    order = list(table.hand)
    card = order[1]
    home = table.playback.stage.sprites[card].pose.center
    drag(home, table.layout.pile_rect(False).center)  # discarding before drawing
    app.step(FRAME)
    settle(app, table)
    assert table.match.to_json() == saved
    assert table.hand == order
    assert table.playback.stage.sprites[card].pose.center == pytest.approx(home)
    drag(table.layout.pile_rect(True).center, (table.layout.width / 2, table.layout.height * 0.25))
    app.step(FRAME)
    settle(app, table)
    assert table.match.to_json() == saved
    assert table.hand == order


def test_the_card_just_taken_cannot_go_straight_back(app: App) -> None:
    table = start_table(app, seed=5)
    wait_for_my_turn(app, table)
    taken = table.shown.discard[-1]
    MousePlayer().perform(table, Draw(DrawSource.DISCARD))
    app.step(FRAME)
    settle(app, table)
    saved = table.match.to_json()
    drag(table.playback.stage.sprites[taken].pose.center, table.layout.pile_rect(False).center)
    app.step(FRAME)
    settle(app, table)
    assert table.match.to_json() == saved
    assert taken in table.hand
    assert table.notice is not None and table.notice.text == (
        f"You just took the {taken.pretty()} from the discard pile: it cannot go back"
    )


def test_reordering_by_drag_survives_draws_and_discards(app: App) -> None:
    table = start_table(app, seed=9)
    wait_for_my_turn(app, table)
    first, last = table.hand[0], table.hand[-1]
    slots = table.layout.hand_slots(len(table.hand))
    drag(table.playback.stage.sprites[first].pose.center, (slots[-1][0] + 10, slots[-1][1]))
    app.step(FRAME)
    settle(app, table)
    assert table.hand[-1] == first and table.hand[-2] == last
    kept = [card for card in table.hand]
    click(table.layout.pile_rect(True).center)  # draw by a click: the card goes to the end
    app.step(FRAME)
    settle(app, table)
    assert table.hand[: len(kept)] == kept
    victim = table.hand[2]
    drag(table.playback.stage.sprites[victim].pose.center, table.layout.pile_rect(False).center)
    app.step(FRAME)
    settle(app, table)
    assert victim not in table.hand
    assert [card for card in kept if card != victim] == [c for c in table.hand if c in kept]


def test_a_card_the_pointer_rests_on_is_named(app: App) -> None:
    table = start_table(app, seed=5)
    wait_for_my_turn(app, table)
    card = table.hand[0]
    center = table.playback.stage.sprites[card].pose.center
    post(
        pygame.MOUSEMOTION, pos=(round(center[0]), round(center[1])), rel=(0, 0), buttons=(0, 0, 0)
    )
    app.step(FRAME)
    assert table.picture().named is None, "not at once: only once the pointer rests"
    for _frame in range(40):
        app.step(FRAME)
    assert table.picture().named == card
    app.text.drawn = []
    app.draw()
    assert card_name(card) in [drawn.shown for drawn in app.text.drawn]
    app.text.drawn = None
    post(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)
    post(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)
    app.step(FRAME)
    assert table.picture().named is None, "a click puts the name away"
