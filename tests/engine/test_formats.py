"""Formats that grow: a synthetic kind of document with steps 1 → 2 → 3 proves the one
mechanism every kind reads through (game/engine/formats.py)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from game.engine.formats import (
    NO_UPGRADES,
    FormatError,
    UpgradeError,
    Upgrades,
    missing_steps,
    upgraded,
)
from game.engine.match import Match
from game.engine.rules import RuleSet

CALLS: list[int] = []
"""The formats the steps below were called on, in order (cleared by each test)."""


def seats_become_names(old: dict[str, Any]) -> dict[str, Any]:
    """Format 1 → 2: ``seats`` is renamed ``names``."""
    CALLS.append(old["format"])
    new = {key: value for key, value in old.items() if key != "seats"}
    return {**new, "format": 2, "names": old["seats"]}


def speed_arrives(old: dict[str, Any]) -> dict[str, Any]:
    """Format 2 → 3: ``speed`` is added, and it needs ``names`` (a step sees format 2 only)."""
    CALLS.append(old["format"])
    return {**old, "format": 3, "speed": "slow" if len(old["names"]) > 2 else "normal"}


STEPS: Upgrades = {1: seats_become_names, 2: speed_arrives}
V1 = {"format": 1, "seats": ["Ann", "Bo", "Cy"], "volume": 0.5}
V2 = {"format": 2, "names": ["Ann", "Bo", "Cy"], "volume": 0.5}
V3 = {"format": 3, "names": ["Ann", "Bo", "Cy"], "volume": 0.5, "speed": "slow"}


@pytest.fixture(autouse=True)
def _fresh_calls() -> None:
    CALLS.clear()


def test_each_step_applies_in_order_from_the_documents_format() -> None:
    assert upgraded(copy.deepcopy(V1), 3, STEPS) == V3
    assert CALLS == [1, 2]
    CALLS.clear()
    assert upgraded(copy.deepcopy(V2), 3, STEPS) == V3
    assert CALLS == [2]


def test_a_document_goes_only_as_far_as_the_format_asked_for() -> None:
    assert upgraded(copy.deepcopy(V1), 2, STEPS) == V2
    assert CALLS == [1]


def test_a_current_document_is_returned_as_it_is() -> None:
    document = copy.deepcopy(V3)
    assert upgraded(document, 3, STEPS) is document
    assert CALLS == []


def test_the_document_read_is_left_unchanged_even_by_a_step_that_changes_its_input() -> None:
    def careless(old: dict[str, Any]) -> dict[str, Any]:
        old["seats"].append("Di")
        old["format"] = 2
        return old

    document = copy.deepcopy(V1)
    assert upgraded(document, 2, {1: careless})["seats"] == ["Ann", "Bo", "Cy", "Di"]
    assert document == V1


@pytest.mark.parametrize(
    ("step", "why"),
    [
        pytest.param(lambda old: {**old, "seen": True}, "returned format 1, not 2", id="no-bump"),
        pytest.param(lambda old: {**old, "format": 3}, "returned format 3, not 2", id="too-far"),
        pytest.param(lambda old: {"names": []}, "returned no document with a format", id="lost"),
        pytest.param(lambda old: None, "returned no document with a format", id="none"),
        pytest.param(lambda old: {**old, "format": "2"}, "no document with a format", id="text"),
    ],
)
def test_a_step_that_does_not_give_the_next_format_is_a_programming_error(
    step: Any, why: str
) -> None:
    """Decided: the mechanism never bumps the format for a step; a step must, and one that
    does not fails loudly with :class:`UpgradeError`, which no reader takes for a bad file
    (it is no ``ValueError``)."""
    with pytest.raises(UpgradeError, match=why) as raised:
        upgraded(copy.deepcopy(V1), 2, {1: step})
    assert not isinstance(raised.value, ValueError)


def test_a_missing_step_is_a_programming_error() -> None:
    with pytest.raises(UpgradeError, match="no upgrade step from format 2 to 3"):
        upgraded(copy.deepcopy(V1), 3, {1: seats_become_names})
    assert CALLS == [1]


def test_missing_steps_names_every_gap_and_every_stray() -> None:
    assert missing_steps(3, STEPS) == []
    assert missing_steps(1, NO_UPGRADES) == []
    assert missing_steps(4, STEPS) == ["no step from format 3"]
    assert missing_steps(3, {2: speed_arrives}) == ["no step from format 1"]
    assert missing_steps(1, {0: speed_arrives, 1: speed_arrives}) == [
        "a step from format 0, outside 1 to 0",
        "a step from format 1, outside 1 to 0",
    ]


@pytest.mark.parametrize("number", [4, 5, 2**64])
def test_a_newer_document_is_refused_as_newer(number: int) -> None:
    with pytest.raises(FormatError, match=f"format {number} comes from a newer version") as raised:
        upgraded({**V3, "format": number}, 3, STEPS)
    assert raised.value.reason == "newer"
    assert CALLS == []


@pytest.mark.parametrize(
    ("document", "why"),
    [
        pytest.param([1, 2], "expected a JSON object, found list", id="list"),
        pytest.param(None, "expected a JSON object, found NoneType", id="null"),
        pytest.param({"names": []}, "no integer 'format' \\(found None\\)", id="no-format"),
        pytest.param({"format": True}, "no integer 'format' \\(found True\\)", id="bool"),
        pytest.param({"format": 1.0}, "no integer 'format' \\(found 1.0\\)", id="float"),
        pytest.param({"format": "1"}, "no integer 'format' \\(found '1'\\)", id="text"),
        pytest.param({"format": 0}, "unknown format 0", id="zero"),
        pytest.param({"format": -2}, "unknown format -2", id="negative"),
    ],
)
def test_what_is_not_a_document_of_ours_is_refused_as_foreign(document: Any, why: str) -> None:
    with pytest.raises(FormatError, match=why) as raised:
        upgraded(document, 3, STEPS)
    assert raised.value.reason == "foreign"
    assert isinstance(raised.value, ValueError)
    assert CALLS == []


def test_a_match_document_of_a_newer_format_is_refused_as_newer() -> None:
    document = Match.new(RuleSet(), 1).to_json()
    document["format"] += 1
    with pytest.raises(FormatError, match=f"unsupported match format {document['format']}") as e:
        Match.from_json(document)
    assert e.value.reason == "newer"
