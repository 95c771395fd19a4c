"""The table's match in the profile: saved after every action, kept in the history once over.

The match is saved as it stands after every action (on the profile's writing thread); an
ended match goes into the history (autoplay marked) and, if it was yours, the statistics,
and once the history has it, your decisions are reviewed. A match that cannot be kept (not
dealt from its seed) is still counted.
"""

from __future__ import annotations

from typing import Protocol

from game.engine.match import Match
from game.files import shown as shown_error
from game.i18n import _
from game.profile.kept_match import KeptMatch
from game.profile.player_stats import level_key, result_from
from game.profile.saved_match import SavedMatch
from game.seats.controller import SeatsController
from game.sim.match_setup import MatchSetup
from game.ui.scene import SceneContext
from game.ui.table.playback import Playback


class KeptTable(Protocol):
    """What the keeper reads of the table."""

    @property
    def match(self) -> Match: ...

    @property
    def playback(self) -> Playback: ...

    @property
    def seats(self) -> SeatsController: ...


class MatchKeeper:
    """Saves the table's match, keeps it in the history once it is over, counts it."""

    def __init__(
        self,
        table: KeptTable,
        context: SceneContext,
        setup: MatchSetup,
    ) -> None:
        self._table = table
        self.context = context
        self._setup = setup
        self.kept_as = 0
        """The match's number in the history once it is over and kept (0 before)."""

    def applied(self) -> None:
        """An action was applied: the match is saved, or kept if over."""
        if self._table.match.is_over:
            self._keep()
        else:
            self.save()

    @property
    def went_out(self) -> int:
        """Rounds of this match you went out in (for the statistics), as the engine keeps
        who went out each round."""
        return self._table.match.goers.count(0)

    def _keep(self) -> None:
        """The match is over: into the history (autoplay marked) and, if it was yours, the
        statistics; once the history has it, your decisions are reviewed."""
        setup, memory = self._setup, self.context.memory
        try:
            kept = KeptMatch.of(self._table.match.copy(), setup.names, setup.policies)
        except ValueError as error:  # a match not dealt from its seed: counted, not kept
            self._count_unkept(error)
            memory.forget_match()
            return
        memory.keep(kept, self._kept)

    def _kept(self, number: int) -> None:
        """The history holds the match as ``number``: your decisions in it are reviewed."""
        self.kept_as = number
        if self._setup.human:
            self.context.reviews.add(number, self._table.match)

    def _count_unkept(self, error: ValueError) -> None:
        """Say why the match cannot go into the history; count it if it was yours."""
        memory, setup, match = self.context.memory, self._setup, self._table.match
        why = _("This match cannot be kept in the history ({error}).")
        memory.profile.notices.append(why.format(error=shown_error(error)))
        if setup.human:
            level = level_key(setup.policies, setup.rules.players)
            scores = match.round_scores
            memory.record(result_from(level, match.totals, match.winners, scores, self.went_out))

    def save(self) -> None:
        """Keep the match as it now stands in the profile (until it is over).

        The match may be ahead of what is shown: your hand is kept in the order it
        will have once the waiting events are shown.
        """
        if not self._table.match.is_over:  # an ended match was kept for good as it ended
            self.context.memory.save_match(self.saved())

    def saved(self, copy: bool = False) -> SavedMatch:
        """The match as it now stands, to save (``copy``: of a copy of the match)."""
        table = self._table
        playback = table.playback
        order = playback.shown.ahead(playback.queue, playback.arrival.index).hands[0]
        if sorted(order) != sorted(table.match.hands[0]):
            order = list(table.match.hands[0])  # a new deal waits to be shown
        policies = self._setup.kept_policies
        names = self._setup.names
        states = {seat: state for seat, state in table.seats.rng_states.items() if seat in policies}
        match = table.match.copy() if copy else table.match
        return SavedMatch(match, policies, names, tuple(order), states, self.went_out)
