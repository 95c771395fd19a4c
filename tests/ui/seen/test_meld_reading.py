"""The melds laid down can be read: large while few lie on the table, each seat's as large as
its room allows, and any card drawn smaller than your hand's shown at your hand's size with
its name while the pointer is on it (at the table, at four seats and at eight, and on the
round summary).

Set ``THREE_THIRTEEN_SHOTS`` to a folder to keep a screenshot of each table looked at."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.engine.cards import Card
from game.engine.events import Event, RoundScored
from game.engine.rules import RuleSet
from game.engine.seating import default_names
from game.ui.app import App
from game.ui.kit.art import CardArt
from game.ui.kit.sprites import Pose
from game.ui.kit.text import Text
from game.ui.kit.type_scale import TypeScale
from game.ui.seen.fitting import fitted_layout
from game.ui.seen.layout import TableLayout
from game.ui.seen.magnifier import card_words
from game.ui.seen.meld_layout import READABLE, meld_areas, meld_rects
from game.ui.seen.stage import rect_of
from game.ui.table.round_summary import RoundSummaryScene
from game.words.seat_words import Seating
from game.words.table_words import seat_label
from tests.ui.driver import FRAME, key, post
from tests.ui.rigged import at_rest, open_rigged
from tests.ui.seen.open_tables import open_table_laid_down
from tests.ui.table.test_contract_table import look

READ_AT = 40
"""The least height a card's rank and suit read at (else a hover must show it large)."""


def test_while_few_melds_are_down_their_cards_are_half_your_hands_height() -> None:
    layout = TableLayout(1024, 800, players=4, open_table=True)  # the table beside the log
    places = meld_rects(layout, dict.fromkeys(range(4), (3, 3)))
    heights = {rect.height for melds in places.values() for meld in melds for rect in meld}
    assert heights == {layout.meld_ladder[0]}
    assert layout.meld_ladder[0] >= layout.hand_height * 0.45


def eight_seats_fitted() -> TableLayout:
    """The open table's layout at eight seats in a 1280×800 window, the log shown, in the
    language in use."""
    seating, policies = Seating(names=default_names(8)), dict.fromkeys(range(1, 8), "easy")
    labels = [seat_label(seat, seating, policies) for seat in range(8)]
    rules = RuleSet(players=8, table="open")
    return fitted_layout(Text(), (1280, 800), rules, True, "You · total 0", _two, labels)[0]


def _two(_layout: TableLayout, _scale: TypeScale) -> int:
    """Two lines of keys under your hand."""
    return 2


def test_where_the_top_seats_lines_fill_their_plates_their_melds_lie_beside_them() -> None:
    """In Dutch the top seats' names and counts take two lines each: no room under them."""
    assert eight_seats_fitted().melds_under_top_plates
    i18n.use("nl")
    try:
        layout = eight_seats_fitted()
    finally:
        i18n.use("en")
    assert not layout.melds_under_top_plates
    for seat in (seat for seat in layout.seats if layout.side(seat) == "T"):
        (area,) = meld_areas(layout, seat)
        assert area.height >= layout.meld_heights[1]
        assert not area.colliderect(layout.plate_box(seat))


def test_at_eight_seats_every_seats_two_melds_read_at_a_glance() -> None:
    """The top seats' melds lie under their plates, yours under the piles' labels, the side
    seats' under theirs: at 1280×800 beside the log, each seat's two melds read."""
    layout = eight_seats_fitted()
    assert layout.width == 1024, "the table beside the log"
    places = meld_rects(layout, dict.fromkeys(range(8), (3, 3)))
    for seat, melds in places.items():
        areas = meld_areas(layout, seat)
        rects = [rect for meld in melds for rect in meld]
        assert all(any(area.contains(rect) for area in areas) for rect in rects), seat
        assert min(rect.height for rect in rects) >= READABLE, seat


def test_a_crowded_seat_does_not_shrink_every_seats_melds_below_reading() -> None:
    """With four melds a seat at eight seats, the top seats' room is short: the other seats'
    melds stay larger."""
    layout = eight_seats_fitted()
    places = meld_rects(layout, dict.fromkeys(range(8), (3, 3, 3, 4)))
    top = [seat for seat in layout.seats if layout.side(seat) == "T"]
    top_heights = {rect.height for seat in top for meld in places[seat] for rect in meld}
    assert max(top_heights) < READABLE, "the top seats' room is short (their cards squeeze)"
    assert min(rect.height for meld in places[0] for rect in meld) >= READABLE


@contextmanager
def cards_drawn(app: App) -> Iterator[list[tuple[Card, pygame.Rect]]]:
    """Every card the window's art draws while inside, with where."""
    drawn: list[tuple[Card, pygame.Rect]] = []
    art: CardArt = app.art
    original = art.draw

    def recording(surface: pygame.Surface, card: Card, pose: Pose) -> pygame.Rect:
        rect = original(surface, card, pose)
        drawn.append((card, rect))
        return rect

    art.draw = recording  # type: ignore[method-assign]
    try:
        yield drawn
    finally:
        art.draw = original  # type: ignore[method-assign]


