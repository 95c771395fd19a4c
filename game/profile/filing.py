"""The history's side of the memory: the history the window reads, its writing thread, and
the ended matches that wait in files of their own until the history has them.

An ended match is never lost: :meth:`Filing.keep` makes it durable in a file of its own at
once and hands it to the writing thread; :class:`~game.profile.memory.Memory` counts it and
lets the file go once the history has it. Opening the filing (after the window's first
frame) hands the history every match a kill left waiting.
"""

from __future__ import annotations

from collections.abc import Callable

from game.profile import saved_match, waiting, waiting_files
from game.profile.folder import Profile
from game.profile.history import History
from game.profile.history_writer import Filed, HistoryWriter
from game.profile.kept_match import KeptMatch
from game.profile.saved_match import SavedMatch
from game.profile.waiting import Waiting


class Filing:
    """The history of ``profile``, the thread writing to it (``writer``, or one of its own)
    and the ended matches waiting for it, every one of which is handed to it as it opens."""

    def __init__(self, profile: Profile, writer: HistoryWriter | None = None) -> None:
        self.profile = profile
        self.history = History(profile, check=False)
        """The history as the window reads it (its writes go through :attr:`writer`, which
        checks the whole file as it opens)."""
        self.writer = writer if writer is not None else HistoryWriter(profile)
        """Where the history's writes go: a thread of their own."""
        self._then: dict[str, Callable[[int], None]] = {}
        self.writer.open_checked()
        self.file_what_waits()

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

    def keep_abandoned(self, saved: SavedMatch) -> None:
        """Keep ``saved``, a match given up before its end, as it stands."""
        self.keep(KeptMatch.of(saved.match, saved.names, saved.policies))

    def _file(self, held: Waiting, then: Callable[[int], None] | None = None) -> None:
        if then is not None:
            self._then[held.token] = then
        self.writer.add(held.kept, held.token)

    def file_what_waits(self) -> None:
        """Hand the history every ended match still waiting (a kill, or a history that could
        not take it, left it; one in ``match.json`` was moved to its own file as the memory
        opened). A waiting file that cannot be read is set aside and reported."""
        for name in self.profile.names(waiting_files.is_file_name):
            found = self.profile.read(name, waiting.FORMAT, waiting.from_json, waiting.UPGRADES)
            if found is not None and found.file_name == name:
                self._file(found)

    def let_go(self, filed: Filed) -> None:
        """The history has ``filed`` (and the statistics counted it): its waiting file goes,
        and whoever kept it learns its number."""
        self.profile.remove(waiting_files.file_name(filed.token))
        then = self._then.pop(filed.token, None)
        if then is not None:
            then(filed.number)
