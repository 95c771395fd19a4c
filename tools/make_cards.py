"""Generate the card faces and backs as SVG files in ``assets/cards/``.

Every glyph (ranks, suit pips, JOKER) is a ``<path>`` traced from DejaVu Sans Bold with
fontTools, because SDL_image's nanosvg (``pygame.image.load_sized_svg``) draws no ``<text>``.
The output is deterministic: the same bytes on every run.

Layout (``game.ui.kit.art`` reads the same): the classic two-colour faces and the joker, which
every style shares, in ``cards/``; each other deck style's 52 suited faces in
``cards/<style>/``; the backs in ``cards/backs/<name>.svg``; the court cards indexed in
another language (:data:`INDEX_LETTERS`) in ``cards/indices/<language>/<style>/``, where
``<style>`` is ``classic`` too.

Usage: ``python tools/make_cards.py [--out DIR] [--sheet PNG]``; ``--sheet`` also renders
every file with pygame at 60×84 and 180×252 into one contact-sheet PNG for a visual check.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import NamedTuple

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.words.card_words import COURT_INDICES  # noqa: E402

FONT = ROOT / "tools" / "fonts" / "DejaVuSans-Bold.ttf"  # the full font, not the subset
OUT = ROOT / "assets" / "cards"

W, H = 250, 350  # drawing units (the viewBox)
SIZE = 320, 448  # nominal pixel size; see svg()
TURNS = (False, True)  # upright, then turned 180° about the card's centre
Transform = tuple[float, float, float, float, float, float]
RED = "#c8102e"
BLACK = "#1b1b1f"
BLUE = "#1d4ed8"  # a royal blue and a jade green: each at least 5:1 against the ivory, and
GREEN = "#147a66"  # the green leans blue so red-green colour-blind players can tell it from red
TINT = {BLACK: "#eef1f6", RED: "#fbeef0", BLUE: "#edf1fb", GREEN: "#ebf5f2"}
"""The court cards' panel colour for each suit ink."""
IVORY = "#fffdf6"
EDGE = "#8f8f8f"
GOLD = "#b08a35"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
COURTS = ("J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
CAP = 1493  # DejaVu Sans Bold cap height in font units (ink height of A, K, E…)
PIP = 1492  # ink height of every suit glyph

# Corner index: rank cap height, its top, the suit pip below, the column's centre.
INDEX_X, RANK_TOP, RANK_H, SUIT_TOP, SUIT_H = 31.0, 15.0, 50.0, 73.0, 38.0
# Number-card pip grid (upper half; the lower half is the same turned 180°).
COL_L, COL_C, COL_R = 83.0, 125.0, 167.0
ROW_1, ROW_2, MID = 66.0, 137.0, 175.0
PIP_H = 43.0


class Deck(NamedTuple):
    """A face style: its folder under the output (``""`` for the top) and each suit's ink."""

    folder: str
    inks: dict[str, str]


DECKS = {
    "classic": Deck("", {"S": BLACK, "H": RED, "D": RED, "C": BLACK}),
    "four_colour": Deck("four_colour/", {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}),
}
BACKS_FOLDER = "backs/"
INDICES_FOLDER = "indices/"
ENGLISH = "en"
INDEX_LETTERS = {
    language: {rank.label: letter for rank, letter in letters.items() if rank.label != letter}
    for language, letters in COURT_INDICES.items()
    if language != "en"
}
"""Each other language's index letter for the court ranks, from :data:`COURT_INDICES` (the
game names cards with the same letters); English shows the rank itself and every language
keeps A for the ace and the numbers."""
JOKER_FILE = "JK.svg"
PANEL = 14.0  # the backs' coloured field, inset from the card's edge


def num(value: float) -> str:
    """Format a coordinate with one decimal, without trailing zeros or a negative zero."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@cache
def font() -> TTFont:
    """The bundled DejaVu Sans Bold."""
    return TTFont(FONT)


def glyph_name(char: str) -> str:
    """The font's glyph name for one character."""
    name: str = font().getBestCmap()[ord(char)]
    return name


@cache
def ink_bounds(char: str) -> tuple[float, float, float, float]:
    """The glyph's ink box ``(xmin, ymin, xmax, ymax)`` in font units."""
    glyphs = font().getGlyphSet()
    pen = BoundsPen(glyphs)
    glyphs[glyph_name(char)].draw(pen)
    bounds: tuple[float, float, float, float] | None = pen.bounds
    assert bounds is not None
    return bounds


def glyph_path(char: str, transform: Transform) -> str:
    """The glyph's outline as path data under an affine ``transform`` of font units."""
    glyphs = font().getGlyphSet()
    pen = SVGPathPen(glyphs, ntos=num)
    glyphs[glyph_name(char)].draw(TransformPen(pen, transform))
    commands: str = pen.getCommands()
    return commands


def place(
    text: str,
    cx: float,
    top: float,
    height: float,
    *,
    turn: bool = False,
    squeeze: float = 1.0,
    gap: float = 90,
    descent: float = 0.0,
) -> str:
    """Path data for ``text`` centred on ``cx`` with its ink top at ``top``.

    ``height`` is the cap height; ink below the baseline (the tails of J and Q) is squashed
    vertically to reach at most ``descent`` under it. ``gap`` separates the glyphs' ink boxes
    (font units); ``squeeze`` narrows the glyphs; ``turn``
    rotates the result 180° about the card's centre.
    """
    boxes = [ink_bounds(ch) for ch in text]
    y_min = min(0.0, *(b[1] for b in boxes))
    y_max = max(b[3] for b in boxes)
    sy = min(height / CAP, (height + descent) / (y_max - y_min))
    sx = height / CAP * squeeze
    width = sum(b[2] - b[0] for b in boxes) + gap * (len(text) - 1)
    span = (y_max - y_min) * sy
    cy = top + span / 2
    mid_v = (y_max + y_min) / 2
    parts = []
    pen_x = -width / 2  # in font units, relative to cx
    for ch, (x0, _y0, x1, _y1) in zip(text, boxes, strict=True):
        # Font (u, v) lands at (cx + (pen_x + u - x0) * sx, cy + (mid_v - v) * sy).
        ex, ey = cx + (pen_x - x0) * sx, cy + mid_v * sy
        parts.append(glyph_path(ch, oriented(sx, sy, ex, ey, turn)))
        pen_x += x1 - x0 + gap
    return "".join(parts)


def oriented(sx: float, sy: float, ex: float, ey: float, turn: bool) -> Transform:
    """Font units to card units: scale, y-flip and shift, then maybe turn 180° about the centre."""
    if turn:
        return (-sx, 0, 0, sy, W - ex, H - ey)
    return (sx, 0, 0, -sy, ex, ey)


def pip(suit: str, cx: float, cy: float, height: float, *, turn: bool = False) -> str:
    """Path data for one suit symbol of ink height ``height`` centred on ``(cx, cy)``.

    ``turn`` rotates it 180° about the card's centre.
    """
    x0, y0, x1, y1 = ink_bounds(SUIT_GLYPHS[suit])
    s = height / PIP
    ex, ey = cx - (x0 + x1) / 2 * s, cy + (y0 + y1) / 2 * s
    return glyph_path(SUIT_GLYPHS[suit], oriented(s, s, ex, ey, turn))


def star(cx: float, cy: float, outer: float, inner: float, *, points: int = 5) -> str:
    """Path data for a star polygon pointing up."""
    coords = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / points - math.pi / 2
        coords.append(f"{num(cx + r * math.cos(a))} {num(cy + r * math.sin(a))}")
    return "M" + "L".join(coords) + "Z"


def path(d: str, fill: str, **attrs: str) -> str:
    """One ``<path>`` element."""
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<path d="{d}" fill="{fill}"{extra}/>'


def rect(x: float, y: float, w: float, h: float, r: float, fill: str, **attrs: str) -> str:
    """One rounded ``<rect>`` element."""
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return (
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
        f'rx="{num(r)}" fill="{fill}"{extra}/>'
    )


def svg(body: list[str]) -> str:
    """Wrap elements in the card's ``<svg>`` root.

    The nominal size is 320×448 (5:7 with sides 64 × 5 and 64 × 7): SDL_image fits the image
    with a float scale ``w / 320`` and rounds the result up, and that scale is exact for every
    width that is a multiple of 5, so a 5:7 request such as 180×252 comes back exactly that
    size (with a nominal 250×350 it would come back 180×253).
    """
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE[0]}" height="{SIZE[1]}" '
        f'viewBox="0 0 {W} {H}">'
    )
    return "\n".join([head, *body, "</svg>"]) + "\n"


