"""The committed assets: complete, loadable by pygame, sane, and exactly what tools/ generates."""

from __future__ import annotations

import os
import struct
import tomllib
import wave
from pathlib import Path
from xml.etree import ElementTree

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.cards import new_shoe
from game.i18n import LANGUAGES
from game.profile.settings import CARD_BACKS, DECK_STYLES
from game.ui.kit.art import card_file, every_card_file, is_court
from tests.tools.loading import load_tool

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
CARDS = ASSETS / "cards"
SOUNDS = ASSETS / "sounds"
FACES = [str(card) for card in new_shoe(1, 1)]
CARD_PARTS = every_card_file()
CARD_FILES = sorted("/".join(parts[1:]) for parts in CARD_PARTS)
"""Every card file the game can show, relative to ``assets/cards``."""
SIZES = ((60, 84), (180, 252))
# name: (shortest, longest) duration in seconds
DURATIONS = {
    "draw": (0.1, 0.2),
    "discard": (0.08, 0.16),
    "deal": (0.04, 0.15),
    "shuffle": (0.4, 0.8),
    "go_out": (0.4, 0.8),
    "round_end": (0.3, 0.9),
    "win": (0.9, 1.5),
    "illegal": (0.1, 0.2),
    "click": (0.02, 0.08),
}


def ink_pixels(surface: pygame.Surface, box: tuple[int, int, int, int]) -> int:
    """Opaque pixels in ``box`` that are clearly ink (dark or saturated), not ivory card stock."""
    # Whole-surface grayscale: pygame-ce 2.5.8's grayscale() of a subsurface comes back blank.
    grey = pygame.transform.grayscale(surface)
    ink = pygame.mask.from_threshold(grey, (0, 0, 0, 255), (110, 110, 110, 255))
    x, y, w, h = box
    return ink.overlap_area(pygame.Mask((w, h), fill=True), (x, y))


