"""The rules screen shows each idea with real card art, for the rule set in force: a set, a
run, a wild standing in, a hand that goes out, a scored hand with its sum; a contract met and
a card laid off when contracts and the open table are on."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.rules import RuleSet
from game.ui.app import App
from game.ui.screens.rules_screen import RulesScene
from tests.ui.driver import FRAME, key, make_app


def rules_window(folder: Path, rules: RuleSet, size: tuple[int, int]) -> tuple[App, RulesScene]:
    app = make_app(profile=str(folder), mute=True, size=size)
    scene = RulesScene(app, rules)
    app.push(scene)
    app.step(FRAME)
    return app, scene


def drawn_cards(app: App, scene: RulesScene, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Every card picture the page draws, read to its end a line at a time."""
    drawn: set[str] = set()
    image = app.art.image

    def noted(name: str, height: int, *args: int) -> pygame.Surface:
        drawn.add(name)
        return image(name, height, *args)

    monkeypatch.setattr(app.art, "image", noted)
    for _line in range(len(scene.laid_out)):
        app.draw()
        key(pygame.K_DOWN)
        app.step(FRAME)
    return drawn


@pytest.mark.parametrize("size", [(1280, 800), (640, 400)], ids=["1280x800", "640x400"])
def test_the_base_games_ideas_are_pictured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    app, scene = rules_window(tmp_path, RuleSet(), size)
    try:
        pictured = [line for line in scene.laid_out if line.cards]
        shown = [" ".join(str(card) for card in line.cards) for line in pictured]
        assert shown == ["7S 7H 7D", "4H 5H 6H 7H", "9C 5D JC", "8D 8C 8H KS", "QH 8D"]
        marks = [line.marks for line in pictured]
        assert marks[2] == ("", "=10♣", "") and marks[3][-1] == "discard"
        assert marks[4] == ("10", "8")
        every = {str(card) for line in pictured for card in line.cards}
        assert every <= drawn_cards(app, scene, monkeypatch), "each picture is drawn"
    finally:
        app.close()


def test_contracts_and_the_open_table_are_pictured_when_on(tmp_path: Path) -> None:
    app, scene = rules_window(tmp_path, RuleSet(contracts=True, table="open"), (1280, 800))
    try:
        shown = [
            " ".join(str(card) for card in line.cards) for line in scene.laid_out if line.cards
        ]
        assert "4C 4D 4S JH JC JS" in shown, "a contract met"
        assert "7H 8H 9H 10H" in shown, "a card laid off onto a meld on the table"
    finally:
        app.close()
