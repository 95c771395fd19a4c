"""The replay: a kept match stepped through in the real window by keys, buttons and the
slider, the table shown always the match's at that move; every hand on request (never at
the live table); the review's verdict beside your decisions, its figures handed on once."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.actions import Discard
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.seating import default_names
from game.profile.kept_match import KeptMatch, ReviewFigures
from game.sim.match_setup import MatchSetup
from game.sim.review import Decision, review
from game.ui.app import App
from game.ui.kit.text import Drawn
from game.ui.screens.replay_screen import ReplayScene
from game.ui.screens.verdict import verdict
from game.ui.seen.stage import rect_of
from game.ui.table.table import TableScene
from game.words.card_words import card_short
from tests.sim.test_review import played_out
from tests.ui.driver import FRAME, click, drag, key, make_app, post, wait_until
from tests.ui.every_screen import overlaps
from tests.ui.seen.test_meld_reading import cards_drawn
from tests.ui.table.test_contract_table import look
from tests.ui.table.test_every_player_shown import resize

NAMES = ("Ann", "Bob", "Cid")


@pytest.fixture(scope="module")
def kept() -> KeptMatch:
    """A whole match of the short schedule, four easy seats (you among them)."""
    match = played_out(Match.new(RuleSet(schedule="short"), seed=21), ["easy"] * 4, seed=21)
    return KeptMatch.of(match, NAMES, dict.fromkeys(range(1, 4), "easy"))


@pytest.fixture(scope="module")
def reviewed(kept: KeptMatch) -> list[Decision]:
    return review(kept.match.copy(), 0)


@pytest.fixture
def replay(app: App, kept: KeptMatch) -> Iterator[ReplayScene]:
    scene = ReplayScene(app, kept)
    app.push(scene)
    app.step(FRAME)
    yield scene


def match_at(match: Match, position: int) -> Match:
    """``match`` replayed from its deal through its first ``position`` actions."""
    again = Match.new(match.rules, match.seed)
    for action in match.actions[:position]:
        again.apply(action)
    return again


def assert_shows(scene: ReplayScene, match: Match, position: int) -> None:
    """The replay's picture is the table of ``match`` after ``position`` moves."""
    assert scene.position == position
    then = match_at(match, position)
    shown = scene.picture().shown
    assert [Counter(hand) for hand in shown.hands] == [Counter(hand) for hand in then.hands]
    assert shown.discard[-1:] == list(then.discard_pile)[-1:]
    assert shown.stock_count == len(then.stock)
    assert shown.table == list(then.table)
    assert shown.totals == then.totals and shown.round_index == then.round_index
    for card in shown.hands[0]:  # your hand face up where the painter puts it
        assert scene.stage.sprites[card].pose.face_up


def face_up_elsewhere(scene: ReplayScene | TableScene) -> set[bool]:
    """Whether the other seats' cards are drawn face up, as the picture has them."""
    picture = scene.picture()
    hands = picture.shown.hands[1:]
    return {picture.sprites[card].pose.face_up for hand in hands for card in hand}


def press(app: App, code: int, times: int = 1) -> None:
    for _ in range(times):
        key(code)
    app.step(FRAME)


def snapshot(scene: ReplayScene) -> tuple[object, ...]:
    picture = scene.picture()
    shown = picture.shown
    return (
        [list(hand) for hand in shown.hands],
        list(shown.discard),
        shown.stock_count,
        picture.log,
        {card: sprite.pose for card, sprite in picture.sprites.items()},
    )


@pytest.mark.slow
def test_keys_step_move_by_move_and_by_round(
    app: App, replay: ReplayScene, kept: KeptMatch
) -> None:
    match, steps = kept.match, replay.steps
    assert_shows(replay, match, 0)
    press(app, pygame.K_RIGHT, 5)
    assert_shows(replay, match, 5)
    five = snapshot(replay)
    press(app, pygame.K_RIGHT, 3)
    assert_shows(replay, match, 8)
    press(app, pygame.K_LEFT, 3)
    assert snapshot(replay) == five, "back then forward: the same picture"
    press(app, pygame.K_PAGEDOWN)
    assert_shows(replay, match, steps.round_starts[1])
    press(app, pygame.K_PAGEDOWN)
    assert_shows(replay, match, steps.round_starts[2])
    press(app, pygame.K_LEFT)
    press(app, pygame.K_PAGEUP)
    assert_shows(replay, match, steps.round_starts[1])
    press(app, pygame.K_END)
    assert_shows(replay, match, len(match.actions))
    assert replay.shown.phase is not None and match.is_over
    press(app, pygame.K_RIGHT)
    assert replay.position == len(match.actions), "no move beyond the last"
    press(app, pygame.K_HOME)
    assert_shows(replay, match, 0)
    press(app, pygame.K_LEFT)
    assert replay.position == 0


