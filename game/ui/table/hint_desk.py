"""The table's hint and coach: your view's decision asked of the seats' worker, once per view.

The hint (H or the Hint button) and the coach's tip word the same decision, worked out off
the frame loop by the seats' worker (:class:`~game.seats.controller.SeatsController`) for
a view of yours and kept with it, so the two never disagree. The desk also keeps what the
engine says of your hand: which discards go out, and what it pays if the round ended now.
"""

from __future__ import annotations

from typing import Protocol

from game.ai.hint import Suggestion
from game.engine.actions import Action, Discard, Draw
from game.engine.cards import Card
from game.engine.match import Match
from game.engine.melds import Arrangement
from game.engine.round_log import penalty_if_ended
from game.engine.view import PlayerView
from game.i18n import _, language
from game.seats.controller import SeatsController
from game.ui.kit.timed_text import TimedText
from game.ui.scene import SceneContext
from game.ui.seen.shown import ShownTable
from game.ui.table.coach import COACHED_MATCHES, CoachTip, coach_tip
from game.words.hint_words import hint_line


class HintTable(Protocol):
    """What the hint desk reads of the table, and the notice it words."""

    notice: TimedText | None
    """The line over your hand (the hint's, while it is up)."""

    @property
    def shown(self) -> ShownTable:
        """The match as far as it has been shown."""
        ...

    @property
    def match(self) -> Match: ...

    @property
    def hand(self) -> list[Card]:
        """Your hand as shown."""
        ...

    @property
    def arrangement(self) -> Arrangement:
        """A best arrangement of your hand as shown."""
        ...

    @property
    def your_turn(self) -> bool: ...

    @property
    def drawn(self) -> bool: ...

    @property
    def busy(self) -> bool: ...

    def may_play(self, action: Action) -> bool: ...

    def hint_shown(self) -> None:
        """The hint's line went up: its discard rises."""
        ...


