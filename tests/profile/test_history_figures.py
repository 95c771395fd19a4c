"""The series of the statistics' charts, counted by SQLite in a real history: each as the
charts mean it, and equal, on a varied history, to the same figures worked out the slow way
from every match's summary."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from game.engine.match import Match
from game.engine.rules import RuleSet
from game.profile.folder import Profile
from game.profile.history import History
from game.profile.history_figures import ChartFigures, chart_figures, moving_average
from game.profile.kept_match import Filters, KeptMatch, MatchSummary, ReviewFigures
from game.profile.player_stats import LEVEL_KEYS

START = datetime(2026, 1, 1, tzinfo=UTC)
STAND_IN = Match.new(RuleSet(players=2), seed=1)
"""The match kept with each summary below: the charts read only the summary's figures."""


def summary(
    number: int,
    total: int,
    *,
    won: bool = False,
    abandoned: bool = False,
    level: str = "easy",
    sizes: tuple[int, ...] = (3, 4),
    review: ReviewFigures | None = None,
) -> MatchSummary:
    """Match ``number`` (later numbers ended later), heads-up against ``level``."""
    first = total // 2
    return MatchSummary(
        id=number,
        ended=START + timedelta(hours=number),
        players=2,
        names=("Left",),
        policies={1: level},
        totals=(total, 40),
        winners=() if abandoned else ((0,) if won else (1,)),
        round_scores=((first, 20), (total - first, 20))[: len(sizes)],
        hand_sizes=sizes,
        goers=(None,) * len(sizes),
        abandoned=abandoned,
        review=review,
    )


def history_of(folder: Path, summaries: Sequence[MatchSummary]) -> History:
    """A history holding ``summaries``, added in the order given."""
    kept = History(Profile(folder))
    for each in summaries:
        kept.add(KeptMatch(STAND_IN, each))
    return kept


def figures(kept: History, filters: Filters | None = None) -> ChartFigures:
    return kept.chart_figures(filters or Filters(), chart_figures, ChartFigures())


def test_totals_are_the_finished_matches_oldest_first_and_the_last_fifty(tmp_path: Path) -> None:
    newest_first = [summary(number, 10 + number) for number in range(60, 0, -1)]
    newest_first.insert(3, summary(100, 999, abandoned=True))
    assert figures(history_of(tmp_path, newest_first)).totals == tuple(range(21, 71))
    assert figures(history_of(tmp_path / "none", [])) == ChartFigures()


def test_the_moving_average_spans_its_window_and_fewer_at_the_start() -> None:
    assert moving_average([4, 8, 0, 4], window=3) == [4.0, 6.0, 4.0, 4.0]
    assert moving_average([7], window=5) == [7.0]
    assert moving_average([]) == []
    with pytest.raises(ValueError):
        moving_average([1], window=0)


def test_a_match_left_counts_as_played_and_lost_in_the_win_rate(tmp_path: Path) -> None:
    matches = [
        summary(1, 30, won=True, level="hard"),
        summary(2, 30, won=True, level="easy"),
        summary(3, 90, level="easy"),
        summary(4, 10, abandoned=True, level="easy"),
    ]
    rates = figures(history_of(tmp_path, matches)).win_rates
    assert rates == {"easy": (1, 3), "hard": (1, 1)}
    assert list(rates) == ["easy", "hard"], "in the levels' order, weakest first"


def test_points_by_hand_size_average_your_rounds_of_each_size(tmp_path: Path) -> None:
    matches = [
        summary(1, 10, sizes=(3, 4)),  # 5 at 3 cards, 5 at 4
        summary(2, 30, sizes=(3, 4)),  # 15, 15
        summary(3, 0, sizes=(3,)),
        summary(4, 99, abandoned=True, sizes=(3, 4)),
    ]
    points = figures(history_of(tmp_path, matches)).points
    assert points == {3: pytest.approx(20 / 3), 4: 10.0}


def test_accuracy_is_charted_for_the_reviewed_matches_only(tmp_path: Path) -> None:
    perfect, one_point = ReviewFigures(10, 0.0), ReviewFigures(4, 4.0)
    matches = [
        summary(3, 10, review=one_point),
        summary(2, 10),
        summary(1, 10, review=perfect),
        summary(4, 10, review=ReviewFigures(0, 0.0)),
    ]
    assert figures(history_of(tmp_path, matches)).accuracy == (100.0, 50.0)


