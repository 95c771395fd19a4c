"""Saved formats that grow: every format the game ever wrote still reads, through today's
readers, to the same values.

``tests/fixtures/formats/`` keeps one file per kind of document and format, as the game
wrote it (``tools/make_format_fixtures.py``): ``settings-N.json``, ``stats-N.json``,
``match-N.json`` (the profile's saved match) and ``engine-match-N.json`` (the engine's
``Match.to_json``). Raising a kind's ``FORMAT`` means adding its upgrade step and the new
format's fixture beside the old one; these tests fail until both are there.
"""

from __future__ import annotations

import json
import random
import re
import shutil
from collections.abc import Callable
from functools import reduce
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from game.engine import formats
from game.engine import match as engine_match
from game.engine.actions import Phase
from game.engine.cards import Card
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.profile import json_format, player_stats, saved_match, settings
from game.profile.folder import Profile
from game.profile.memory import SETTINGS_FILE, STATS_FILE, Memory
from game.profile.player_stats import Stats
from game.profile.saved_match import SavedMatch
from game.profile.settings import Settings

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "formats"
KINDS: dict[str, ModuleType] = {
    "settings": settings,
    "stats": player_stats,
    "match": saved_match,
    "engine-match": engine_match,
}
"""Each kind of document by its fixtures' prefix, and the module that declares its
``FORMAT`` and ``UPGRADES``."""
NAMED = re.compile(r"(?P<kind>[a-z-]+)-(?P<format>[1-9][0-9]*)\.json")
FILE_OF_KIND = {"settings": SETTINGS_FILE, "stats": STATS_FILE, "match": saved_match.FILE}
"""The profile's file each profile kind is kept in."""
RULES = RuleSet(jokers=2, aces="low_or_high", lay_off=True, double_penalties="jqk")
"""The rules of the fixtures' settings and saved match."""


def fixtures() -> list[Path]:
    return sorted(FIXTURES.glob("*.json"))


def kind_and_format(path: Path) -> tuple[str, int]:
    found = NAMED.fullmatch(path.name)
    assert found is not None and found["kind"] in KINDS, f"{path.name}: not kind-N.json"
    return found["kind"], int(found["format"])


def fixture(kind: str, number: int) -> Path:
    return FIXTURES / f"{kind}-{number}.json"


def in_a_profile(tmp_path: Path, kind: str, number: int) -> Memory:
    """A profile holding the fixture ``kind-number`` as the game keeps it, read by the game."""
    shutil.copyfile(fixture(kind, number), tmp_path / FILE_OF_KIND[kind])
    return Memory(Profile(tmp_path))


# The values every fixture of a kind holds, whatever its format.


def coded(codes: str) -> tuple[Card, ...]:
    return tuple(map(Card.from_code, codes.split()))


def check_settings(read: Settings) -> None:
    assert read.rules == RULES
    assert read.levels == ("easy", "hard", "normal")
    assert read.names == ("Zoë", "Bashō", "Ćiro")
    assert (read.speed, read.volume, read.muted) == ("fast", 0.35, True)
    assert (read.deck, read.back, read.fullscreen) == ("four_colour", "red", True)
    assert (read.language, read.local_indices, read.show_log) == ("fr", False, False)
    assert (read.undo, read.coach) == (True, False)


def check_stats(read: Stats) -> None:
    overall = read.overall
    assert (overall.played, overall.won, overall.shared, overall.abandoned) == (5, 2, 1, 1)
    assert (overall.rounds_at_zero, overall.went_out) == (10, 8)
    assert (overall.current_streak, overall.best_streak) == (0, 1)
    assert (overall.best_total, overall.worst_total, overall.total_sum) == (12, 90, 220)
    assert overall.average == 55.0
    assert [key for key, _ in read.levels] == ["easy", "hard", "mixed"]
    hard = read.for_level("hard")
    assert (hard.played, hard.won, hard.abandoned) == (3, 1, 1)
    assert (hard.best_total, hard.worst_total) == (41, 90)
    easy = read.for_level("easy")
    assert (easy.played, easy.won, easy.shared, easy.current_streak) == (1, 1, 1, 1)
    assert read.for_level("mixed").played == 1
    assert read.for_level("normal").played == 0
    assert read.tables == ((4, overall),), "every match of these fixtures was at a table of four"


