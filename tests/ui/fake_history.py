"""A stand-in for the profile's match history, as the statistics' charts ask it: thirty
matches of yours of known figures, and ten of autoplay."""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from game.profile.folder import Profile
from game.profile.history import History
from game.profile.kept_match import Filters, MatchSummary, ReviewFigures

START = datetime(2026, 1, 1, tzinfo=UTC)


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
    """The history as the charts ask it: the player's matches, and autoplay's on request (the
    rest of the history as it is, over an empty folder of its own)."""

    def __init__(self) -> None:
        super().__init__(Profile(Path(tempfile.mkdtemp(prefix="three-thirteen-fake-"))))
        self.asked: list[tuple[Filters, int | None]] = []
        self.mine = [
            match(n, 30 + n * 3 % 40, level=("easy", "normal", "hard")[n % 3]) for n in range(1, 31)
        ]
        self.autoplay = [match(100 + n, 5, autoplay=True) for n in range(10)]

    def summaries(self, filters: Filters, limit: int | None = None) -> list[MatchSummary]:
        self.asked.append((filters, limit))
        found = self.mine + (self.autoplay if filters.autoplay else [])
        found.sort(key=lambda each: each.ended, reverse=True)
        return found[:limit]