def blank() -> str:
    """The card's outline: ivory with a thin grey border."""
    return rect(1, 1, W - 2, H - 2, 14, IVORY, stroke=EDGE, stroke_width="2")


def corners(rank: str, suit: str) -> str:
    """Path data for both corner indices: rank above suit, the second turned 180°."""
    squeeze, gap = (0.66, 40) if len(rank) > 1 else (1.0, 0)
    return "".join(
        place(rank, INDEX_X, RANK_TOP, RANK_H, squeeze=squeeze, gap=gap, descent=4, turn=turn)
        + pip(suit, INDEX_X, SUIT_TOP + SUIT_H / 2, SUIT_H, turn=turn)
        for turn in TURNS
    )


Pips = tuple[tuple[float, float], ...]


def pip_layout(rank: str) -> tuple[Pips, Pips]:
    """A number card's pip centres: ``(mirrored, single)``.

    Each mirrored pip is drawn again turned 180° about the card's centre; single pips once.
    """
    top = ((COL_L, ROW_1), (COL_R, ROW_1))
    upper = ((COL_C, (ROW_1 + MID) / 2),)
    layouts: dict[str, tuple[Pips, Pips]] = {
        "2": (((COL_C, ROW_1),), ()),
        "3": (((COL_C, ROW_1),), ((COL_C, MID),)),
        "4": (top, ()),
        "5": (top, ((COL_C, MID),)),
        "6": ((*top, (COL_L, MID)), ()),
        "7": ((*top, (COL_L, MID)), upper),
        "8": ((*top, (COL_L, MID), *upper), ()),
        "9": ((*top, (COL_L, ROW_2), (COL_R, ROW_2)), ((COL_C, MID),)),
        "10": ((*top, (COL_L, ROW_2), (COL_R, ROW_2), (COL_C, (ROW_1 + ROW_2) / 2)), ()),
    }
    return layouts[rank]


