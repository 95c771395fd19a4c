"""The engine's command line: ``python -m game.engine solve``.

``solve`` reads JSON lines such as
``{"hand": ["KS","KH","AS","AH","QD"], "wild": "K", "rules": {"aces": "low"}}``
(``wild`` a rank label or number 1–13; ``rules`` optional and partial) and writes
one JSON line per input line, in order:
``{"penalty": 2, "melds": [["KS","KH","QD"]], "leftover": ["AS","AH"]}``.
Cards of a set and leftover cards keep the order they had in the hand; a run
ascends. A bad line is answered with ``{"error": "..."}`` and the rest of the
input is still answered. Blank lines are skipped.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TextIO

from game.engine.cards import Card, Rank, parse_cards
from game.engine.melds import MeldKind
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement


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
    cards = parse_cards(hand)
    wild = parse_wild(request["wild"])
    rules = RuleSet.from_json(request.get("rules", {}))
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


def solve_lines(lines: Iterable[str]) -> Iterator[str]:
    """One JSON answer per non-blank input line."""
    for line in lines:
        if not line.strip():
            continue
        try:
            answer = solve_request(json.loads(line))
        except json.JSONDecodeError as error:
            answer = {"error": f"not JSON: {error.msg} at column {error.colno}"}
        except (ValueError, TypeError) as error:
            answer = {"error": str(error)}
        yield json.dumps(answer, ensure_ascii=False)


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m game.engine",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("solve", help="best arrangement of hands read as JSON lines")
    parser.parse_args(argv)
    source = stdin if stdin is not None else sys.stdin
    sink = stdout if stdout is not None else sys.stdout
    for answer in solve_lines(source):
        print(answer, file=sink, flush=True)
    return 0
