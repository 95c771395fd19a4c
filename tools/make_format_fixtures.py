"""Write the fixtures of the formats the game writes now: ``tests/fixtures/formats/``.

One file per kind of document and format, named ``{kind}-{format}.json``, as the game
writes it (the profile's files through :class:`~game.profile.folder.Profile`, byte for
byte; the engine's match document as ``json.dumps`` gives it):

- ``settings-N.json``: settings away from the defaults (rules, levels, renamed seats,
  speed, volume, looks, language, the table's switches);
- ``stats-N.json``: statistics of a few matches at three levels, a shared win and an
  abandoned match among them;
- ``match-N.json``: the profile's saved match, played by the real AI seats from their
  random streams into the middle of round 4 of a match with other rules, seats renamed,
  seat 0's hand in an order of its own;
- ``engine-match-N.json``: :meth:`Match.to_json` of a 3-player match in its last turns
  (a seat went out).

A fixture is data kept forever, so that ``tests/profile/test_saved_formats.py`` reads every earlier
format through today's readers: the script never overwrites one. After a ``FORMAT`` is
raised (with its upgrade step), run it again to add the new format's file beside the old:
the new one is the latest old one read through today's reader and written again, so that
every format's fixture of a kind holds the same values (the first ones were played by the
AI, which may play otherwise by then).

Usage: ``python tools/make_format_fixtures.py [--out DIR]``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.ai.registry import policy_factory  # noqa: E402  (after the path is set)
from game.engine import match as engine_match  # noqa: E402
from game.engine.actions import Phase  # noqa: E402
from game.engine.events import WentOut  # noqa: E402
from game.engine.formats import upgraded  # noqa: E402
from game.engine.match import Match  # noqa: E402
from game.engine.rules import RuleSet  # noqa: E402
from game.profile import player_stats, saved_match, settings  # noqa: E402
from game.profile.folder import Profile  # noqa: E402
from game.profile.player_stats import MatchResult, Stats  # noqa: E402
from game.profile.saved_match import SavedMatch  # noqa: E402
from game.profile.settings import Settings  # noqa: E402
from game.seats.messages import seat_rng_state  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "formats"
RULES = RuleSet(jokers=2, aces="low_or_high", lay_off=True, double_penalties="jqk")
"""The rules of the saved match and of the settings: far from the defaults."""
NAMES = ("Zoë", "Bashō", "Ćiro")
"""The AI seats, renamed (letters beyond ASCII, as the game writes them)."""
LEVELS = ("easy", "hard", "normal")
SEED = 2031


def the_settings() -> Settings:
    return Settings(
        rules=RULES,
        levels=LEVELS,
        names=NAMES,
        speed="fast",
        volume=0.35,
        muted=True,
        deck="four_colour",
        back="red",
        fullscreen=True,
        language="fr",
        local_indices=False,
        show_log=False,
        undo=True,
        coach=False,
    )


def the_stats() -> Stats:
    stats = Stats()
    for result in (
        MatchResult("hard", 41, won=True, shared=False, rounds_at_zero=3, went_out=2, players=4),
        MatchResult("hard", 90, won=False, shared=False, rounds_at_zero=1, went_out=0, players=4),
        MatchResult("easy", 12, won=True, shared=True, rounds_at_zero=5, went_out=4, players=4),
        MatchResult("mixed", 77, won=False, shared=False, rounds_at_zero=0, went_out=1, players=4),
        MatchResult(
            "hard", 30, False, False, rounds_at_zero=1, went_out=1, abandoned=True, players=4
        ),
    ):
        stats = stats.record(result)
    return stats


def the_saved_match() -> SavedMatch:
    """The table's save in round 4, seat 0 to discard: every seat played by the AI, the AI
    seats from their own random streams as the table plays them."""
    match = Match.new(RULES, seed=SEED)
    streams = {seat: random.Random() for seat in (1, 2, 3)}
    for seat, stream in streams.items():
        stream.setstate(seat_rng_state(SEED, seat))
    policies = {
        seat: policy_factory(level)(streams[seat])
        for seat, level in zip(streams, LEVELS, strict=True)
    }
    person = policy_factory("normal")(random.Random(f"{SEED}/person"))
    went_out = 0
    while not (match.round_index == 3 and match.current_seat == 0 and match.phase is Phase.DISCARD):
        seat = match.current_seat
        policy = policies.get(seat, person)
        events = match.apply(policy.choose(match.view_for(seat)))
        went_out += sum(1 for event in events if isinstance(event, WentOut) and event.seat == 0)
    hand = match.hands[0]
    order = hand[1::2] + hand[::2]
    states = {seat: stream.getstate() for seat, stream in streams.items()}
    return SavedMatch(
        match, dict(zip(streams, LEVELS, strict=True)), NAMES, order, states, went_out
    )


def the_engine_match() -> Match:
    """A 3-player match of the short schedule in its last turns: a seat went out."""
    match = Match.new(RuleSet(players=3, schedule="short", jokers=2, face_values="rank"), seed=SEED)
    players = [policy_factory("normal")(random.Random(f"{SEED}/{seat}")) for seat in range(3)]
    while not (match.round_index >= 1 and match.in_last_turns and match.phase is Phase.DRAW):
        seat = match.current_seat
        match.apply(players[seat].choose(match.view_for(seat)))
    return match


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of document the game keeps, as far as its fixtures go."""

    module: ModuleType
    """Where its ``FORMAT`` and ``UPGRADES`` are declared."""
    first: Callable[[], dict[str, Any]]
    """Its first fixture's document, made from scratch."""
    read: Callable[[dict[str, Any]], Any]
    """Today's reader of its current format (its value has ``to_json``)."""
    in_profile: bool
    """Whether the profile writes it (else it is the engine's, written by ``json.dumps``)."""


