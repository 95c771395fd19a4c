"""Tournament statistics per policy: totals, wins, rounds, decision times, fallback moves."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from game.sim.tournament import MatchRecord

Z_95 = 1.959964
"""The normal quantile for a two-sided 95% interval."""


@dataclass(frozen=True, slots=True)
class PolicyStats:
    """How one policy did over every seat it played in."""

    seats_played: int
    """Match seats the policy occupied (a policy in three seats counts three per match)."""
    mean_total: float
    """Mean final total per match seat (lower is better)."""
    mean_total_ci: float
    """Half-width of the 95% confidence interval of ``mean_total``."""
    win_rate: float
    """Share of match seats that won; a win shared by k seats counts 1/k."""
    win_rate_ci: float
    """Half-width of the 95% confidence interval of ``win_rate``."""
    mean_round_penalty: float
    """Mean points per round."""
    go_out_rate: float
    """Share of rounds in which the policy's seat went out."""
    decision_ms_p50: float
    """Median decision time, milliseconds."""
    decision_ms_p99: float
    """99th percentile decision time, milliseconds."""
    fallbacks: int = 0
    """Decisions the policy failed (behind the guard) and that were played as the seat's
    first legal move instead."""


def mean_and_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, Z_95 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values`` (nearest rank); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def summarise(records: Sequence[MatchRecord]) -> dict[str, PolicyStats]:
    """Statistics per policy spec, in order of first appearance."""
    totals: dict[str, list[float]] = {}
    wins: dict[str, list[float]] = {}
    rounds: dict[str, int] = {}
    went_out: dict[str, int] = {}
    times: dict[str, list[float]] = {}
    fallbacks: dict[str, int] = {}
    for record in records:
        for seat, spec in enumerate(record.task.seats):
            totals.setdefault(spec, []).append(record.totals[seat])
            share = 1 / len(record.winners) if seat in record.winners else 0.0
            wins.setdefault(spec, []).append(share)
            rounds[spec] = rounds.get(spec, 0) + record.rounds
            went_out[spec] = went_out.get(spec, 0) + record.went_out[seat]
            times.setdefault(spec, []).extend(record.decision_ms[seat])
            fell_back = record.fallbacks[seat] if record.fallbacks else 0
            fallbacks[spec] = fallbacks.get(spec, 0) + fell_back
    result = {}
    for spec, spec_totals in totals.items():
        mean_total, total_ci = mean_and_ci(spec_totals)
        win_rate, win_ci = mean_and_ci(wins[spec])
        result[spec] = PolicyStats(
            seats_played=len(spec_totals),
            mean_total=mean_total,
            mean_total_ci=total_ci,
            win_rate=win_rate,
            win_rate_ci=win_ci,
            mean_round_penalty=sum(spec_totals) / rounds[spec],
            go_out_rate=went_out[spec] / rounds[spec],
            decision_ms_p50=percentile(times[spec], 0.5),
            decision_ms_p99=percentile(times[spec], 0.99),
            fallbacks=fallbacks[spec],
        )
    return result


def as_json(stats: dict[str, PolicyStats]) -> dict[str, dict[str, float]]:
    """The JSON report: per policy name, its statistics by field name."""
    return {spec: asdict(policy_stats) for spec, policy_stats in stats.items()}


def as_table(stats: dict[str, PolicyStats]) -> str:
    """A plain-text table of ``stats`` for a terminal; a last column counts the fallback
    moves when any policy needed one."""
    fell_back = any(s.fallbacks for s in stats.values())
    header = (
        f"{'policy':<16}{'seats':>6}{'mean total':>18}{'win rate':>16}"
        f"{'pts/round':>11}{'out rate':>10}{'ms p50':>9}{'ms p99':>9}"
    ) + (f"{'fallbacks':>11}" if fell_back else "")
    lines = [header, "-" * len(header)]
    for spec, s in stats.items():
        row = (
            f"{spec:<16}{s.seats_played:>6}"
            f"{s.mean_total:>10.1f} ±{s.mean_total_ci:>5.1f}"
            f"{s.win_rate:>9.1%} ±{s.win_rate_ci:>5.1%}"
            f"{s.mean_round_penalty:>11.2f}{s.go_out_rate:>10.1%}"
            f"{s.decision_ms_p50:>9.1f}{s.decision_ms_p99:>9.1f}"
        )
        lines.append(row + (f"{s.fallbacks:>11}" if fell_back else ""))
    return "\n".join(lines)


