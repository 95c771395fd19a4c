"""Many autoplay matches in one window: does anything grow from match to match?

One window plays ``--matches`` autoplay matches at full speed, one after another: when a
match ends, its end screen's New game is clicked, as a person would, and the next match
is dealt (a fresh table, a fresh AI worker process). After each match the benchmark
notes the window process's resident memory (``VmRSS``), the live Python objects, open
files, threads, child processes and tables still alive, and the size of every cache the
window keeps (the felt, the translucent plates, the card pictures, the rendered texts,
the engine's codecs). It prints those figures after matches 1, 10, 25 and the last, the
growth per match, and the caches at the end. It prints figures; it is not a test
(``tests/ui/test_long_play.py`` checks the caches over three matches).

Usage: ``python benchmarks/long_play.py [--matches 50] [--size 1280x800]
[--seats easy,greedy,easy,greedy] [--seed 1] [--tracemalloc]`` (on SDL's dummy
drivers unless ``SDL_VIDEODRIVER`` says otherwise).
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import os
import random
import sys
import tempfile
import threading
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine import actions, codec, round_log
from game.engine import match as engine_match
from game.ui.app import App
from game.ui.command_line import LaunchOptions
from game.ui.kit import felt, widgets
from game.ui.seen import layout, turn_marker
from game.ui.table.match_end import MatchEndScene
from game.ui.table.table import TableScene

FRAME = 1 / 60
MATCH_SECONDS = 300.0
"""A match that takes longer than this has stalled: the benchmark stops."""
REPORTED = (1, 10, 25, 50)
"""After which matches the figures are printed (and after the last)."""


def cache_sizes(app: App) -> dict[str, int]:
    """How many entries each cache of the window holds now."""
    text = app.text
    sizes = {
        "felt": felt.felt.cache_info().currsize,
        "translucent_plate": widgets.translucent_plate.cache_info().currsize,
        "CardArt._cache": len(app.art._cache),
        "Text._rendered": len(text._rendered),
        "Text._fits": len(text._fits),
        "Text._wraps": len(text._wraps),
        "Text._fonts": len(text._fonts),
        "round_log._move_cached": round_log._move_cached.cache_info().currsize,
        "codec.card_code": codec.card_code.cache_info().currsize,
        "codec.card_from_code": codec.card_from_code.cache_info().currsize,
        "actions.action_pair": actions.action_pair.cache_info().currsize,
        "actions.action_from_pair": actions.action_from_pair.cache_info().currsize,
        "match._shoe_set": engine_match._shoe_set.cache_info().currsize,
        "turn_marker._light": turn_marker._light.cache_info().currsize,
        "turn_marker._wash": turn_marker._wash.cache_info().currsize,
        "layout._cached_hand_slots": layout._cached_hand_slots.cache_info().currsize,
        "layout._cached_seat_slots": layout._cached_seat_slots.cache_info().currsize,
        "layout._cached_seat_card_height": layout._cached_seat_card_height.cache_info().currsize,
    }
    return sizes


def status_kb(field: str, pid: int | str = "self") -> int:
    """A ``/proc/<pid>/status`` figure in kB (``VmRSS``, ``VmHWM``); 0 where unavailable."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(f"{field}:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def open_files() -> int:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return 0


@dataclass(frozen=True, slots=True)
class Sample:
    """The window's figures after one match."""

    match: int
    seconds: float
    """Since the window opened."""
    frames: int
    rss_kb: int
    objects: int
    """Live objects the garbage collector tracks (after a collection)."""
    tables: int
    """Table scenes still alive (one: the new match's)."""
    files: int
    threads: int
    children: int
    worker_kb: int
    """Resident memory of the current AI worker process."""
    traced_kb: int
    """Memory Python allocated, if ``--tracemalloc`` traces it (else 0)."""
    caches: dict[str, int]


def worker_kb(app: App) -> int:
    """Resident memory of the AI worker process of the table on screen (0 if none)."""
    table = app.stack.scenes[0] if app.stack.scenes else None
    pid = table.seats.pid if isinstance(table, TableScene) else None
    return 0 if pid is None else status_kb("VmRSS", pid)


def sample(app: App, number: int, started: float, worker: int) -> Sample:
    """The figures now (``worker``: the AI worker's memory, taken before it was replaced)."""
    gc.collect()
    objects = gc.get_objects()
    tables = sum(1 for thing in objects if isinstance(thing, TableScene))
    traced = tracemalloc.get_traced_memory()[0] // 1024 if tracemalloc.is_tracing() else 0
    return Sample(
        match=number,
        seconds=time.perf_counter() - started,
        frames=app.frames_drawn,
        rss_kb=status_kb("VmRSS"),
        objects=len(objects),
        tables=tables,
        files=open_files(),
        threads=threading.active_count(),
        children=len(multiprocessing.active_children()),
        worker_kb=worker,
        traced_kb=traced,
        caches=cache_sizes(app),
    )


def autoplay_window(
    profile: str, size: tuple[int, int], seats: tuple[str, ...], ai_process: bool = True
) -> App:
    """A silent window whose four seats the AI plays at full speed."""
    options = LaunchOptions(
        autoplay=True,
        max_speed=True,
        mute=True,
        seats=seats,
        profile=profile,
        size=size,
        ai_process=ai_process,
    )
    return App(options)