def number_card(rank: str, suit: str, ink: str) -> str:
    """An ace or a number card in ``ink``: corner indices and the classic pip layout."""
    if rank == "A":
        pips = pip(suit, W / 2, MID, 124)
    else:
        mirrored, single = pip_layout(rank)
        pips = "".join(pip(suit, x, y, PIP_H, turn=t) for x, y in mirrored for t in TURNS)
        pips += "".join(pip(suit, x, y, PIP_H) for x, y in single)
    return svg([blank(), path(corners(rank, suit) + pips, ink)])


def court_card(letter: str, suit: str, ink: str) -> str:
    """A court card in ``ink`` indexed ``letter`` (J, Q, K or another language's letter).

    A framed centre panel holds the large letter and suit symbol.
    """
    x0, y0 = 66.0, 44.0
    pw, ph = W - 2 * x0, H - 2 * y0
    body = [
        blank(),
        rect(x0, y0, pw, ph, 8, TINT[ink], stroke=GOLD, stroke_width="3"),
        rect(x0 + 7, y0 + 7, pw - 14, ph - 14, 4, "none", stroke=ink, stroke_width="1.5"),
    ]
    cx = W / 2
    big_letter = place(letter, cx, 76, 90, descent=8)
    big = pip(suit, cx, 236, 76)
    small = "".join(
        pip(suit, x, y0 + 22, 16, turn=turn) for x in (x0 + 21, W - x0 - 21) for turn in TURNS
    )
    rule = f"M{num(cx - 34)} 186h68v3h-68Z"
    body.append(path(corners(letter, suit) + big_letter + big + small, ink))
    body.append(path(rule, GOLD))
    return svg(body)