def test_the_log_shows_this_round_up_to_the_move(replay: ReplayScene, app: App) -> None:
    press(app, pygame.K_PAGEDOWN)
    press(app, pygame.K_RIGHT, 2)
    log = replay.picture().log
    assert log[0].startswith("Round 2 of"), log
    assert len(log) == 3 + 2, "the round's title, the deal, the pile's start and two moves"
    press(app, pygame.K_LEFT)
    assert replay.picture().log == log[:-1]


def button(scene: ReplayScene, words: str) -> pygame.Rect:
    return next(b.rect for b in scene.buttons if b.words == words)


def test_the_buttons_step_as_the_keys_do(app: App, replay: ReplayScene, kept: KeptMatch) -> None:
    match, starts = kept.match, replay.steps.round_starts
    for _ in range(4):
        click(button(replay, "▶").center)
    app.step(FRAME)
    assert_shows(replay, match, 4)
    click(button(replay, "◀").center)
    app.step(FRAME)
    assert_shows(replay, match, 3)
    click(button(replay, "Next round").center)
    app.step(FRAME)
    assert_shows(replay, match, starts[1])
    click(button(replay, "Previous round").center)
    app.step(FRAME)
    assert_shows(replay, match, starts[0])
    click(button(replay, "▶|").center)
    app.step(FRAME)
    assert_shows(replay, match, len(match.actions))
    click(button(replay, "|◀").center)
    app.step(FRAME)
    assert_shows(replay, match, 0)


def test_a_click_or_a_drag_on_the_slider_jumps_to_a_round(
    app: App, replay: ReplayScene, kept: KeptMatch
) -> None:
    starts = replay.steps.round_starts
    assert len(replay.slider.labels) == len(starts) == len(kept.match.rules.hand_sizes)
    for index in (3, 1, len(starts) - 1):
        click(replay.slider.stretch(index).center)
        app.step(FRAME)
        assert_shows(replay, kept.match, starts[index])
        assert int(replay.steps.fraction(replay.position)) == index
    start, end = replay.slider.stretch(0).center, replay.slider.stretch(2).center
    drag(start, end)
    app.step(FRAME)
    assert_shows(replay, kept.match, starts[2])


def test_the_toggle_shows_every_hand(app: App, replay: ReplayScene) -> None:
    press(app, pygame.K_PAGEDOWN, 2)
    press(app, pygame.K_RIGHT, 6)
    assert replay.shown.went_out is None, "(the hand of a seat gone out is shown, as at play)"
    assert face_up_elsewhere(replay) == {False}
    assert not [line for line in drawn_texts(app) if line.startswith("Holds ")]
    press(app, pygame.K_h)
    assert face_up_elsewhere(replay) == {True}
    holds = {line for line in drawn_texts(app) if line.startswith("Holds ")}
    others = replay.shown.hands[1:]
    assert holds == {f"Holds {' '.join(card_short(card) for card in hand)}" for hand in others}
    press(app, pygame.K_RIGHT)
    assert face_up_elsewhere(replay) == {True}, "they stay shown while stepping"
    click(button(replay, "Hide the hands").center)
    app.step(FRAME)
    assert face_up_elsewhere(replay) == {False}
    click(button(replay, "Show every hand").center)
    app.step(FRAME)
    assert face_up_elsewhere(replay) == {True}


def test_the_live_table_never_shows_the_other_hands(app: App) -> None:
    setup = MatchSetup(seed=4, policies=dict.fromkeys(range(1, 4), "easy"), move_seconds=0.0)
    table = TableScene(app, setup)
    app.replace(table)
    for _ in range(40):
        app.step(FRAME)
        if table.shown.phase is not None and not table.busy:
            assert face_up_elsewhere(table) == {False}
            assert not table.picture().every_hand


