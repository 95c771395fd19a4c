"""How long an AI turn lasts on screen, at each animation speed.

An autoplay window (SDL's dummy drivers) plays at a chosen speed in real time, sixty
frames a second, the AI thinking in its worker process as at the table. The benchmark
notes the moment each discard is shown and prints, per speed, the median and the 90th
percentile of the seconds from one seat's discard to the next seat's: a whole turn as a
player watches it (the draw's glide and pause, the discard's glide and pause, and any
wait for the AI). With ``--hurried``, F is held down throughout (the table hurries).

Usage: ``python benchmarks/turn_pace.py [--turns 24] [--speeds slow,normal,fast] [--hurried]``.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.events import Discarded
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.sim.stats import percentile
from game.ui.app import FPS, App
from game.ui.command_line import LaunchOptions
from game.ui.table.table import TableScene
from game.ui.table.table_keys import HURRY_KEY


def turn_seconds(speed: str, turns: int, hurried: bool = False) -> list[float]:
    """Seconds between successive discards shown, over ``turns`` turns at ``speed`` (F held
    down if ``hurried``)."""
    folder = tempfile.mkdtemp(prefix="three-thirteen-pace-")
    memory = Memory(Profile(Path(folder)))
    memory.save_settings(memory.settings.changed(speed=speed))
    app = App(LaunchOptions(autoplay=True, mute=True, seed=7, profile=folder))
    shown: list[tuple[int, float]] = []
    """Per discard shown: its round and when."""
    try:
        table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
        seen = 0
        last = time.perf_counter()
        while len(shown) < turns + 1:
            if hurried:  # as a key held down repeats (a round's summary lets go of it)
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=HURRY_KEY, mod=0))
            now = time.perf_counter()
            app.step(now - last)
            last = now
            rounds = table.playback.log.rounds
            discards = sum(isinstance(event, Discarded) for kept in rounds for event in kept)
            if discards > seen:
                seen = discards
                shown.append((len(rounds), now))
            app.clock.tick(FPS)
    finally:
        app.close()
    return [
        later - earlier
        for (round_before, earlier), (round_after, later) in itertools.pairwise(shown)
        if round_before == round_after  # a round's end and the next deal are not a turn
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=24)
    parser.add_argument("--speeds", default="slow,normal,fast")
    parser.add_argument("--hurried", action="store_true", help="F held down throughout")
    options = parser.parse_args()
    for speed in options.speeds.split(","):
        seconds = turn_seconds(speed, options.turns, options.hurried)
        median, p90 = statistics.median(seconds), percentile(seconds, 0.9)
        held = ", F held" if options.hurried else ""
        print(f"{speed:>7}{held}: a turn takes {median:.2f} s (median), {p90:.2f} s (p90)")


if __name__ == "__main__":
    main()
