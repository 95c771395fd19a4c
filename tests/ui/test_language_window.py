"""The window's language: the system's by default, chosen with ``--lang`` or in the settings
(kept there), switched live, with the court cards' letters following it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.settings import Settings
from game.ui.app import App
from game.ui.command_line import parse_options
from game.ui.screens.settings_screen import SettingsScene
from game.ui.screens.title import TitleScene
from tests.ui.driver import FRAME, key, make_app
from tests.ui.screens.test_settings_screen import focus_row, open_settings


def locale(language: str, country: str | None) -> dict[str, str | None]:
    """One of SDL's preferred locales."""
    return {"language": language, "country": country}


@pytest.fixture
def french_system(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A computer set to French: SDL says so, and so does the environment."""
    monkeypatch.setattr(
        pygame.system, "get_pref_locales", lambda: [{"language": "fr", "country": "BE"}]
    )
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.setenv(name, "fr_BE.UTF-8")
    yield


def words_drawn(app: App) -> list[str]:
    app.text.drawn = []
    app.draw()
    drawn = [text.shown for text in app.text.drawn]
    app.text.drawn = None
    return drawn


def test_the_command_line_chooses_a_language_and_refuses_others(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert parse_options(["--lang", "nl"]).language == "nl"
    assert parse_options([]).language is None
    with pytest.raises(SystemExit):
        parse_options(["--lang", "de"])
    assert "invalid choice: 'de'" in capsys.readouterr().err


def test_lang_speaks_at_once_and_is_kept_with_the_settings(tmp_path: Path) -> None:
    app = make_app(profile=str(tmp_path), language="it", mute=True)
    try:
        assert i18n.language() == "it" and app.art.indices == "it"
        assert "Nuova partita" in words_drawn(app)
    finally:
        app.close()
    assert Memory(Profile(tmp_path)).settings.language == "it"
    again = make_app(profile=str(tmp_path), mute=True)
    try:
        assert i18n.language() == "it", "the choice is kept: the next start speaks it too"
    finally:
        again.close()


@pytest.mark.usefixtures("french_system")
def test_the_system_language_is_followed_when_none_is_chosen() -> None:
    app = make_app(mute=True)
    try:
        assert app.memory.settings.language is None
        assert i18n.language() == "fr"
        assert "Nouvelle partie" in words_drawn(app)
    finally:
        app.close()


def test_sdl_is_asked_before_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        pygame.system, "get_pref_locales", lambda: [{"language": "nl", "country": None}]
    )
    app = make_app(mute=True)
    try:
        assert app.system_language() == "nl" and i18n.language() == "nl"
    finally:
        app.close()


def test_the_settings_switch_the_language_live_and_back(app: App) -> None:
    screen = open_settings(app)
    focus_row(app, screen, "Language")
    before = [row.label for row in screen.form.rows]
    for _value in ("en", "fr"):  # from "as the system" (English here): English, then French
        key(pygame.K_RIGHT)
        app.step(FRAME)
    assert app.memory.settings.language == "fr" and i18n.language() == "fr"
    top = app.stack.top
    assert isinstance(top, SettingsScene)
    assert top.form.rows[top.form.focus].label == "Langue", "the row in focus stays in focus"
    drawn = words_drawn(app)
    assert "Réglages" in drawn and "Settings" not in drawn
    assert [row.label for row in top.form.rows] != before
    assert app.art.indices == "fr"
    key(pygame.K_ESCAPE)
    app.step(FRAME)
    assert isinstance(app.stack.top, TitleScene)
    assert "Nouvelle partie" in words_drawn(app), "the screen beneath speaks French too"
    screen = open_settings_in(app)
    focus_row(app, screen, "Langue")
    key(pygame.K_LEFT)
    app.step(FRAME)
    assert app.memory.settings.language == "en" and i18n.language() == "en"
    assert "Settings" in words_drawn(app)


def open_settings_in(app: App) -> SettingsScene:
    """The settings from the title, whatever its language."""
    title = app.stack.top
    assert isinstance(title, TitleScene)
    next(button for button in title.buttons if button.label == "Settings").on_click()
    app.step(FRAME)
    screen = app.stack.top
    assert isinstance(screen, SettingsScene)
    return screen


def test_court_cards_keep_english_letters_when_asked(tmp_path: Path) -> None:
    Memory(Profile(tmp_path)).save_settings(Settings(language="nl", local_indices=False))
    app = make_app(profile=str(tmp_path), mute=True)
    try:
        assert i18n.language() == "nl" and app.art.indices == "en"
    finally:
        app.close()


def test_settings_keep_the_language_and_refuse_an_unknown_one() -> None:
    chosen = Settings(language="fr", local_indices=False)
    assert Settings.from_json(chosen.to_json()) == chosen
    assert Settings.from_json({"format": 1}).language is None
    with pytest.raises(ValueError, match="language"):
        Settings.from_json({"format": 1, "language": "de"})
    with pytest.raises(ValueError, match="local_indices"):
        Settings.from_json({"format": 1, "local_indices": "yes"})
