"""The review's verdict on a decision in words: what was played, what the hard AI would
have done, and what the difference was expected to cost."""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.hint import Suggestion
from game.i18n import _, decimal
from game.sim.review import Decision
from game.words.hint_words import SeatName, action_words, hint_line


@dataclass(frozen=True, slots=True)
class Verdict:
    """A decision's three lines, as the review screen and the replay show them."""

    played: str
    """``You: Discard the 7♥``."""
    best: str
    """``The hard AI: Discard the K♠`` (with the hint's reason, where the review asked it)."""
    cost: str
    """``Expected cost: 2.3 points`` (lay moves of the open table are not weighed)."""


def verdict(decision: Decision, name: SeatName) -> Verdict:
    """``decision`` in words, the opponents called by ``name``."""
    top, table = decision.discard_top, decision.table
    played = action_words(decision.played, top, table, name)
    best = action_words(decision.best, top, table, name)
    if decision.reason is not None:
        best = hint_line(Suggestion(decision.best, decision.reason), name)
    cost = _("Expected cost: {points} points").format(points=decimal(decision.loss))
    if not decision.priced:
        cost = _("Expected cost: not weighed for the open table's lay moves")
    return Verdict(
        _("You: {action}").format(action=played),
        _("The hard AI: {action}").format(action=best),
        cost,
    )
