"""A row of the history's ``matches`` table, written and read back with a save's checks.

A row may have been written by another version of the game, another program or a damaged
disk: every column is checked as a saved match or a shared file is (types, counts, names,
policies, a time zone on the date, a cap on the inflated moves) and a row that fails says
why in a :class:`RowError`, which the history reports and skips: one bad row never hides
another, nor the whole history.
"""

from __future__ import annotations

import json
import math
import zlib
from datetime import UTC, datetime
from typing import Any

from game.engine.actions import action_from_json, action_to_json
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.files import MOST_BYTES, shown
from game.profile.kept_match import KeptMatch, MatchSummary, ReviewFigures
from game.profile.saved_match import read_seats
from game.profile.settings import check_table_size

SUMMARY_COLUMNS = (
    "matches.id, ended, players, names, policies, totals, winners, round_scores, hand_sizes, "
    "goers, abandoned, reviews.decisions, reviews.loss"
)
"""The columns a list, a chart or the statistics read: :func:`summary_of` reads them."""
SUMMARY_WIDTH = SUMMARY_COLUMNS.count(",") + 1
"""How many columns :data:`SUMMARY_COLUMNS` names: a row's first, read by :func:`summary_of`."""
MOST_ACTION_BYTES = MOST_BYTES
"""The most a row's moves may inflate to (a match of 13-card rounds at eight seats takes
about 100 KB); a row beyond it is refused before it is inflated further."""
MOST_ROUNDS = 13
"""No schedule has more rounds than this."""


class RowError(ValueError):
    """Why a row of the history cannot be read, in one line."""


def row_of(kept: KeptMatch, token: str | None = None) -> dict[str, Any]:
    """The columns of ``kept``'s row in ``matches`` (``token``: the waiting file it came from)."""
    summary, match = kept.summary, kept.match
    actions = _dumps([action_to_json(action) for action in match.actions])
    return {
        "ended": summary.ended.astimezone(UTC).isoformat(timespec="seconds"),
        "players": summary.players,
        "level": summary.level,
        "autoplay": int(summary.autoplay),
        "abandoned": int(summary.abandoned),
        "names": _dumps(list(summary.names)),
        "policies": _dumps({str(seat): spec for seat, spec in sorted(summary.policies.items())}),
        "rules": _dumps(match.rules.to_json()),
        "seed": str(match.seed),
        "actions": zlib.compress(actions.encode("utf-8"), 6),
        "totals": _dumps(summary.totals),
        "winners": _dumps(summary.winners),
        "round_scores": _dumps(summary.round_scores),
        "hand_sizes": _dumps(summary.hand_sizes),
        "goers": _dumps(summary.goers),
        **({} if token is None else {"token": token}),
    }


def summary_of(row: tuple[Any, ...]) -> MatchSummary:
    """A row of :data:`SUMMARY_COLUMNS` read back and checked; :class:`RowError` saying what
    is wrong."""
    try:
        return _summary_of(row)
    except RowError:
        raise
    except Exception as error:  # hostile content may raise anything: it is refused
        raise RowError(shown(error)) from None


def _summary_of(row: tuple[Any, ...]) -> MatchSummary:
    (number, ended, players, names, policies, totals, winners, scores, sizes, goers) = row[:10]
    abandoned, decisions, loss = row[10:]
    if type(number) is not int:
        raise RowError("its number is not a whole number")
    check_table_size(players)
    seats, listed = read_seats({"names": _json(names), "policies": _json(policies)}, players)
    rounds = _list(_json(scores), "round_scores")
    if len(rounds) > MOST_ROUNDS:
        raise RowError(f"round_scores lists {len(rounds)} rounds")
    round_scores = tuple(_ints(points, "round_scores", players) for points in rounds)
    hand_sizes = _ints(_json(sizes), "hand_sizes", len(rounds))
    went_out = _list(_json(goers), "goers")
    if len(went_out) != len(rounds) or not all(_seat_or_none(seat, players) for seat in went_out):
        raise RowError("goers must name a seat or nobody for each round scored")
    won = _ints(_json(winners), "winners")
    if len(set(won)) != len(won) or not all(0 <= seat < players for seat in won):
        raise RowError("winners must be distinct seats")
    if abandoned not in (0, 1) or type(abandoned) is not int:
        raise RowError("abandoned must be 0 or 1")
    return MatchSummary(
        id=number,
        ended=_when(ended),
        players=players,
        names=listed,
        policies=seats,
        totals=_ints(_json(totals), "totals", players),
        winners=won,
        round_scores=round_scores,
        hand_sizes=hand_sizes,
        goers=tuple(went_out),
        abandoned=bool(abandoned),
        review=_review(decisions, loss),
    )


def _json(text: object) -> Any:
    if not isinstance(text, str):
        raise RowError(f"a column holds {type(text).__name__}, not JSON text")
    return json.loads(text)


def _list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise RowError(f"{what} must be a list")
    return value


def _ints(values: object, what: str, count: int | None = None) -> tuple[int, ...]:
    """``values`` (read from JSON) as whole numbers (``count`` of them, if given)."""
    listed = _list(values, what)
    if not all(type(value) is int for value in listed):
        raise RowError(f"{what} must be a list of whole numbers")
    if count is not None and len(listed) != count:
        raise RowError(f"{what} must hold {count} numbers, not {len(listed)}")
    return tuple(listed)


def _seat_or_none(seat: object, players: int) -> bool:
    return seat is None or (type(seat) is int and 0 <= seat < players)


def _when(ended: object) -> datetime:
    """The end's date and time: ISO text with its time zone."""
    if not isinstance(ended, str):
        raise RowError(f"its date is {type(ended).__name__}, not text")
    when = datetime.fromisoformat(ended)
    if when.tzinfo is None:
        raise RowError("its date does not say its time zone")
    return when


def _review(decisions: object, loss: object) -> ReviewFigures | None:
    if decisions is None and loss is None:
        return None
    if type(decisions) is not int or not isinstance(loss, int | float) or not math.isfinite(loss):
        raise RowError("its review's figures are not numbers")
    return ReviewFigures(decisions, float(loss))


def rebuilt(rules: object, seed: object, actions: object) -> Match:
    """The match of a row: dealt from its rules and seed, then its actions played, each one
    checked; :class:`RowError` saying what is wrong."""
    try:
        if not isinstance(rules, str) or not isinstance(seed, str):
            raise TypeError("its rules and seed must be text")
        if not isinstance(actions, bytes):
            raise TypeError("its moves must be bytes")
        listed = json.loads(inflated(actions).decode("utf-8"))
        match = Match.new(RuleSet.from_json(json.loads(rules)), int(seed))
    except RowError:
        raise
    except Exception as error:
        raise RowError(f"it cannot be read ({shown(error)})") from None
    if not isinstance(listed, list):
        raise RowError("its actions are not a list")
    for index, data in enumerate(listed):
        try:
            action = action_from_json(data)
        except Exception as error:
            raise RowError(f"action {index} cannot be read ({shown(error)})") from None
        problem = match.why_illegal(action)
        if problem is not None:
            raise RowError(f"action {index} ({shown(action)}) is not legal there: {problem}")
        match.apply(action, validate=False)
    return match


def inflated(data: bytes, most: int = MOST_ACTION_BYTES) -> bytes:
    """``data`` decompressed, refused (:class:`RowError`) once it passes ``most`` bytes."""
    inflater = zlib.decompressobj()
    out = inflater.decompress(data, most + 1)
    if len(out) > most or inflater.unconsumed_tail:
        raise RowError(f"its moves inflate to more than {most / 1_048_576:g} MB")
    return out


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
