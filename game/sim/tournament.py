"""Playing matches between policies, in duplicate form.

Duplicate form cuts luck out of a comparison: each deal (a match seed) is
played once per rotation of the policies through the seats, so every policy
holds every seat's cards once. ``N`` matches are the first ``N`` of (deal 0,
rotation 0), (deal 0, rotation 1), …, (deal 1, rotation 0), ….
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

from game.ai.policy import Policy
from game.ai.registry import make_policy, policy_factory
from game.engine.events import RoundScored
from game.engine.match import Match
from game.engine.rules import RuleSet


@dataclass(frozen=True, slots=True)
class MatchTask:
    """One match to play: which deal, and which policy in each seat."""

    rules: dict[str, Any]
    """The rule set, in its JSON form (so the task crosses process boundaries)."""
    seed: int
    """The deal: the match seed."""
    rotation: int
    """How far the policies are rotated through the seats."""
    seats: tuple[str, ...]
    """The policy spec playing each seat."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """What happened in one match, per seat."""

    task: MatchTask
    """The match played."""
    totals: tuple[int, ...]
    """Each seat's final total."""
    winners: tuple[int, ...]
    """The winning seats (more than one when the win is shared; none when nobody wins)."""
    rounds: int
    """Rounds played."""
    went_out: tuple[int, ...]
    """Per seat, how many rounds it went out in."""
    decision_ms: tuple[tuple[float, ...], ...]
    """Per seat, how long each of its decisions took, in milliseconds."""
    round_points: tuple[tuple[int, ...], ...] = ()
    """Per round played, each seat's points (multiplier applied)."""


def tasks(matches: int, seats: Sequence[str], rules: RuleSet, seed: int = 0) -> list[MatchTask]:
    """The first ``matches`` matches of the duplicate schedule for ``seats``.

    Raises ``ValueError`` unless there is one seat per player of ``rules``.
    """
    players = len(seats)
    if players != rules.players:
        raise ValueError(f"the rules seat {rules.players} players, but {players} seats are named")
    result = []
    for index in range(matches):
        deal, rotation = divmod(index, players)
        rotated = tuple(seats[(seat - rotation) % players] for seat in range(players))
        result.append(MatchTask(rules.to_json(), seed + deal, rotation, rotated))
    return result


def duel_tasks(
    matches: int, spec: str, opponent: str, rules: RuleSet, seed: int = 0
) -> list[MatchTask]:
    """The first ``matches`` matches of ``spec`` against every other seat played by
    ``opponent`` (three of them at four players), in the duplicate schedule."""
    return tasks(matches, [spec, *[opponent] * (rules.players - 1)], rules, seed)


Tip = Callable[[Match, int, Policy], None]
"""Called before each decision with the match, the seat to move and its policy: how a
measurement tells an oracle seat what its view hides. Never used for a level."""


def play(task: MatchTask, tip: Tip | None = None) -> MatchRecord:
    """Play ``task`` to the end, calling ``tip`` (if given) before each decision; raises
    ``RuntimeError`` if a policy breaks the rules."""
    rules = RuleSet.from_json(task.rules)
    match = Match.new(rules, task.seed)
    policies = [
        make_policy(spec, random.Random(f"{task.seed}/{task.rotation}/{seat}"))
        for seat, spec in enumerate(task.seats)
    ]
    times: list[list[float]] = [[] for _ in task.seats]
    went_out = [0] * len(task.seats)
    while not match.is_over:
        seat = match.current_seat
        view = match.view_for(seat)
        if tip is not None:
            tip(match, seat, policies[seat])
        start = time.perf_counter()
        action = policies[seat].choose(view)
        times[seat].append((time.perf_counter() - start) * 1000)
        problem = match.why_illegal(action)
        if problem is not None:
            raise RuntimeError(
                f"policy {task.seats[seat]!r} in seat {seat} chose {action}: {problem}"
            )
        for event in match.apply(action, validate=False):
            if isinstance(event, RoundScored) and event.went_out is not None:
                went_out[event.went_out] += 1
    return MatchRecord(
        task,
        match.totals,
        match.winners,
        len(match.round_scores),
        tuple(went_out),
        tuple(tuple(seat_times) for seat_times in times),
        match.round_scores,
    )


def run(
    all_tasks: Sequence[MatchTask],
    jobs: int = 1,
    on_done: Callable[[int], None] | None = None,
    tip: Tip | None = None,
) -> list[MatchRecord]:
    """Play every task, on ``jobs`` processes; ``on_done(count)`` after each match.
    ``tip`` (see :data:`Tip`) must be picklable when ``jobs`` > 1."""
    for spec in {spec for task in all_tasks for spec in task.seats}:
        policy_factory(spec)  # fail before starting if a policy cannot be found
    records: list[MatchRecord] = []
    for record in _played(all_tasks, jobs, tip):
        records.append(record)
        if on_done is not None:
            on_done(len(records))
    return records


def _played(all_tasks: Sequence[MatchTask], jobs: int, tip: Tip | None) -> Iterator[MatchRecord]:
    playing = partial(play, tip=tip)
    if jobs <= 1:
        yield from map(playing, all_tasks)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(playing, all_tasks, chunksize=1)
