"""A match shared as a file: it reads back as it was, the review's command line reads it,
and every file that is not one is refused in one line."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.files import MOST_BYTES
from game.profile import shared_match
from game.profile.kept_match import KeptMatch
from game.profile.shared_match import ShareError
from tools.make_history_fixture import fixture_matches

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def matches() -> list[KeptMatch]:
    return fixture_matches()


def test_an_exported_match_reads_back_as_it_was(tmp_path: Path, matches: list[KeptMatch]) -> None:
    for kept in matches:
        path = shared_match.export(kept, tmp_path / "shared")
        assert path.name.startswith("match-") and path.suffix == ".json"
        assert path.stat().st_size < 20_000, "a small file"
        back = shared_match.read(path)
        assert back.match == kept.match
        assert back.summary == dataclasses.replace(kept.summary, review=None), "not shared"
    assert len(list((tmp_path / "shared").iterdir())) == len(matches), "no name taken twice"


def test_the_reviews_command_line_reads_a_shared_file(
    tmp_path: Path, matches: list[KeptMatch]
) -> None:
    path = shared_match.export(matches[0], tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "game.review", str(path), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)) > 20


def changed(kept: KeptMatch, change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(shared_match.to_json(kept)))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format=2), "newer"),
        (lambda d: d.update(kind="chess game"), "kind"),
        (lambda d: d.pop("kind"), "kind"),
        (lambda d: d.update(extra=1), "unknown key"),
        (lambda d: d.update(names=["Left"]), "names"),
        (lambda d: d.update(names=["Left", "\x07", "Right"]), "name"),
        (lambda d: d.update(policies={"1": "os:system"}), "every AI seat"),
        (lambda d: d.update(policies={"9": "hard"}), "not a seat"),
        (lambda d: d.update(ended="yesterday"), "format"),
        (lambda d: d.update(ended="2026-12-03T09:00:00"), "time zone"),
        (lambda d: d.update(abandoned=True), "over"),
        (lambda d: d["match"]["actions"].pop(), "match"),
        (lambda d: d["match"]["actions"].reverse(), "match"),
        (lambda d: d.update(match=[]), "match"),
    ],
)
def test_a_file_that_is_not_a_shared_match_is_refused_in_one_line(
    tmp_path: Path, matches: list[KeptMatch], change: Callable[[dict[str, Any]], object], words: str
) -> None:
    path = tmp_path / "friend.json"
    path.write_text(json.dumps(changed(matches[0], change)), encoding="utf-8")
    with pytest.raises(ShareError) as refused:
        shared_match.read(path)
    message = str(refused.value)
    assert "\n" not in message and "friend.json" in message
    assert words in message.lower() or words in message, message


def test_an_abandoned_match_must_say_so(tmp_path: Path, matches: list[KeptMatch]) -> None:
    abandoned = matches[2]
    path = shared_match.export(abandoned, tmp_path)
    assert shared_match.read(path).summary.abandoned
    data = json.loads(path.read_text("utf-8"))
    del data["abandoned"]
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(ShareError, match="not over"):
        shared_match.read(path)


@pytest.mark.parametrize(
    "content",
    [b"", b"{not json", b"\xff\xfe\x00", b"[1, 2, 3]", b"{}", b"[" * 100_000],
    ids=["empty", "not-json", "not-utf8", "list", "empty-object", "deep"],
)
def test_files_of_other_kinds_are_refused(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "odd.json"
    path.write_bytes(content)
    with pytest.raises(ShareError):
        shared_match.read(path)


def test_a_missing_file_a_folder_a_fifo_and_a_huge_file_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ShareError, match="not there"):
        shared_match.read(tmp_path / "none.json")
    with pytest.raises(ShareError):
        shared_match.read(tmp_path)
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (MOST_BYTES + 1))
    with pytest.raises(ShareError):
        shared_match.read(huge)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.json"
        os.mkfifo(fifo)
        with pytest.raises(ShareError):
            shared_match.read(fifo)


def test_a_folder_that_cannot_be_written_is_said_in_one_line(
    tmp_path: Path, matches: list[KeptMatch]
) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file, not a folder", encoding="utf-8")
    with pytest.raises(ShareError) as refused:
        shared_match.export(matches[0], blocked / "shared")
    assert "\n" not in str(refused.value)
