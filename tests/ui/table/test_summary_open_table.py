"""The round summary of the open table and of the redemption round: each hand's melds laid
down, the cards laid off and onto whose meld, the hand counted in full.

The rounds are rigged (a public log of lay-downs and lay-offs, scored by the engine's own
:func:`open_table_scores`) and shown through the real window, in English and in French.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.engine.cards import Card, Suit, parse_cards, wild_rank_for
from game.engine.events import RoundScored
from game.engine.layoff import score_round
from game.engine.melds import Arrangement, Meld, MeldKind
from game.engine.round_log import open_table_scores
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement
from game.engine.view import MoveKind, PublicMove
from game.ui.app import App
from game.ui.seen.shown import ShownTable
from game.ui.table.round_summary import GroupKind, RoundSummaryScene
from game.words.card_words import leftover_sum, stands_short
from game.words.seat_words import Seating
from tests.ui.driver import FRAME, make_app
from tests.ui.every_screen import Seen, box_problems, overlaps
from tests.ui.table.test_summary_explained import Picture, picture

OPEN = RuleSet(table="open")
ROUND = 4
"""Seven cards, Sevens wild."""
WILD = wild_rank_for(OPEN.hand_sizes[ROUND])
GOER = 1


def run(cards: str, low: int, suit: Suit) -> Meld:
    found = parse_cards(cards)
    return Meld(MeldKind.RUN, found, tuple(range(low, low + len(found))), suit)


def a_set(cards: str, rank: int) -> Meld:
    found = parse_cards(cards)
    return Meld(MeldKind.SET, found, (rank,) * len(found), None)


TOPS = run("8H 9H 7S JH", 8, Suit.HEARTS)
"""Top's run, a wild Seven standing for the 10♥."""
YOURS = run("4S 5S 6S", 4, Suit.SPADES)
LEFTS = (a_set("3D 3C 3H", 3), run("9C 10C JC", 9, Suit.CLUBS))
QUEEN, THREE = parse_cards("QH 3S")
HELD = (parse_cards("KC 2D 5H"), (), parse_cards("5D 6C 2S"), parse_cards("AD 4C 8D 7D KS QS 10D"))
"""What each seat still holds at the round's end: Left went out."""
LOG = (
    PublicMove(2, MoveKind.LAID_DOWN, melds=(TOPS,)),
    PublicMove(0, MoveKind.LAID_DOWN, melds=(YOURS,)),
    PublicMove(0, MoveKind.LAID_OFF, QUEEN, target=0, position=12),
    PublicMove(1, MoveKind.LAID_DOWN, melds=LEFTS),
    PublicMove(1, MoveKind.LAID_OFF, THREE, target=1, position=3),
)
"""Top lays down a run, you a run and the Q♥ off onto Top's, Left two melds and the 3♠
off onto yours, then goes out."""


def scored(
    rules: RuleSet,
    round_index: int,
    hands: list[list[Card]],
    arrangements: tuple[Arrangement, ...],
    thrown: tuple[tuple[Card, ...], ...],
    goer: int = GOER,
) -> tuple[ShownTable, RoundScored]:
    """The table's picture once the engine scored a round ``goer`` went out of."""
    penalties = tuple(0 if seat == goer else a.penalty for seat, a in enumerate(arrangements))
    event = RoundScored(round_index, goer, False, arrangements, 1, penalties, penalties, thrown)
    shown = ShownTable(rules, human=True)
    shown.round_index, shown.wild_rank = round_index, wild_rank_for(rules.hand_sizes[round_index])
    shown.hand_size = rules.hand_sizes[round_index]
    shown.hands = hands
    earlier = [
        tuple((seat + number) % 5 for seat in range(len(hands))) for number in range(round_index)
    ]
    for number, points in enumerate(earlier):
        shown.follow(RoundScored(number, None, False, arrangements, 1, points, ()))
    totals = tuple(map(sum, zip(*earlier, penalties, strict=True)))
    shown.follow(replace(event, totals=totals))
    shown.goers = [*(None for _ in earlier), goer]
    return shown, event


def open_table_round() -> tuple[ShownTable, RoundScored]:
    hands = [list(hand) for hand in HELD]
    arrangements, thrown = open_table_scores(LOG, hands, GOER, WILD, OPEN)
    return scored(OPEN, ROUND, hands, arrangements, thrown)


