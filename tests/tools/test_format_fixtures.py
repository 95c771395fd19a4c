"""``tools/make_format_fixtures.py``: it never rewrites a fixture, and the fixture of a new
format is the latest old one read and written again."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from game.engine.match import Match
from game.profile import saved_match
from game.profile.player_stats import Stats
from game.profile.saved_match import SavedMatch
from game.profile.settings import Settings
from tests.profile.test_saved_formats import FIXTURES, KINDS, check_saved_match
from tests.tools.loading import load_tool


def copied_fixtures(tmp_path: Path) -> Path:
    out = tmp_path / "formats"
    shutil.copytree(FIXTURES, out)
    return out


def test_the_fixtures_of_the_current_formats_are_kept_as_they_are(tmp_path: Path) -> None:
    out = copied_fixtures(tmp_path)
    assert load_tool("make_format_fixtures").main(["--out", str(out)]) == []
    for path in FIXTURES.iterdir():
        assert (out / path.name).read_bytes() == path.read_bytes(), path.name


def test_from_nothing_it_writes_a_fixture_of_every_kind_that_reads_back(tmp_path: Path) -> None:
    written = load_tool("make_format_fixtures").main(["--out", str(tmp_path)])
    current = sorted(f"{kind}-{module.FORMAT}.json" for kind, module in KINDS.items())
    assert sorted(path.name for path in written) == current
    readers: dict[str, Any] = {
        "settings": Settings.from_json,
        "stats": Stats.from_json,
        "match": SavedMatch.from_json,
        "engine": Match.from_json,
    }
    for path in written:
        read = readers[path.name.split("-")[0]](json.loads(path.read_text("utf-8")))
        assert read.to_json() == json.loads(path.read_text("utf-8"))


def test_a_new_formats_fixture_is_the_latest_old_one_written_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    now, bumped = saved_match.FORMAT, saved_match.FORMAT + 1
    monkeypatch.setattr(saved_match, "FORMAT", bumped)
    steps = {**saved_match.UPGRADES, now: lambda old: {**old, "format": bumped}}
    monkeypatch.setattr(saved_match, "UPGRADES", steps)
    out = copied_fixtures(tmp_path)
    written = load_tool("make_format_fixtures").main(["--out", str(out)])
    assert written == [out / f"match-{bumped}.json"]
    old = json.loads((out / f"match-{now}.json").read_text("utf-8"))
    new = json.loads((out / f"match-{bumped}.json").read_text("utf-8"))
    assert new == {**old, "format": bumped}
    check_saved_match(SavedMatch.from_json(new))