def joker() -> str:
    """The joker: a star motif and the word JOKER running down the corners."""
    top, pitch, cap = 14.0, 36.0, 29.0
    word = "".join(
        place(ch, INDEX_X - 2, top + i * pitch, cap, descent=3, turn=turn)
        for i, ch in enumerate("JOKER")
        for turn in TURNS
    )
    cx, cy = W / 2, MID
    angles = [2 * math.pi * k / 12 for k in range(12)]
    ring = [star(cx + 64 * math.sin(a), cy - 64 * math.cos(a), 8, 3.5) for a in angles]
    body = [
        blank(),
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="52" fill="none" stroke="{GOLD}" '
        'stroke-width="3"/>',
        path(star(cx, cy + 3, 45, 18), RED),
        path(star(cx, cy + 3, 19, 7.6), "#f3c343"),
        path(word + "".join(ring[1::2]), BLACK),
        path("".join(ring[0::2]), RED),
    ]
    return svg(body)


def circle(cx: float, cy: float, r: float) -> str:
    """Path data for a circle (two arcs)."""
    d, across = num(r), num(2 * r)
    return f"M{num(cx - r)} {num(cy)}a{d} {d} 0 1 0 {across} 0a{d} {d} 0 1 0-{across} 0Z"


def centred_grid(nx: int, ny: int, step: float) -> Iterator[tuple[float, float]]:
    """Centres of an ``nx`` × ``ny`` grid of pitch ``step`` centred on the card, row by row."""
    ox = W / 2 - (nx - 1) * step / 2
    oy = H / 2 - (ny - 1) * step / 2
    for j in range(ny):
        for i in range(nx):
            yield ox + i * step, oy + j * step


def back_card(panel: str, frame: str, art: list[str]) -> str:
    """A back: ``art`` on a ``panel``-coloured field inside a white border, under a thin frame."""
    x0, y0, w, h = PANEL, PANEL, W - 2 * PANEL, H - 2 * PANEL
    return svg(
        [
            blank(),
            rect(x0, y0, w, h, 9, panel),
            *art,
            rect(x0 + 5, y0 + 5, w - 10, h - 10, 6, "none", stroke=frame, stroke_width="2"),
        ]
    )


