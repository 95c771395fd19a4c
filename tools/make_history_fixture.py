"""Write the fixture of a history schema: ``tests/fixtures/formats/history-N.sqlite3``.

The file holds four matches played by the AI (a finished match at four players against
``normal``, a two-player open-table match against ``hard`` with its review's figures, an
abandoned match and an autoplay match), written as the game writes them
(:meth:`~game.profile.history.History.add`). ``tests/profile/test_saved_formats.py`` opens every
schema's file through today's code: each one upgrades and reads back.

A fixture is data kept forever: the script never overwrites one. After a step is added to
:data:`~game.profile.history.STEPS`, run it again to add the new schema's file.
``--schema N`` writes an earlier schema (only its first ``N`` steps), for a schema whose
file was never made.

Usage: ``python tools/make_history_fixture.py [--schema N] [--out DIR]``.
"""

from __future__ import annotations

import argparse
import functools
import random
import sqlite3
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai.registry import make_policy  # noqa: E402  (after the path is set)
from game.engine.match import Match  # noqa: E402
from game.engine.rules import RuleSet  # noqa: E402
from game.profile import history, history_rows  # noqa: E402
from game.profile.folder import Profile  # noqa: E402
from game.profile.kept_match import KeptMatch, ReviewFigures  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "formats"


def played(rules: RuleSet, seed: int, seats: tuple[str, ...], actions: int | None = None) -> Match:
    """A match of ``rules`` and ``seed`` played by ``seats`` (to its end, or ``actions`` long)."""
    match = Match.new(rules, seed)
    policies = [
        make_policy(spec, random.Random(f"{seed}/{seat}")) for seat, spec in enumerate(seats)
    ]
    while not match.is_over and (actions is None or len(match.actions) < actions):
        match.apply(policies[match.current_seat].choose(match.view_for(match.current_seat)))
    return match


def fixture_matches() -> list[KeptMatch]:
    """The four matches every history fixture holds, oldest first: played once a process
    (each takes the AI a second or so), each call given matches of its own to change."""
    return [KeptMatch(kept.match.copy(), kept.summary) for kept in _played_once()]


@functools.cache
def _played_once() -> tuple[KeptMatch, ...]:
    day = datetime(2026, 12, 3, 9, 0, tzinfo=UTC)
    four = RuleSet()
    open_two = RuleSet(players=2, table="open", schedule="short")
    return (
        KeptMatch.of(
            played(four, 11, ("normal",) * 4),
            ("Zoë", "Top", "Right"),
            dict.fromkeys((1, 2, 3), "normal"),
            day,
        ),
        KeptMatch.of(
            played(open_two, 12, ("greedy", "hard")),
            ("Bashō",),
            {1: "hard"},
            day.replace(hour=10),
            ReviewFigures(decisions=58, loss=9.25),
        ),
        KeptMatch.of(
            played(four, 13, ("greedy", "easy", "normal", "hard"), actions=60),
            ("Left", "Top", "Right"),
            {1: "easy", 2: "normal", 3: "hard"},
            day.replace(hour=11),
        ),
        KeptMatch.of(
            played(four, 14, ("hard", "normal", "hard", "greedy")),
            ("Left", "Top", "Right"),
            {0: "hard", 1: "normal", 2: "hard", 3: "greedy"},
            day.replace(hour=12),
        ),
    )


def write(schema: int, out: Path) -> Path:
    """Write ``history-{schema}.sqlite3`` into ``out``; refuses to overwrite one."""
    target = out / f"history-{schema}.sqlite3"
    if target.exists():
        raise SystemExit(f"{target} exists: a fixture is never overwritten")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / history.FILE
        if schema < history.SCHEMA:
            _write_earlier(path, schema)
        else:
            kept = history.History(Profile(Path(folder)))
            for number, match in enumerate(fixture_matches(), start=1):
                token = f"{match.summary.ended:%Y%m%d-%H%M%S}-{number:08x}"  # as a waiting file's
                assert kept.add(match, token), kept.profile.notices
            kept.close()
        connection = sqlite3.connect(path)
        connection.execute("PRAGMA journal_mode = DELETE")  # one file, the WAL folded in
        connection.execute("VACUUM")
        connection.close()
        target.write_bytes(path.read_bytes())
    return target


def _write_earlier(path: Path, schema: int) -> None:
    """The matches as schema ``schema`` held them: its steps only, then each row's columns
    (the review's figures came with schema 2)."""
    connection = sqlite3.connect(path)
    for step in history.STEPS[:schema]:
        connection.executescript(step)
    for match in fixture_matches():
        row = history_rows.row_of(match)
        names = ", ".join(row)
        connection.execute(
            f"INSERT INTO matches ({names}) VALUES ({', '.join('?' * len(row))})",
            tuple(row.values()),
        )
    connection.execute(f"PRAGMA application_id = {history.APPLICATION_ID}")
    connection.execute(f"PRAGMA user_version = {schema}")
    connection.commit()
    connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schema", type=int, default=history.SCHEMA)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    print(write(args.schema, args.out))


if __name__ == "__main__":
    main()
