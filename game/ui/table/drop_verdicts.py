"""Whether a drop target would take the card being dragged and, if not, why: the engine's
word, asked once per dragged card and target.

The pointer marks each target as it judges it (a glow for one that takes the card, a
refusing mark for one that would not) and shows the reason over the one under the card:
the words a refused drop would say, before the card is let go.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.engine.actions import Action, Discard
from game.engine.cards import Card
from game.engine.match import Match
from game.ui.table.drag import DropTarget, Source, TargetKind
from game.ui.table.laying_desk import LayingDesk
from game.words.table_words import refusal_line


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a drop on one target would do with the card dragged."""

    accepts: bool
    reason: str | None = None
    """Why it would be refused, in the words the table says when it is (None: accepted)."""


ACCEPTS = Verdict(True)


class JudgedTable(Protocol):
    """What the verdicts ask of the table."""

    @property
    def match(self) -> Match: ...

    @property
    def laying_desk(self) -> LayingDesk: ...

    @property
    def your_turn(self) -> bool: ...

    def settling(self) -> bool:
        """True while it is your move and only cards going to their places move."""
        ...


class DropVerdicts:
    """Each target's verdict on the card dragged, kept until the match, the card or the
    cards picked change (a frame asks again for nothing)."""

    def __init__(self, table: JudgedTable) -> None:
        self._table = table
        self._key: tuple[object, ...] | None = None
        self._known: dict[tuple[TargetKind, int], Verdict] = {}

    def of(self, source: Source, card: Card, target: DropTarget) -> Verdict | None:
        """The verdict on dropping ``card`` (from ``source``) on ``target``; None where the
        target is none for it now (a draw over the piles, any card while it is not your
        move): it is left unmarked."""
        if target.kind is TargetKind.HAND:
            return ACCEPTS  # a draw, or a card of your hand put elsewhere in it
        table = self._table
        if source is not Source.HAND or not (table.your_turn or table.settling()):
            return None
        key = (len(table.match.actions), card, tuple(table.laying_desk.picked))
        if key != self._key:
            self._key, self._known = key, {}
        spot = (target.kind, target.meld)
        if spot not in self._known:
            self._known[spot] = self._judged(card, target)
        return self._known[spot]

    def _judged(self, card: Card, target: DropTarget) -> Verdict:
        """Ask the engine (through the laying desk for a lay-down on your meld area)."""
        desk, match = self._table.laying_desk, self._table.match
        if target.kind is TargetKind.YOUR_MELDS:
            why = desk.lay_down_refusal(card)
            return ACCEPTS if why is None else Verdict(False, why)
        action: Action = Discard(card)
        if target.kind is TargetKind.MELD:  # either end of a run: the verdict is the same
            action = desk.lay_off(card, target.meld, False)
        found = match.refusal(action)
        if found is None:
            return ACCEPTS
        return Verdict(False, refusal_line(found, action, match.contract))