def test_figures_of_a_match_played_to_its_end(tmp_path: Path) -> None:
    match = Match.new(RuleSet(players=3), seed=8)
    while not match.is_over:
        match.apply(match.legal_actions()[0])
    kept = KeptMatch.of(match, ("Left", "Right"), {1: "easy", 2: "easy"}, START)
    history = History(Profile(tmp_path))
    history.add(kept)
    found = figures(history)
    assert found.totals == (match.totals[0],)
    assert list(found.points) == list(match.rules.hand_sizes)
    assert sum(found.points.values()) == match.totals[0]
    assert found.win_rates == {"easy": (int(kept.summary.won), 1)}


# --- the same figures, the slow way ------------------------------------------------------


def slow_figures(summaries: Sequence[MatchSummary]) -> ChartFigures:
    """The charts' figures worked out in Python from every summary, as the charts read them
    before SQLite counted them."""
    ordered = sorted(summaries, key=lambda each: (each.ended, each.id))
    finished = [each for each in ordered if not each.abandoned]
    counts = {key: [0, 0] for key in LEVEL_KEYS}
    for each in summaries:
        counts[each.level][0] += each.won and not each.abandoned
        counts[each.level][1] += 1
    points: dict[int, list[int]] = {}
    for each in finished:
        for size, scores in zip(each.hand_sizes, each.round_scores, strict=True):
            points.setdefault(size, []).append(scores[0])
    accuracy = [
        each.review.accuracy
        for each in finished
        if each.review is not None and each.review.accuracy is not None
    ]
    return ChartFigures(
        tuple(each.your_total for each in finished[-50:]),
        {key: (won, played) for key, (won, played) in counts.items() if played},
        {size: sum(each) / len(each) for size, each in sorted(points.items())},
        tuple(accuracy[-50:]),
    )


def varied(seed: int, count: int) -> list[MatchSummary]:
    """``count`` matches of every kind: two to seven seats at every level, abandoned, shared
    wins, autoplay, short schedules, reviews priced and not, and ends out of order and tied."""
    chance = random.Random(seed)
    matches = []
    for number in range(1, count + 1):
        players = chance.randint(2, 7)
        kind = chance.choice(("easy", "normal", "hard", "mixed", "custom"))
        policies: dict[int, str] = {}
        for seat in range(1, players):
            picked = {"mixed": chance.choice(("easy", "hard")), "custom": "greedy"}.get(kind, kind)
            policies[seat] = "easy" if kind == "mixed" and seat == 1 else picked
        if kind == "mixed":
            policies[players - 1] = "hard"
        if chance.random() < 0.15:
            policies[0] = "hard"  # autoplay
        sizes = tuple(range(3, 3 + chance.randint(0, 11)))
        rounds = tuple(tuple(chance.randint(0, 60) for _ in range(players)) for _ in sizes)
        totals = tuple(sum(scores[seat] for scores in rounds) for seat in range(players))
        abandoned = chance.random() < 0.2 or not sizes
        low = min(totals)
        winners = () if abandoned else tuple(s for s, t in enumerate(totals) if t == low)
        decisions = chance.choice((0, 12, 40))
        review = ReviewFigures(decisions, chance.random() * 30) if chance.random() < 0.7 else None
        hours = number + chance.choice((0, 0, 0, -30, 5)) if number % 9 else 4
        matches.append(
            MatchSummary(
                id=number,
                ended=START + timedelta(hours=hours),
                players=players,
                names=tuple(f"Seat {seat}" for seat in range(1, players)),
                policies=policies,
                totals=totals,
                winners=winners,
                round_scores=rounds,
                hand_sizes=sizes,
                goers=(None,) * len(sizes),
                abandoned=abandoned,
                review=review,
            )
        )
    return matches


FILTERS = [
    pytest.param(Filters(), id="yours"),
    pytest.param(Filters(autoplay=True), id="with-autoplay"),
    pytest.param(Filters(level="mixed"), id="mixed"),
    pytest.param(Filters(players=3, autoplay=True), id="three-seats"),
]


@pytest.mark.slow
@pytest.mark.parametrize("filters", FILTERS)
def test_the_counted_figures_are_those_of_every_summary(tmp_path: Path, filters: Filters) -> None:
    kept = history_of(tmp_path, varied(37, 240))
    every = kept.summaries(filters)
    assert len(every) > 50 or filters.level or filters.players
    slow = slow_figures(every)
    assert figures(kept, filters) == slow
    assert {"easy", "mixed", "custom"} <= set(slow.win_rates) or filters.level or filters.players
