"""A match as the history keeps it once it has ended: the match itself (its rules, seed and
actions), who sat where, when it ended, and the facts a list, a chart or the statistics
read without replaying it.

:class:`KeptMatch` is made once, when a match ends (:meth:`KeptMatch.of`); the history
stores it and gives back a :class:`MatchSummary` for each row of a list or a chart, and
the whole :class:`KeptMatch` (its match rebuilt from its actions) to replay or share.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from game.engine.match import Match
from game.profile.player_stats import MatchResult, level_key, result_from


@dataclass(frozen=True, slots=True)
class ReviewFigures:
    """What the review made of the player's decisions in one match (seat 0)."""

    decisions: int
    """Decisions the review priced (draws and discards; lay moves are not priced)."""
    loss: float
    """Their expected losses added up, in penalty points (see :mod:`game.sim.review`)."""

    def __post_init__(self) -> None:
        if type(self.decisions) is not int or self.decisions < 0:
            raise ValueError(f"decisions must be a whole number ≥ 0, not {self.decisions!r}")
        if not isinstance(self.loss, int | float) or not 0 <= self.loss < float("inf"):
            raise ValueError(f"loss must be a finite number ≥ 0, not {self.loss!r}")

    @property
    def average_loss(self) -> float | None:
        """Expected points lost per decision; ``None`` when no decision was priced."""
        return self.loss / self.decisions if self.decisions else None

    @property
    def accuracy(self) -> float | None:
        """The decision accuracy, 0 to 100: ``100 × 2 ** −L`` for an average loss of ``L``
        points a decision. Playing as the hard AI would is 100; each point lost a decision,
        on average, halves it (README, "Decision accuracy"). ``None`` with no decision."""
        average = self.average_loss
        return None if average is None else 100 * 2.0**-average


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """One ended match as a list or a chart reads it: every figure, no actions."""

    id: int
    """Its number in the history (newer matches have larger numbers)."""
    ended: datetime
    """When it ended (or was abandoned), timezone-aware (UTC)."""
    players: int
    names: tuple[str, ...]
    """The opponents' names, seats 1, 2, … (as :class:`~game.words.seat_words.Seating`)."""
    policies: Mapping[int, str]
    """Per AI seat, its policy spec; seat 0 is listed only in autoplay."""
    totals: tuple[int, ...]
    """Each seat's total (as it stood when abandoned)."""
    winners: tuple[int, ...]
    """The winning seats (several when shared, none when abandoned or nobody won)."""
    round_scores: tuple[tuple[int, ...], ...]
    """Per round scored, each seat's points."""
    hand_sizes: tuple[int, ...]
    """Per round scored, its hand size."""
    goers: tuple[int | None, ...]
    """Per round scored, the seat that went out (``None``: nobody did)."""
    abandoned: bool = False
    """Left before its last round was scored."""
    review: ReviewFigures | None = None
    """The review of seat 0's decisions, once worked out."""

    @property
    def autoplay(self) -> bool:
        """True if an AI played seat 0 (autoplay): kept apart from the player's figures."""
        return 0 in self.policies

    @property
    def level(self) -> str:
        """The opponents' level key (:func:`~game.profile.player_stats.level_key`)."""
        return level_key(self.policies, self.players)

    @property
    def your_total(self) -> int:
        return self.totals[0]

    @property
    def place(self) -> int:
        """Seat 0's place, 1 for the lowest total (seats with equal totals share a place)."""
        return 1 + sum(1 for total in self.totals if total < self.totals[0])

    @property
    def won(self) -> bool:
        return 0 in self.winners

    def result(self) -> MatchResult:
        """What this match adds to the player's statistics."""
        return result_from(
            self.level,
            self.totals,
            self.winners,
            self.round_scores,
            sum(1 for seat in self.goers if seat == 0),
            abandoned=self.abandoned,
        )


@dataclass(frozen=True, slots=True)
class KeptMatch:
    """An ended match with everything needed to replay it and to list it."""

    match: Match
    """The match, finished, or as it stood when abandoned."""
    summary: MatchSummary
    """Its figures (``summary.id`` is 0 until the history has stored it)."""

    @classmethod
    def of(
        cls,
        match: Match,
        names: tuple[str, ...],
        policies: Mapping[int, str],
        ended: datetime | None = None,
        review: ReviewFigures | None = None,
    ) -> KeptMatch:
        """Keep ``match`` as it now stands: finished, or abandoned if it is not over.

        Who went out in each round is the match's own record (:attr:`Match.goers`). The
        history rebuilds a kept match from its deal and actions, so they are played once to
        check that they lead to its state: raises ``ValueError`` if they do not (a match set
        up by hand) or the seats do not fit it.
        """
        players = match.players
        if len(names) != players - 1:
            raise ValueError(f"{players - 1} opponents' names are needed, not {len(names)}")
        level_key(policies, players)  # every AI seat has a policy
        if Match.replay(match.rules, match.seed, match.actions) != match:
            raise ValueError("the match's actions do not lead to its state")
        hand_sizes = match.rules.hand_sizes
        scored = match.round_scores
        summary = MatchSummary(
            id=0,
            ended=datetime.now(UTC) if ended is None else ended,
            players=players,
            names=tuple(names),
            policies=dict(policies),
            totals=match.totals,
            winners=match.winners if match.is_over else (),
            round_scores=scored,
            hand_sizes=tuple(hand_sizes[index] for index in range(len(scored))),
            goers=match.goers,
            abandoned=not match.is_over,
            review=review,
        )
        return cls(match, summary)


@dataclass(frozen=True, slots=True)
class Page:
    """One page of the history's list, newest first."""

    rows: tuple[MatchSummary, ...]
    offset: int
    """How many matches come before this page."""
    total: int
    """How many matches the filters let through, on every page."""
    span: int = -1
    """How many matches of the history this page covers: its rows, and those left out of
    it because they cannot be read (-1: as many as its rows)."""

    @property
    def end(self) -> int:
        """How many matches come before the next page."""
        return self.offset + (len(self.rows) if self.span < 0 else self.span)


@dataclass(frozen=True, slots=True)
class Filters:
    """Which matches a list or chart shows."""

    level: str | None = None
    """Only matches at this level key (``None``: every level)."""
    players: int | None = None
    """Only matches at tables of this size (``None``: every size)."""
    autoplay: bool = False
    """True to show autoplay matches as well as the player's."""
