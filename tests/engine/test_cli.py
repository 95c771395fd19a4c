"""``python -m game.engine solve``: JSON lines in, JSON lines out."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import cli
from game.engine.cli import MAX_HAND, MAX_LINE_BYTES, main, read_lines, solve_lines

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
        # Each of these once stopped the command.
        pytest.param("[" * 100_000, f"longer than {MAX_LINE_BYTES} bytes", id="100k-nested"),
        pytest.param("[" * MAX_LINE_BYTES, "nested too deeply", id="nested-within-the-limit"),
        pytest.param(
            '{"hand": ["7H","7H","7H","7H"], "wild": 3}', "4 copies of 7H", id="four-copies"
        ),
        pytest.param(
            '{"hand": ["7H","7H","7H","7H"], "wild": 3, "rules": {"players": 8}}',
            "shoe has 3",
            id="four-copies-three-decks",
        ),
        pytest.param(
            '{"hand": ["7H","7H","7H"], "wild": 7}', "3 copies of 7H", id="three-wild-rank-copies"
        ),
        pytest.param('{"hand": ["JK"], "wild": 3}', "shoe has 0", id="joker-without-jokers"),
        pytest.param(
            '{"hand": ["JK","JK","JK"], "wild": 3, "rules": {"jokers": 2}}',
            "3 printed jokers",
            id="too-many-jokers",
        ),
        pytest.param(
            json.dumps({"hand": ["AH"] * 2 + ["2H", "3H"] * 19, "wild": 9}),
            f"at most {MAX_HAND}",
            id="40-cards",
        ),
        pytest.param(b"\xff\xfe{}", "not UTF-8", id="not-utf8"),
    ],
)
def test_bad_lines_get_an_error_and_the_rest_is_answered(
    request_line: str | bytes, words: str
) -> None:
    good = '{"hand": ["3S","3H","9D"], "wild": 3}'
    answers = [json.loads(line) for line in solve_lines([request_line, "", good])]
    assert len(answers) == 2
    assert words in answers[0]["error"]
    assert answers[1]["penalty"] == 0


def test_the_largest_hand_is_answered() -> None:
    hand = [f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "CD"][:MAX_HAND]
    (answer,) = solve_lines([json.dumps({"hand": hand, "wild": 2})])
    assert "error" not in json.loads(answer)


def test_a_line_of_the_longest_length_is_read() -> None:
    request = '{"hand": ["3S","3H","9D"], "wild": 3}'
    longest = request + " " * (MAX_LINE_BYTES - len(request))
    answers = [json.loads(line) for line in solve_lines([longest + "\r\n", longest + " "])]
    assert answers[0]["penalty"] == 0
    assert "longer than" in answers[1]["error"]


def test_a_bug_is_answered_as_an_error_and_the_rest_is_answered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*_: object) -> None:
        raise AssertionError("lost")

    monkeypatch.setattr(cli, "best_arrangement", broken)
    lines = ['{"hand": ["3S"], "wild": 3}', "[]"]
    answers = [json.loads(line) for line in solve_lines(lines)]
    assert answers[0] == {"error": "internal error, please report it: AssertionError: lost"}
    assert "JSON object" in answers[1]["error"]


def test_an_overlong_line_is_cut_and_the_next_is_read_whole() -> None:
    stream = io.BytesIO(b"[" * 50_000 + b"\n" + b"{}\n" + b"x" * 10 + b"\r\n" + b"end")
    lines = list(read_lines(stream, limit=10))
    assert lines == [b"[" * 12, b"{}\n", b"x" * 10 + b"\r\n", b"end"]


def test_main_reads_and_writes_utf8_bytes() -> None:
    stdin = io.BytesIO(
        b"\xff\n" + b"[" * 100_000 + b"\n" + '{"hand": ["7♥"], "wild": 3}\n'.encode() + b"{}"
    )
    stdout = io.BytesIO()
    assert main(["solve"], stdin, stdout) == 0
    answers = [json.loads(line) for line in stdout.getvalue().decode("utf-8").splitlines()]
    assert len(answers) == 4
    assert "not UTF-8" in answers[0]["error"]
    assert "longer than" in answers[1]["error"]
    assert "'7♥'" in answers[2]["error"]
    assert "required" in answers[3]["error"]


def test_help_states_the_limits(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    words = " ".join(capsys.readouterr().out.split())
    assert f"at most {MAX_LINE_BYTES} bytes" in words
    assert f"at most {MAX_HAND} cards" in words
    assert "printed jokers" in words


def test_module_command_line() -> None:
    lines = '{"hand": ["KS","KH","AS","AH","QD"], "wild": 13}\nbroken\n' + "[" * 100_000
    lines += '\n{"hand": ["7♥"], "wild": 3}'
    result = subprocess.run(
        [sys.executable, "-m", "game.engine", "solve"],
        input=lines.encode(),
        capture_output=True,
        cwd=ROOT,
        check=True,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},  # The locale is not used.
    )
    answers = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    assert answers[0]["penalty"] == 2
    assert "error" in answers[1]
    assert "error" in answers[2]
    assert "'7♥'" in answers[3]["error"]