def blue_back() -> str:
    """The blue back: a diamond lattice, dotted between the diamonds."""
    step = 18.0
    # Diamonds on a grid centred in the panel, kept wholly inside the inner frame.
    nx = int((W - 2 * PANEL - 16) // step)
    ny = int((H - 2 * PANEL - 16) // step)
    r = step / 2 - 2.2
    d = num(r)
    cells = "".join(
        f"M{num(cx)} {num(cy - r)}l{d} {d}l-{d} {d}l-{d}-{d}Z"
        for cx, cy in centred_grid(nx, ny, step)
    )
    dots = "".join(circle(cx, cy, 1.6) for cx, cy in centred_grid(nx - 1, ny - 1, step))
    return back_card("#173a73", "#e9eef7", [path(cells, "#3f69ad"), path(dots, "#9db8e3")])


def red_back() -> str:
    """The red back: interlocking rings round an oval medallion holding a gold star."""
    step = 20.0
    r = step / math.sqrt(2)  # neighbouring rings cross at the cells' corners: four-petal flowers
    room = 2 * (PANEL + 8) + 2 * r  # the rings stay clear of the inner frame
    nx, ny = int((W - room) // step) + 1, int((H - room) // step) + 1
    rings = "".join(circle(cx, cy, r) for cx, cy in centred_grid(nx, ny, step))
    cx, cy = W / 2, H / 2
    medallion = (
        f'<ellipse cx="{num(cx)}" cy="{num(cy)}" rx="48" ry="66" fill="#6e0f1f" '
        f'stroke="{GOLD}" stroke-width="3"/>'
    )
    art = [
        path(rings, "none", stroke="#cf5466", stroke_width="1.5"),
        medallion,
        path(star(cx, cy, 36, 14, points=8), GOLD),
        path(circle(cx, cy, 6), "#f3c343"),
    ]
    return back_card("#9e1b32", "#f6e3e6", art)


BACKS: dict[str, Callable[[], str]] = {"blue": blue_back, "red": red_back}
"""Every back design, the default first."""


def face_file(style: str, rank: str, suit: str, language: str = ENGLISH) -> str:
    """The file of one suited face in deck style ``style``, under the output folder.

    A court card indexed in another language than English has its own file.
    """
    if language != ENGLISH and rank in INDEX_LETTERS[language]:
        return f"{INDICES_FOLDER}{language}/{style}/{rank}{suit}.svg"
    return f"{DECKS[style].folder}{rank}{suit}.svg"


def back_file(name: str) -> str:
    """The file of the back ``name``, under the output folder."""
    return f"{BACKS_FOLDER}{name}.svg"


def cards() -> Iterator[tuple[str, str]]:
    """``(file under the output folder, svg text)`` for every card file."""
    for style, deck in DECKS.items():
        for suit in SUITS:
            for rank in RANKS:
                maker = court_card if rank in COURTS else number_card
                yield face_file(style, rank, suit), maker(rank, suit, deck.inks[suit])
    yield JOKER_FILE, joker()
    for name, make_back in BACKS.items():
        yield back_file(name), make_back()
    for language, letters in INDEX_LETTERS.items():
        for style, deck in DECKS.items():
            for suit in SUITS:
                for rank in COURTS:
                    text = court_card(letters[rank], suit, deck.inks[suit])
                    yield face_file(style, rank, suit, language), text


def write_all(out: Path) -> list[Path]:
    """Write every card SVG under ``out``; return the paths."""
    written = []
    for name, text in cards():
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode("utf-8"))
        written.append(target)
    return written


def sheet_rows() -> list[list[str]]:
    """The contact sheet's rows: each suit of each deck style, the court cards of each other
    language in each deck style, then the joker and the backs."""
    faces = [[face_file(style, rank, suit) for rank in RANKS] for style in DECKS for suit in SUITS]
    courts = [
        [face_file(style, rank, suit, language) for suit in SUITS for rank in COURTS]
        for language in INDEX_LETTERS
        for style in DECKS
    ]
    return [*faces, *courts, [JOKER_FILE, *map(back_file, BACKS)]]


Placed = list[tuple[str, tuple[int, int], tuple[int, int]]]


def sheet_layout(rows: list[list[str]], gap: int = 8) -> tuple[Placed, tuple[int, int]]:
    """Where each file goes, ``(file, size, top left)``, and the sheet's size.

    A band of 60×84 cards, with as many rows side by side as fit, above a band of 180×252
    cards, one row a line.
    """
    longest = max(map(len, rows))
    sizes = ((60, 84), (180, 252))
    width = longest * (sizes[-1][0] + gap) + gap
    placed: Placed = []
    top = 0
    for w, h in sizes:
        row_width = longest * (w + gap)
        per_line = (width - gap) // row_width
        for i, row in enumerate(rows):
            line, slot = divmod(i, per_line)
            y = top + gap + line * (h + gap)
            x = gap + slot * row_width
            placed += [(name, (w, h), (x + j * (w + gap), y)) for j, name in enumerate(row)]
        top += math.ceil(len(rows) / per_line) * (h + gap) + gap
    return placed, (width, top)


def contact_sheet(folder: Path, target: Path) -> None:
    """Render every card file under ``folder`` at 60×84 and 180×252 into one PNG."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    placed, size = sheet_layout(sheet_rows())
    sheet = pygame.Surface(size)
    sheet.fill((28, 92, 56))
    for name, card_size, corner in placed:
        sheet.blit(pygame.image.load_sized_svg(str(folder / name), card_size), corner)
    pygame.image.save(sheet, str(target))


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="output folder")
    parser.add_argument("--sheet", type=Path, help="also render a contact-sheet PNG here")
    args = parser.parse_args(argv)
    write_all(args.out)
    if args.sheet:
        contact_sheet(args.out, args.sheet)


if __name__ == "__main__":
    main()
