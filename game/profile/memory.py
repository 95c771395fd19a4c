"""What the game remembers between sessions: settings, the match in progress, statistics, and
the history of ended matches.

A thin layer over the :class:`~game.profile.folder.Profile`: it knows which file holds
what and how each is read. Nothing here raises for a bad file or a folder that
cannot be written; the profile reports those in its notices.

An ended match is never lost (:mod:`game.profile.waiting`): :meth:`Memory.keep` makes it
durable in a file of its own at once, the history's writing thread adds it, and
:meth:`Memory.collect` (every frame) counts it in the statistics and lets the file go.
Every start finishes what a kill left (:meth:`Memory.file_what_waits`).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from game.ai.registry import policy_factory
from game.files import UnreadableFile, read_text_file
from game.profile import player_stats as stats
from game.profile import saved_match, settings, waiting
from game.profile.folder import Profile
from game.profile.history import History
from game.profile.history_writer import Filed, HistoryWriter
from game.profile.kept_match import KeptMatch, ReviewFigures
from game.profile.player_stats import MatchResult, Stats
from game.profile.saved_match import SavedMatch
from game.profile.settings import Settings
from game.profile.waiting import Waiting

SETTINGS_FILE = "settings.json"
STATS_FILE = "stats.json"


class Memory:
    """The profile's settings, saved match, statistics and history."""

    def __init__(self, profile: Profile, writer: HistoryWriter | None = None) -> None:
        self.profile = profile
        profile.sweep()
        loaded = profile.read(SETTINGS_FILE, settings.FORMAT, Settings.from_json, settings.UPGRADES)
        self.settings = loaded if loaded is not None else Settings()
        self.history = History(profile, check=False)
        """The history as the window reads it (its writes go through :attr:`writer`, which
        checks the whole file at each start)."""
        self.writer = writer if writer is not None else HistoryWriter(profile)
        """Where the history's writes go: a thread of their own."""
        self._then: dict[str, Callable[[int], None]] = {}
        counted = profile.read(STATS_FILE, stats.FORMAT, Stats.from_json, stats.UPGRADES)
        self.stats = counted if counted is not None else self._recounted()
        self.writer.open_checked()
        self.file_what_waits()

    def _recounted(self) -> Stats:
        """The statistics counted afresh from the history (``stats.json`` is missing or was set
        aside), and written if the history had any of the player's matches."""
        recounted = self.history.stats()
        if recounted.overall.played:
            self.profile.write(STATS_FILE, recounted.to_json())
        return recounted

    # --- ended matches ----------------------------------------------------------------

    def keep(self, kept: KeptMatch, then: Callable[[int], None] | None = None) -> None:
        """An ended match goes into the history (and, if it was the player's, into the
        statistics), off the frame loop; ``then`` gets its number in the history once it is
        there. It is durable before this returns, and ``match.json`` is gone (it held the
        match before its end): written over with the waiting document, which is then renamed
        to its own file, so a kill at any moment leaves the match in one or the other."""
        ended = waiting.new_token(kept.summary.ended)
        held = Waiting(ended, kept)
        if self.profile.write(saved_match.FILE, held.to_json()):
            self.profile.rename(saved_match.FILE, held.file_name)
        self._file(held, then)

    def _file(self, held: Waiting, then: Callable[[int], None] | None = None) -> None:
        if then is not None:
            self._then[held.token] = then
        self.writer.add(held.kept, held.token)

    def file_what_waits(self) -> None:
        """Hand the history every ended match still waiting (a kill, or a history that could
        not take it, left it): one in ``match.json`` moves to its own file first. A waiting
        file that cannot be read is set aside and reported."""
        self._move_waiting_save()
        for name in self.profile.names(waiting.is_file_name):
            found = self.profile.read(name, waiting.FORMAT, waiting.from_json, waiting.UPGRADES)
            if found is not None and found.file_name == name:
                self._file(found)

    def _move_waiting_save(self) -> None:
        """A kill between :meth:`keep`'s write and its rename left the waiting document in
        ``match.json``: it moves to its own file, where it is read and checked."""
        try:
            data = json.loads(read_text_file(self.profile.path(saved_match.FILE)))
        except (OSError, UnreadableFile, ValueError, RecursionError):
            return  # the saved match's own reader reports what is wrong with it
        token = data.get("token") if waiting.is_waiting(data) else None
        if isinstance(token, str) and waiting.TOKEN.fullmatch(token):
            self.profile.rename(saved_match.FILE, waiting.file_name(token))

    def collect(self) -> None:
        """Every frame: each match the history took since is counted in the statistics (if it
        was the player's and not counted yet) and its waiting file goes."""
        for filed in self.writer.done():
            self._filed(filed)

    def settle(self, timeout: float | None = None) -> bool:
        """Wait until the history has every match and figure handed to it (at most ``timeout``
        seconds), then :meth:`collect`; True if nothing is left to write."""
        idle = self.writer.settle(timeout)
        self.collect()
        return idle

    def close(self, timeout: float = 2.0) -> None:
        """The game closes: what the history can take within ``timeout`` is counted; what
        it cannot waits in its file for the next start."""
        self.writer.close(timeout)
        self.collect()
        self.history.close()
        self.profile.flush()

    def _filed(self, filed: Filed) -> None:
        if not filed.number:
            return  # the history could not take it (reported): it waits for the next start
        summary = filed.kept.summary
        counting = not summary.autoplay and filed.token not in self.stats.counted
        if counting and not self.record(summary.result(), filed.token):
            return  # not counted: the file stays, and the next start counts it
        self.profile.remove(waiting.file_name(filed.token))
        then = self._then.pop(filed.token, None)
        if then is not None:
            then(filed.number)

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
            self.keep(KeptMatch.of(saved.match, saved.names, saved.policies))
        else:
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