def redemption_round() -> tuple[ShownTable, RoundScored]:
    rules = RuleSet(players=3, jokers=2, lay_off="all", free_jokers=True)
    hands = [list(parse_cards(h)) for h in ("5H 6H 7H 10C 10D 10S", "QC QD QS 2S 3S 4S", "5S 9C")]
    wild = wild_rank_for(rules.hand_sizes[3])
    goer = best_arrangement(hands[0], wild, rules)
    arrangements, thrown = score_round(hands, 0, goer, wild, rules)
    return scored(rules, 3, hands, arrangements, thrown, goer=0)


@pytest.fixture(params=["en", "fr"])
def window(request: pytest.FixtureRequest) -> Iterator[App]:
    app = make_app(mute=True, size=(1280, 800), language=request.param)
    yield app
    app.close()


def show(app: App, rigged: tuple[ShownTable, RoundScored], seating: Seating) -> RoundSummaryScene:
    shown, event = rigged
    scene = RoundSummaryScene(app, shown, seating, event, False, None)
    app.push(scene)
    for _frame in range(3):
        app.step(FRAME)
    scene.count.finish()
    app.step(FRAME)
    return scene


def onto(name: str) -> str:
    """The caption over cards laid off onto the melds of the seat called ``name``."""
    return i18n._("→ {name}").format(name=i18n._(name))


def keep(app: App, name: str) -> None:
    folder = os.environ.get("THREE_THIRTEEN_SHOTS")
    if folder and i18n.language() == "en":
        pygame.image.save(app.screen, str(Path(folder) / name))


def held_line(values: list[tuple[Card, int]]) -> str:
    """The words over cards held at the round's end: why they count."""
    return i18n._("Held, counts in full: {sum}").format(sum=leftover_sum(values, 1))


def row_top(drawn: Picture, card: Card) -> int:
    return drawn.rect_of(card).top


