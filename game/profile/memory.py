"""What the game remembers between sessions: settings, the match in progress, statistics, and
the history of ended matches.

A thin layer over the :class:`~game.profile.folder.Profile`: it knows which file holds
what and how each is read. Nothing here raises for a bad file or a folder that
cannot be written; the profile reports those in its notices.

An ended match is never lost (:mod:`game.profile.waiting`): :meth:`Memory.keep` makes it
durable in a file of its own at once, the history's writing thread adds it, and
:meth:`Memory.collect` (every frame) counts it in the statistics and lets the file go.
Every start finishes what a kill left as the history opens (:meth:`Memory.open_history`,
which the window calls after its first frame).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.files import UnreadableFile, read_text_file
from game.profile import player_stats as stats
from game.profile import settings, waiting_files
from game.profile.folder import HISTORY_FILE, SAVED_MATCH_FILE, Profile
from game.profile.player_stats import MatchResult, Stats
from game.profile.settings import Settings

if TYPE_CHECKING:
    from game.profile.filing import Filing
    from game.profile.history import History
    from game.profile.history_writer import Filed, HistoryWriter
    from game.profile.kept_match import KeptMatch, ReviewFigures
    from game.profile.saved_match import SavedMatch

SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"


class Memory:
    """The profile's settings, saved match, statistics and history."""

    def __init__(self, profile: Profile, writer: HistoryWriter | None = None) -> None:
        self.profile = profile
        profile.sweep()
        loaded = profile.read(SETTINGS_FILE, settings.FORMAT, Settings.from_json, settings.UPGRADES)
        self.settings = loaded if loaded is not None else Settings()
        self._move_waiting_save()
        self._writer = writer
        self._filing: Filing | None = None
        counted = profile.read(STATS_FILE, stats.FORMAT, Stats.from_json, stats.UPGRADES)
        self.stats = counted if counted is not None else self._recounted()

    def _move_waiting_save(self) -> None:
        """A kill between :meth:`keep`'s write and its rename left the waiting document in
        ``match.json``: it moves to its own file, where it is read and checked."""
        try:
            data = json.loads(read_text_file(self.profile.path(SAVED_MATCH_FILE)))
        except (OSError, UnreadableFile, ValueError, RecursionError):
            return  # the saved match's own reader reports what is wrong with it
        token = data.get("token") if waiting_files.is_waiting(data) else None
        if isinstance(token, str) and waiting_files.TOKEN.fullmatch(token):
            self.profile.rename(SAVED_MATCH_FILE, waiting_files.file_name(token))

    def open_history(self) -> Filing:
        """The history's side, opened once: its writing thread checks the whole file, and
        every ended match still waiting (a kill left it) is handed to it. The window opens
        it after its first frame; whatever needs the history opens it when first used."""
        if self._filing is None:
            from game.profile.filing import Filing  # the history loads after the title shows

            self._filing = Filing(self.profile, self._writer)
        return self._filing

    @property
    def history(self) -> History:
        """The history as the window reads it (its writes go through :attr:`writer`)."""
        return self.open_history().history

    @property
    def writer(self) -> HistoryWriter:
        """Where the history's writes go: a thread of their own."""
        return self.open_history().writer

    # --- ended matches ----------------------------------------------------------------

    def keep(self, kept: KeptMatch, then: Callable[[int], None] | None = None) -> None:
        """An ended match goes into the history (and, if it was the player's, into the
        statistics), off the frame loop; ``then`` gets its number in the history once it is
        there. It is durable before this returns (see :meth:`Filing.keep`)."""
        self.open_history().keep(kept, then)

    def _recounted(self) -> Stats:
        """The statistics counted afresh from the history (``stats.json`` is missing or was set
        aside), and written if the history had any of the player's matches."""
        if not self.profile.has(HISTORY_FILE):
            return Stats()  # no history yet (a new profile): nothing to count, SQLite unloaded
        recounted = self.history.stats()
        if recounted.overall.played:
            self.profile.write(STATS_FILE, recounted.to_json())
        return recounted

    def collect(self) -> None:
        """Every frame: each match the history took since is counted in the statistics (if it
        was the player's and not counted yet) and its waiting file goes."""
        if self._filing is None:
            return  # not open yet: nothing was handed to it
        for filed in self._filing.writer.done():
            self._filed(filed)

    def settle(self, timeout: float | None = None) -> bool:
        """Wait until the history has every match and figure handed to it (at most ``timeout``
        seconds), then :meth:`collect`; True if nothing is left to write."""
        idle = self.writer.settle(timeout)
        self.collect()
        return idle

    def close(self, timeout: float = 2.0) -> None:
        """The game closes: what the history can take within ``timeout`` is counted; what
        it cannot waits in its file for the next start (a history never opened is left
        alone: the next start files what waits)."""
        if self._filing is not None:
            self._filing.writer.close(timeout)
            self.collect()
            self._filing.history.close()
        self.profile.flush()

    def _filed(self, filed: Filed) -> None:
        if not filed.number:
            return  # the history could not take it (reported): it waits for the next start
        summary = filed.kept.summary
        counting = not summary.autoplay and filed.token not in self.stats.counted
        if counting and not self.record(summary.result(), filed.token):
            return  # not counted: the file stays, and the next start counts it
        self.open_history().let_go(filed)

    def record(self, result: MatchResult, token: str | None = None) -> bool:
        """Count a match the player finished or gave up (``token``: the file it waited in);
        False if the statistics could not be written."""
        self.stats = self.stats.record(result, token)
        return self.profile.write(STATS_FILE, self.stats.to_json())

    def keep_review(self, number: int, review: ReviewFigures) -> None:
        """Keep the review's figures of match ``number`` in the history (off the frame loop)."""
        self.writer.set_review(number, review)

    def reset_stats(self) -> None:
        """Start counting from nothing (the history keeps its matches)."""
        self.stats = Stats()
        self.writer.start_counting()
        self.profile.write(STATS_FILE, self.stats.to_json())

    def abandon_match(self, saved: SavedMatch) -> None:
        """The player starts afresh: ``saved`` (the match in the profile) counts as abandoned
        if it was theirs, then goes."""
        if 0 not in saved.policies:
            self.open_history().keep_abandoned(saved)
        else:
            self.forget_match()

    def save_settings(self, chosen: Settings) -> None:
        """Keep ``chosen`` as the settings, now and in the profile."""
        self.settings = chosen
        self.profile.write(SETTINGS_FILE, chosen.to_json())

    def saved_match(self) -> SavedMatch | None:
        """The match in progress, if one is saved and can be read."""
        if not self.profile.has(SAVED_MATCH_FILE):
            return None  # the title of a profile without one shows sooner: no engine loaded
        from game.profile import saved_match  # the engine, to rebuild the match

        return self.profile.read(
            SAVED_MATCH_FILE,
            saved_match.FORMAT,
            saved_match.SavedMatch.from_json,
            saved_match.UPGRADES,
        )

    def playable(self, saved: SavedMatch) -> bool:
        """True if every policy of ``saved`` can be imported; otherwise the saved match is
        set aside and reported (the module is the player's or a bot author's, and may
        raise anything, or exit, as it is imported)."""
        from game.ai.registry import policy_factory  # the AI, to seat the match's players

        for spec in sorted(set(saved.policies.values())):
            try:
                policy_factory(spec)
            except ValueError as error:
                self.profile.set_aside(SAVED_MATCH_FILE, "foreign", str(error))
                return False
        return True

    def save_match(self, saved: SavedMatch) -> None:
        """Keep ``saved`` as the match to resume (written off the frame loop)."""
        self.profile.write_soon(SAVED_MATCH_FILE, saved.to_json())

    def forget_match(self) -> None:
        """The match ended (or was abandoned): no ``match.json`` is left behind."""
        self.profile.remove(SAVED_MATCH_FILE)