class HintDesk:
    """The hint's decision for your view, the coach's tip that words it, your discard's facts."""

    def __init__(self, table: HintTable, seats: SeatsController, context: SceneContext) -> None:
        self._table = table
        self.seats = seats
        self.context = context
        self.hint: Suggestion | None = None
        """The hint shown (its discard stands raised) until your hand moves."""
        self._coached: tuple[object, CoachTip | None] | None = None
        self.coached = True
        """False where the coach keeps quiet (Learn to play)."""
        self._view: tuple[int, PlayerView] | None = None
        """Your view of the match, and after how many actions it was taken."""
        self._advice: tuple[PlayerView, Suggestion | str] | None = None
        """The hint's decision (or why there is none) for a view of yours: the one the
        hint shows and the coach words, worked out once per view by the seats' worker."""
        self._advice_asked: PlayerView | None = None
        self._hint_wanted: PlayerView | None = None
        """The view you asked a hint for (H or the Hint button), until it is shown."""
        self._hint_text: str | None = None
        self._hint_for: PlayerView | None = None
        """The view the hint shown answers: once yours moves on, its line goes."""
        self._going_out: tuple[int, frozenset[Card]] | None = None
        """After how many actions, the cards whose discard goes out (your discard phase)."""
        self._penalty: tuple[int, int, int] | None = None
        """After how many actions and in which round, your penalty if the round ended now."""

    def coaching(self) -> bool:
        """True while the coach speaks (the setting, for your first matches; never in Learn
        to play, which says it all)."""
        memory = self.context.memory
        played = memory.stats.overall.played
        return self.coached and memory.settings.coach and played < COACHED_MATCHES

    def coach(self) -> CoachTip | None:
        """The coach's tip while it is your move and the table is at rest (see coach.py):
        once you have drawn, it words the hint's decision for this view."""
        table = self._table
        if not self.coaching() or not table.your_turn or table.busy:
            return None
        view = self.my_view()
        advice = self.advice_for(view)
        key = (view, advice, language())
        if self._coached is None or self._coached[0] != key:  # a new moment, or a new language
            self._coached = (key, coach_tip(view, advice))
        return self._coached[1]

    def my_view(self) -> PlayerView:
        """Your view of the match as it now stands (taken once per action)."""
        match = self._table.match
        played = len(match.actions)
        if self._view is None or self._view[0] != played:
            self._view = (played, match.view_for(0))
        return self._view[1]

    def advice_for(self, view: PlayerView) -> Suggestion | None:
        """The hint's decision for ``view``, if the worker has given it."""
        advice = self._advice
        if advice is None or advice[0] != view or isinstance(advice[1], str):
            return None
        return advice[1]

    # --- what the engine says of your hand ------------------------------------------

    def goes_out(self, card: Card) -> bool:
        """True if discarding ``card`` now goes out (the engine's word, once per action)."""
        table = self._table
        match = table.match
        if match.is_over or match.current_seat != 0 or not table.drawn:
            return False
        played = len(match.actions)
        if self._going_out is None or self._going_out[0] != played:
            self._going_out = (played, frozenset(match.going_out_discards()))
        return card in self._going_out[1]

    def penalty_now(self) -> int:
        """What your hand would pay if the round ended now, the engine's
        :func:`~game.engine.round_log.penalty_if_ended` (once you have drawn: after your best
        discard). While the hand shown is not yet the match's (a card on its way), the figure
        last given in the round shown; before any, the best arrangement of the hand shown."""
        table = self._table
        match, played = table.match, len(table.match.actions)
        penalty = self._penalty
        if penalty is not None and penalty[:2] == (played, table.shown.round_index):
            return penalty[2]
        if match.round_index == table.shown.round_index and sorted(table.hand) == sorted(
            match.hands[0]
        ):
            self._penalty = (played, table.shown.round_index, penalty_if_ended(self.my_view()))
            return self._penalty[2]
        if penalty is not None and penalty[1] == table.shown.round_index:
            return penalty[2]
        return table.arrangement.penalty

    # --- asking the worker ---------------------------------------------------------

    def ask_hint(self) -> None:
        """H or Hint: the hint's decision for this view, at once if the worker gave it
        already (for the coach), else once it comes."""
        if not self._table.your_turn:
            return
        view = self.my_view()
        if self._advice is not None and self._advice[0] == view:
            self._show_hint(self._advice[1])
            return
        if self._hint_wanted == view:
            return
        self._hint_wanted = view
        self._table.notice = TimedText(_("Thinking about a hint…"), 10.0)
        self._ask_advice(view)

    def _ask_advice(self, view: PlayerView) -> None:
        if self._advice_asked != view or not self.seats.hint_pending:
            self._advice_asked = view
            self.seats.ask_hint(view)

    def advise(self) -> None:
        """While the coach speaks and you are to discard, the worker works out the hint's
        decision for your view (the coach's tip words it; H then shows it at once)."""
        table = self._table
        if not table.your_turn or not table.drawn or not self.coaching():
            return
        view = self.my_view()
        if self._advice is None or self._advice[0] != view:
            self._ask_advice(view)

    def collect(self) -> None:
        """Take the worker's answer, if one came (called once a frame). A hint answers the
        decision it was asked for: once you have played, its line goes and a late answer is
        dropped."""
        wanted = self._hint_wanted
        if wanted is not None and wanted != self.my_view():
            self._hint_wanted = None
            self._table.notice = None  # you played before the hint came: it no longer applies
        if self._hint_for is not None and self._hint_for != self.my_view():
            self._withdraw_hint()
        answer = self.seats.hint()
        if answer is None:
            return
        view, hint = answer
        if view != self.my_view():
            return
        self._advice = (view, hint)
        if self._hint_wanted == view:
            self._show_hint(hint)

    def _show_hint(self, hint: Suggestion | str) -> None:
        self._hint_wanted = None
        table = self._table
        if isinstance(hint, str):
            table.notice = TimedText(_("No hint available: {reason}").format(reason=hint), 3.0)
            return
        self.hint = hint
        self._hint_for = self.my_view()
        self._hint_text = _("Hint: {reason}").format(reason=hint_line(hint))
        table.notice = TimedText(self._hint_text, 8.0)
        table.hint_shown()

    def _withdraw_hint(self) -> None:
        """Your turn moved on: the hint and its line go."""
        table = self._table
        self.hint = self._hint_for = None
        if table.notice is not None and table.notice.text == self._hint_text:
            table.notice = None

    def hint_playable(self) -> bool:
        """True while the hint's line is up and names a draw or a discard you may make now
        (a click on the line plays it; Enter a discard)."""
        hint, notice = self.hint, self._table.notice
        return (
            hint is not None
            and isinstance(hint.action, Discard | Draw)
            and notice is not None
            and notice.text == self._hint_text
            and self._table.may_play(hint.action)
        )
