"""The shipped fonts: subsets of DejaVu that hold every character the game's words use."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from tests.tools.loading import load_tool

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "assets" / "fonts"
SUBSET = load_tool("subset_fonts")


def characters_in(font: Path) -> set[int]:
    return set(TTFont(font).getBestCmap())


@pytest.mark.parametrize("name", SUBSET.FONTS)
def test_a_shipped_font_holds_every_character_of_the_words(name: str) -> None:
    """A string or a translation with a character the subset lacks would show a box: run
    ``python tools/subset_fonts.py`` again."""
    held = characters_in(FONTS / name)
    missing = sorted(c for c in SUBSET.words_characters() if ord(c) not in held)
    assert not missing, f"{name} lacks {''.join(missing)!r}"


@pytest.mark.parametrize("name", SUBSET.FONTS)
def test_a_shipped_font_holds_the_alphabets_of_players_names(name: str) -> None:
    held = characters_in(FONTS / name)
    full = characters_in(ROOT / "tools" / "fonts" / name)
    for first, last in SUBSET.NAME_ALPHABETS:
        wanted = set(range(first, last + 1)) & full
        assert wanted <= held, f"{name} lacks {sorted(wanted - held)[:5]}"
    for name_typed in ("Zoë", "Łukasz", "Ωμέγα", "Дмитрий", "Nguyễn"):
        assert {ord(c) for c in name_typed} <= held


def test_the_shipped_fonts_are_far_smaller_than_the_full_ones() -> None:
    for name in SUBSET.FONTS:
        shipped = (FONTS / name).stat().st_size
        assert shipped < (ROOT / "tools" / "fonts" / name).stat().st_size / 3, name


def test_the_words_characters_come_from_sources_and_catalogues(tmp_path: Path) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "a.py").write_text('X = "♠ ok"\n# "Ж" in a comment\n', encoding="utf-8")
    po = tmp_path / "assets" / "locale" / "fr" / "LC_MESSAGES" / "t.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid "Hand"\nmsgstr ""\n"Main €"\n', encoding="utf-8")
    assert SUBSET.words_characters(tmp_path) == set("♠ okHandMain€")


@pytest.mark.slow
def test_subset_fonts_reproduces_the_committed_fonts(tmp_path: Path) -> None:
    SUBSET.main(["--out", str(tmp_path)])
    for name in SUBSET.FONTS:
        assert (tmp_path / name).read_bytes() == (FONTS / name).read_bytes(), name
