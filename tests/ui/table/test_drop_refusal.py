"""Drop targets tell the truth while a card is dragged: one that takes the card glows, one
that would refuse it is marked as refusing, and the reason (the engine's refusal, in the
words a refused drop says) is shown while the card is over it. At 4 and 8 seats."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.actions import Draw, DrawSource
from game.engine.cards import Card, parse_cards
from game.engine.rules import RuleSet
from game.ui.app import App
from game.ui.seen.meld_layout import meld_areas
from game.ui.table.drag import DISCARD_TARGET_MARGIN
from game.ui.table.pointer import DOUBLE_CLICK_SECONDS
from game.ui.table.table import TableScene
from tests.engine.match_tools import rig
from tests.ui.driver import FRAME, post, step_until, table_of
from tests.ui.rigged import JUNK, at_rest, meld_to_miss, open_rigged, taken_back
from tests.ui.table.test_open_table import pick, press_and_carry, settle


def carry(app: App, table: TableScene, card: Card, to: tuple[float, float]) -> None:
    """Press on ``card`` of your hand and carry it to ``to``, the button still held."""
    press_and_carry(table.playback.stage.sprites[card].pose.center, to)
    app.step(FRAME)


def let_go(app: App, table: TableScene, at: tuple[float, float]) -> None:
    post(pygame.MOUSEBUTTONUP, pos=tuple(round(v) for v in at), button=1)
    app.step(FRAME)
    settle(app, table)


def marked(table: TableScene, rect: pygame.Rect) -> tuple[bool, bool]:
    """Whether the target at ``rect`` glows, and whether it is marked as refusing."""
    picture = table.picture()
    return (
        any(glowing.contains(rect) for glowing, _colour in picture.glows),
        any(refusing.contains(rect) for refusing in picture.refusing),
    )


@pytest.mark.parametrize("players", [4, 8], ids=["4-seats", "8-seats"])
def test_the_card_just_taken_marks_the_pile_refusing_and_says_why(
    tmp_path: Path, players: int
) -> None:
    app = open_rigged(tmp_path, taken_back(players))
    table = table_of_yours(app)
    pile = table.layout.pile_rect(False)
    jack = parse_cards("JS")[0]
    assert table.play(Draw(DrawSource.DISCARD))
    table = at_rest(app)
    saved = table.match.to_json()
    carry(app, table, jack, pile.center)
    assert marked(table, pile) == (False, True), "the pile refuses the card just taken"
    words = "You just took the J♠ from the discard pile: it cannot go back"
    assert table.picture().refusal == words
    let_go(app, table, pile.center)
    assert table.match.to_json() == saved
    assert table.notice is not None and table.notice.text == words, "the same words on a drop"
    two = parse_cards("2C")[0]
    carry(app, table, two, pile.center)
    assert marked(table, pile) == (True, False), "another card: the pile takes it"
    assert table.picture().refusal is None
    let_go(app, table, pile.center)
    assert two in table.match.discard_pile
    app.close()


def table_of_yours(app: App) -> TableScene:
    """The rigged table once it is yours to draw."""
    table = table_of(app)
    step_until(app, lambda: table.your_turn)
    return table


@pytest.mark.parametrize("players", [4, 8], ids=["4-seats", "8-seats"])
def test_a_meld_the_card_does_not_fit_is_marked_refusing_and_says_why(
    tmp_path: Path, players: int
) -> None:
    app = open_rigged(tmp_path, meld_to_miss(players))
    table = at_rest(app)
    theirs = table.playback.stage.meld_boxes()[0]
    queen, eight = parse_cards("QC 8S")
    carry(app, table, queen, theirs.center)
    assert marked(table, theirs) == (False, True)
    assert table.picture().refusal == "The Q♣ does not fit that meld"
    pile = table.layout.pile_rect(False)
    assert marked(table, pile) == (True, False), "the pile still takes the queen"
    let_go(app, table, theirs.center)
    assert queen in table.match.hands[0]
    carry(app, table, eight, theirs.midleft)
    assert marked(table, theirs) == (True, False), "the 8♠ fits: the meld glows"
    assert table.picture().refusal is None
    let_go(app, table, theirs.midleft)
    assert table.match.table[0].meld.cards[0] == eight
    app.close()


@pytest.mark.parametrize("players", [4, 8], ids=["4-seats", "8-seats"])
def test_your_meld_area_refuses_a_lay_down_the_contract_refuses(
    tmp_path: Path, players: int
) -> None:
    """Round 2 under contracts (1 run): you have picked 7♥ 7♦ and carry the 7♣ to your meld
    area: a set, not the contract. With the 9♥ picked to 7♥ 8♥ instead, the area takes it."""
    rules = RuleSet(players=players, table="open", contracts=True)
    fourth = ["2S", "2H", "10C", "10S", "JH", "JD", "JC"]
    hands = ["7H 7D 7C 8H", *(f"{h} {c}" for h, c in zip(JUNK, fourth, strict=True))]
    hands = hands[:players]
    match = rig(rules, hands, stock_top="9H", round_index=1)
    match.apply(Draw(DrawSource.STOCK))
    app = open_rigged(tmp_path, match)
    table = at_rest(app)
    area = meld_areas(table.layout, 0)[0]
    seven, nine = parse_cards("7C 9H")
    pick(app, table, "7H 7D")
    carry(app, table, seven, area.center)
    assert marked(table, area) == (False, True)
    words = "Your first lay-down must be the contract exactly: 1 run"
    assert table.picture().refusal == words
    let_go(app, table, area.center)
    assert table.notice is not None and table.notice.text == words, "the same words on a drop"
    assert table.match.table == ()
    for _frame in range(round(DOUBLE_CLICK_SECONDS / FRAME) + 2):  # no double-click: a discard
        app.step(FRAME)
    pick(app, table, "7D 8H")  # 7♥ 8♥ picked now
    carry(app, table, nine, area.center)
    assert marked(table, area) == (True, False)
    app.close()


def test_nothing_is_marked_refusing_while_a_drawn_card_is_carried_home(tmp_path: Path) -> None:
    """A card from a pile goes only into your hand: the pile is no target then, not a refusing
    one (the cheap test of the fast tier)."""
    app = open_rigged(tmp_path, taken_back(4))
    table = table_of_yours(app)
    pile = table.layout.pile_rect(False).inflate(
        DISCARD_TARGET_MARGIN * 2, DISCARD_TARGET_MARGIN * 2
    )
    press_and_carry(pile.center, (pile.centerx, pile.centery + 40))
    app.step(FRAME)
    picture = table.picture()
    assert picture.refusing == () and picture.refusal is None
    assert [rect for rect, _colour in picture.glows] == [table.layout.hand_area]
    app.close()
