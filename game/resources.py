"""Where the game's shipped files are, from source, an installed package or a bundle.

Nothing is looked up relative to the working directory (a macOS app starts in
``/``): the root is found from this file, or from PyInstaller's unpack folder.

A shipped file the game cannot use (missing, damaged, a folder in its place) is not fatal:
whoever loads it stands something plain in for it and reports it here, once per file, so
that the window can tell the player and the smoke test can fail naming it.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
import sys
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

log = logging.getLogger(__name__)


class PieceKind(Enum):
    """What a shipped file is for; each kind has its own stand-in."""

    CARD = "card"
    """A card picture: a plain face or back is drawn instead."""
    FONT = "font"
    """The text font: pygame's own is used instead."""
    ICON = "icon"
    """The window's icon: the window has none."""
    SOUND = "sound"
    """A sound effect: it stays silent."""
    CATALOGUE = "catalogue"
    """A language's compiled catalogue: the game speaks English."""


@dataclass(frozen=True, slots=True)
class MissingPiece:
    """A shipped file the game could not use."""

    kind: PieceKind
    """What it is for."""
    path: str
    """Where it is under the asset root, e.g. ``cards/AS.svg``."""
    reason: str
    """Why it could not be used (the error, in English)."""


_missing: dict[str, MissingPiece] = {}
"""The pieces found missing in this run, by path, in the order found."""


def asset_root() -> Path:
    """The folder holding ``cards/``, ``sounds/`` and ``fonts/``.

    In a PyInstaller bundle: its unpack folder's ``assets``. From a checkout
    (or an editable install): the repository's ``assets``. From an installed
    wheel: the data package ``game/assets``.
    """
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / "assets"
    here = Path(__file__).resolve().parent
    checkout = here.parent / "assets"
    return checkout if checkout.is_dir() else here / "assets"


def asset_path(*parts: str) -> Path:
    """The path of one shipped file; raises ``FileNotFoundError`` naming it if missing."""
    path = asset_root().joinpath(*parts)
    if not path.is_file():
        raise FileNotFoundError(f"missing game file {'/'.join(parts)} (looked in {asset_root()})")
    return path


def report_missing(kind: PieceKind, parts: tuple[str, ...], error: BaseException) -> None:
    """Record (and log) that the shipped file at ``parts`` could not be used; once per file."""
    path = "/".join(parts)
    if path not in _missing:
        _missing[path] = MissingPiece(kind, path, str(error) or type(error).__name__)
        log.warning("game file %s cannot be used: %s", path, error)


def missing_pieces() -> tuple[MissingPiece, ...]:
    """Every shipped file found missing or damaged so far in this run, in the order found."""
    return tuple(_missing.values())


def unimportable_modules(package: str = "game") -> list[str]:
    """Each module of ``package`` that cannot be imported, with why: the smoke test's proof
    that the executable left out nothing its modules need (the ``__main__`` modules, which
    run as they are imported, are left alone)."""
    root = importlib.import_module(package)
    failed: list[str] = []
    for found in pkgutil.walk_packages(root.__path__, f"{package}.", failed.append):
        if found.name.rsplit(".", 1)[-1] != "__main__":
            try:
                importlib.import_module(found.name)
            except Exception as error:  # reported, whatever it is
                failed.append(f"{found.name} ({type(error).__name__}: {error})")
    return failed
