"""Undo of your last move, while no AI seat has acted since (a setting, off by default).

Your move is a discard or, at the open table, a lay-down or a lay-off (each its own
action: undo takes back the last one). The table keeps the match as it stood before it;
taking the move back opens that saved match again, exactly as a resume would. Statistics
count a match once, when it ends, so an undone move leaves no trace in them.
"""

from __future__ import annotations

from game.engine.match import Match
from game.profile.saved_match import SavedMatch


class UndoKeeper:
    """The match before your last move, for as long as it can be taken back."""

    def __init__(self) -> None:
        self._before: SavedMatch | None = None

    def keep(self, before: SavedMatch) -> None:
        """Remember ``before`` (taken just before your move; its match is a copy)."""
        self._before = before

    def available(self, match: Match) -> SavedMatch | None:
        """The match to go back to, if your move is still the last action of ``match`` and
        it did not end the round."""
        before = self._before
        if before is None or match.is_over:
            return None
        same_round = match.round_index == before.match.round_index
        if not same_round or len(match.actions) != len(before.match.actions) + 1:
            return None
        return before
