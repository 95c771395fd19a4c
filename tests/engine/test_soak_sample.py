"""A sample of the soak in CI, run by the very code ``benchmarks/soak.py`` runs.

The soak (:mod:`game.sim.soak`) plays matches of mixed seats under sampled rules
and checks every invariant after every action; here about thirty of its matches
must break nothing, its sampling must reach every option value, and its checks
must catch what they are there to catch.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import random
from collections import Counter
from itertools import count
from pathlib import Path
from types import ModuleType

import pytest

from game.engine.actions import Discard, Phase
from game.engine.cards import Card
from game.engine.match import Match
from game.engine.rules import ALLOWED, RuleSet
from game.engine.view import PlayerView
from game.sim import soak
from game.sim.soak import SoakFailure, SoakResult, SoakTask, make_task, make_tasks, run_task
from tests.engine.match_tools import STOCK, TAKE, random_action, rig

SAMPLE_CAMPAIGN = 3
"""The campaign seed of the sample (the soak's own default is 0)."""


def sample_tasks() -> list[SoakTask]:
    """The campaign's first 30 matches, and its first with a normal and with a hard seat."""
    tasks = make_tasks(30, SAMPLE_CAMPAIGN)
    for lineup in ("normal", "hard"):
        index = next(i for i in count(30) if make_task(SAMPLE_CAMPAIGN, i).lineup == lineup)
        tasks.append(make_task(SAMPLE_CAMPAIGN, index))
    return tasks


@pytest.mark.slow
def test_a_sample_of_the_soak_breaks_nothing() -> None:
    results = [run_task(task) for task in sample_tasks()]
    failures = [result for result in results if result.failure is not None]
    assert not failures, "\n".join(
        f"{result.task.describe()} at action {result.at_action}:\n{result.failure}"
        for result in failures
    )
    happened: Counter[str] = Counter()
    for result in results:
        happened.update(result.happened)
        assert result.rounds == RuleSet.from_json(result.task.rules).rounds
    refused: Counter[str] = Counter()
    for result in results:
        refused.update(result.refused)
    assert sum(result.actions for result in results) > 5_000
    assert set(refused) >= {"malformed", "a card held elsewhere", "a card outside the shoe"}
    assert happened["went out"] and happened["round trips"] and happened["twin views"]
    seats = {spec for result in results for spec in result.task.seats}
    assert seats == {"random", "greedy", "easy", "normal", "hard"}


@pytest.mark.slow
def test_the_soak_draws_every_value_of_every_option_many_times() -> None:
    tasks = make_tasks(10_000, 0)
    for name, allowed in ALLOWED.items():
        drawn = Counter(task.rules[name] for task in tasks)
        assert all(drawn[value] >= 100 for value in allowed), (name, drawn)
    assert {task.lineup for task in tasks} == {name for name, _ in soak.LINEUPS}
    assert sum(any(task.bogus) for task in tasks) > 3_000
    assert all(len(task.seats) == task.rules["players"] == len(task.bogus) for task in tasks)
    assert make_tasks(5, 0, start=7) == tasks[7:12]


def test_a_fast_lineup_has_fewer_random_seats_than_half() -> None:
    for task in make_tasks(500, 1):
        if task.lineup == "fast":
            assert task.seats.count("random") <= (len(task.seats) - 1) // 2


def leaking_view(leak: str) -> object:
    """A ``Match.view_for`` that shows one thing the seat may not know."""
    honest = Match.view_for

    def view_for(match: Match, seat: int) -> PlayerView:
        view = honest(match, seat)
        if leak == "copies":
            return dataclasses.replace(view, discard_pile=match.discard_pile)
        if leak == "stock":  # the next card drawn, as if it were in the discard pile
            return dataclasses.replace(view, discard_pile=(*view.discard_pile, match.stock[-1]))
        other = (seat + 1) % match.players
        return dataclasses.replace(view, known_cards=(match.hands[other],) * match.players)

    return view_for


@pytest.mark.parametrize("leak", ["copies", "stock", "hands"])
def test_the_soak_catches_a_view_that_leaks(leak: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Match, "view_for", leaking_view(leak))
    task = dataclasses.replace(make_task(0, 1), rules=RuleSet(players=3).to_json())
    task = dataclasses.replace(task, seats=("greedy",) * 3, bogus=(False,) * 3)
    result = run_task(task)
    assert result.failure is not None and "SoakFailure" in result.failure
    assert result.at_action is not None and result.at_action < 60


def test_the_soak_catches_lost_cards_and_wrong_hand_sizes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = Match.new(RuleSet(players=3), 4)
    shoe = soak.shoe_keys(match.rules)
    soak.check_state(match, shoe)
    match.apply(STOCK)
    soak.check_state(match, shoe)
    with pytest.raises(SoakFailure, match="cards not conserved"):
        soak.check_cards(match, shoe[1:])
    hands = match.hands
    monkeypatch.setattr(Match, "hands", property(lambda self: (hands[0][1:], *hands[1:])))
    with pytest.raises(SoakFailure, match="cards not conserved"):
        soak.check_cards(match, shoe)
    with pytest.raises(SoakFailure, match="seat 0 holds"):
        soak.check_hands(match)


def test_the_soak_catches_an_illegal_action_that_is_applied(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = Match.new(RuleSet(players=2), 1)
    monkeypatch.setattr(Match, "refusal", lambda self, action: None)
    with pytest.raises(SoakFailure, match="is legal"):
        soak.try_illegal(match, random.Random(0), Counter())


def test_illegal_attempts_are_refused_in_both_phases_and_leave_the_match_alone() -> None:
    match = rig(RuleSet(players=2), ["7H KC 9D", "2C 5D QS"], discard="7H")
    refused: Counter[str] = Counter()
    rng = random.Random(5)
    for _ in range(30):
        soak.try_illegal(match, rng, refused)
    match.apply(TAKE)
    for _ in range(30):
        soak.try_illegal(match, rng, refused)
    assert set(refused) == {
        "malformed",
        "discard before drawing",
        "draw twice",
        "discard the card just taken",
        "a card held elsewhere",
        "the twin of a held card",
        "a card outside the shoe",
        "lay down at the closed table",
        "lay off at the closed table",
    }
    assert match.phase is Phase.DISCARD and len(match.actions) == 1


def test_the_open_tables_illegal_lay_moves_are_refused_in_both_phases() -> None:
    match = rig(RuleSet(players=2, table="open"), ["7H KC 9D", "2C 5D QS"], discard="7H")
    refused: Counter[str] = Counter()
    rng = random.Random(6)
    for _ in range(30):
        soak.try_illegal(match, rng, refused)
    match.apply(TAKE)
    for _ in range(30):
        soak.try_illegal(match, rng, refused)
    assert {"lay off before drawing", "lay down no meld", "lay off onto no meld"} <= set(refused)
    assert match.phase is Phase.DISCARD and len(match.actions) == 1


@pytest.mark.slow
def test_a_twin_hides_only_what_the_seat_cannot_know() -> None:
    rules = RuleSet(players=4, lay_off=True)
    match, rng = Match.new(rules, 11), random.Random(11)
    differed = 0
    while not match.is_over and len(match.actions) < 400:
        match.apply(random_action(match, rng, greed=0.9))
        for seat in range(rules.players):
            twin = soak.twin(match, seat, rng)
            assert twin.hands[seat] == match.hands[seat]
            assert twin.discard_pile == match.discard_pile
            assert twin.known_cards == match.known_cards and twin.log == match.log
            assert twin.view_for(seat) == match.view_for(seat)
            differed += twin.stock != match.stock
    assert differed > 1_000


def test_a_round_trip_and_replay_that_differ_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    match = Match.new(RuleSet(players=2), 2)
    match.apply(STOCK)
    assert soak.check_saved(match, verify=True) == match
    soak.check_replay(match)
    honest = Match.replay

    def replay_one_short(rules: RuleSet, seed: int, actions: object) -> Match:
        return honest(rules, seed, ())

    monkeypatch.setattr(Match, "replay", staticmethod(replay_one_short))
    with pytest.raises(SoakFailure, match="replay"):
        soak.check_replay(match)


def test_a_policy_that_breaks_the_rules_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai.greedy import GreedyPolicy

    def choose(self: GreedyPolicy, view: PlayerView) -> Discard:
        return Discard(Card.parse("JK", copy=9))

    monkeypatch.setattr(GreedyPolicy, "choose", choose)
    task = make_task(0, 2)
    task = dataclasses.replace(task, seats=("greedy",) * len(task.seats))
    result: SoakResult = run_task(task)
    assert result.failure is not None and "chose discard JK.9" in result.failure
    assert result.at_action == 0


def load_benchmark() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "soak.py"
    spec = importlib.util.spec_from_file_location("soak_benchmark", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_benchmark_prints_its_summary(capsys: pytest.CaptureFixture[str]) -> None:
    benchmark = load_benchmark()
    assert benchmark.main(["--matches", "3", "--workers", "1", "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    for line in ("matches            3", "failures           0", "options covered", "players"):
        assert line in out
    assert "matches per second" in out
    assert benchmark.main(["--index", "1", "--seed", "2"]) == 0
    assert "no failure" in capsys.readouterr().out
