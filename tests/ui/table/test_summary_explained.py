"""Every point explained: the round summary shows each hand as the engine scored it, the score
sheet marks its rounds and the leader, the review says why.

The rounds are rigged: hands chosen so that there are wilds, cards laid off, leftover cards
and a doubled round, scored by the engine's own solver, shown through the real window.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import pygame
import pytest

from game import i18n
from game.ai.hint import Suggestion, reason_for
from game.engine.cards import Card, Rank, Suit, parse_cards, wild_rank_for
from game.engine.events import RoundScored
from game.engine.layoff import score_round
from game.engine.match import Match
from game.engine.melds import Arrangement
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement
from game.ui.app import App
from game.ui.kit.text import Drawn
from game.ui.screens.review_screen import ReviewScene
from game.ui.seen.hand_order import by_suit
from game.ui.seen.shown import ShownTable
from game.ui.table.overlay import overlay_layout
from game.ui.table.round_summary import (
    GroupKind,
    RoundSummaryScene,
    explained_hand,
    joined_cards,
)
from game.ui.table.score_sheet import LEADER_MARK, WENT_OUT_MARK
from game.ui.table.score_sheet_scene import ScoreSheetScene
from game.words.card_words import card_short, stands_short, wild_sentence
from game.words.hint_words import hint_line
from game.words.seat_words import Seating
from tests.ui.driver import FRAME, make_app, wait_until
from tests.ui.every_screen import Seen, box_problems

RULES = RuleSet(lay_off=True, double_penalties="last")
LAST = len(RULES.hand_sizes) - 1
"""The last round: 13 cards, Kings wild, doubled."""
GOER = 1
HANDS = (
    "AH 2H 3H 5D 5C 5H 8S 8C 9D QH 2D 4C 6H",
    "3S 4S 5S 6S KH 7D 7C 7H 9C 10C JC QC KD",
    "AS AD AC 2S KC 4H JH JS 10S 10D 6C 3D 9S",
    "QS QD 2C 3C 6D 9H 10H JD 4D 8H 7S KS 5S",
)
"""Left goes out with two Kings standing in; the others lay off onto its melds."""


def rigged_round(
    rules: RuleSet = RULES, round_index: int = LAST, hands: tuple[str, ...] = HANDS
) -> tuple[ShownTable, RoundScored]:
    """The table's picture after the round of ``hands`` was scored by the engine, Left out."""
    wild = wild_rank_for(rules.hand_sizes[round_index])
    cards = [list(parse_cards(hand)) for hand in hands]
    goer = best_arrangement(cards[GOER], wild, rules)
    onto = goer.melds if rules.lay_off else ()
    arrangements = tuple(
        goer if seat == GOER else best_arrangement(hand, wild, rules, onto)
        for seat, hand in enumerate(cards)
    )
    multiplier = rules.multiplier(round_index)
    penalties = tuple(
        0 if seat == GOER else arrangement.penalty * multiplier
        for seat, arrangement in enumerate(arrangements)
    )
    earlier = [
        tuple(0 if seat == number % 4 else (seat * 3 + number) % 7 + 1 for seat in range(4))
        for number in range(round_index)
    ]
    totals = tuple(map(sum, zip(*earlier, penalties, strict=True)))
    event = RoundScored(round_index, GOER, False, arrangements, multiplier, penalties, totals)
    shown = ShownTable(rules, human=True)
    shown.round_index, shown.hand_size, shown.wild_rank = round_index, len(cards[0]), wild
    shown.hands = cards
    for penalties_of_round in earlier:
        shown.follow(RoundScored(0, None, False, arrangements, 1, penalties_of_round, ()))
    shown.follow(event)
    shown.goers = [*(number % 4 for number in range(round_index)), GOER]
    return shown, event


def open_summary(app: App, rules: RuleSet = RULES) -> RoundSummaryScene:
    shown, event = rigged_round(rules)
    scene = RoundSummaryScene(app, shown, Seating(), event, False, None)
    app.push(scene)
    for _frame in range(3):
        app.step(FRAME)
    scene.count.finish()
    return scene


