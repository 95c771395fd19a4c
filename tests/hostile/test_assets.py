"""Install pieces missing or damaged: a card picture, the font, the icon, a sound or a
language's catalogue that cannot be read gives way to a plain stand-in and one notice, the
match plays on, and the smoke test fails naming the piece."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game import i18n, resources
from game.profile.settings import CARD_BACKS, DECK_STYLES
from game.ui.app import App, main
from game.ui.kit.art import BACK, PLAIN_BACKS, PLAIN_INKS, CardArt, card_file
from game.ui.screens.title import TitleScene
from tests.ui.driver import FRAME, key, make_app, wait_until
from tests.ui.screens.test_settings_screen import focus_row, open_settings
from tests.ui.test_profile_window import notices_shown

GARBAGE = b"\x89not what it says\x00\xff" * 8
CATALOGUE = ("locale", "fr", "LC_MESSAGES", f"{i18n.DOMAIN}.mo")


@pytest.fixture
def assets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped assets that the game reads instead (the real ones stay whole),
    with no piece found missing yet."""
    copy = tmp_path / "assets"
    shutil.copytree(resources.asset_root(), copy)
    monkeypatch.setattr(resources, "asset_root", lambda: copy)
    monkeypatch.setattr(resources, "_missing", {})
    return copy


@pytest.fixture
def window(assets: Path, tmp_path: Path) -> Iterator[App]:
    """A silent window reading the copy of the assets."""
    app = make_app(mute=True, profile=str(tmp_path / "profile"))
    yield app
    app.close()


def damage(path: Path, how: str) -> None:
    """Break the file at ``path``: ``missing``, ``garbage``, ``truncated`` or ``directory``."""
    match how:
        case "missing":
            path.unlink()
        case "garbage":
            path.write_bytes(GARBAGE)
        case "truncated":
            path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
        case "directory":
            path.unlink()
            path.mkdir()
        case _:
            raise ValueError(f"no damage {how!r}")


def ink(picture: pygame.Surface) -> int:
    """How many opaque pixels of ``picture`` are dark (the rank and suit, the edge)."""
    grey = pygame.transform.grayscale(picture)
    return pygame.mask.from_threshold(grey, (0, 0, 0, 255), (110, 110, 110, 255)).count()


@pytest.mark.parametrize("how", ["missing", "garbage"])
def test_a_card_that_cannot_be_read_is_drawn_plain(assets: Path, how: str) -> None:
    damage(assets.joinpath(*card_file("AS")), how)
    art = CardArt()
    face = art.image("AS", 84)
    assert face.get_size() == (60, 84)
    assert ink(face) > 60, "the rank and suit are drawn"
    assert face.get_at((30, 42)).a == 255 and face.get_at((0, 0)).a < 255, "a rounded card"
    assert [piece.path for piece in resources.missing_pieces()] == ["cards/AS.svg"]


def test_every_deck_style_and_back_has_its_plain_colours() -> None:
    assert set(PLAIN_INKS) == set(DECK_STYLES) and set(PLAIN_BACKS) == set(CARD_BACKS)


@pytest.mark.slow
@pytest.mark.parametrize("how", ["missing", "garbage"])
def test_card_art_that_cannot_be_read_is_drawn_plain_and_the_round_plays_on(
    assets: Path, tmp_path: Path, how: str
) -> None:
    for face in (assets / "cards").glob("*.svg"):
        damage(face, how)
    damage(assets.joinpath(*card_file(BACK)), how)
    app = make_app(
        profile=str(tmp_path / "profile"),
        autoplay=True,
        rounds=1,
        max_speed=True,
        seed=5,
        mute=True,
        ai_process=False,
    )
    try:
        seen: list[str] = []

        def finished() -> bool:
            if app.toast is not None and app.toast not in seen:
                seen.append(app.toast)
            return app.done

        wait_until(app, finished, seconds=120)  # the AI thinks on a thread: let it run
    finally:
        app.close()
    assert len(seen) == 1, seen
    assert "cards/" in seen[0] and "plain cards are drawn instead" in seen[0]


