"""Shipped files the window cannot use: loaded with a way out, and told to the player once.

A file that is missing, damaged or a folder is recorded as a missing piece
(:func:`game.resources.report_missing`); its loader stands something plain in for it, and
the window puts up one notice per kind of piece (a hundred missing cards are one notice).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pygame

from game.i18n import N_, _
from game.resources import PieceKind, asset_path, missing_pieces, report_missing

T = TypeVar("T")
UNLOADABLE = (OSError, ValueError, pygame.error)
"""What pygame raises for a file that is missing, a folder, empty or not what it claims."""
NAMED = 3
"""A notice names this many files at most."""
STAND_INS = {
    PieceKind.CARD: N_(
        "Some game files are missing or damaged ({files}); plain cards are drawn instead."
    ),
    PieceKind.FONT: N_(
        "Some game files are missing or damaged ({files}); a plain font is used instead."
    ),
    PieceKind.ICON: N_("Some game files are missing or damaged ({files}); the window has no icon."),
    PieceKind.SOUND: N_(
        "Some game files are missing or damaged ({files}); those sounds stay silent."
    ),
    PieceKind.CATALOGUE: N_(
        "Some game files are missing or damaged ({files}); the game speaks English instead."
    ),
}
"""What the player is told about each kind of missing piece."""


def load_piece(kind: PieceKind, parts: tuple[str, ...], load: Callable[[str], T]) -> T | None:
    """``load`` applied to the shipped file at ``parts``; None if the file is missing or
    ``load`` cannot read it (then it is reported as a missing piece of ``kind``)."""
    try:
        return load(str(asset_path(*parts)))
    except UNLOADABLE as error:
        report_missing(kind, parts, error)
        return None


class PieceNotices:
    """The notices about missing pieces: one per kind of piece, the first time one is found."""

    def __init__(self) -> None:
        self._told: set[PieceKind] = set()

    def new(self) -> list[str]:
        """A notice for each kind of piece found missing since the last call and never told,
        naming its files (in the language in use)."""
        found: dict[PieceKind, list[str]] = {}
        for piece in missing_pieces():
            if piece.kind not in self._told:
                found.setdefault(piece.kind, []).append(piece.path)
        self._told.update(found)
        return [_(STAND_INS[kind]).format(files=listed(paths)) for kind, paths in found.items()]


def listed(paths: list[str]) -> str:
    """The first :data:`NAMED` of ``paths``, and "…" if there are more."""
    shown = ", ".join(paths[:NAMED])
    return shown + ", …" if len(paths) > NAMED else shown