@pytest.mark.slow
def test_the_verdict_stands_beside_your_decision(
    app: App, replay: ReplayScene, reviewed: list[Decision]
) -> None:
    wait_until(app, lambda: replay.decisions is not None)
    costly = next(d for d in reviewed if isinstance(d.played, Discard) and d.loss > 0)
    replay.go_to(costly.action_index + 1)
    words = verdict(costly, replay.seating.name)
    drawn = drawn_texts(app)
    assert {words.played, words.best, words.cost} <= set(drawn)
    assert words.cost == f"Expected cost: {costly.loss:.1f} points"
    plate = next(text.rect for text in app_texts(app) if text.message == words.best)
    hand = [rect_of(replay.stage.sprites[card]) for card in replay.shown.hands[0]]
    assert plate.collidelist(hand) == -1, "the verdict leaves your hand clear"
    same = next(d for d in reviewed if d.loss == 0 and d.played == d.best)
    replay.go_to(same.action_index + 1)
    assert "As the hard AI would" in drawn_texts(app)
    replay.go_to(costly.action_index)  # before it: not your decision just made
    theirs = set(drawn_texts(app))
    assert words.played not in theirs and not any(t.startswith("The hard AI") for t in theirs)


def app_texts(app: App) -> list[Drawn]:
    app.text.drawn = []
    app.draw()
    drawn = list(app.text.drawn)
    app.text.drawn = None
    return drawn


def drawn_texts(app: App) -> list[str]:
    return [text.message for text in app_texts(app)]


def test_the_review_is_under_way_then_handed_on_once(
    app: App, kept: KeptMatch, reviewed: list[Decision]
) -> None:
    figures: list[ReviewFigures] = []
    scene = ReplayScene(app, kept, figures.append)
    app.push(scene)
    assert "Reviewing your decisions…" in drawn_texts(app)
    wait_until(app, lambda: bool(figures))
    for _ in range(5):
        app.step(FRAME)
    priced = [d for d in reviewed if d.priced]
    assert figures == [ReviewFigures(len(priced), sum(d.loss for d in priced))]
    assert "Reviewing your decisions…" not in drawn_texts(app)


def test_escape_and_close_leave(app: App, kept: KeptMatch) -> None:
    under = app.stack.top
    app.push(ReplayScene(app, kept))
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is under
    scene = ReplayScene(app, kept)
    app.push(scene)
    app.step(FRAME)
    click(button(scene, "Close").center)
    app.step(FRAME)
    assert app.stack.top is under


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 600), (3840, 2160), (1280, 800)])
def test_a_resize_keeps_the_place_and_everything_in_the_window(
    kept: KeptMatch, size: tuple[int, int]
) -> None:
    app = make_app(mute=True, ai_process=False)
    try:
        scene = ReplayScene(app, kept)
        app.push(scene)
        app.step(FRAME)
        press(app, pygame.K_PAGEDOWN, 2)
        press(app, pygame.K_RIGHT, 7)
        before = scene.position
        press(app, pygame.K_h)
        resize(app, size)
        assert scene.position == before
        assert_shows(scene, kept.match, before)
        assert face_up_elsewhere(scene) == {True}
        window = app.screen.get_rect()
        hand = [rect_of(scene.stage.sprites[card]) for card in scene.shown.hands[0]]
        controls = [b.rect for b in scene.buttons] + [scene.slider.rect, scene.where_rect]
        for rect in controls:
            assert window.contains(rect), rect
            assert rect.collidelist(hand) == -1, "the controls leave your hand clear"
        rects = [b.rect for b in scene.buttons]
        assert all(a.collidelist(rects[i + 1 :]) == -1 for i, a in enumerate(rects))
        assert not scene.slider.rect.colliderect(scene.where_rect)
        click(scene.slider.stretch(1).center)
        app.step(FRAME)
        assert scene.position == scene.steps.round_starts[1]
    finally:
        app.close()


def test_an_abandoned_match_replays_to_where_it_stopped(app: App) -> None:
    match = played_out(Match.new(RuleSet(), seed=5), ["easy"] * 4, 70, seed=5)
    kept = KeptMatch.of(match, NAMES, dict.fromkeys(range(1, 4), "easy"))
    assert kept.summary.abandoned
    scene = ReplayScene(app, kept)
    app.push(scene)
    press(app, pygame.K_END)
    assert_shows(scene, match, 70)
    assert len(scene.slider.labels) == match.round_index + 1, "the rounds dealt"
    press(app, pygame.K_PAGEDOWN)
    assert scene.position == 70


