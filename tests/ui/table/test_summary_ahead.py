"""The round summary's cards are rendered ahead, a few a frame while the hands turn face up,
and its words in a frame of their own, so that the frame it opens on renders none (at
2560×1440 the cards took 56–70 ms at once)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.actions import Discard
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.settings import Settings
from game.ui.kit import art
from game.ui.kit.art import CardArt
from game.ui.table.round_summary import RoundSummaryScene
from game.ui.table.table import TableScene
from tests.ui.driver import wait_until
from tests.ui.rigged import crowded_last_round, open_rigged


class Renders:
    """Counts the card pictures rendered from the vector art, by height."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.heights: list[int] = []
        load = art.load_card

        def counted(parts: tuple[str, ...], size: tuple[int, int]) -> pygame.Surface | None:
            self.heights.append(size[1])
            return load(parts, size)

        monkeypatch.setattr(art, "load_card", counted)


def test_pictures_asked_for_ahead_render_a_few_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    renders = Renders(monkeypatch)
    card_art = CardArt()
    card_art.render_ahead(["QH", "2C", "QH", "back"], 84)
    assert card_art.pending and not renders.heights
    card_art.work_ahead(0.0)
    assert renders.heights == [84] and card_art.pending, "one at least, then the time is up"
    card_art.work_ahead(1.0)
    assert renders.heights == [84] * 3 and not card_art.pending
    card_art.image("2C", 84)
    assert len(renders.heights) == 3, "drawn from what was rendered ahead"


@pytest.mark.parametrize("speed", [pytest.param("normal", marks=pytest.mark.slow), "instant"])
def test_the_summary_opens_without_rendering_a_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, speed: str
) -> None:
    """You go out in the last round; the AI seats play their last turns. At the instant speed
    too, where no hand takes time to turn, the summary waits for its cards."""
    Memory(Profile(tmp_path)).save_settings(Settings(speed=speed))
    match = crowded_last_round()
    app = open_rigged(tmp_path, match, (2560, 1440))
    try:
        table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
        renders = Renders(monkeypatch)
        table.play(Discard(match.going_out_discards()[0]))
        before_opening = 0
        words_before: set[object] = set()

        def opened() -> bool:
            nonlocal before_opening, words_before
            if isinstance(app.stack.top, RoundSummaryScene):
                return True
            before_opening = len(renders.heights)
            words_before = set(app.text._rendered)
            return False

        wait_until(app, opened)
        summary = app.stack.top
        assert isinstance(summary, RoundSummaryScene)
        names, height = summary.pictures()
        assert len(renders.heights) == before_opening, "its opening frame rendered a card"
        rendered = [key[0] for key in set(app.text._rendered) - words_before]
        assert rendered == [], "its opening frame rendered words (its score sheet, its buttons)"
        assert renders.heights.count(height) >= len(set(names)) > 40, "rendered ahead"
    finally:
        app.close()
