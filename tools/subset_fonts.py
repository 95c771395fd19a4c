"""Cut DejaVu Sans and Sans Bold down to the characters the game can show, in ``assets/fonts/``.

The full fonts stay in ``tools/fonts/`` (shipped by no build); the game ships these subsets.
A subset keeps:

- every character of the game's words: its sources' string literals and the four languages'
  catalogues (the suits, the arrows and the signs among them);
- the alphabets a player may type a seat's name in: Latin with its extensions, Greek and
  Cyrillic, with the punctuation and currency signs;

and each kept glyph as it was (outline, hinting, kerning), so that text is drawn to the same
pixels as with the full font. ``tests/tools/test_fonts.py`` checks that a subset still holds
every character of the words (a new translation may bring one: run this again).

Usage: ``python tools/subset_fonts.py [--out DIR]``.
"""

from __future__ import annotations

import argparse
import ast
import re
from collections.abc import Iterable
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "tools" / "fonts"
OUT = ROOT / "assets" / "fonts"
FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
NAME_ALPHABETS = (
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x024F),  # Latin-1 Supplement, Latin Extended-A and -B
    (0x0370, 0x03FF),  # Greek and Coptic
    (0x0400, 0x052F),  # Cyrillic and its supplement
    (0x1E00, 0x1EFF),  # Latin Extended Additional
    (0x2000, 0x206F),  # General Punctuation
    (0x20A0, 0x20CF),  # Currency Symbols
)
"""The Unicode blocks kept whole, for the names players type."""
_MSGSTR = re.compile(r'^msg(?:id|id_plural|str(?:\[\d+\])?) "(.*)"$|^"(.*)"$')


def words_characters(root: Path = ROOT) -> set[str]:
    """Every character of the game's words: its string literals and its catalogues."""
    found: set[str] = set()
    for module in sorted((root / "game").rglob("*.py")):
        found.update(_literal_characters(module.read_text(encoding="utf-8")))
    for catalogue in sorted((root / "assets" / "locale").rglob("*.po")):
        for line in catalogue.read_text(encoding="utf-8").splitlines():
            match = _MSGSTR.match(line)
            if match:
                found.update(ast.literal_eval(f'"{match.group(1) or match.group(2) or ""}"'))
    return {character for character in found if character.isprintable()}


def _literal_characters(source: str) -> Iterable[str]:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield from node.value


def kept_characters(root: Path = ROOT) -> set[int]:
    """The code points a subset keeps."""
    kept = {ord(character) for character in words_characters(root)}
    for first, last in NAME_ALPHABETS:
        kept.update(range(first, last + 1))
    return kept


def subset_font(source: Path, target: Path, unicodes: Iterable[int]) -> None:
    """Write ``source`` cut down to ``unicodes`` as ``target``: every layout feature, the
    hinting and the names kept."""
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = True
    options.drop_tables = [*options.drop_tables, "FFTM"]  # FontForge's timestamps
    font = TTFont(source, recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(unicodes))
    subsetter.subset(font)
    target.parent.mkdir(parents=True, exist_ok=True)
    font.save(target)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    unicodes = kept_characters()
    for name in FONTS:
        subset_font(SOURCE / name, args.out / name, unicodes)
        print(f"{args.out / name}: {(args.out / name).stat().st_size} bytes")


if __name__ == "__main__":
    main()