@pytest.mark.slow
def test_six_at_the_open_table_replay_to_the_end(app: App) -> None:
    rules = RuleSet(players=6, schedule="short", table="open", contracts=True)
    match = played_out(Match.new(rules, seed=8), ["easy"] * 6, seed=8)
    assert match.is_over
    kept = KeptMatch.of(match, default_names(6), dict.fromkeys(range(1, 6), "easy"))
    scene = ReplayScene(app, kept)
    app.push(scene)
    app.step(FRAME)
    laid = next(n for n in range(len(match.actions)) if match_at(match, n).table)
    scene.go_to(laid)
    assert_shows(scene, match, laid)
    assert scene.picture().shown.table, "the melds on the table"
    assert scene.picture().contract.startswith("Contract")
    press(app, pygame.K_END)
    assert_shows(scene, match, len(match.actions))
    assert face_up_elsewhere(scene) == {True}, "the match is over: its last hands shown"


def test_autoplay_names_the_bottom_seat_as_the_autoplay_table_does(app: App) -> None:
    match = played_out(Match.new(RuleSet(schedule="short"), seed=3), ["easy"] * 4, 40, seed=3)
    kept = KeptMatch.of(match, NAMES, dict.fromkeys(range(4), "easy"))
    scene = ReplayScene(app, kept)
    app.push(scene)
    press(app, pygame.K_RIGHT, 10)
    picture = scene.picture()
    assert picture.you_label == "Bottom · Easy"
    assert not any(line.startswith("You ") for line in picture.log)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["fr", "nl", "it", "en"])
def test_every_word_fits_at_the_smallest_window(kept: KeptMatch, language: str) -> None:
    app = make_app(mute=True, ai_process=False, size=(800, 600), language=language)
    try:
        scene = ReplayScene(app, kept)
        app.push(scene)
        wait_until(app, lambda: scene.decisions is not None)
        costly = max((scene.decisions or {}).values(), key=lambda decision: decision.loss)
        scene.go_to(costly.action_index + 1)
        press(app, pygame.K_h)
        drawn = app_texts(app)
        assert len(drawn) > 20
        assert [text.message for text in drawn if text.shown != text.message] == []
    finally:
        app.close()


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 800), (2560, 1440)])
def test_screenshots_mid_round_with_the_verdict(kept: KeptMatch, size: tuple[int, int]) -> None:
    """Mid-round at your costliest discard of the later rounds, the verdict shown, then every
    hand (saved into ``$THREE_THIRTEEN_SHOTS`` when set); the verdict's plate and the
    controls clear of your hand and of each other."""
    app = make_app(mute=True, ai_process=False, size=size)
    try:
        scene = ReplayScene(app, kept)
        app.push(scene)
        wait_until(app, lambda: scene.decisions is not None)
        decisions = (scene.decisions or {}).values()
        discards = [d for d in decisions if isinstance(d.played, Discard) and d.round >= 5]
        costly = max(discards, key=lambda decision: decision.loss)
        scene.go_to(costly.action_index + 1)
        drawn = app_texts(app)
        best = next(text.rect for text in drawn if text.message.startswith("The hard AI: "))
        hand = [rect_of(scene.stage.sprites[card]) for card in scene.shown.hands[0]]
        controls = [b.rect for b in scene.buttons] + [scene.slider.rect, scene.where_rect]
        assert best.collidelist(hand) == -1 and best.collidelist(controls) == -1
        folder = os.environ.get("THREE_THIRTEEN_SHOTS")
        tag = f"{size[0]}x{size[1]}"
        if folder:
            pygame.image.save(app.screen, str(Path(folder) / f"replay-{tag}.png"))
        press(app, pygame.K_h)
        app.draw()
        if folder:
            pygame.image.save(app.screen, str(Path(folder) / f"replay-all-hands-{tag}.png"))
        assert face_up_elsewhere(scene) == {True}
    finally:
        app.close()


