"""``python -m game.engine solve``: JSON lines in, JSON lines out."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.cli import solve_lines

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("request_line", "answer"),
    [
        pytest.param(
            '{"hand": ["KS","KH","AS","AH","QD"], "wild": "K", "rules": {"aces": "low"}}',
            {"penalty": 2, "melds": [["KS", "KH", "QD"]], "leftover": ["AS", "AH"]},
            id="issue-example",
        ),
        pytest.param(
            '{"hand": ["5C","7S","8S","QH","QD"], "wild": 5}',
            {"penalty": 15, "melds": [["5C", "QH", "QD"]], "leftover": ["7S", "8S"]},
            id="wild-as-number",
        ),
        pytest.param(
            '{"hand": ["QS","KS","AS"], "wild": "3", "rules": {"aces": "low_or_high"}}',
            {"penalty": 0, "melds": [["QS", "KS", "AS"]], "leftover": []},
            id="partial-rules",
        ),
        pytest.param(
            '{"hand": ["TD","9D","JK","8D"], "wild": 4, "rules": {"jokers": 2}}',
            {"penalty": 0, "melds": [["8D", "9D", "10D", "JK"]], "leftover": []},
            id="run-ascends-T-notation",
        ),
    ],
)
def test_answers(request_line: str, answer: dict[str, object]) -> None:
    assert [json.loads(line) for line in solve_lines([request_line])] == [answer]


@pytest.mark.parametrize(
    ("request_line", "words"),
    [
        pytest.param("nonsense", "not JSON", id="not-json"),
        pytest.param("[1, 2]", "JSON object", id="not-object"),
        pytest.param('{"hand": ["ZZ"], "wild": 3}', "'ZZ'", id="bad-card"),
        pytest.param('{"hand": ["AS"], "wild": 14}', "1-13", id="bad-wild-number"),
        pytest.param('{"hand": ["AS"], "wild": "X"}', "'X'", id="bad-wild-label"),
        pytest.param('{"hand": "AS", "wild": 3}', "list", id="hand-not-list"),
        pytest.param('{"wild": 3}', "required", id="no-hand"),
        pytest.param(
            '{"hand": [], "wild": 3, "rules": {"aces": "high"}}', "'aces'", id="bad-rule-value"
        ),
        pytest.param(
            '{"hand": [], "wild": 3, "rules": {"colour": 1}}', "'colour'", id="unknown-rule"
        ),
        pytest.param('{"hand": [], "wild": 3, "extra": 1}', "'extra'", id="unknown-field"),
    ],
)
def test_bad_lines_get_an_error_and_the_rest_is_answered(request_line: str, words: str) -> None:
    good = '{"hand": ["3S","3H","9D"], "wild": 3}'
    answers = [json.loads(line) for line in solve_lines([request_line, "", good])]
    assert len(answers) == 2
    assert words in answers[0]["error"]
    assert answers[1]["penalty"] == 0


def test_module_command_line() -> None:
    lines = '{"hand": ["KS","KH","AS","AH","QD"], "wild": 13}\nbroken\n'
    result = subprocess.run(
        [sys.executable, "-m", "game.engine", "solve"],
        input=lines,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert answers[0]["penalty"] == 2
    assert "error" in answers[1]
