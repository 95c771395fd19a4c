"""What the game remembers between sessions: settings, the match in progress, statistics, and
the history of ended matches.

A thin layer over the :class:`~game.profile.folder.Profile`: it knows which file holds
what and how each is read. Nothing here raises for a bad file or a folder that
cannot be written; the profile reports those in its notices.
"""

from __future__ import annotations

from game.ai.registry import policy_factory
from game.profile import player_stats as stats
from game.profile import saved_match, settings
from game.profile.folder import Profile
from game.profile.history import History
from game.profile.kept_match import KeptMatch
from game.profile.player_stats import MatchResult, Stats
from game.profile.saved_match import SavedMatch
from game.profile.settings import Settings

SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"


class Memory:
    """The profile's settings, saved match, statistics and history."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        profile.sweep()
        loaded = profile.read(SETTINGS_FILE, settings.FORMAT, Settings.from_json, settings.UPGRADES)
        self.settings = loaded if loaded is not None else Settings()
        self.history = History(profile)
        counted = profile.read(STATS_FILE, stats.FORMAT, Stats.from_json, stats.UPGRADES)
        self.stats = counted if counted is not None else self._recounted()

    def _recounted(self) -> Stats:
        """The statistics counted afresh from the history (``stats.json`` is missing or was set
        aside), and written if the history had any of the player's matches."""
        recounted = self.history.stats()
        if recounted.overall.played:
            self.profile.write(STATS_FILE, recounted.to_json())
        return recounted

    def keep(self, kept: KeptMatch) -> int:
        """An ended match goes into the history (and, if it was the player's, into the
        statistics); its number in the history (0 if it could not be kept)."""
        number = self.history.add(kept)
        if not kept.summary.autoplay:
            self.record(kept.summary.result())
        return number

    def record(self, result: MatchResult) -> None:
        """Count a match the player finished or gave up."""
        self.stats = self.stats.record(result)
        self.profile.write(STATS_FILE, self.stats.to_json())

    def reset_stats(self) -> None:
        """Start counting from nothing (the history keeps its matches)."""
        self.stats = Stats()
        self.history.start_counting()
        self.profile.write(STATS_FILE, self.stats.to_json())

    def abandon_match(self, saved: SavedMatch) -> None:
        """The player starts afresh: ``saved`` (the match in the profile) counts as abandoned
        if it was theirs, then goes."""
        if 0 not in saved.policies:
            self.keep(KeptMatch.of(saved.match, saved.names, saved.policies))
        self.forget_match()

    def save_settings(self, chosen: Settings) -> None:
        """Keep ``chosen`` as the settings, now and in the profile."""
        self.settings = chosen
        self.profile.write(SETTINGS_FILE, chosen.to_json())

    def saved_match(self) -> SavedMatch | None:
        """The match in progress, if one is saved and can be read."""
        return self.profile.read(
            saved_match.FILE, saved_match.FORMAT, SavedMatch.from_json, saved_match.UPGRADES
        )

    def playable(self, saved: SavedMatch) -> bool:
        """True if every policy of ``saved`` can be imported; otherwise the saved match is
        set aside and reported (the module is the player's or a bot author's, and may
        raise anything, or exit, as it is imported)."""
        for spec in sorted(set(saved.policies.values())):
            try:
                policy_factory(spec)
            except ValueError as error:
                self.profile.set_aside(saved_match.FILE, "foreign", str(error))
                return False
        return True

    def save_match(self, saved: SavedMatch) -> None:
        """Keep ``saved`` as the match to resume (written off the frame loop)."""
        self.profile.write_soon(saved_match.FILE, saved.to_json())

    def forget_match(self) -> None:
        """The match ended (or was abandoned): no ``match.json`` is left behind."""
        self.profile.remove(saved_match.FILE)