def committed(folder: Path) -> list[str]:
    """Every file under ``folder``, as sorted relative paths."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_every_face_of_each_style_and_every_back_has_an_svg_and_nothing_else_is_there() -> None:
    assert len(FACES) == 53
    assert "10H" in FACES and "QS" in FACES and "JK" in FACES
    # Each style has its own 52 suited faces; the joker is shared. Each other language than
    # English has its own 12 court cards in each style.
    courts = 12 * len(DECK_STYLES) * (len(LANGUAGES) - 1)
    assert len(CARD_FILES) == 52 * len(DECK_STYLES) + 1 + len(CARD_BACKS) + courts
    assert sum(name.startswith("indices/") for name in CARD_FILES) == courts
    assert all(parts[0] == "cards" for parts in CARD_PARTS)
    assert committed(CARDS) == CARD_FILES


def test_card_svgs_are_small_and_use_only_what_nanosvg_draws() -> None:
    for name in CARD_FILES:
        text = (CARDS / name).read_text(encoding="utf-8")
        root = ElementTree.fromstring(text)
        assert root.get("viewBox") == "0 0 250 350"
        assert len(text.encode()) < 20_000, name
        for banned in ("<text", "class=", "filter", "<use", "<style"):
            assert banned not in text, (name, banned)


@pytest.mark.parametrize("size", SIZES)
def test_cards_render_at_the_requested_size_with_a_visible_index(size: tuple[int, int]) -> None:
    w, h = size
    corner = (0, 0, w // 4, h // 3)
    opposite = (w - w // 4, h - h // 3, w // 4, h // 3)
    for name in CARD_FILES:
        image = pygame.image.load_sized_svg(str(CARDS / name), size)
        assert image.get_size() == size, name
        if name.startswith("backs/"):
            assert ink_pixels(image, (w // 4, h // 4, w // 2, h // 2)) > w * h // 8, name
            continue
        # The corner index is drawn at the top left and again (turned) at the bottom right.
        assert ink_pixels(image, corner) > w * h // 200, name
        assert ink_pixels(image, opposite) > w * h // 200, name
        # The left margin is blank card stock, not ink: the art is not a filled blob.
        assert ink_pixels(image, (1, h // 2 - 2, 2, 4)) == 0, name


def test_any_five_by_seven_request_comes_back_at_exactly_that_size() -> None:
    for width in range(20, 401, 5):
        size = (width, width * 7 // 5)
        assert pygame.image.load_sized_svg(str(CARDS / "QH.svg"), size).get_size() == size


def test_make_cards_has_index_letters_for_every_other_language_and_court_rank() -> None:
    letters = load_tool("make_cards").INDEX_LETTERS
    assert tuple(letters) == LANGUAGES[1:]
    assert letters["fr"] == {"J": "V", "Q": "D", "K": "R"}
    assert letters["nl"] == {"J": "B", "Q": "V", "K": "H"}
    assert letters["it"] == {"J": "F", "Q": "D", "K": "R"}


def test_indexed_court_cards_differ_from_english_only_by_their_letters() -> None:
    letters = load_tool("make_cards").INDEX_LETTERS
    courts = [face for face in FACES if is_court(face)]
    assert len(courts) == 12
    for deck in DECK_STYLES:
        for face in courts:
            english = (CARDS / "/".join(card_file(face, deck)[1:])).read_text(encoding="utf-8")
            shown = {face[:-1]: english}
            for language in LANGUAGES[1:]:
                name = "/".join(card_file(face, deck, indices=language)[1:])
                text = (CARDS / name).read_text(encoding="utf-8")
                # The frame, the panel and the gold rule are the same; only the ink path
                # (the indices, the big letter and the pips) changes.
                changed = [
                    pair
                    for pair in zip(english.splitlines(), text.splitlines(), strict=True)
                    if pair[0] != pair[1]
                ]
                assert len(changed) == 1, name
                # The same letter is the same picture in every language, another one is not.
                letter = letters[language][face[:-1]]
                if letter in shown:
                    assert text == shown[letter], name
                else:
                    assert text not in shown.values(), name
                    shown[letter] = text


@pytest.mark.slow
def test_make_cards_reproduces_the_committed_files(tmp_path: Path) -> None:
    load_tool("make_cards").main(["--out", str(tmp_path)])
    assert committed(tmp_path) == committed(CARDS)
    for name in committed(CARDS):
        assert (tmp_path / name).read_bytes() == (CARDS / name).read_bytes(), name


@pytest.mark.slow
def test_the_contact_sheet_shows_every_card_file(tmp_path: Path) -> None:
    tool = load_tool("make_cards")
    rows = tool.sheet_rows()
    shown = [name for row in rows for name in row]
    assert sorted(shown) == committed(CARDS)
    tool.main(["--out", str(tmp_path / "cards"), "--sheet", str(tmp_path / "sheet.png")])
    _placed, size = tool.sheet_layout(rows)
    assert pygame.image.load(str(tmp_path / "sheet.png")).get_size() == size


def test_the_wheel_lists_every_card_sound_and_font() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["game.assets"]
    listed = {p.relative_to(ASSETS).as_posix() for glob in globs for p in ASSETS.glob(glob)}
    for folder in ("cards", "sounds", "fonts"):
        shipped = {f"{folder}/{name}" for name in committed(ASSETS / folder)}
        assert shipped <= listed, shipped - listed


@pytest.mark.slow
def test_make_sounds_reproduces_the_committed_files(tmp_path: Path) -> None:
    load_tool("make_sounds").main(["--out", str(tmp_path)])
    made = sorted(p.name for p in tmp_path.iterdir())
    assert made == sorted(p.name for p in SOUNDS.iterdir())
    for name in made:
        assert (tmp_path / name).read_bytes() == (SOUNDS / name).read_bytes(), name


@pytest.mark.parametrize("name", sorted(DURATIONS))
def test_sound_is_a_short_quiet_clean_wav(name: str) -> None:
    with wave.open(str(SOUNDS / f"{name}.wav"), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 44_100)
        frames = wav.getnframes()
        samples = struct.unpack(f"<{frames}h", wav.readframes(frames))
    shortest, longest = DURATIONS[name]
    assert shortest <= frames / 44_100 <= longest
    peak = max(abs(s) for s in samples)
    assert 0.3 * 32768 < peak < 0.71 * 32768  # audible, at most about -3 dBFS
    assert abs(samples[0]) < 300 and abs(samples[-1]) < 300  # faded: no click at either end


def test_sounds_total_under_a_megabyte() -> None:
    assert sum(p.stat().st_size for p in SOUNDS.glob("*.wav")) < 1_000_000
    assert sorted(p.stem for p in SOUNDS.glob("*.wav")) == sorted(DURATIONS)


def test_make_icon_reproduces_the_committed_icons(tmp_path: Path) -> None:
    written = load_tool("make_icon").write_icons(tmp_path)
    for path in written:
        assert path.read_bytes() == (ROOT / "assets" / path.name).read_bytes(), path.name


def test_icon_files_hold_every_size() -> None:
    ico = (ROOT / "assets" / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind, count) == (0, 1, 7)
    for index in range(count):
        *_, size, offset = struct.unpack_from("<BBBBHHII", ico, 6 + 16 * index)
        assert ico[offset : offset + 8] == b"\x89PNG\r\n\x1a\n" and size > 0
    icns = (ROOT / "assets" / "icon.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert b"ic09" in icns and b"icp4" in icns
    assert pygame.image.load(str(ROOT / "assets" / "icon.png")).get_size() == (256, 256)
