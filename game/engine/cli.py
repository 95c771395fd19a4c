"""The engine's command line: ``python -m game.engine solve``.

``solve`` reads JSON lines such as
``{"hand": ["KS","KH","AS","AH","QD"], "wild": "K", "rules": {"aces": "low"}}``
(``wild`` a rank label or number 1–13; ``rules`` optional and partial) and writes
one JSON line per input line, in order:
``{"penalty": 2, "melds": [["KS","KH","QD"]], "leftover": ["AS","AH"]}``.
Cards of a set and leftover cards keep the order they had in the hand; a run
ascends. A bad line is answered with ``{"error": "..."}`` and the rest of the
input is still answered. Blank lines are skipped.

A line is at most :data:`MAX_LINE_BYTES` long and a hand at most :data:`MAX_HAND`
cards (``--help`` gives the figures); a hand holds no more copies of a natural card
than the shoe of its rules, nor more printed jokers.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, BinaryIO

from game.engine.cards import Card, Rank, check_shoe, parse_cards
from game.engine.command_basics import OneLineParser
from game.engine.melds import MeldKind
from game.engine.rules import SCHEDULES, RuleSet
from game.engine.solver import best_arrangement

MAX_LINE_BYTES = 4096
"""The longest line read, in bytes of UTF-8 without its line ending."""
MAX_HAND = max(max(sizes) for sizes in SCHEDULES.values()) + 1
"""The most cards in a hand: the largest hand of any schedule, plus the card just drawn."""
_LINE_ENDING = b"\r\n"
_LIMITS = f"""\
limits:
  A line is at most {MAX_LINE_BYTES} bytes of UTF-8 (its line ending aside).
  A hand is at most {MAX_HAND} cards: the largest hand of any schedule plus the
  card just drawn. It holds no more copies of a natural card than the shoe of
  its rules (one per deck: 2 decks, 3 with 7-8 players), and no more printed
  jokers than the rule 'jokers'. A line beyond a limit is answered with an
  error."""


def parse_wild(value: Any) -> Rank:
    """Read the ``wild`` field: a rank label (``"K"``, ``"10"``) or a number 1–13.

    Raises ``ValueError`` saying what was wrong.
    """
    if isinstance(value, bool):
        raise ValueError(f"'wild' must be a rank label or a number 1-13, not {value!r}")
    if isinstance(value, int):
        if 1 <= value <= 13:
            return Rank(value)
        raise ValueError(f"'wild' must be a rank number 1-13, not {value}")
    if isinstance(value, str):
        return Rank.parse(value)
    raise ValueError(f"'wild' must be a rank label or a number 1-13, not {value!r}")


def solve_request(request: Any) -> dict[str, Any]:
    """Answer one decoded request; raises ``ValueError`` for a bad one."""
    if not isinstance(request, dict):
        raise ValueError("each line must be a JSON object")
    unknown = sorted(set(request) - {"hand", "wild", "rules"})
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r} (expected hand, wild, rules)")
    if "hand" not in request or "wild" not in request:
        raise ValueError("'hand' and 'wild' are required")
    hand = request["hand"]
    if not isinstance(hand, list) or not all(isinstance(label, str) for label in hand):
        raise ValueError("'hand' must be a list of card labels such as \"7H\"")
    if len(hand) > MAX_HAND:
        raise ValueError(f"'hand' holds {len(hand)} cards; at most {MAX_HAND} are accepted")
    cards = parse_cards(hand)
    wild = parse_wild(request["wild"])
    rules = RuleSet.from_json(request.get("rules", {}))
    check_shoe(cards, rules.decks, rules.jokers)  # The solver lets extra wilds through.
    arrangement = best_arrangement(cards, wild, rules)
    order = {card: index for index, card in enumerate(cards)}
    return {
        "penalty": arrangement.penalty,
        "melds": [
            _labels(
                meld.cards
                if meld.kind is MeldKind.RUN
                else sorted(meld.cards, key=order.__getitem__)
            )
            for meld in arrangement.melds
        ],
        "leftover": _labels(sorted(arrangement.leftover, key=order.__getitem__)),
    }


def _labels(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def decode_line(line: str | bytes, what: str = "line") -> Any:
    """The JSON value of one line (its line ending aside).

    Raises ``ValueError`` for a line longer than :data:`MAX_LINE_BYTES`, one that is not
    UTF-8, not JSON, or nested too deeply for the decoder; ``what`` names the line in
    the message (``"line longer than 4096 bytes"``).
    """
    data = line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line
    data = data.rstrip(_LINE_ENDING)
    if len(data) > MAX_LINE_BYTES:
        raise ValueError(f"{what} longer than {MAX_LINE_BYTES} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"not UTF-8 text: byte {error.start + 1} is not valid") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"not JSON: {error.msg} at column {error.colno}") from None
    except RecursionError:
        raise ValueError("not JSON this reads: nested too deeply") from None


def solve_line(line: str | bytes) -> str:
    """The JSON answer to one line: the arrangement, or ``{"error": ...}``."""
    try:
        answer = solve_request(decode_line(line))
    except (ValueError, TypeError) as error:
        answer = {"error": str(error)}
    except Exception as error:  # A bug: the other lines are still answered.
        answer = {"error": f"internal error, please report it: {type(error).__name__}: {error}"}
    return json.dumps(answer, ensure_ascii=False)


def solve_lines(lines: Iterable[str | bytes]) -> Iterator[str]:
    """One JSON answer per non-blank input line."""
    for line in lines:
        if line.strip():
            yield solve_line(line)


def read_lines(stream: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[bytes]:
    """The lines of ``stream``; one longer than ``limit`` bytes (its line ending aside)
    is cut after ``limit + 2`` bytes and the rest of it skipped, so that memory stays
    bounded whatever the input."""
    size = limit + len(_LINE_ENDING)
    while line := stream.readline(size):
        if len(line) == size and not line.endswith(b"\n"):
            while (rest := stream.readline(size)) and not rest.endswith(b"\n"):
                pass
        yield line


_JSON_KINDS = {
    list: "a list",
    str: "a string",
    int: "a number",
    float: "a number",
    bool: "true or false",
    type(None): "null",
}
"""What a JSON value other than an object is called, by its Python type."""


def parse_rules(text: str, **defaults: Any) -> RuleSet:
    """The rule set a command line gives as JSON text (``--rules '{"aces": "low_or_high"}'``):
    a possibly partial object whose missing keys take ``defaults``, then the rules' own.

    Raises ``ValueError`` saying in one line what is wrong: text longer than
    :data:`MAX_LINE_BYTES`, not UTF-8 or not JSON, nested too deeply, not an object, or
    a rule :meth:`RuleSet.from_json` refuses.
    """
    data = decode_line(text, "rules")
    if not isinstance(data, dict):
        raise ValueError(f"rules must be a JSON object, not {_JSON_KINDS[type(data)]}")
    return RuleSet.from_json({**defaults, **data})


def main(
    argv: Sequence[str] | None = None,
    stdin: BinaryIO | None = None,
    stdout: BinaryIO | None = None,
) -> int:
    """Run the command line; returns the exit status. Lines are read and written as
    UTF-8 whatever the locale."""
    raw = argparse.RawDescriptionHelpFormatter
    parser = OneLineParser(
        prog="python -m game.engine", description=__doc__, epilog=_LIMITS, formatter_class=raw
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser(
        "solve",
        help="best arrangement of hands read as JSON lines",
        description=__doc__,
        epilog=_LIMITS,
        formatter_class=raw,
    )
    parser.parse_args(argv)
    source = stdin if stdin is not None else sys.stdin.buffer
    sink = stdout if stdout is not None else sys.stdout.buffer
    for answer in solve_lines(read_lines(source)):
        sink.write(answer.encode("utf-8") + b"\n")
        sink.flush()
    return 0