@dataclass(frozen=True)
class Picture:
    """One frame of the summary: the cards drawn (in order) and the texts."""

    cards: list[tuple[Card, pygame.Rect]]
    texts: list[Drawn]

    def rect_of(self, card: Card) -> pygame.Rect:
        return next(rect for drawn, rect in self.cards if drawn is card)

    def texts_under(self, rect: pygame.Rect) -> list[str]:
        """The texts drawn just under ``rect`` and across its middle."""
        return [
            drawn.shown
            for drawn in self.texts
            if rect.bottom <= drawn.rect.top <= rect.bottom + rect.height // 2
            and drawn.rect.left <= rect.centerx <= drawn.rect.right
        ]


def picture(app: App, monkeypatch: pytest.MonkeyPatch) -> Picture:
    cards: list[tuple[Card, pygame.Rect]] = []
    original = app.art.draw

    def recording(surface: pygame.Surface, card: Card, pose: object) -> pygame.Rect:
        rect = original(surface, card, pose)  # type: ignore[arg-type]
        cards.append((card, rect))
        return rect

    monkeypatch.setattr(app.art, "draw", recording)
    app.text.drawn = []
    app.draw()
    texts, app.text.drawn = app.text.drawn, None
    monkeypatch.setattr(app.art, "draw", original)
    return Picture(cards, texts)


@pytest.fixture(params=[(1280, 800), (2560, 1440)], ids=["1280x800", "2560x1440"])
def window(request: pytest.FixtureRequest) -> Iterator[App]:
    app = make_app(mute=True, size=request.param)
    yield app
    app.close()