KINDS = {
    "settings": Kind(settings, lambda: the_settings().to_json(), Settings.from_json, True),
    "stats": Kind(player_stats, lambda: the_stats().to_json(), Stats.from_json, True),
    "match": Kind(saved_match, lambda: the_saved_match().to_json(), SavedMatch.from_json, True),
    "engine-match": Kind(
        engine_match, lambda: the_engine_match().to_json(), Match.from_json, False
    ),
}
"""Each kind by its fixtures' prefix."""


def written_by_the_profile(document: dict[str, Any]) -> bytes:
    """``document`` as :meth:`Profile.write` puts it on disk."""
    with tempfile.TemporaryDirectory() as folder:
        assert Profile(Path(folder)).write("file.json", document)
        return (Path(folder) / "file.json").read_bytes()


def document_now(name: str, out: Path) -> dict[str, Any]:
    """The document of kind ``name`` in its current format. With fixtures of earlier formats
    in ``out``, the latest of them read through today's reader (upgraded) and written
    again, so that every format's fixture holds the same values whatever the AI plays by
    then; from scratch when there is none."""
    kind = KINDS[name]
    current: int = kind.module.FORMAT
    earlier = [
        number for number in range(current - 1, 0, -1) if (out / f"{name}-{number}.json").exists()
    ]
    if not earlier:
        return kind.first()
    data = json.loads((out / f"{name}-{earlier[0]}.json").read_text("utf-8"))
    document: dict[str, Any] = kind.read(upgraded(data, current, kind.module.UPGRADES)).to_json()
    return document


def encoded(name: str, document: dict[str, Any]) -> bytes:
    """``document`` as the game writes a document of kind ``name``."""
    if KINDS[name].in_profile:
        return written_by_the_profile(document)
    return json.dumps(document, ensure_ascii=False).encode("utf-8")


def main(argv: list[str] | None = None) -> list[Path]:
    """Write the missing fixtures of the current formats; returns the files written."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder of the fixtures")
    out: Path = parser.parse_args(argv).out
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, kind in KINDS.items():
        path = out / f"{name}-{kind.module.FORMAT}.json"
        if path.exists():
            print(f"{path}: kept (a fixture is never rewritten)")
            continue
        path.write_bytes(encoded(name, document_now(name, out)))
        written.append(path)
        print(f"{path}: written")
    return written


if __name__ == "__main__":
    main()
