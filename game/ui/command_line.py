"""The command line of the game window (``python -m game``)."""

from __future__ import annotations

import argparse
import os
import random
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from game.ai.levels import BUILT_IN_LEVELS, OFFERED_LEVELS
from game.engine.command_basics import OneLineParser
from game.engine.seating import MAX_PLAYERS, MIN_PLAYERS
from game.i18n import LANGUAGES, _
from game.profile.settings import Settings
from game.sim.match_setup import MatchSetup, autoplay_seats, level_seats

SMALLEST_WINDOW = (640, 400)
"""The smallest window the screens are laid out for."""
LARGEST_WINDOW = (7680, 4320)
"""The largest window where the display cannot say how large it is (the dummy driver)."""


@dataclass(frozen=True, slots=True)
class LaunchOptions:
    """How the window starts."""

    autoplay: bool = False
    """Four AI seats play (for smoke tests, benchmarks and demos)."""
    rounds: int | None = None
    """With autoplay: stop after this many rounds."""
    max_speed: bool = False
    """No animation time: every move lands at once."""
    screenshot: str | None = None
    """With autoplay: save the window to this PNG when done."""
    quit_when_done: bool = False
    """With autoplay: close the window when done."""
    seed: int | None = None
    """The first match's seed (random if not given)."""
    size: tuple[int, int] = (1280, 800)
    """``--size``, as given: :func:`fitted_size` fits it to the display."""
    level: str | None = None
    """``--level``: every opponent at this level for this run (else the settings' levels)."""
    mute: bool = False
    ai_process: bool = True
    """Think in a separate process (off: on a thread, for tests that need no process)."""
    smoke_test: bool = False
    """Play one round with four AI seats at full speed, then exit 0 only if it finished and
    every shipped file (cards, font, icon, sounds, catalogues) could be used."""
    frames: int | None = None
    """Close after this many frames (start-up benchmarks)."""
    seats: tuple[str, ...] | None = None
    """``--seats``: the policies of Left, Top and Right (with autoplay: Bottom first)."""
    profile: str | None = None
    """``--profile``: the folder that holds settings, the saved match and statistics (the
    smoke test's is a temporary one: see :func:`run_profile`)."""
    resume: bool = False
    """``--continue``: open the saved match at once."""
    language: str | None = None
    """``--lang``: speak this language (and keep it in the settings)."""
    players: int | None = None
    """``--players`` (or as many as ``--seats`` names): seat this many at the table (and
    keep it in the settings)."""

    def move_seconds(self, settings: Settings) -> float:
        """How long a card takes to travel: the chosen speed's, or none with ``--speed max``."""
        return 0.0 if self.max_speed else settings.move_seconds

    def opponents(self, settings: Settings) -> dict[int, str]:
        """The AI seats of a new match: ``--seats`` or ``--level`` if given, else the settings'.

        In autoplay every seat is an AI seat, Bottom included.
        """
        players = settings.rules.players
        if self.autoplay:
            return dict(enumerate(self.seats or autoplay_seats(players)))
        if self.seats:
            return dict(enumerate(self.seats, start=1))
        if self.level is not None:
            return level_seats(self.level, players)
        return settings.policies

    def kept(self, settings: Settings) -> Settings:
        """``settings`` with what the command line keeps in them: ``--lang`` and the table
        size."""
        if self.language is not None:
            settings = settings.changed(language=self.language)
        if self.players is not None and self.players != settings.rules.players:
            settings = settings.seated(self.players)
        return settings

    def deal_seed(self) -> int:
        """The seed of a new match: ``--seed`` if given, else a fresh one."""
        return self.seed if self.seed is not None else random.randrange(2**31)

    def new_match(self, settings: Settings) -> MatchSetup:
        """The setup of a new match by ``settings`` (its rules, seats and pace)."""
        return MatchSetup(
            seed=self.deal_seed(),
            rules=settings.rules,
            policies=self.opponents(settings),
            move_seconds=self.move_seconds(settings),
            rounds=self.rounds if self.autoplay else None,
            names=settings.names,
        )


