"""What the game remembers between sessions: settings and the match in progress.

A thin layer over the :class:`~game.profile.Profile`: it knows which file holds
what and how each is read. Nothing here raises for a bad file or a folder that
cannot be written; the profile reports those in its notices.
"""

from __future__ import annotations

from game import saved_match, settings
from game.profile import Profile
from game.saved_match import SavedMatch
from game.settings import Settings

SETTINGS_FILE = "settings.json"


class Memory:
    """The profile's settings and saved match."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        loaded = profile.read(SETTINGS_FILE, settings.FORMAT, Settings.from_json)
        self.settings = loaded if loaded is not None else Settings()

    def save_settings(self, chosen: Settings) -> None:
        """Keep ``chosen`` as the settings, now and in the profile."""
        self.settings = chosen
        self.profile.write(SETTINGS_FILE, chosen.to_json())

    def saved_match(self) -> SavedMatch | None:
        """The match in progress, if one is saved and can be read."""
        return self.profile.read(saved_match.FILE, saved_match.FORMAT, SavedMatch.from_json)

    def save_match(self, saved: SavedMatch) -> None:
        self.profile.write(saved_match.FILE, saved.to_json())

    def forget_match(self) -> None:
        """The match ended (or was abandoned): no ``match.json`` is left behind."""
        self.profile.remove(saved_match.FILE)
