"""The engine's page (docs/ENGINE.md, moved from the README): its examples run, and it
states the command line's limits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine.cli import MAX_HAND, MAX_LINE_BYTES

ENGINE_DOC = (Path(__file__).resolve().parents[2] / "docs" / "ENGINE.md").read_text("utf-8")
SNIPPETS = re.findall(r"^```python\n(.*?)^```", ENGINE_DOC, re.DOTALL | re.MULTILINE)
ENGINE_SNIPPETS = [snippet for snippet in SNIPPETS if "from game.engine import" in snippet]


def test_the_engine_doc_shows_min_penalty_in_code() -> None:
    assert any("min_penalty(" in snippet for snippet in ENGINE_SNIPPETS)


@pytest.mark.parametrize("snippet", ENGINE_SNIPPETS, ids=lambda s: s.splitlines()[0])
def test_engine_snippets_run(snippet: str) -> None:
    exec(compile(snippet, "docs/ENGINE.md", "exec"), {"__name__": "engine_doc"})


def test_the_engine_doc_states_the_command_line_limits() -> None:
    words = " ".join(ENGINE_DOC.split())
    assert f"at most {MAX_LINE_BYTES} bytes" in words
    assert f"at most {MAX_HAND} cards" in words


def test_the_readme_is_the_players_page() -> None:
    """README.md stays a player's page and the commands (the rest is in docs/, linked)."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text("utf-8")
    assert len(readme.splitlines()) < 250
    for page in ("DEVELOPING", "ENGINE", "BOTS", "PROFILE", "RULES"):
        assert f"docs/{page}.md" in readme