def check_saved_match(read: SavedMatch) -> None:
    match = read.match
    assert match.rules == RuleSet(
        jokers=2, aces="low_or_high", lay_off=True, double_penalties="jqk"
    )
    assert match.seed == 2031
    assert (match.round_index, match.phase, match.current_seat) == (3, Phase.DISCARD, 0)
    assert match.round_scores == ((0, 16, 23, 14), (0, 14, 0, 34), (2, 0, 35, 19))
    assert match.totals == (2, 30, 58, 67)
    assert len(match.actions) == 31
    assert Match.replay(match.rules, match.seed, match.actions) == match
    assert read.policies == {1: "easy", 2: "hard", 3: "normal"}
    assert read.names == ("Zoë", "Bashō", "Ćiro")
    assert read.hand_order == coded("KH.0 9S.1 KD.0 2S.0 JC.0 9C.1 3H.0")
    assert sorted(read.hand_order) == sorted(match.hands[0])
    assert read.went_out == 2
    assert set(read.rng_states) == {1, 2, 3}
    for state in read.rng_states.values():
        random.Random().setstate(state)


def check_engine_match(read: Match) -> None:
    assert read.rules == RuleSet(players=3, schedule="short", jokers=2, face_values="rank")
    assert read.seed == 2031
    assert (read.round_index, read.phase, read.current_seat) == (1, Phase.DRAW, 2)
    assert (read.went_out, read.last_turns_left) == (1, 2)
    assert read.went_out_arrangement is not None and read.went_out_arrangement.penalty == 0
    assert read.round_scores == ((0, 21, 24),)
    assert len(read.actions) == 32
    assert read.hands[0] == coded("AD.1 2C.1 2D.0 6D.1")
    assert Match.replay(read.rules, read.seed, read.actions) == read


def read_fixture(tmp_path: Path, kind: str, number: int) -> Any:
    """The fixture read as the game reads it: the profile's files through Memory (which
    must raise no notice), the engine's document by Match.from_json."""
    if kind == "engine-match":
        return Match.from_json(json.loads(fixture(kind, number).read_text("utf-8")))
    memory = in_a_profile(tmp_path, kind, number)
    read: Any = {"settings": memory.settings, "stats": memory.stats}.get(kind)
    if kind == "match":
        read = memory.saved_match()
        assert read is not None and memory.playable(read)
    assert memory.profile.notices == []
    return read


CHECKS: dict[str, Callable[[Any], None]] = {
    "settings": check_settings,
    "stats": check_stats,
    "match": check_saved_match,
    "engine-match": check_engine_match,
}


@pytest.mark.parametrize("path", fixtures(), ids=[path.name for path in fixtures()])
def test_every_fixture_reads_through_the_games_readers_to_its_values(
    tmp_path: Path, path: Path
) -> None:
    kind, number = kind_and_format(path)
    read = read_fixture(tmp_path, kind, number)
    CHECKS[kind](read)
    written = read.to_json()
    assert written["format"] == KINDS[kind].FORMAT, "writing always writes the current format"
    if number == KINDS[kind].FORMAT:
        found = json.loads(path.read_text("utf-8"))
        assert written == found, f"{kind} writes other JSON than its format {number}'s: bump it"


@pytest.mark.parametrize("kind", KINDS)
def test_every_format_up_to_the_current_one_keeps_its_fixture(kind: str) -> None:
    """Raising ``FORMAT`` without keeping the old format's fixture fails here (and writing
    the new one: ``python tools/make_format_fixtures.py``)."""
    found = sorted(number for other, number in map(kind_and_format, fixtures()) if other == kind)
    assert found == list(range(1, KINDS[kind].FORMAT + 1))


