"""What a profile file's reader accepts can always be shown and saved again: every count,
length, character and range a later screen relies on is checked when the file is read."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.engine.match import Match
from game.engine.rules import RuleSet
from game.profile.folder import Profile
from game.profile.memory import SETTINGS_FILE, STATS_FILE, Memory
from game.profile.player_stats import Stats, result_from
from game.profile.saved_match import FILE as MATCH_FILE
from game.profile.saved_match import SavedMatch
from game.profile.settings import Settings
from game.seats.messages import seat_rng_state
from tests.hostile.window import frames, open_window, press, title_button, visit_every_screen
from tests.profile.test_profile import NOON, a_saved_match

Change = Callable[[dict[str, Any]], object]


def saved_json() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(a_saved_match().to_json()))
    return data


def with_players(players: int) -> dict[str, Any]:
    """A saved match of ``players`` seats, as a later version of the game would write it."""
    match = Match.new(RuleSet(players=players), seed=5)
    match.apply(match.legal_actions()[0])
    seats = range(1, players)
    saved = SavedMatch(
        match,
        dict.fromkeys(seats, "normal"),
        tuple(f"Seat {seat}" for seat in seats),
        match.hands[0],
        {seat: seat_rng_state(5, seat) for seat in seats},
    )
    return saved.to_json()


BAD_MATCHES: dict[str, Change] = {
    "no names": lambda d: d.update(names=[]),
    "too few names": lambda d: d.update(names=["Left"]),
    "too many names": lambda d: d.update(names=["Left", "Top", "Right", "Extra"]),
    "a NUL in a name": lambda d: d["names"].__setitem__(0, "Le\x00ft"),
    "a lone surrogate in a name": lambda d: d["names"].__setitem__(1, "T\udce9p"),
    "a name of 10,000 characters": lambda d: d["names"].__setitem__(2, "R" * 10_000),
    "a name of spaces": lambda d: d["names"].__setitem__(2, "   "),
    "a seat missing from policies": lambda d: (d["policies"].pop("2"), d["rng_states"].pop("2")),
    "a seat missing from rng_states": lambda d: d["rng_states"].pop("3"),
    "a policy spec of 10,000 characters": lambda d: d["policies"].update({"1": "x" * 10_000}),
    "a policy spec with a NUL": lambda d: d["policies"].update({"1": "mod\x00:Bot"}),
    "a policy spec that is not module:Class": lambda d: d["policies"].update({"1": "a b:c d"}),
}


@pytest.mark.parametrize("change", BAD_MATCHES.values(), ids=BAD_MATCHES)
def test_a_saved_match_a_later_screen_could_not_show_is_refused(change: Change) -> None:
    data = saved_json()
    change(data)
    with pytest.raises(ValueError):
        SavedMatch.from_json(data)


@pytest.mark.slow
@pytest.mark.parametrize("change", BAD_MATCHES.values(), ids=BAD_MATCHES)
def test_the_window_sets_such_a_match_aside_and_offers_a_new_one(
    tmp_path: Path, change: Change
) -> None:
    data = saved_json()
    change(data)
    (tmp_path / MATCH_FILE).write_text(json.dumps(data), encoding="utf-8", errors="surrogatepass")
    shown = visit_every_screen(tmp_path).notices
    assert any(notice.startswith("match.json could not be used") for notice in shown)
    assert all(len(notice) < 500 for notice in shown), "a notice echoes the file in full"
    assert list(tmp_path.glob("match.json.foreign-*"))


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 5, 6, 8])
def test_a_saved_match_of_any_table_size_continues(tmp_path: Path, players: int) -> None:
    (tmp_path / MATCH_FILE).write_text(json.dumps(with_players(players)))
    visit = visit_every_screen(tmp_path)
    assert visit.played and not visit.notices
    assert not list(tmp_path.glob("match.json.foreign-*"))


@pytest.mark.parametrize("players", [0, 1, 9, 100])
def test_a_saved_match_of_a_size_no_table_seats_is_set_aside(tmp_path: Path, players: int) -> None:
    data = with_players(4)
    data["match"]["rules"]["players"] = players
    (tmp_path / MATCH_FILE).write_text(json.dumps(data))
    shown = visit_every_screen(tmp_path).notices
    assert any(notice.startswith("match.json could not be used") for notice in shown)


BAD_SETTINGS: dict[str, dict[str, Any]] = {
    "a NUL in a name": {"names": ["Left", "T\x00p", "Right"]},
    "a lone surrogate in a name": {"names": ["L\udce9ft", "Top", "Right"]},
    "a name with a newline": {"names": ["Left", "Top", "Ri\nght"]},
    "one player": {"rules": {"players": 1}},
    "nine players": {"rules": {"players": 9}},
    "six players, three names": {"rules": {"players": 6}, "names": ["Ann", "Bo", "Cy"]},
    "two players, three levels": {"rules": {"players": 2}, "levels": ["easy"] * 3},
}


@pytest.mark.parametrize("values", BAD_SETTINGS.values(), ids=BAD_SETTINGS)
def test_settings_a_later_screen_or_save_could_not_use_are_set_aside(
    tmp_path: Path, values: dict[str, Any]
) -> None:
    text = json.dumps({"format": 1, **values})
    (tmp_path / SETTINGS_FILE).write_text(text)
    memory = Memory(Profile(tmp_path, clock=lambda: NOON))
    assert memory.settings == Settings()
    assert (tmp_path / f"{SETTINGS_FILE}.foreign-20261201-081200").exists()
    memory.save_settings(memory.settings.changed(muted=True))
    assert Memory(Profile(tmp_path)).settings.muted


@pytest.mark.slow
@pytest.mark.parametrize("values", BAD_SETTINGS.values(), ids=BAD_SETTINGS)
def test_the_window_plays_a_new_match_on_such_settings(
    tmp_path: Path, values: dict[str, Any]
) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"format": 1, **values}))
    app = open_window(tmp_path)
    try:
        frames(app)
        assert press(app, "New game")
        frames(app, 30)
        assert app.stack.top.__class__.__name__ == "TableScene"
    finally:
        app.close()


def good_stats() -> dict[str, Any]:
    played = result_from("hard", (10, 20, 30, 40), (0,), ((0, 5, 6, 7),), 1)
    return Stats().record(played).to_json()


HUGE = 10**309
"""Larger than any float: a total that makes an average overflow."""
BAD_STATS: dict[str, Change] = {
    "a total sum past a float": lambda d: d["overall"].update(total_sum=HUGE),
    "a best total past a float": lambda d: d["levels"]["hard"].update(best_total=HUGE),
    "played past a float": lambda d: d["overall"].update(played=HUGE),
}


@pytest.mark.parametrize("change", BAD_STATS.values(), ids=BAD_STATS)
def test_statistics_too_large_to_show_are_set_aside(tmp_path: Path, change: Change) -> None:
    data = good_stats()
    change(data)
    with pytest.raises(ValueError):
        Stats.from_json(data)
    (tmp_path / STATS_FILE).write_text(json.dumps(data))
    shown = visit_every_screen(tmp_path).notices
    assert any(notice.startswith("stats.json could not be used") for notice in shown)
    assert all(len(notice) < 500 for notice in shown), "a notice echoes a 309-digit number"


def test_a_notice_cuts_what_it_echoes_and_draws_what_it_cannot_print(tmp_path: Path) -> None:
    data = saved_json()
    data["went_out"] = 10**400
    data["names"][0] = "\x00" + "N" * 10_000
    (tmp_path / MATCH_FILE).write_text(json.dumps(data))
    memory = Memory(Profile(tmp_path))
    assert memory.saved_match() is None
    (notice,) = memory.profile.notices
    assert len(notice) < 500
    assert "\x00" not in notice


def test_the_title_offers_continue_only_for_a_match_it_can_show(tmp_path: Path) -> None:
    good = tmp_path / "good"
    good.mkdir()
    (good / MATCH_FILE).write_text(json.dumps(saved_json()))
    app = open_window(good)
    try:
        frames(app)
        assert title_button(app, "Continue") is not None
    finally:
        app.close()


@pytest.mark.slow
@pytest.mark.parametrize("players", [5, 6, 8])
def test_autoplay_on_settings_of_any_table_size_plays_a_round_there(
    tmp_path: Path, players: int
) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"format": 1, "rules": {"players": players}}))
    command = [sys.executable, "-m", "game", "--autoplay", "--rounds", "1", "--speed", "max"]
    command += ["--quit-when-done", "--mute", "--profile", str(tmp_path)]
    environment = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(command, env=environment, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert not list(tmp_path.glob("settings.json.*-*")), "the settings were fine"
    settings = Memory(Profile(tmp_path)).settings
    assert settings.rules.players == players and len(settings.names) == players - 1
