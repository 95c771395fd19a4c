"""Who went out in each round: the match keeps it beside the round's scores (``goers``), saves
it, reads it back checked, and finds it for a document of format 3 by playing its actions."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from game.engine.events import RoundScored
from game.engine.match import Match
from game.engine.rules import RuleSet
from tests.engine.match_tools import random_action

SHORT = RuleSet(players=3, schedule="short")


def played(rules: RuleSet, seed: int, rounds: int) -> tuple[Match, list[int | None]]:
    """A match played at random into its round ``rounds`` (or to its end), and who went out
    in each round scored, as its events said."""
    match, rng = Match.new(rules, seed), random.Random(seed)
    said: list[int | None] = []
    while not match.is_over and match.round_index < rounds:
        for event in match.apply(random_action(match, rng, greed=0.9)):
            if isinstance(event, RoundScored):
                said.append(event.went_out)
    return match, said


@pytest.mark.parametrize("seed", range(4))
def test_the_match_keeps_who_went_out_in_each_round_scored(seed: int) -> None:
    match, said = played(SHORT, seed, rounds=SHORT.rounds)
    assert match.is_over
    assert list(match.goers) == said and len(said) == len(match.round_scores)
    for goer, scores in zip(match.goers, match.round_scores, strict=True):
        assert goer is None or scores[goer] == 0
    assert any(goer is not None for goer in match.goers)


def test_goers_are_saved_and_read_back_and_a_copy_keeps_its_own() -> None:
    match, _ = played(SHORT, 7, rounds=3)
    document = match.to_json()
    assert document["state"]["goers"] == list(match.goers) and len(match.goers) == 3
    assert Match.from_json(document).goers == match.goers
    copied = match.copy()
    while copied.round_index == match.round_index:
        copied.apply(random_action(copied, random.Random(1), greed=1.0))
    assert len(copied.goers) == 4 and len(match.goers) == 3


@pytest.mark.parametrize("seed", range(3))
def test_a_format_3_document_learns_who_went_out_from_its_actions(seed: int) -> None:
    match, _ = played(SHORT, seed, rounds=4)
    old = copy.deepcopy(match.to_json())
    old["format"] = 3
    del old["state"]["goers"]
    read = Match.from_json(old)
    assert read == match and read.goers == match.goers
    assert old["format"] == 3 and "goers" not in old["state"], "the document read is left alone"


def test_a_format_3_document_whose_actions_do_not_play_is_refused() -> None:
    match, _ = played(SHORT, 2, rounds=2)
    old = match.to_json()
    old["format"] = 3
    del old["state"]["goers"]
    old["actions"] = old["actions"][1:]
    with pytest.raises(ValueError, match="goers: the actions of format 3 do not replay"):
        Match.from_json(old)


def corrupt(match: Match, goers: Any) -> dict[str, Any]:
    document = match.to_json()
    document["state"]["goers"] = goers
    return document


def test_goers_that_do_not_fit_the_scores_are_refused() -> None:
    match, _ = played(SHORT, 3, rounds=2)
    goer = next(seat for seat in match.goers if seat is not None)
    scored = next(seat for seat in range(3) if match.round_scores[0][seat])
    for goers, message in (
        (None, "goers"),
        ([goer], "goers: 2 rounds expected, got 1"),
        ([goer, goer, goer], "goers: 2 rounds expected, got 3"),
        (["0", None], "goers"),
        ([3, None], "goers"),
        ([scored, None], "seat .* went out, but scored points"),
    ):
        with pytest.raises(ValueError, match=message):
            Match.from_json(corrupt(match, goers), verify=False)