def parse_options(argv: Sequence[str] | None = None) -> LaunchOptions:
    """Read the command line; ``--help`` lists it."""
    parser = OneLineParser(prog="three-thirteen", description="Play Three-Thirteen.")
    parser.add_argument("--autoplay", action="store_true", help="AI seats play every seat")
    parser.add_argument("--rounds", type=int, help="with --autoplay: stop after N rounds")
    parser.add_argument(
        "--speed", choices=("normal", "max"), default="normal", help="animation speed"
    )
    parser.add_argument("--screenshot", metavar="PATH", help="save a PNG when autoplay is done")
    parser.add_argument("--quit-when-done", action="store_true", help="close after autoplay")
    parser.add_argument("--seed", type=int, help="seed of the first match")
    parser.add_argument("--size", default="1280x800", help="window size, WIDTHxHEIGHT")
    parser.add_argument(
        "--level",
        choices=OFFERED_LEVELS,
        help="every opponent at this level (else as in the settings)",
    )
    parser.add_argument("--mute", action="store_true", help="no sound")
    parser.add_argument(
        "--seats",
        metavar="SPEC,SPEC,SPEC",
        help="the opponents' policies in play order, Left, Top and Right at four (with "
        "--autoplay every seat's, Bottom first; without --players their count sets the "
        f"table's size), each a level ({', '.join(level.name for level in BUILT_IN_LEVELS)}) or "
        "package.module:ClassName",
    )
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="self-test: four AI seats play one round at full speed; exit 0 only if it finished "
        "and no game file was missing or damaged",
    )
    parser.add_argument("--frames", type=int, help="close after N frames (start-up benchmark)")
    parser.add_argument(
        "--profile",
        metavar="DIR",
        help="keep settings, the saved match and statistics in DIR (default: the user's data "
        "folder); the smoke test uses a fresh temporary one",
    )
    parser.add_argument(
        "--continue",
        dest="resume",
        action="store_true",
        help="open the saved match at once (with --autoplay the AI plays every seat); "
        "with none saved, start a new one",
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="the language of the game (kept in the settings; by default the system's)",
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=range(MIN_PLAYERS, MAX_PLAYERS + 1),
        metavar="N",
        help=f"seat N players, you included ({MIN_PLAYERS} to {MAX_PLAYERS}; kept in the "
        "settings; with --autoplay, N AI seats)",
    )
    args = parser.parse_args(argv)
    try:
        width, height = (int(part) for part in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size must look like 1280x800, not {args.size!r}")
    if args.rounds is not None and args.rounds < 1:
        parser.error("--rounds must be at least 1")
    smoke = args.smoke_test
    seats = _seats(parser, args.seats, autoplay=args.autoplay or smoke, players=args.players)
    players = args.players
    if seats is not None and players is None:
        players = len(seats) if args.autoplay or smoke else len(seats) + 1
    return LaunchOptions(
        autoplay=args.autoplay or smoke,
        rounds=1 if smoke else args.rounds,
        max_speed=args.speed == "max" or smoke,
        screenshot=_screenshot(parser, args.screenshot),
        quit_when_done=args.quit_when_done or smoke,
        seed=args.seed,
        size=(width, height),
        level=args.level,
        mute=args.mute,
        smoke_test=smoke,
        frames=args.frames,
        seats=seats,
        profile=None if smoke else _profile(parser, args.profile),
        resume=args.resume,
        language=args.lang,
        players=players,
    )


def fitted_size(
    size: tuple[int, int], largest: tuple[int, int]
) -> tuple[tuple[int, int], str | None]:
    """``size`` brought within :data:`SMALLEST_WINDOW` and ``largest`` (what the display
    holds), and the one-line notice that says so when it was not (else ``None``).

    >>> fitted_size((99999, 600), (1920, 1080))[0]
    (1920, 600)
    >>> fitted_size((1280, 800), (1920, 1080))
    ((1280, 800), None)
    """
    least = SMALLEST_WINDOW
    most = (max(least[0], largest[0]), max(least[1], largest[1]))
    fitted = (min(max(size[0], least[0]), most[0]), min(max(size[1], least[1]), most[1]))
    if fitted == size:
        return size, None
    notice = _(
        "--size {asked} is not a window this screen can show ({least} to {most}): the "
        "window opens at {size}."
    )
    words = {"asked": size, "least": least, "most": most, "size": fitted}
    return fitted, notice.format(**{key: "{}x{}".format(*value) for key, value in words.items()})


def _seats(
    parser: argparse.ArgumentParser, text: str | None, autoplay: bool, players: int | None
) -> tuple[str, ...] | None:
    """The ``--seats`` specs, each checked the way the tournament runner checks them: one
    per opponent (with autoplay one per seat, Bottom first), as many as ``--players`` seats
    if it is given."""
    if text is None:
        return None
    specs = tuple(spec.strip() for spec in text.split(","))
    mine = 0 if autoplay else 1
    least, most = (players, players) if players is not None else (MIN_PLAYERS, MAX_PLAYERS)
    if not least - mine <= len(specs) <= most - mine or not all(specs):
        seats = "seat, Bottom first" if autoplay else "opponent"
        count = str(least - mine) if least == most else f"{least - mine} to {most - mine}"
        parser.error(f"--seats takes {count} policies (one per {seats}), not {text!r}")
    from game.ai.registry import policy_factory  # the AI loads only to check named seats

    for spec in specs:
        try:
            policy_factory(spec)
        except ValueError as error:
            parser.error(f"--seats: {error}")
    return specs


def _screenshot(parser: argparse.ArgumentParser, path: str | None) -> str | None:
    """The ``--screenshot`` path, if a file can be written there (now: the folder may
    still go before the end of the run, which the window reports without stopping)."""
    if path is None:
        return None
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        parser.error(f"--screenshot {path}: is a folder, not a file")
    if not folder.is_dir():
        parser.error(f"--screenshot {path}: no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK) or (
        target.exists() and not os.access(target, os.W_OK)
    ):
        parser.error(f"--screenshot {path}: cannot write in {folder}")
    return path


def _profile(parser: argparse.ArgumentParser, path: str | None) -> str | None:
    """The ``--profile`` folder, unless something other than a folder is there."""
    if path is not None and os.path.lexists(path) and not os.path.isdir(path):
        what = "a file, not a folder" if os.path.isfile(path) else "not a folder"
        parser.error(f"--profile {path} is {what}")
    return path


@contextmanager
def run_profile(options: LaunchOptions) -> Iterator[LaunchOptions]:
    """``options`` for the run: the smoke test's with a fresh temporary profile, removed
    when the run ends, however it ends; any other run's as they are."""
    if not options.smoke_test:
        yield options
        return
    prefix = "three-thirteen-smoke-"
    with tempfile.TemporaryDirectory(prefix=prefix, ignore_cleanup_errors=True) as folder:
        yield replace(options, profile=folder)