def duel_line(records: Sequence[MatchRecord], spec: str, opponent: str) -> str:
    """One line on how ``spec`` did against the ``opponent`` seats of a duel (see
    :func:`~game.sim.tournament.duel_tasks`): the matches and their first deal, then win
    rate, mean total as a multiple of theirs, decision time."""
    summary = summarise(records)
    mine, field = summary[spec], summary[opponent]
    first = records[0].task
    return (
        f"{spec} vs {first.seats.count(opponent)} × {opponent}, {len(records)} matches, "
        f"seed {first.seed}: win rate {mine.win_rate:.1%} ± {mine.win_rate_ci:.1%}, mean total "
        f"{mine.mean_total:.1f} vs {field.mean_total:.1f} = "
        f"{mine.mean_total / field.mean_total:.3f}×, decisions p99 {mine.decision_ms_p99:.0f} ms"
    )


def margin(record: MatchRecord, spec: str) -> float:
    """``spec``'s total less the mean total of the other seats, in a match where ``spec``
    holds exactly one seat (negative: it did better than them)."""
    seat = record.task.seats.index(spec)
    others = [total for other, total in enumerate(record.totals) if other != seat]
    return record.totals[seat] - statistics.fmean(others)


def paired_margin_gain(
    base: Sequence[MatchRecord], base_spec: str, candidate: Sequence[MatchRecord], spec: str
) -> tuple[float, float]:
    """How many points per match ``spec`` gains over ``base_spec`` against the same seats:
    the mean of base's :func:`margin` less candidate's, match by match (positive: the
    candidate is better), and the half-width of its 95% interval.

    Each record of ``candidate`` is paired with the one of ``base`` for the same deal,
    rotation and other seats. Pairing cancels the luck of the cards only as long as the
    two play alike: a small change of style shows in far fewer matches, a new way of
    playing hardly sooner. Raises ``ValueError`` if the schedules differ.
    """
    by_match = {_match_around(record, base_spec): record for record in base}
    pairs = [(by_match.get(_match_around(record, spec)), record) for record in candidate]
    if len(by_match) != len(candidate) or any(twin is None for twin, _ in pairs):
        raise ValueError("the two runs did not play the same deals and rotations")
    return mean_and_ci([margin(twin, base_spec) - margin(r, spec) for twin, r in pairs if twin])


def _match_around(record: MatchRecord, spec: str) -> tuple[int, int, tuple[str, ...]]:
    """A match's deal, rotation and seats with ``spec``'s own seat left blank."""
    seats = tuple("" if seat == spec else seat for seat in record.task.seats)
    return record.task.seed, record.task.rotation, seats


def points_by_round(records: Sequence[MatchRecord], spec: str) -> list[tuple[float, float]]:
    """Per round index: ``spec``'s mean points and the other seats' mean points, over the
    matches where ``spec`` holds one seat (rounds every match played)."""
    rounds = min(len(record.round_points) for record in records)
    result = []
    for index in range(rounds):
        mine: list[int] = []
        theirs: list[int] = []
        for record in records:
            seat = record.task.seats.index(spec)
            points = record.round_points[index]
            mine.append(points[seat])
            theirs.extend(p for other, p in enumerate(points) if other != seat)
        result.append((statistics.fmean(mine), statistics.fmean(theirs)))
    return result
