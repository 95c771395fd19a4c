"""A match of 2 or of 8 players, played on by the window in another process, killed with
SIGKILL in the middle: the saved match loads with no notice, at its table size, further on
than it started, and the window continues it and plays a turn of yours."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.seating import default_names
from game.profile import saved_match
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.saved_match import SavedMatch
from game.profile.settings import Settings
from game.seats.messages import seat_rng_state
from tests.ui.driver import make_app, step_until, table_of
from tests.ui.players import MousePlayer

pytestmark = pytest.mark.slow  # a game process per table size

ROOT = Path(__file__).resolve().parents[2]
SEED = 28


def saved_at(players: int) -> SavedMatch:
    """A match of ``players`` a few moves in, against easy opponents."""
    match = Match.new(RuleSet(players=players), seed=SEED)
    for _ in range(3):
        match.apply(match.legal_actions()[0])
    policies = dict.fromkeys(range(1, players), "easy")
    states = {seat: seat_rng_state(SEED, seat) for seat in policies}
    return SavedMatch(match, policies, default_names(players), match.hands[0], states)


def read(profile: Path) -> SavedMatch | None:
    folder = Profile(profile)
    loaded = folder.read(saved_match.FILE, saved_match.FORMAT, SavedMatch.from_json)
    assert folder.notices == [], folder.notices
    return loaded


@pytest.mark.parametrize("players", [2, 8])
def test_a_match_killed_mid_play_continues_at_its_table_size(tmp_path: Path, players: int) -> None:
    saved = saved_at(players)
    memory = Memory(Profile(tmp_path))
    memory.save_settings(Settings().seated(players))
    memory.save_match(saved)
    memory.profile.flush()
    started = len(saved.match.actions)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    command = [sys.executable, "-m", "game", "--profile", str(tmp_path), "--continue"]
    command += ["--autoplay", "--speed", "max", "--mute"]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            now = read(tmp_path)
            if now is not None and len(now.match.actions) > started + 4 * players:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the window never saved the match played on")
        time.sleep(0.37)  # somewhere in the middle of play (and perhaps of a save)
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
    killed = read(tmp_path)
    assert killed is not None, "the killed window left no match to continue"
    assert killed.match.players == players and killed.names == saved.names
    assert len(killed.match.actions) > started
    assert 0 not in killed.policies, "the seat stays yours"

    app = make_app(profile=str(tmp_path), resume=True, max_speed=True, mute=True)
    try:
        table = table_of(app)
        assert table.layout.players == players and table.match.players == players
        assert table.match.actions == killed.match.actions
        if table.match.is_over:
            return
        step_until(app, lambda: (not table.busy and table.your_turn) or table.match.is_over)
        if table.match.is_over:
            return
        before = len(table.match.actions)
        player = MousePlayer(SEED)
        player.perform(table, player.choose(table))  # draw, by mouse
        step_until(app, lambda: len(table.match.actions) > before and not table.busy, frames=600)
        player.perform(table, player.choose(table))  # discard (perhaps going out)
        step_until(app, lambda: len(table.match.actions) > before + 1, frames=600)
    finally:
        app.close()
