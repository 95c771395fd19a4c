"""The open table played by mouse in the real window: cards picked and laid down with the
button, a card dragged onto a meld laid off, and every refusal leaving the match as it was."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pygame
import pytest

from game.engine.actions import Discard, Draw, DrawSource, Phase
from game.engine.cards import parse_cards
from game.engine.events import LaidDown
from game.engine.rules import RuleSet
from game.engine.seating import default_names
from game.sim.match_setup import MatchSetup
from game.ui.app import App
from game.ui.kit.sound import Sounds
from game.ui.seen.layout import TableLayout
from game.ui.seen.meld_layout import meld_areas
from game.ui.seen.shown import ShownTable
from game.ui.table.match_end import MatchEndScene
from game.ui.table.playback import Playback
from game.ui.table.pointer import DOUBLE_CLICK_SECONDS
from game.ui.table.table import TableScene
from game.words.seat_words import Seating
from tests.engine.match_tools import rig
from tests.rule_sets import EVERY_NEW_OPTION
from tests.ui.driver import FRAME, click, key, post, step_until, table_of
from tests.ui.players import MousePlayer, settled
from tests.ui.rigged import at_rest, laid, open_rigged, unplayed
from tests.ui.table.test_table_mouse import wait_for_my_turn

OPEN = RuleSet(players=2, table="open")


def settle(app: App, table: TableScene) -> None:
    step_until(app, lambda: not table.busy and app.stack.top is table, frames=3000)


def yours_to_lay(folder: Path) -> App:
    """Round 2 (four cards, fours wild): you hold 7♥ 8♥ 9♥ K♣ and have drawn the Q♦."""
    match = rig(OPEN, ["7H 8H 9H KC", "2C 5D QS JD"], stock_top="QD", round_index=1)
    match.apply(Draw(DrawSource.STOCK))
    return open_rigged(folder, match)


def meld_on_the_other_side(folder: Path) -> App:
    """Round 3 (five cards, fives wild): the other seat has laid down 9♠ 10♠ J♠, you have
    laid down 9♥ 10♥ J♥ and hold 8♠ Q♣ 2♦, to discard."""
    match = rig(
        OPEN,
        ["9H 10H JH 8S QC", "9S 10S JS KD 2C"],
        stock_top="AD 2D",
        round_index=2,
        current_seat=1,
    )
    match.apply(Draw(DrawSource.STOCK))
    match.apply(laid(match, "9S 10S JS"))
    match.apply(Discard(parse_cards("KD")[0]))
    match.apply(Draw(DrawSource.STOCK))
    match.apply(laid(match, "9H 10H JH"))
    return open_rigged(folder, unplayed(match))


def press_and_carry(start: tuple[float, float], end: tuple[float, float]) -> None:
    """Press at ``start`` and move to ``end`` in steps, the button still held."""
    x0, y0, x1, y1 = (round(value) for value in (*start, *end))
    post(pygame.MOUSEBUTTONDOWN, pos=(x0, y0), button=1)
    for step in range(1, 7):
        point = (x0 + (x1 - x0) * step // 6, y0 + (y1 - y0) * step // 6)
        post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(1, 0, 0))


def pick(app: App, table: TableScene, cards: str) -> None:
    for card in parse_cards(cards):
        click(table.playback.stage.sprites[card].pose.center)
        app.step(FRAME)
        settle(app, table)


def test_picked_cards_are_laid_down_with_the_button(tmp_path: Path) -> None:
    app = yours_to_lay(tmp_path)
    table = at_rest(app)
    assert table.picture().buttons[0].label != "Lay down", "no button until cards are picked"
    assert table.picture().status == (
        "Pick cards and lay them down, drag a card onto a meld, or discard one"
    )
    pick(app, table, "7H 8H 9H")
    assert table.laying_desk.picked == list(parse_cards("7H 8H 9H"))
    lifted = table.playback.stage.sprites[parse_cards("8H")[0]].pose.center[1]
    assert lifted < table.layout.hand_center_y, "a picked card stands raised"
    button = table.picture().buttons[0]
    assert button.label == "Lay down"
    click(button.rect.center)
    app.step(FRAME)
    settle(app, table)
    match = table.match
    assert [placed.owner for placed in match.table] == [0]
    assert sorted(match.table[0].meld.cards) == sorted(parse_cards("7H 8H 9H"))
    assert sorted(match.hands[0]) == sorted(parse_cards("KC QD")) == sorted(table.hand)
    assert match.current_seat == 0 and table.drawn, "you still discard"
    assert table.laying_desk.picked == [] and table.picture().buttons[0].label != "Lay down"
    area = meld_areas(table.layout, 0)
    for card in parse_cards("7H 8H 9H"):
        sprite = table.playback.stage.sprites[card]
        assert sprite.pose.face_up and sprite.pose.height < table.layout.hand_height
        assert any(room.collidepoint(sprite.pose.center) for room in area)
    app.close()


def test_cards_picked_quickly_one_after_another_are_all_picked(tmp_path: Path) -> None:
    """A player picks at a tenth of a second a card: the card picked before, still rising,
    does not swallow the next click (found playing by hand under Xvfb)."""
    app = yours_to_lay(tmp_path)
    table = at_rest(app)
    for card in parse_cards("7H 8H 9H"):
        click(table.playback.stage.sprites[card].pose.center)
        for _frame in range(round(0.1 / FRAME)):
            app.step(FRAME)
    assert table.laying_desk.picked == list(parse_cards("7H 8H 9H"))
    app.close()


def test_a_lay_down_that_is_no_meld_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    app = yours_to_lay(tmp_path)
    table = at_rest(app)
    saved = table.match.to_json()
    pick(app, table, "7H KC")
    for _frame in range(round(DOUBLE_CLICK_SECONDS / FRAME) + 2):  # not a double-click
        app.step(FRAME)
    pick(app, table, "KC")  # a second click puts a card back
    pick(app, table, "8H QD")
    assert table.laying_desk.picked == list(parse_cards("7H 8H QD"))
    click(table.picture().buttons[0].rect.center)
    app.step(FRAME)
    settle(app, table)
    assert table.match.to_json() == saved
    assert table.notice is not None
    assert table.notice.text == "Those cards are not melds: each must be in a set or a run"
    assert table.shown.table == []
    app.close()


def test_a_card_dragged_onto_another_seats_meld_is_laid_off(tmp_path: Path) -> None:
    app = meld_on_the_other_side(tmp_path)
    table = at_rest(app)
    theirs = table.playback.stage.meld_boxes()[0]
    eight = parse_cards("8S")[0]
    press_and_carry(table.playback.stage.sprites[eight].pose.center, theirs.midleft)
    app.step(FRAME)
    glowing = [rect for rect, _colour in table.pointer.glows()]
    assert any(rect.contains(theirs) for rect in glowing), "the meld glows under the card"
    post(pygame.MOUSEBUTTONUP, pos=tuple(round(v) for v in theirs.midleft), button=1)
    app.step(FRAME)
    settle(app, table)
    match = table.match
    assert match.table[0].owner == 1
    assert match.table[0].meld.cards[0] == eight and match.table[0].meld.positions[0] == 8
    assert eight not in match.hands[0] and eight not in table.hand
    assert table.playback.stage.sprites[eight].pose.center[1] == pytest.approx(
        table.playback.stage.meld_boxes()[0].centery, abs=2
    )
    assert match.current_seat == 0 and table.drawn
    app.close()


def test_a_card_that_does_not_fit_goes_back_and_the_line_says_why(tmp_path: Path) -> None:
    app = meld_on_the_other_side(tmp_path)
    table = at_rest(app)
    saved, order = table.match.to_json(), list(table.hand)
    queen = parse_cards("QC")[0]
    home = table.playback.stage.sprites[queen].pose.center
    theirs = table.playback.stage.meld_boxes()[0]
    press_and_carry(home, theirs.center)
    app.step(FRAME)
    assert not any(rect.contains(theirs) for rect, _colour in table.pointer.glows())
    post(pygame.MOUSEBUTTONUP, pos=tuple(round(v) for v in theirs.center), button=1)
    app.step(FRAME)
    settle(app, table)
    assert table.match.to_json() == saved
    assert table.hand == order
    assert table.playback.stage.sprites[queen].pose.center == pytest.approx(home)
    assert table.notice is not None and table.notice.text == "The Q♣ does not fit that meld"
    app.close()


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules",
    [RuleSet(players=2, schedule="short", table="open"), EVERY_NEW_OPTION],
    ids=["open", "four-options"],
)
def test_a_whole_match_at_the_open_table_by_mouse(app: App, rules: RuleSet) -> None:
    """Each turn: draw by a drag, lay down and off by mouse while the engine allows it (the
    other seats, random, lay too), then discard by a drag; the hand shown always the
    engine's, the table shown always the match's."""
    setup = MatchSetup(
        seed=12,
        rules=rules,
        policies=dict.fromkeys(range(1, rules.players), "random"),
        move_seconds=0.0,
        names=default_names(rules.players),
    )
    table = TableScene(app, setup)
    app.replace(table)
    player = MousePlayer()
    lays = 0
    while True:
        wait_for_my_turn(app, table)
        if isinstance(app.stack.top, MatchEndScene):
            break
        assert table.shown.table == list(table.match.table)
        player.perform(table, Draw(DrawSource.STOCK), slot=0)
        settled(app, table)
        assert table.match.phase is Phase.DISCARD and table.match.current_seat == 0
        while player.lay(app, table):
            lays += 1
            assert table.match.current_seat == 0 and table.drawn
            assert Counter(table.hand) == Counter(table.match.hands[0])
            assert table.shown.table == list(table.match.table)
        player.perform(table, player.discard(table))
        app.step(FRAME)
    assert table.match.is_over and lays > 3
    shown = [event for events in table.playback.log.rounds for event in events]
    owners = {event.seat for event in shown if isinstance(event, LaidDown)}
    assert owners - {0}, "the other seats laid down too"
    end = app.stack.top
    assert isinstance(end, MatchEndScene) and table.shown.totals == table.match.totals


def test_undo_takes_a_lay_down_back(tmp_path: Path) -> None:
    app = yours_to_lay(tmp_path)
    app.memory.save_settings(app.memory.settings.changed(undo=True))
    table = at_rest(app)
    before, hand = table.match.to_json(), list(table.hand)
    pick(app, table, "7H 8H 9H")
    click(table.picture().buttons[0].rect.center)
    app.step(FRAME)
    settle(app, table)
    assert len(table.match.table) == 1
    key(pygame.K_u)
    app.step(FRAME)
    again = table_of(app)
    assert again is not table
    assert again.match.to_json() == before and again.hand == hand
    assert again.shown.table == [] and again.drawn, "back to before the lay-down: to lay or discard"
    app.close()


def test_picked_cards_dragged_onto_your_meld_area_are_laid_down(tmp_path: Path) -> None:
    app = yours_to_lay(tmp_path)
    table = at_rest(app)
    pick(app, table, "7H 8H")
    nine = parse_cards("9H")[0]
    area = meld_areas(table.layout, 0)[0]
    press_and_carry(table.playback.stage.sprites[nine].pose.center, area.center)
    app.step(FRAME)
    assert any(rect == area for rect, _colour in table.pointer.glows()), "your area glows"
    post(pygame.MOUSEBUTTONUP, pos=area.center, button=1)
    app.step(FRAME)
    settle(app, table)
    match = table.match
    assert [placed.owner for placed in match.table] == [0]
    assert sorted(match.table[0].meld.cards) == sorted(parse_cards("7H 8H 9H"))
    assert sorted(table.hand) == sorted(parse_cards("KC QD"))
    app.close()


def test_a_card_alone_dragged_onto_your_meld_area_is_refused(tmp_path: Path) -> None:
    app = yours_to_lay(tmp_path)
    table = at_rest(app)
    saved, order = table.match.to_json(), list(table.hand)
    king = parse_cards("KC")[0]
    area = meld_areas(table.layout, 0)[0]
    press_and_carry(table.playback.stage.sprites[king].pose.center, area.center)
    app.step(FRAME)
    assert not any(rect == area for rect, _colour in table.pointer.glows())
    post(pygame.MOUSEBUTTONUP, pos=area.center, button=1)
    app.step(FRAME)
    settle(app, table)
    assert table.match.to_json() == saved and table.hand == order
    assert table.notice is not None
    assert table.notice.text == "Those cards are not melds: each must be in a set or a run"
    app.close()


def test_a_seats_lay_down_glides_to_its_area_before_its_discard_is_shown() -> None:
    """The other seat draws, lays down and discards (one turn, applied at once): the
    playback shows the lay-down once the draw is at rest, its cards turning face up on
    their way to the seat's meld area, and the discard only once they are there."""
    match = rig(
        OPEN, ["2C 5D QS JD 4C", "9S 10S JS KD 2D"], stock_top="AD", round_index=2, current_seat=1
    )
    layout = TableLayout(1280, 800, players=2, open_table=True)
    playback = Playback(OPEN, layout, 0.3, Seating(), Sounds(enabled=False))  # a quiet host
    playback.resume(ShownTable.of_match(match, True, match.hands[0]))
    playback.finish()
    events = match.apply(Draw(DrawSource.STOCK))
    events += match.apply(laid(match, "9S 10S JS"))
    events += match.apply(Discard(parse_cards("KD")[0]))
    playback.extend(events)
    playback.banner = None
    shown: list[str] = []
    while playback.queue or playback.busy:
        if playback.show_next():
            shown.append(type(playback.log.rounds[-1][-1]).__name__)
            if shown[-1] == "LaidDown":
                run = [playback.stage.sprites[card] for card in parse_cards("9S 10S JS")]
                assert all(sprite.moving and sprite.target.face_up for sprite in run)
                assert "Discarded" not in shown
        playback.update(1 / 60)
    assert shown.index("DrewFromStock") < shown.index("LaidDown") < shown.index("Discarded")
    area = meld_areas(layout, 1)
    for card in parse_cards("9S 10S JS"):
        sprite = playback.stage.sprites[card]
        assert sprite.pose.face_up and any(room.collidepoint(sprite.pose.center) for room in area)


@pytest.mark.parametrize(
    ("rules", "hand", "drawn", "picked", "line"),
    [
        (
            OPEN,
            "7H 8H 9H 10H",
            "JH",
            "7H 8H 9H 10H JH",
            "Keep a card to discard: you cannot lay down your last card",
        ),
        (
            RuleSet(players=2, table="open", contracts=True),
            "7H 7D 7C KC",
            "QD",
            "7H 7D 7C",
            "Your first lay-down must be the contract exactly: 1 run",
        ),
    ],
    ids=["keep-one-card", "not-the-contract"],
)
def test_a_refused_lay_down_says_why(
    tmp_path: Path, rules: RuleSet, hand: str, drawn: str, picked: str, line: str
) -> None:
    match = rig(rules, [hand, "2C 5D QS JD"], stock_top=drawn, round_index=1)
    match.apply(Draw(DrawSource.STOCK))
    app = open_rigged(tmp_path, match)
    table = at_rest(app)
    saved = table.match.to_json()
    pick(app, table, picked)
    click(table.picture().buttons[0].rect.center)
    app.step(FRAME)
    settle(app, table)
    assert table.match.to_json() == saved
    assert table.notice is not None and table.notice.text == line
    app.close()
