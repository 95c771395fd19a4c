"""A kept match's positions, one after each of its moves, rebuilt from its deal.

The match is replayed once (about 10 ms for a whole one) and its events kept, with the
table as shown at each round's start; a position is that round's start followed up to
the move, so stepping anywhere costs no more than one round's events.
"""

from __future__ import annotations

from itertools import chain

from game.engine.events import Event, RoundStarted
from game.engine.match import Match
from game.ui.seen.action_log import ActionLog
from game.ui.seen.shown import ShownTable


class ReplaySteps:
    """Positions 0 (the deal) to :attr:`last` (after the last move) of ``match``."""

    def __init__(self, match: Match, human: bool) -> None:
        """``human``: a person played seat 0 (its dealt hands are shown sorted by suit)."""
        replay = Match.new(match.rules, match.seed)
        self.events: list[tuple[Event, ...]] = [tuple(replay.opening_events())]
        """Per position, the events that led to it from the one before (the deal for 0)."""
        self.events += [tuple(replay.apply(action, validate=False)) for action in match.actions]
        self.round_starts: list[int] = [
            position
            for position, events in enumerate(self.events)
            if any(isinstance(event, RoundStarted) for event in events)
        ]
        """The position at which each round dealt has been dealt."""
        self._starts: list[ShownTable] = []
        shown = ShownTable(match.rules, human)
        for position, events in enumerate(self.events):
            for event in events:
                shown.follow(event)
            if position in self.round_starts:
                self._starts.append(shown.ahead((), None))

    @property
    def last(self) -> int:
        """The last position: after the match's last move."""
        return len(self.events) - 1

    def round_of(self, position: int) -> int:
        """The round (0-based) shown at ``position``."""
        return max(index for index, start in enumerate(self.round_starts) if start <= position)

    def shown_at(self, position: int) -> ShownTable:
        """The table after the first ``position`` moves (a new picture each time)."""
        start = self.round_starts[self.round_of(position)]
        since = chain.from_iterable(self.events[start + 1 : position + 1])
        return self._starts[self.round_of(position)].ahead(since, None)

    def log_at(self, position: int) -> ActionLog:
        """The action log of the round shown at ``position``, up to it."""
        start = self.round_starts[self.round_of(position)]
        opening = list(self.events[start])
        if start:  # the move that ended the round before: only the new round's events
            first = next(i for i, event in enumerate(opening) if isinstance(event, RoundStarted))
            opening = opening[first:]
        log = ActionLog()
        for event in chain(opening, *self.events[start + 1 : position + 1]):
            log.follow(event)
        return log

    def fraction(self, position: int) -> float:
        """Where ``position`` lies by rounds: its round and how far through it (2.5: halfway
        through the third round)."""
        index = self.round_of(position)
        start = self.round_starts[index]
        end = self.round_starts[index + 1] if index + 1 < len(self.round_starts) else self.last + 1
        return index + (position - start) / max(1, end - start)
