"""Playing matches between policies, in duplicate form.

Duplicate form cuts luck out of a comparison: each deal (a match seed) is
played once per rotation of the policies through the seats, so every policy
holds every seat's cards once. ``N`` matches are the first ``N`` of (deal 0,
rotation 0), (deal 0, rotation 1), …, (deal 1, rotation 0), ….

The built-in policies play in the runner's process. A policy from outside the project
(``package.module:ClassName``) plays behind the seats' guard (:mod:`game.sim.guarded`): a
decision it fails is played as its first legal move, and the record of the match says so.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from game.ai.policy import Policy
from game.ai.registry import from_outside, make_policy, policy_factory
from game.engine.events import RoundScored
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.seats.controller import DECISION_PATIENCE
from game.sim.guarded import GuardedSeats


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
    fallbacks: tuple[int, ...] = ()
    """Per seat, how many of its decisions failed and were played as its first legal move
    (empty: none of any seat)."""
    faults: tuple[str, ...] = ()
    """One line per seat whose policy failed in the match, saying how (see
    :meth:`~game.sim.guarded.GuardedSeats.faults`)."""


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


def play(
    task: MatchTask, tip: Tip | None = None, patience: float = DECISION_PATIENCE
) -> MatchRecord:
    """Play ``task`` to the end, calling ``tip`` (if given) before each decision. A policy
    from outside the project gets ``patience`` seconds a decision, behind the seats' guard;
    raises ``RuntimeError`` if a built-in policy breaks the rules."""
    seats = range(len(task.seats))
    streams = [random.Random(f"{task.seed}/{task.rotation}/{seat}") for seat in seats]
    outside = {seat: spec for seat, spec in enumerate(task.seats) if from_outside(spec)}
    if not outside:
        in_process = [make_policy(spec, streams[seat]) for seat, spec in enumerate(task.seats)]
        return _played_out(task, in_process, tip)
    guarded = GuardedSeats(outside, dict(enumerate(streams)), patience)
    try:
        policies = [
            guarded.policy(seat) if seat in outside else make_policy(spec, streams[seat])
            for seat, spec in enumerate(task.seats)
        ]
        record = _played_out(task, policies, tip)
    finally:
        guarded.close()
    fallbacks = guarded.fallbacks
    return replace(
        record,
        fallbacks=tuple(fallbacks.get(seat, 0) for seat in seats),
        faults=tuple(guarded.faults(f"the match of seed {task.seed}, rotation {task.rotation}")),
    )


def _played_out(task: MatchTask, policies: Sequence[Policy], tip: Tip | None) -> MatchRecord:
    rules = RuleSet.from_json(task.rules)
    match = Match.new(rules, task.seed)
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
    on_done: Callable[[MatchRecord, int], None] | None = None,
    tip: Tip | None = None,
    patience: float = DECISION_PATIENCE,
) -> list[MatchRecord]:
    """Play every task, on ``jobs`` processes; ``on_done(record, count)`` after each match.
    ``tip`` (see :data:`Tip`) must be picklable when ``jobs`` > 1; ``patience`` is the
    seconds a decision of a policy from outside the project may take (see :func:`play`).
    Raises ``ValueError`` before playing if a policy cannot be found."""
    for spec in {spec for task in all_tasks for spec in task.seats}:
        policy_factory(spec)
    records: list[MatchRecord] = []
    for record in _played(all_tasks, jobs, partial(play, tip=tip, patience=patience)):
        records.append(record)
        if on_done is not None:
            on_done(record, len(records))
    return records


def _played(
    all_tasks: Sequence[MatchTask], jobs: int, playing: Callable[[MatchTask], MatchRecord]
) -> Iterator[MatchRecord]:
    if jobs <= 1:
        yield from map(playing, all_tasks)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(playing, all_tasks, chunksize=1)