def play_to_the_end(app: App, seconds: float = MATCH_SECONDS, rest: float = 0.001) -> MatchEndScene:
    """Frames until the match's end shows; ``rest`` seconds of sleep after each (the AI
    worker shares the machine)."""
    deadline = time.monotonic() + seconds
    while not isinstance(app.stack.top, MatchEndScene):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the match did not end in {seconds:.0f} s: {app.stack.scenes}")
        app.step(FRAME)
        time.sleep(rest)
    return app.stack.top


def new_game(app: App, end: MatchEndScene, same_deal: bool = False) -> None:
    """Click the match end's New game (or Play this deal again), and step once: the new
    table is up."""
    x, y = end.buttons[1 if same_deal else 0].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
    app.step(FRAME)
    if app.stack.top is end:
        raise RuntimeError("New game did not start a new match")


def play_matches(
    app: App,
    matches: int,
    after: Callable[[Sample], None] = lambda sample: None,
    rest: float = 0.001,
    same_deal: bool = False,
) -> list[Sample]:
    """Play ``matches`` matches in ``app``, a new one after each (``same_deal``: the same
    deal again); the figures after each, taken at the next match's deal."""
    started = time.perf_counter()
    samples: list[Sample] = []
    for number in range(1, matches + 1):
        end = play_to_the_end(app, rest=rest)
        worker = worker_kb(app)
        new_game(app, end, same_deal)  # after the last too: every sample is taken at a new deal
        del end  # the end screen holds its table (New game is the table's): let both go
        samples.append(sample(app, number, started, worker))
        after(samples[-1])
    return samples


def report(samples: list[Sample]) -> None:
    last = samples[-1]
    print(
        f"\n{last.match} matches in {last.seconds:.0f} s "
        f"({last.seconds / last.match:.1f} s a match, {last.frames} frames)"
    )
    print(
        f"{'after match':>12} {'RSS MB':>8} {'objects':>9} {'tables':>7} {'files':>6} "
        f"{'threads':>8} {'children':>9} {'worker MB':>10} {'traced MB':>10}"
    )
    for entry in samples:
        if entry.match in REPORTED or entry is last:
            print(
                f"{entry.match:>12} {entry.rss_kb / 1024:>8.1f} {entry.objects:>9} "
                f"{entry.tables:>7} {entry.files:>6} {entry.threads:>8} {entry.children:>9} "
                f"{entry.worker_kb / 1024:>10.1f} {entry.traced_kb / 1024:>10.1f}"
            )
    if len(samples) > 1:
        first = samples[0]
        spans = [(first, last)]
        tenth = next((entry for entry in samples if entry.match == 10), None)
        if tenth is not None and tenth is not last:
            spans.append((tenth, last))
        for start, end in spans:
            count = end.match - start.match
            print(
                f"growth from match {start.match} to {end.match}: "
                f"{(end.rss_kb - start.rss_kb) / count:+.0f} KB of RSS a match, "
                f"{(end.objects - start.objects) / count:+.0f} objects a match"
                + (
                    f", {(end.traced_kb - start.traced_kb) / count:+.0f} KB traced a match"
                    if end.traced_kb
                    else ""
                )
            )
    print("caches at the end (entries; after match 1 in brackets):")
    for name, size in last.caches.items():
        print(f"  {name:<26} {size:>6}  ({samples[0].caches[name]})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--size", default="1280x800", help="window size, WIDTHxHEIGHT")
    parser.add_argument("--seats", default="easy,greedy,easy,greedy", help="the four seats' levels")
    parser.add_argument("--seed", type=int, default=1, help="seeds the deals of the matches")
    parser.add_argument(
        "--tracemalloc", action="store_true", help="trace Python's allocations (slower)"
    )
    args = parser.parse_args()
    width, height = (int(part) for part in args.size.lower().split("x"))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    random.seed(args.seed)  # a new match's deal is drawn from the random module
    if args.tracemalloc:
        tracemalloc.start()
    rss_start = status_kb("VmRSS")
    profile = tempfile.mkdtemp(prefix="three-thirteen-long-play-")
    app = autoplay_window(profile, (width, height), tuple(args.seats.split(",")))
    print(
        f"{args.matches} autoplay matches at {width}x{height}, seats {args.seats}; "
        f"RSS {rss_start / 1024:.1f} MB before the window, "
        f"{status_kb('VmRSS') / 1024:.1f} MB with it"
    )

    def progress(entry: Sample) -> None:
        print(
            f"match {entry.match:>3}: {entry.seconds:6.0f} s, RSS {entry.rss_kb / 1024:6.1f} MB, "
            f"{entry.objects} objects, {entry.tables} table(s), {entry.children} worker(s)",
            flush=True,
        )

    try:
        samples = play_matches(app, args.matches, progress)
        kept = app.frame_seconds
        frames_kb = (sys.getsizeof(kept) + sum(map(sys.getsizeof, kept))) / 1024
    finally:
        app.close()
    report(samples)
    print(
        f"App.frame_seconds holds {len(kept)} frame times in {frames_kb:.0f} KB "
        f"(the latest {kept.maxlen} at most)"
    )
    print(f"peak RSS of the window process: {status_kb('VmHWM') / 1024:.1f} MB")


if __name__ == "__main__":
    main()