@pytest.mark.slow
def test_a_frame_drawn_in_part_is_the_frame_drawn_whole(app: App, replay: ReplayScene) -> None:
    """Stepping redraws only what changed (the verdict's plate, the slider and the line over
    the table included), and the window then holds what a whole frame shows."""
    wait_until(app, lambda: replay.decisions is not None)
    for code, times in ((pygame.K_PAGEDOWN, 2), (pygame.K_RIGHT, 9), (pygame.K_h, 1)):
        for _ in range(times):
            key(code)
            app.step(FRAME)
            app.step(FRAME)
            in_part = pygame.image.tobytes(app.screen, "RGB")
            app.draw()
            assert pygame.image.tobytes(app.screen, "RGB") == in_part


def eight_seat_replay() -> tuple[App, ReplayScene, Match]:
    """A window at 1280×800 replaying a short match of eight easy seats (seed 21)."""
    rules = RuleSet(schedule="short", players=8)
    match = played_out(Match.new(rules, seed=21), ["easy"] * 8, seed=21)
    kept = KeptMatch.of(match, default_names(8), dict.fromkeys(range(1, 8), "easy"))
    app = make_app(mute=True, size=(1280, 800))
    scene = ReplayScene(app, kept)
    app.push(scene)
    return app, scene, match


@pytest.mark.slow
def test_at_eight_seats_every_hand_shown_reads_large_under_the_pointer() -> None:
    """With every hand shown, each opponent's cards (small at eight seats, where not every
    plate has room for its "Holds …" line) show at your hand's size under the pointer."""
    app, scene, match = eight_seat_replay()
    try:
        scene.go_to(len(match.actions) // 2)
        scene.toggle_hands()
        app.step(FRAME)
        for seat in range(1, 8):
            card = scene.shown.hands[seat][0]
            rect = rect_of(scene.stage.sprites[card])
            post(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))
            app.step(FRAME)
            shown = scene.picture().magnified
            assert shown in scene.shown.hands[seat], (seat, shown)
            with cards_drawn(app) as drawn:
                app.draw()
            large = [r for c, r in drawn if c == shown and r.height == scene.layout.hand_height]
            assert large and app.screen.get_rect().contains(large[-1]), seat
    finally:
        app.close()


@pytest.mark.slow
def test_at_eight_seats_the_dealer_line_keeps_its_place_through_a_round() -> None:
    """A line a seat takes during the round ("Took 8♠") comes after "Dealer": nothing moves
    it, and no line of a plate overlaps another."""
    app, scene, _match = eight_seat_replay()
    try:
        places: dict[tuple[int, int], set[tuple[int, ...]]] = {}
        problems = []
        for position in range(0, scene.steps.round_starts[3]):
            scene.go_to(position)
            app.step(FRAME)
            seen = look(app, f"replay-8-{position}")
            key_ = (scene.shown.round_index, scene.shown.dealer)
            rects = {tuple(text.rect) for text in seen.texts if text.message == "Dealer"}
            places.setdefault(key_, set()).update(rects)
            problems += overlaps(seen)
        assert all(len(rects) == 1 for rects in places.values()), places
        assert not problems, problems[:3]
    finally:
        app.close()


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (2560, 1440)])
def test_at_eight_seats_every_hand_is_named_or_shown_face_up_readable(
    size: tuple[int, int],
) -> None:
    """With every hand shown, each opponent's plate says "Holds …", or, where it is too short
    for that line (the side seats' at eight), its cards lie face up beside its lines, at
    least 40 px tall."""
    rules = RuleSet(schedule="short", players=8)
    match = played_out(Match.new(rules, seed=21), ["easy"] * 8, seed=21)
    kept = KeptMatch.of(match, default_names(8), dict.fromkeys(range(1, 8), "easy"))
    app = make_app(mute=True, size=size)
    try:
        scene = ReplayScene(app, kept)
        app.push(scene)
        scene.go_to(len(match.actions) // 2)
        with cards_drawn(app) as drawn:
            scene.toggle_hands()
            app.step(FRAME)
            seen = look(app, f"replay-8-holds-{size[0]}")
        words = " ".join(text.message for text in seen.texts)
        missing = []
        for seat in range(1, 8):
            hand = scene.shown.hands[seat]
            named = all(card_short(card) in words for card in hand) and "Holds" in words
            plate = scene.layout.plate_box(seat)
            large = {c for c, r in drawn if c in hand and r.height >= 40 and plate.contains(r)}
            if not (named and f"Holds {card_short(hand[0])}" in words) and large != set(hand):
                missing.append(seat)
        assert not missing, missing
        assert not overlaps(seen)
    finally:
        app.close()