def test_the_open_table_shows_each_card_laid_off_on_the_meld_it_joined(
    window: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = show(window, open_table_round(), Seating())
    drawn = picture(window, monkeypatch)
    texts = [text.shown for text in drawn.texts]
    yours = [(group.kind, group.cards) for group in scene.groups[0]]
    assert yours == [
        (GroupKind.MELD, (THREE, *YOURS.cards)),
        (GroupKind.LEFTOVER, HELD[0]),
    ], "Left laid the 3♠ off onto your run: it shows there; your Q♥ shows on Top's"
    assert all(group.kind is not GroupKind.LAID_OFF for groups in scene.groups for group in groups)
    top = next(group for group in scene.groups[2] if group.kind is GroupKind.MELD)
    assert top.cards == (*TOPS.cards, QUEEN)
    added = "+" + stands_short(12, Suit.HEARTS)
    assert top.labels == ("", "", "=10♥", "", added), "what a wild stands for, a card was added as"
    assert top.joined == (False, False, False, False, True)
    assert "=10♥" in drawn.texts_under(drawn.rect_of(top.cards[2]))
    assert row_top(drawn, QUEEN) == row_top(drawn, TOPS.cards[0]), "in Top's row"
    jack, queen = drawn.rect_of(TOPS.cards[-1]), drawn.rect_of(QUEEN)
    step = drawn.rect_of(TOPS.cards[1]).left - drawn.rect_of(TOPS.cards[0]).left
    assert abs(queen.left - jack.left - step) <= 2, "the Q♥ goes on at the run's end, a step on"
    assert row_top(drawn, THREE) == row_top(drawn, YOURS.cards[0]), "in your row"
    assert drawn.rect_of(THREE).right < drawn.rect_of(YOURS.cards[0]).right
    assert onto("Top") not in texts and onto("You") not in texts, "no word over a card"
    values = [(card, OPEN.penalty(card, WILD)) for card in HELD[3]]
    full = held_line(values)
    assert full in texts or any(full.startswith(text.rstrip(" +")) for text in texts)
    assert scene.event.penalties[3] == sum(value for _card, value in values)
    cards = [card for card, _rect in drawn.cards]
    assert sorted(map(str, cards)) == sorted(str(card) for hand in scene.hands for card in hand)
    assert len(cards) == 4 * 7, "every card a seat was scored on, laid or held"
    rects = [rect for _card, rect in drawn.cards]
    for index, rect in enumerate(rects):
        assert rect.collidelist(rects[index + 1 :]) == -1, "cards overlap"
    keep(window, "summary-open-table-1280x800.png")


def test_a_meld_held_says_why_it_counts(window: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three Kings never laid down: 30 points, and the words over them say they were held."""
    kings = parse_cards("KC KD KH")
    hands = [list(kings), [], list(HELD[2]), list(HELD[3])]
    arrangements, thrown = open_table_scores(LOG[:1] + LOG[3:4], hands, GOER, WILD, OPEN)
    scene = show(window, scored(OPEN, ROUND, hands, arrangements, thrown), Seating())
    assert scene.event.penalties[0] == 30
    texts = [text.shown for text in picture(window, monkeypatch).texts]
    assert held_line([(king, 10) for king in kings]) in texts


def test_the_redemption_round_shows_each_card_on_the_meld_it_joined(
    window: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = show(window, redemption_round(), Seating(names=("Left", "Top")))
    drawn = picture(window, monkeypatch)
    texts = [text.shown for text in drawn.texts]
    (five,) = parse_cards("5S")
    (run,) = [group for group in scene.groups[1] if five in group.cards]
    assert run.kind is GroupKind.MELD, "the 5♠ went onto Left's run: it shows there"
    assert onto("Left") not in texts
    shown_five = next(card for card in run.cards if card == five)
    assert row_top(drawn, shown_five) == row_top(drawn, run.cards[0])
    keep(window, "summary-redemption-1280x800.png")


@pytest.mark.parametrize("players", [6, 8])
def test_many_seats_at_the_open_table_still_fit(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = RuleSet(table="open", players=players)
    hands = [list(hand) for hand in HELD] + [list(HELD[3]) for _ in range(players - 4)]
    arrangements, thrown = open_table_scores(LOG, hands, GOER, WILD, rules)
    app = make_app(mute=True, size=(1280, 800))
    try:
        names = tuple(f"Seat {seat}" for seat in range(1, players))
        scene = show(app, scored(rules, ROUND, hands, arrangements, thrown), Seating(names=names))
        drawn = picture(app, monkeypatch)
        rects = [rect for _card, rect in drawn.cards]
        assert len(rects) == sum(map(len, scene.hands))
        for index, rect in enumerate(rects):
            assert rect.collidelist(rects[index + 1 :]) == -1, "cards overlap"
            assert scene.layout.panel.contains(rect)
        if players == 8:
            keep(app, "summary-open-table-8-1280x800.png")
    finally:
        app.close()


@pytest.mark.parametrize("size", [(640, 400), (2560, 1440)], ids=["640x400", "2560x1440"])
@pytest.mark.parametrize("language", ["nl", "it"])
def test_no_word_of_the_open_table_summary_is_cut_short(
    language: str, size: tuple[int, int]
) -> None:
    app = make_app(mute=True, size=size, language=language)
    try:
        show(app, open_table_round(), Seating())
        app.text.drawn = []
        app.draw()
        texts, app.text.drawn = app.text.drawn, None
        problems = box_problems(Seen("open table summary", texts, app.screen))
        assert not problems, "\n".join(problems)
        shown = [text.shown for text in texts]
        prefix = i18n._("Held, counts in full: {sum}").split("{")[0]
        assert any(text.startswith(prefix) for text in shown)
    finally:
        app.close()


SIZES = [(640, 400), (800, 600), (1280, 800), (2560, 1440)]


@pytest.mark.parametrize(
    "players",
    [4, pytest.param(8, marks=pytest.mark.slow)],
)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_row_keeps_its_points_however_long_its_sum(
    players: int, size: tuple[int, int]
) -> None:
    rules = RuleSet(table="open", players=players)
    longest = list(HELD[3])
    held = [HELD[0], (), HELD[2], longest, *(longest[: 2 + seat] for seat in range(4))]
    hands = [list(hand) for hand in held[:players]]
    arrangements, thrown = open_table_scores(LOG, hands, GOER, WILD, rules)
    app = make_app(mute=True, size=size)
    try:
        names = tuple(f"Seat {seat}" for seat in range(1, players))
        scene = show(app, scored(rules, ROUND, hands, arrangements, thrown), Seating(names=names))
        app.text.drawn = []
        app.draw()
        texts, app.text.drawn = app.text.drawn, None
        shown = [text.shown for text in texts]
        for seat, penalty in enumerate(scene.event.penalties):
            points = i18n.ngettext("{count} point", "{count} points", penalty)
            assert points.format(count=penalty) in shown, f"seat {seat} at {size}"
        seen = Seen("open table summary", texts, app.screen)
        problems = box_problems(seen) + overlaps(seen)
        assert not problems, "\n".join(problems)
    finally:
        app.close()
