"""The README's engine examples run, and it states the command line's limits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine.cli import MAX_HAND, MAX_LINE_BYTES

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
SNIPPETS = re.findall(r"^```python\n(.*?)^```", README, re.DOTALL | re.MULTILINE)
ENGINE_SNIPPETS = [snippet for snippet in SNIPPETS if "from game.engine import" in snippet]


def test_the_readme_shows_min_penalty_in_code() -> None:
    assert any("min_penalty(" in snippet for snippet in ENGINE_SNIPPETS)


@pytest.mark.parametrize("snippet", ENGINE_SNIPPETS, ids=lambda s: s.splitlines()[0])
def test_engine_snippets_run(snippet: str) -> None:
    exec(compile(snippet, "README.md", "exec"), {"__name__": "readme"})


def test_the_readme_states_the_command_line_limits() -> None:
    words = " ".join(README.split())
    assert f"at most {MAX_LINE_BYTES} bytes" in words
    assert f"at most {MAX_HAND} cards" in words
