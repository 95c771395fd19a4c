"""Draw the game's icon from the card art: ``assets/icon.png``, ``.ico`` and ``.icns``.

A felt-green rounded square with a fan of three cards (3♥, a joker, K♠). The
PNG is for the window; the ICO (Windows) and ICNS (macOS) files, which
PyInstaller puts on the executable, hold PNG images of several sizes, written
here with the standard library (both formats accept PNG entries).

Usage: ``python tools/make_icon.py [--out DIR]`` (pygame renders the art).
"""

from __future__ import annotations

import argparse
import os
import struct
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # after the driver is chosen above

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "assets" / "cards"
SIZE = 512
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512}


def draw_icon() -> pygame.Surface:
    """The icon at 512 × 512 with transparent corners."""
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.rect(icon, (20, 86, 56), icon.get_rect(), border_radius=96)
    pygame.draw.rect(icon, (236, 196, 84), icon.get_rect().inflate(-20, -20), 8, 84)
    for name, angle, dx in (("3H", 16, -92), ("JK", 0, 0), ("KS", -16, 92)):
        card = pygame.image.load_sized_svg(str(CARDS / f"{name}.svg"), (220, 308))
        turned = pygame.transform.rotozoom(card, angle, 1.0)
        rect = turned.get_rect(center=(SIZE // 2 + dx, SIZE // 2 + 16 + abs(dx) // 6))
        icon.blit(turned, rect)
    return icon


def png_bytes(surface: pygame.Surface, size: int) -> bytes:
    """``surface`` scaled to ``size`` pixels square, as PNG bytes."""
    scaled = pygame.transform.smoothscale(surface, (size, size))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "icon.png"
        pygame.image.save(scaled, str(path))
        return path.read_bytes()


def ico_file(images: dict[int, bytes]) -> bytes:
    """A Windows icon holding one PNG per size."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in sorted(images.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO entry
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_file(images: dict[bytes, bytes]) -> bytes:
    """A macOS icon holding one PNG per icon type."""
    body = b"".join(kind + struct.pack(">I", len(data) + 8) + data for kind, data in images.items())
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def write_icons(out: Path) -> list[Path]:
    """Write icon.png, icon.ico and icon.icns into ``out``; returns their paths."""
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    icon = draw_icon()
    out.mkdir(parents=True, exist_ok=True)
    written = {
        out / "icon.png": png_bytes(icon, 256),
        out / "icon.ico": ico_file({size: png_bytes(icon, size) for size in ICO_SIZES}),
        out / "icon.icns": icns_file(
            {kind: png_bytes(icon, size) for kind, size in ICNS_TYPES.items()}
        ),
    }
    for path, data in written.items():
        path.write_bytes(data)
    return list(written)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "assets")
    args = parser.parse_args()
    for path in write_icons(args.out):
        print(f"{path} ({path.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