@pytest.mark.parametrize("kind", KINDS)
def test_each_kinds_chain_of_upgrades_is_complete(kind: str) -> None:
    assert formats.missing_steps(KINDS[kind].FORMAT, KINDS[kind].UPGRADES) == []


def test_the_profile_and_the_engine_share_one_mechanism() -> None:
    assert json_format.upgraded is formats.upgraded
    assert json_format.FormatError is formats.FormatError


# Each reader applies its kind's chain: a synthetic step 1 → 2 put in place of the real ones.


def bumped_to_2(kind: str, monkeypatch: pytest.MonkeyPatch, change: formats.Step) -> list[int]:
    """Make ``kind`` a kind at format 2 whose step from 1 is ``change`` (plus the bump);
    the formats the step was called on go to the list returned."""
    calls: list[int] = []

    def step(old: dict[str, Any]) -> dict[str, Any]:
        calls.append(old["format"])
        return {**change(old), "format": 2}

    monkeypatch.setattr(KINDS[kind], "FORMAT", 2)
    monkeypatch.setattr(KINDS[kind], "UPGRADES", {1: step})
    return calls


@pytest.mark.parametrize("kind", ["settings", "stats", "match"])
def test_the_profile_upgrades_an_earlier_file_as_it_reads_it_and_writes_it_only_when_saving(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    changes: dict[str, formats.Step] = {
        "settings": lambda old: {**old, "speed": "slow"},
        "stats": player_stats.UPGRADES[1],  # its format 2 is real
        "match": lambda old: {**old, "names": ["Ann", "Bo", "Cy"]},
    }
    calls = bumped_to_2(kind, monkeypatch, changes[kind])
    memory = in_a_profile(tmp_path, kind, 1)
    on_disk = tmp_path / FILE_OF_KIND[kind]
    if kind == "settings":
        assert memory.settings.speed == "slow"
        memory.save_settings(memory.settings)
    elif kind == "stats":
        check_stats(memory.stats)
        memory.reset_stats()
    else:
        saved = memory.saved_match()
        assert saved is not None and saved.names == ("Ann", "Bo", "Cy")
        assert on_disk.read_bytes() == fixture(kind, 1).read_bytes(), "reading writes nothing"
        memory.save_match(saved)
        memory.profile.flush()
    assert calls == [1]
    assert memory.profile.notices == []
    assert json.loads(on_disk.read_text("utf-8"))["format"] == 2, "the next save writes 2"


def test_the_engine_upgrades_an_earlier_match_document_also_inside_a_saved_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_steps = engine_match.UPGRADES  # the change: today's steps, as one step from 1

    def today(old: dict[str, Any]) -> dict[str, Any]:
        return reduce(lambda document, step: real_steps[step](document), sorted(real_steps), old)

    calls = bumped_to_2("engine-match", monkeypatch, today)
    document = json.loads(fixture("engine-match", 1).read_text("utf-8"))
    check_engine_match(Match.from_json(document))
    assert document["format"] == 1, "the document read is left as it was"
    assert calls == [1]
    saved = in_a_profile(tmp_path, "match", 1).saved_match()
    assert saved is not None and saved.to_json()["match"]["format"] == 2
    check_saved_match(saved)
    assert calls == [1, 1]


def test_a_saved_match_holding_a_newer_match_document_is_set_aside_as_newer(
    tmp_path: Path,
) -> None:
    document = json.loads(fixture("match", saved_match.FORMAT).read_text("utf-8"))
    document["match"]["format"] = engine_match.FORMAT + 1
    (tmp_path / saved_match.FILE).write_text(json.dumps(document), "utf-8")
    memory = Memory(Profile(tmp_path))
    assert memory.saved_match() is None
    assert [path.name.split(".")[2].split("-")[0] for path in tmp_path.iterdir()] == ["newer"]
    assert len(memory.profile.notices) == 1 and "newer version" in memory.profile.notices[0]
