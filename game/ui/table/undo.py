"""Undo of your last move, while no AI seat has acted since (a setting, off by default).

Your move is a discard or, at the open table, a lay-down or a lay-off (each its own
action: undo takes back the last one). The table keeps the match as it stood before it;
taking the move back opens that saved match again, exactly as a resume would. Statistics
count a match once, when it ends, so an undone move leaves no trace in them.
"""

from __future__ import annotations

from game.engine.actions import Action, Discard, LayDown, LayOffCard
from game.engine.match import Match
from game.i18n import _
from game.profile.saved_match import SavedMatch
from game.words.card_words import card_short

UNDO_GRACE_SECONDS = 1.5
"""While undo is on, how long the next seat waits after your discard before it plays, so
that U can still reach the move (Space or F: at once)."""


class UndoKeeper:
    """The match before your last move, for as long as it can be taken back."""

    def __init__(self) -> None:
        self._before: SavedMatch | None = None
        self.grace = 0.0
        """Seconds the next seat still waits before it plays (your discard may be undone)."""

    def keep(self, before: SavedMatch) -> None:
        """Remember ``before`` (taken just before your move; its match is a copy)."""
        self._before = before

    def wait_after(self, match: Match) -> None:
        """Your discard was played: while it can be taken back, the next seat waits
        :data:`UNDO_GRACE_SECONDS`."""
        if self.available(match) is not None:
            self.grace = UNDO_GRACE_SECONDS

    def tick(self, dt: float) -> None:
        """``dt`` seconds went by."""
        self.grace = max(0.0, self.grace - dt)

    def end_grace(self) -> None:
        """Space or F: the next seat plays at once."""
        self.grace = 0.0

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


def taken_back_line(action: Action) -> str:
    """What the table says once ``action``, your last move (a discard, a lay-down or a
    lay-off), is taken back."""
    match action:
        case Discard(card):
            return _("Undone: your discard of the {card}").format(card=card_short(card))
        case LayDown(melds):
            cards = " ".join(card_short(card) for meld in melds for card in meld.cards)
            return _("Undone: your lay-down of {cards}").format(cards=cards)
        case LayOffCard(card):
            return _("Undone: your lay-off of the {card}").format(card=card_short(card))
    raise ValueError(f"not a move undo takes back: {action!r}")
