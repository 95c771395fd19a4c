"""GO OUT: a badge on every card of your hand whose discard goes out (the engine's word),
and the discard pile glows green while such a card is dragged."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.actions import Draw, DrawSource
from game.engine.cards import Card
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.ui.kit.widgets import GOLD
from game.ui.seen.stage import rect_of
from game.ui.seen.table_painter import GO_OUT_GLOW
from tests.engine.match_tools import rig
from tests.ui.driver import FRAME, post, step_until
from tests.ui.rigged import at_rest, crowded_last_round, open_rigged, screenshot

GOING = {Card.parse("7H"), Card.parse("10H")}
"""You hold 7♥ 8♥ 9♥ and drew the 10♥: throwing the 7♥ or the 10♥ goes out."""


def drawn_run() -> Match:
    hands = ["7H 8H 9H", "2C 7D KD", "5C 8C JH", "QS AD 10C"]
    match = rig(RuleSet(), hands, discard="KS", stock_top="10H")
    match.apply(Draw(DrawSource.STOCK))
    return match


def test_the_badge_is_on_every_card_whose_discard_goes_out_and_only_there(
    tmp_path: Path,
) -> None:
    app = open_rigged(tmp_path, drawn_run())
    try:
        table = at_rest(app)
        assert set(table.match.going_out_discards()) == GOING
        assert table.picture().go_out == GOING
        app.text.drawn = []
        app.draw()
        badges = {tuple(drawn.rect) for drawn in app.text.drawn if drawn.shown == "GO OUT"}
        app.text.drawn = None
        sprites = table.playback.stage.sprites
        cards = {card: rect_of(sprites[card]) for card in table.hand}
        on = {  # a badge sits on its card's left edge, within it
            card
            for card, rect in cards.items()
            for badge in map(pygame.Rect, badges)
            if rect.contains(badge) and 0 <= badge.left - rect.left <= rect.width // 8
        }
        assert len(badges) == 2 and on == GOING, (badges, cards)
        screenshot(app, "/tmp/coach/go_out_1280.png")
        screenshot(app, "/tmp/coach/go_out_640.png", (640, 400))
    finally:
        app.close()


def test_the_pile_glows_green_while_a_going_out_card_is_dragged(tmp_path: Path) -> None:
    app = open_rigged(tmp_path, drawn_run())
    try:
        table = at_rest(app)
        pile = table.layout.pile_rect(False)
        for card, colour in ((Card.parse("10H"), GO_OUT_GLOW), (Card.parse("8H"), GOLD)):
            start = tuple(round(v) for v in table.playback.stage.sprites[card].pose.center)
            post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
            for step in range(1, 7):
                x = start[0] + (pile.centerx - start[0]) * step // 6
                y = start[1] + (pile.centery - start[1]) * step // 6
                post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
            app.step(FRAME)
            assert table.pointer.drag.dragged is not None
            glows = dict((tuple(rect), glow) for rect, glow in table.picture().glows)
            piles = [glow for rect, glow in glows.items() if pygame.Rect(rect).contains(pile)]
            assert piles == [colour], glows
            if colour == GO_OUT_GLOW:
                screenshot(app, "/tmp/coach/go_out_drag_1280.png")
            post(pygame.MOUSEBUTTONUP, pos=start, button=1)  # back into the hand: no discard
            step_until(app, lambda: table.your_turn and table.pointer.drag.press is None)
            assert len(table.match.hands[0]) == 4
    finally:
        app.close()


def test_in_a_crowded_hand_each_badge_stays_on_the_strip_its_card_shows(tmp_path: Path) -> None:
    match = crowded_last_round()
    going = set(match.going_out_discards())
    assert len(going) == 9
    app = open_rigged(tmp_path, match, size=(640, 400))
    try:
        table = at_rest(app)
        app.text.drawn = []
        app.draw()
        marks = {tuple(d.rect) for d in app.text.drawn if d.shown in ("GO OUT", "✓")}
        app.text.drawn = None
        rects = [rect_of(table.playback.stage.sprites[card]) for card in table.hand]
        strips = {  # what each card shows: up to the next card's left edge
            card: rect.clip(rect.left, rect.top, nxt.left - rect.left, rect.height)
            for card, rect, nxt in zip(
                table.hand, rects, [*rects[1:], rects[-1].move(rects[-1].width, 0)], strict=True
            )
        }
        on = {card for card, strip in strips.items() for m in marks if strip.contains(m)}
        assert len(marks) == len(going) and on == going
        screenshot(app, "/tmp/coach/go_out_13_640.png")
    finally:
        app.close()
