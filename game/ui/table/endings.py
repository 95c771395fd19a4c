"""The ends at the table: a round's summary readied while its hands turn, and the match's end.

While a round's hands turn face up, its summary is made and its cards rendered ahead, a few
a frame (:meth:`TableEnds.round_ending`); it opens once the hands are at rest and every
card is rendered. The match's end opens its scene, with a new game, the same deal again and
the review of your decisions. An autoplay run ends after the rounds it was asked to play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.engine.events import MatchOver, RoundScored
from game.engine.match import Match
from game.sim.match_setup import MatchSetup
from game.ui.scene import SceneContext
from game.ui.seen.shown import ShownTable
from game.ui.table.match_end import MatchEndScene
from game.ui.table.round_summary import RoundSummaryScene

SUMMARY_SECONDS = 2.0
"""How long a round summary stays open in autoplay (none at full speed)."""


class EndingTable(Protocol):
    """What the ends read of the table."""

    @property
    def match(self) -> Match: ...

    @property
    def shown(self) -> ShownTable: ...

    def pause(self) -> None:
        """Escape: the pause menu."""
        ...


class TableEnds:
    """A round's summary and the match's end, each opened over the table at its moment."""

    def __init__(
        self,
        table: EndingTable,
        context: SceneContext,
        setup: MatchSetup,
        new_game: Callable[[int | None], None],
    ) -> None:
        """``new_game(seed)`` deals a new match against the same seats (``seed``: that deal)."""
        self._table = table
        self.context = context
        self._setup = setup
        self._new_game = new_game
        self.finished = False
        """True once the match is over, or autoplay has played the rounds it was asked to."""
        self.rounds_scored = 0
        self.summary: RoundSummaryScene | None = None
        """The summary of the round whose hands turn face up, until it opens."""

    def round_ending(self, event: RoundScored) -> None:
        """A round's hands turn face up: its summary is made, and its cards are rendered
        ahead, a few a frame, so that it opens without a long frame."""
        self.rounds_scored += 1
        context, shown = self.context, self._table.shown
        options = context.options
        close_after = None
        if options.autoplay:
            close_after = 0.0 if options.max_speed else SUMMARY_SECONDS
        self.summary = RoundSummaryScene(
            context,
            shown,
            self._setup.seating,
            event,
            self._rounds_done() or event.round_index + 1 == shown.rounds,
            close_after,
            self._review_opener(event.round_index + 1),
            self._table.pause,
        )
        context.art.render_ahead(*self.summary.pictures())

    def work_ahead(self, seconds: float) -> None:
        """Ready the summary a little more: a few of its cards rendered, then, in a frame of
        its own, its words (see :meth:`Overlay.rehearse`)."""
        summary = self.summary
        if summary is None:
            return
        if self.context.art.pending:
            self.context.art.work_ahead(seconds)
        elif not summary.rehearsed:
            summary.rehearse()

    def ready(self) -> bool:
        """True unless a summary is still being readied (its cards rendered, its words)."""
        summary = self.summary
        return summary is None or (not self.context.art.pending and summary.rehearsed)

    def _rounds_done(self) -> bool:
        """True once autoplay has scored the rounds it was asked to play."""
        return self._setup.rounds is not None and self.rounds_scored >= self._setup.rounds

    def round_scored(self, event: RoundScored) -> None:
        """The hands are at rest and the summary's cards rendered: the summary opens."""
        summary, self.summary = self.summary, None
        assert summary is not None and summary.event is event, "readied as the hands turned"
        self.context.push(summary)
        if self._rounds_done():
            self.finished = True
            self.context.autoplay_finished()

    def match_over(self, event: MatchOver) -> None:
        self.finished = True
        context, seating = self.context, self._setup.seating
        context.sounds.play("win" if seating.human and 0 in event.winners else "round_end")
        ending = MatchEndScene(
            context,
            self._table.shown,
            seating,
            event,
            lambda: self._new_game(None),
            self._same_deal,
            self._review_opener(None),
        )
        context.push(ending)
        if context.options.autoplay:
            context.autoplay_finished()

    def _review_opener(self, round_number: int | None) -> Callable[[], None] | None:
        """What the Review button does: your decisions of that round (None: of the match).
        Autoplay has none of yours to review."""
        if not self._setup.human:
            return None
        table = self._table
        match, order = table.match.copy(), list(table.shown.hands[0])
        return lambda: self.context.open_review(match, round_number, order)

    def _same_deal(self) -> None:
        """This match's deal again: the same seed, so the same cards in the same order."""
        self._new_game(self._setup.seed)