@pytest.mark.parametrize("how", ["missing", "garbage"])
def test_a_font_that_cannot_be_read_gives_way_to_pygames(
    assets: Path, tmp_path: Path, how: str
) -> None:
    damage(assets / "fonts" / "DejaVuSans.ttf", how)
    app = make_app(mute=True, profile=str(tmp_path / "profile"))
    try:
        assert isinstance(app.stack.top, TitleScene)
        seen = notices_shown(app)
        assert app.text.font(20).size("New game")[0] > 0
    finally:
        app.close()
    assert len(seen) == 1 and "fonts/DejaVuSans.ttf" in seen[0], seen


@pytest.mark.parametrize("how", ["missing", "garbage"])
def test_an_icon_that_cannot_be_read_leaves_the_window_without_one(
    assets: Path, tmp_path: Path, how: str
) -> None:
    damage(assets / "icon.png", how)
    app = make_app(mute=True, profile=str(tmp_path / "profile"))
    try:
        seen = notices_shown(app)
    finally:
        app.close()
    assert len(seen) == 1 and "icon.png" in seen[0], seen


@pytest.mark.parametrize("how", ["missing", "garbage", "directory"])
def test_a_sound_that_cannot_be_read_stays_silent(assets: Path, tmp_path: Path, how: str) -> None:
    damage(assets / "sounds" / "draw.wav", how)
    app = make_app(profile=str(tmp_path / "profile"))
    try:
        app.sounds.play("draw")
        app.sounds.play("click")
        seen = notices_shown(app)
    finally:
        app.close()
    assert len(seen) == 1 and "sounds/draw.wav" in seen[0], seen


@pytest.mark.parametrize("how", ["garbage", "truncated", "directory", "missing"])
def test_a_catalogue_that_cannot_be_read_leaves_the_window_in_english_with_a_notice(
    assets: Path, window: App, how: str
) -> None:
    damage(assets.joinpath(*CATALOGUE), how)
    screen = open_settings(window)
    focus_row(window, screen, "Language")
    for _value in ("en", "fr"):  # from "as the system" (English here): English, then French
        key(pygame.K_RIGHT)
        window.step(FRAME)
    assert window.memory.settings.language == "fr"
    seen = notices_shown(window)
    assert len(seen) == 1 and "/".join(CATALOGUE) in seen[0], seen
    assert "the game speaks English" in seen[0]
    assert i18n._("Settings") == "Settings"
    key(pygame.K_ESCAPE)
    window.step(FRAME)
    assert isinstance(window.stack.top, TitleScene)
    window.text.drawn = []
    window.draw()
    assert "New game" in [text.shown for text in window.text.drawn]


def test_each_kind_of_piece_is_told_once(assets: Path, window: App) -> None:
    for name in ("AS", "KD"):
        damage(assets.joinpath(*card_file(name)), "missing")
    window.art.image("AS", 84)
    seen = notices_shown(window, 3)
    window.art.image("KD", 84)
    window.art.image("AS", 91)
    seen += notices_shown(window, 3)
    assert len(set(seen)) == 1 and "cards/AS.svg" in seen[0]
    assert window.memory.profile.notices == [], "no second notice about cards waits"
    assert [piece.path for piece in resources.missing_pieces()] == ["cards/AS.svg", "cards/KD.svg"]


@pytest.mark.parametrize(
    ("parts", "how"),
    [
        pytest.param(("cards", "four_colour", "7C.svg"), "missing", id="card-not-dealt"),
        pytest.param(("sounds", "win.wav"), "garbage", id="sound", marks=pytest.mark.slow),
        pytest.param(("icon.png",), "missing", id="icon", marks=pytest.mark.slow),
        pytest.param(("fonts", "DejaVuSans-Bold.ttf"), "garbage", id="font"),
    ],
)
def test_the_smoke_test_fails_naming_a_missing_piece(
    assets: Path, capsys: pytest.CaptureFixture[str], parts: tuple[str, ...], how: str
) -> None:
    damage(assets.joinpath(*parts), how)
    assert main(["--smoke-test"]) == 1
    out = capsys.readouterr().out
    assert "smoke test: FAILED" in out and "/".join(parts) in out, out


@pytest.mark.slow
def test_the_smoke_test_passes_with_every_piece_whole(
    assets: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--smoke-test"]) == 0
    assert "smoke test: one round played" in capsys.readouterr().out