def hover(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    for _frame in range(3):
        app.step(FRAME)


def shown_large(app: App, card: Card, pos: tuple[int, int], height: int, name: str) -> list[str]:
    """What is wrong with the view of ``card`` once the pointer is at ``pos``: it must be drawn
    ``height`` tall, inside the window, with its name."""
    hover(app, pos)
    with cards_drawn(app) as drawn:
        seen = look(app, name)
    large = [rect for drawn_card, rect in drawn if drawn_card == card and rect.height == height]
    problems = []
    if not large:
        problems.append(f"{card} is not shown {height} px tall when hovered")
    elif not app.screen.get_rect().contains(large[-1]):
        problems.append(f"{card}'s view {large[-1]} leaves the window")
    if card_words(card) not in [text.message for text in seen.texts]:
        problems.append(f"{card}'s name is not shown when hovered")
    return problems


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 8])
def test_every_natural_card_laid_down_reads_or_shows_large_on_hover(players: int) -> None:
    app = open_rigged(Path(tempfile.mkdtemp()), open_table_laid_down(players), (1280, 800))
    try:
        table = at_rest(app)
        for _frame in range(40):
            app.step(FRAME)
        layout, stage = table.layout, table.playback.stage
        problems = []
        for placed in table.match.table:
            for card in placed.meld.cards:
                if card.is_wild(table.match.wild_rank):
                    continue
                rect = rect_of(stage.sprites[card])
                if rect.height < READ_AT:
                    problems.append(f"{card} is drawn {rect.height} px tall at {players} seats")
                at = (rect.left + 2, rect.centery)  # its index, left of the next card
                name = f"meld-reading-{players}p-{card}"
                problems += shown_large(app, card, at, layout.hand_height, name)
                view = table.picture().magnified
                assert view == card, (card, view)
        assert not problems, problems
        hover(app, (5, 5))  # off every card: no view
        assert table.picture().magnified is None
    finally:
        app.close()


def test_the_arrow_keys_step_through_the_melds_and_show_each_card_large() -> None:
    """↑ shows the first card laid down large with its name, ↑ again the next, ↓ back; the
    pointer moving takes the view away."""
    app = open_rigged(Path(tempfile.mkdtemp()), open_table_laid_down(8), (1280, 800))
    try:
        table = at_rest(app)
        cards = [card for placed in table.match.table for card in placed.meld.cards]
        height = table.layout.hand_height
        seen = []
        for code in (pygame.K_UP, pygame.K_UP, pygame.K_DOWN, pygame.K_DOWN):
            key(code)
            app.step(FRAME)
            with cards_drawn(app) as drawn:
                words = [text.message for text in look(app, "meld-reading-keys").texts]
            card = table.picture().magnified
            assert card is not None
            assert any(c == card and rect.height == height for c, rect in drawn), card
            assert card_words(card) in words
            seen.append(card)
        assert seen == [cards[0], cards[1], cards[0], cards[-1]]
        hover(app, (5, 5))
        assert table.picture().magnified is None
        keys = [text.message for text in look(app, "meld-reading-keys-line").texts]
        assert any("↑/↓" in line for line in keys), "the help line tells the keys"
    finally:
        app.close()


def test_the_view_keeps_clear_of_the_hovered_cards_meld() -> None:
    app = open_rigged(Path(tempfile.mkdtemp()), open_table_laid_down(4), (1280, 800))
    try:
        table = at_rest(app)
        stage = table.playback.stage
        placed = table.match.table[2]  # Top's first meld, under the top seat
        card = placed.meld.cards[1]
        rect = rect_of(stage.sprites[card])
        with cards_drawn(app) as drawn:
            hover(app, (rect.left + 2, rect.centery))
            look(app, "meld-reading-view")
        view = [r for c, r in drawn if c == card and r.height == table.layout.hand_height][-1]
        assert not view.colliderect(stage.meld_boxes()[2])
        assert table.layout.table_rect.contains(view)
    finally:
        app.close()


@pytest.mark.slow
def test_the_round_summary_shows_a_hovered_card_at_your_hands_size() -> None:
    match = open_table_laid_down(8)
    app = open_rigged(Path(tempfile.mkdtemp()), match, (800, 600))
    try:
        table = at_rest(app)
        finished = table.match.copy()
        events: list[Event] = []
        while not finished.is_over and not any(isinstance(e, RoundScored) for e in events):
            events += finished.apply(finished.legal_actions()[0])
        scored = next(event for event in events if isinstance(event, RoundScored))
        shown = table.shown.ahead(events, None)
        summary = RoundSummaryScene(app, shown, table.setup.seating, scored, False, None)
        app.push(summary)
        summary.count.finish()
        look(app, "summary-before-hover")
        card, rect, _row = summary.placed[1]  # the first hand's second card
        height = TableLayout(800, 600).hand_height
        problems = shown_large(app, card, (rect.left + 2, rect.top + 4), height, "summary-hover")
        assert not problems, problems
        assert summary.magnified() == card
    finally:
        app.close()


def test_a_table_with_no_melds_lays_out_none() -> None:
    assert meld_rects(TableLayout(640, 400, players=4, open_table=True), {}) == {}