def test_each_hand_is_shown_as_the_engine_scored_it(
    window: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = open_summary(window)
    drawn = picture(window, monkeypatch)
    texts = [text.shown for text in drawn.texts]
    event = scene.event
    wild = scene.wild_rank
    scored = zip(event.arrangements, scene.groups, strict=True)
    for seat, (arrangement, groups) in enumerate(scored):
        melds = [group for group in groups if group.kind is GroupKind.MELD]
        assert len(melds) == len(arrangement.melds)
        for group, meld in zip(melds, arrangement.melds, strict=True):
            rects = [drawn.rect_of(card) for card in group.cards]
            steps = {b.left - a.left for a, b in itertools.pairwise(rects)}
            assert max(steps) - min(steps) <= 2, f"seat {seat}: a meld's cards, evenly spaced"
            for card, position, rect in zip(group.cards, meld.positions, rects, strict=True):
                if card.is_wild(wild):
                    label = "=" + stands_short(position, meld.suit)
                    assert label in drawn.texts_under(rect), f"{card} is labelled {label}"
        first_two = [drawn.rect_of(card) for card in melds[0].cards[:2]]
        within = first_two[1].left - first_two[0].right
        for first, second in itertools.pairwise(melds):
            gap = drawn.rect_of(second.cards[0]).left - drawn.rect_of(first.cards[-1]).right
            assert gap > 2 * within, "melds stand apart as groups"
        if seat != GOER:
            leftover = next(group for group in groups if group.kind is GroupKind.LEFTOVER)
            assert sorted(leftover.cards) == sorted(arrangement.leftover)
            line = leftover_line(leftover.cards, arrangement, event, wild)
            said = " ".join(texts)  # on one line, or broken after a "+"
            assert line in said, f"seat {seat}: {line!r} among {texts}"


def leftover_line(
    cards: Sequence[Card], arrangement: Arrangement, event: RoundScored, wild: Rank
) -> str:
    """``Q♥ 10 + 8♦ 8 = 18 ×2 = 36``: each card's value, the engine's penalty, doubled."""
    values = [(card, RULES.penalty(card, wild)) for card in cards]
    assert sum(value for _card, value in values) == arrangement.penalty
    named = " + ".join(f"{card_short(card)} {value}" for card, value in values)
    total = arrangement.penalty * event.multiplier
    return f"{named} = {arrangement.penalty} ×2 = {total}"


def test_laid_off_cards_are_marked(window: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_summary(window)
    drawn = picture(window, monkeypatch)
    goer_melds = scene.event.arrangements[GOER].melds
    laid = 0
    for seat, arrangement in enumerate(scene.event.arrangements):
        groups = [group for group in scene.groups[seat] if group.kind is GroupKind.LAID_OFF]
        cards = [card for group in groups for card in group.cards]
        positions = [position for layoff in arrangement.layoffs for position in layoff.positions]
        targets = [layoff.target for layoff in arrangement.layoffs for _ in layoff.cards]
        assert len(cards) == len(positions)
        for card, position, target in zip(cards, positions, targets, strict=True):
            label = "+" + stands_short(position, goer_melds[target].suit)
            assert label in drawn.texts_under(drawn.rect_of(card))
            laid += 1
    assert laid >= 3, "the rigged round lays off cards"


def test_hands_spread_across_the_panel_without_overlapping(
    window: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = open_summary(window)
    drawn = picture(window, monkeypatch)
    rects = [rect for _card, rect in drawn.cards]
    assert len(rects) == sum(map(len, scene.hands))
    for index, rect in enumerate(rects):
        assert rect.collidelist(rects[index + 1 :]) == -1, "cards overlap"
    parts = scene.parts()
    hands_width = parts.cards_box(parts.rows[0]).width
    for seat, hand in enumerate(scene.hands):
        row = [drawn.rect_of(card) for card in hand]
        span = max(rect.right for rect in row) - min(rect.left for rect in row)
        assert span >= hands_width * 0.9, f"seat {seat}'s hand spreads across its row"
    heights = {rect.height for rect in rects}
    assert heights == {parts.card_height(scene.widest)}, "every hand at one size"
    goer = [drawn.rect_of(card) for card in scene.hands[GOER]]
    assert all(rect.height >= window.screen.get_height() * 0.06 for rect in goer), "readable"


def test_a_round_not_doubled_says_no_factor(window: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = open_summary(window, RuleSet(lay_off=True))
    texts = [text.shown for text in picture(window, monkeypatch).texts]
    assert scene.event.multiplier == 1
    assert not [text for text in texts if "×" in text]
    for seat, arrangement in enumerate(scene.event.arrangements):
        if seat != GOER:
            assert any(text.endswith(f"= {arrangement.penalty}") for text in texts)


def sheet_texts(app: App, shown: ShownTable) -> list[Drawn]:
    app.push(ScoreSheetScene(app, shown, Seating()))
    for _frame in range(3):
        app.step(FRAME)
    app.text.drawn = []
    app.draw()
    texts, app.text.drawn = app.text.drawn, None
    return texts


def test_the_score_sheet_marks_the_round_the_goers_the_doubling_and_the_leader(
    app: App,
) -> None:
    shown, _event = rigged_round(RuleSet(double_penalties="last_three"))
    shown.round_index = LAST
    texts = sheet_texts(app, shown)
    names = [Seating().name(seat) for seat in range(4)]
    leader = min(range(4), key=lambda seat: shown.totals[seat])
    headers = [next(d for d in texts if d.message.endswith(name)) for name in names]
    assert [d.message for d in headers] == [
        f"{LEADER_MARK} {name}" if seat == leader else name for seat, name in enumerate(names)
    ]
    doubled = [d.message for d in texts if d.message.endswith("×2")]
    assert doubled == ["9 (11 cards) ×2", "10 (12 cards) ×2", "11 (13 cards) ×2"]
    marked = [d for d in texts if d.message.endswith(WENT_OUT_MARK)]
    assert len(marked) == len(shown.round_scores)
    for number, (drawn, goer) in enumerate(zip(marked, shown.goers, strict=True)):
        assert goer is not None
        assert drawn.message == f"{shown.round_scores[number][goer]} {WENT_OUT_MARK}"
        assert headers[goer].rect.left <= drawn.rect.centerx <= headers[goer].rect.right
    rows = {d.message: d.rect for d in texts if "cards)" in d.message}
    left = overlay_layout(app.screen.get_size()).content.left + 3

    def shade(label: str) -> tuple[int, ...]:
        return tuple(app.screen.get_at((left, rows[label].centery)))

    assert shade("11 (13 cards) ×2") != shade("10 (12 cards) ×2"), "the current round stands out"
    assert shade("10 (12 cards) ×2") == shade("3 (5 cards)")


def test_the_summary_marks_its_round_on_the_sheet(app: App) -> None:
    scene = open_summary(app)
    app.text.drawn = []
    app.draw()
    texts = [drawn.message for drawn in app.text.drawn]
    app.text.drawn = None
    last_round = [text for text in texts if text.split()[0] == "11" and text.endswith("×2")]
    assert last_round, "the doubled last round is marked (by its number, in a narrow sheet)"
    assert f"0 {WENT_OUT_MARK}" in texts
    assert scene.event.went_out == GOER


def test_a_resumed_match_knows_who_went_out_in_each_round() -> None:
    match, goers = Match.new(seed=3), []
    while match.round_index < 3:
        for event in match.apply(match.legal_actions()[0]):
            if isinstance(event, RoundScored):
                goers.append(event.went_out)
    shown = ShownTable.of_match(match, True, match.hands[0])
    assert shown.goers == goers and len(goers) == 3


@pytest.mark.slow
@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("size", [(640, 400), (1280, 800), (3840, 2160)], ids=str)
def test_no_explanation_is_cut_short(language: str, size: tuple[int, int]) -> None:
    """The rigged round's summary and sheet, doubled with cards laid off, in every language."""
    app = make_app(mute=True, size=size, language=language)
    try:
        shown, _event = rigged_round()
        for name, texts in (
            ("round summary", summary_texts(app)),
            ("score sheet", sheet_texts(app, shown)),
        ):
            problems = box_problems(Seen(name, texts, app.screen))
            assert not problems, "\n".join(problems)
    finally:
        app.close()


def summary_texts(app: App) -> list[Drawn]:
    open_summary(app)
    app.text.drawn = []
    app.draw()
    texts, app.text.drawn = app.text.drawn, None
    app.pop()
    return texts


def test_the_review_shows_the_wild_rank_your_order_and_why(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = Match.new(seed=5)
    while match.round_index < 1 or len(match.log) < 12:
        match.apply(match.legal_actions()[0])
    order = list(reversed(match.hands[0]))
    screen = ReviewScene(app, match, 2, order)
    app.push(screen)
    wait_until(app, lambda: screen.ready)
    decisions = screen.decisions or []
    assert len(decisions) >= 2
    screen.index = len(decisions) - 1
    decision = decisions[screen.index]
    drawn = picture(app, monkeypatch)
    texts = [text.shown for text in drawn.texts]
    assert wild_sentence(wild_rank_for(match.rules.hand_sizes[1])).capitalize() in texts
    held = [card for card in order if card in decision.hand]
    rest = by_suit([card for card in decision.hand if card not in order])
    assert len(held) >= 2
    assert [card for card, _rect in drawn.cards][: len(decision.hand)] == held + rest
    replay = Match.new(match.rules, match.seed)
    for action in match.actions[: decision.action_index]:
        replay.apply(action)
    why = hint_line(Suggestion(decision.best, reason_for(replay.view_for(0), decision.best)))
    assert f"The hard AI: {why}" in texts


def test_a_redemption_round_shows_a_card_on_the_meld_it_joined_and_thrown_jokers() -> None:
    rules = RuleSet(players=3, jokers=2, lay_off="all", free_jokers=True)
    hands = [parse_cards(h) for h in ("5H 6H 7H 10C 10D 10S", "QC QD QS 2S 3S 4S", "5S 9C")]
    goer = best_arrangement(hands[0], Rank.KING, rules)
    arrangements, thrown = score_round(hands, 0, goer, Rank.KING, rules)
    (layoff,) = arrangements[2].layoffs
    assert layoff.owner == 1
    joined = joined_cards(arrangements)
    groups = explained_hand(arrangements[2], hands[2], Rank.KING, goer.melds, seat=2, joined=joined)
    assert [(group.kind, group.cards) for group in groups] == [
        (GroupKind.LEFTOVER, parse_cards("9C")),
    ], "the 5♠ is shown on the run it joined, not in the row of who laid it off"
    lefts = explained_hand(arrangements[1], hands[1], Rank.KING, goer.melds, seat=1, joined=joined)
    (run,) = [group for group in lefts if parse_cards("5S")[0] in group.cards]
    assert run.cards == parse_cards("2S 3S 4S 5S")
    assert run.labels[-1] == "+" + stands_short(5, Suit.SPADES)
    assert run.joined == (False, False, False, True)
    jokers = RuleSet(players=2, jokers=2, free_jokers=True)
    hand = parse_cards("JK 9C")
    arrangements, thrown = score_round([hands[0], hand], 0, goer, Rank.KING, jokers)
    groups = explained_hand(arrangements[1], hand, Rank.KING, goer.melds, thrown[1])
    assert [(group.kind, group.cards) for group in groups] == [
        (GroupKind.LAID_OFF, parse_cards("JK")),
        (GroupKind.LEFTOVER, parse_cards("9C")),
    ]
