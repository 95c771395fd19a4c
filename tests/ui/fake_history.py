"""A history for the statistics' charts: thirty matches of yours of known figures, and ten of
autoplay, kept in a real database."""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

from game.engine.match import Match
from game.engine.rules import RuleSet
from game.profile.folder import Profile
from game.profile.history import History
from game.profile.kept_match import KeptMatch, MatchSummary, ReviewFigures

START = datetime(2026, 1, 1, tzinfo=UTC)
STAND_IN = Match.new(RuleSet(players=3), seed=1)
T = TypeVar("T")


def match(number: int, total: int, autoplay: bool = False, level: str = "easy") -> MatchSummary:
    """A three-seat match of eleven rounds (3 to 13 cards), yours adding up to ``total``."""
    yours = [total // 11 + (size * number) % 7 - 3 for size in range(3, 14)]
    yours[-1] += total - sum(yours)
    return MatchSummary(
        id=number,
        ended=START + timedelta(hours=number),
        players=3,
        names=("Left", "Right"),
        policies={0: "hard", 1: level, 2: level} if autoplay else {1: level, 2: level},
        totals=(total, 50, 60),
        winners=(0,) if total < 50 else (1,),
        round_scores=tuple((points, 4, 5) for points in yours),
        hand_sizes=tuple(range(3, 14)),
        goers=(None,) * 11,
        review=ReviewFigures(20, 4 + 6 * (number % 5) + number % 3),
    )


class FakeHistory(History):
    """A history of the player's thirty matches (or ``yours``) and autoplay's ten, over an
    empty folder of its own."""

    def __init__(self, yours: int = 30) -> None:
        super().__init__(Profile(Path(tempfile.mkdtemp(prefix="three-thirteen-fake-"))))
        self.mine = [
            match(n, 30 + n * 3 % 40, level=("easy", "normal", "hard")[n % 3])
            for n in range(1, yours + 1)
        ]
        self.autoplay = [match(100 + n, 5, autoplay=True) for n in range(10)]
        self.keep(self.mine + self.autoplay)

    def keep(self, summaries: list[MatchSummary]) -> None:
        """Add ``summaries`` (each kept with a stand-in match: the charts read only figures)."""
        for summary in summaries:
            self.add(KeptMatch(STAND_IN, summary))
