"""Sound effects; with no audio device the game is simply silent, and so is an effect whose
file is missing or damaged (a missing piece)."""

from __future__ import annotations

import contextlib
import logging

import pygame

from game.resources import PieceKind
from game.ui.kit.pieces import load_piece

NAMES = (
    "draw",
    "discard",
    "deal",
    "shuffle",
    "go_out",
    "round_end",
    "win",
    "illegal",
    "click",
)
log = logging.getLogger(__name__)


class Sounds:
    """Plays the shipped effects by name; every failure means silence, never an exception."""

    def __init__(self, enabled: bool = True) -> None:
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.volume = 1.0
        """From 0 (silent) to 1, applied to every effect."""
        self.muted = False
        self.enabled = enabled and self._open_device()
        if self.enabled:
            for name in NAMES:
                sound = load_piece(PieceKind.SOUND, ("sounds", f"{name}.wav"), pygame.mixer.Sound)
                if sound is not None:
                    self._sounds[name] = sound

    @staticmethod
    def _open_device() -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error as error:
            log.warning("no audio device, playing silently: %s", error)
            return False
        return True

    def set_volume(self, volume: float, muted: bool) -> None:
        """Play at ``volume`` (0 to 1) from now on, or not at all while ``muted``."""
        self.volume, self.muted = max(0.0, min(1.0, volume)), muted

    def play(self, name: str) -> None:
        """Play effect ``name`` if sound is on and the effect exists."""
        sound = self._sounds.get(name) if self.enabled and not self.muted else None
        if sound is not None and self.volume > 0:
            with contextlib.suppress(pygame.error):
                sound.set_volume(self.volume)
                sound.play()
