"""The round review: which of a seat's decisions cost points, as the hard AI judges them.

``python -m game.review FILE [--seat N] [--round R] [--json]`` reviews a saved match
(the profile's ``match.json``, or ``Match.to_json()``): for each draw and discard of
the seat (default 0, the player), what the hard AI would have done and what the
difference cost. ``loss`` is in expected penalty points at the end of the round, as
the hard AI estimates them: its outlook (``game/ai/outlook.py``) averages exactly,
over every card the seat has not seen, the penalty after the next draw, less 0.3 ×
the melding gains of later draws; going out counts 0, a last turn its exact penalty, and
the round's multiplier applies. A move the hard AI would make costs 0. The review
reads only the seat's ``PlayerView``, and the same match always gives the same review.
In code, ``review(match, seat)`` returns the decisions, ``costliest(decisions)`` the
three dearest.

In detail: after a discard the hand kept is worth ``E1 - 0.3 · meld_gain`` (see
:mod:`game.ai.planner`) plus the hard AI's small charge for feeding the next seat a
card it collects; taking the discard is worth the best discard after it so weighed
(among the discards ``hard`` weighs), drawing from the stock the hand's outlook one
draw on. ``loss`` is what the action played is worth less what ``hard``'s choice is
worth, never below 0 (it is 0 for a move the outlook rates at least as well).

Why this unit and not a Monte-Carlo play-out of the rest of the round: the outlook
is an exact expectation over the unseen cards (no sampling noise to tell from a real
mistake, nothing to seed), it costs about one hard decision per decision reviewed,
and it is the very measure ``hard`` chooses by, so a review agrees with the hint the
player could have asked for at the time.

``--json`` prints a list of objects with ``action_index`` (in ``Match.actions``),
``round`` (1-based), ``turn``, ``seat``, ``played`` and ``best`` (``draw stock``,
``draw discard``, ``discard 7H``), ``loss``, ``hand``, ``discard_top``,
``played_expected``, ``best_expected`` and ``costly`` (one of the three dearest). At the
open table the seat's lay-downs and lay-offs are decisions too (``lay down 7H 8H 9H``,
``lay off 10H onto meld 0 at 10``); the outlook does not price lay moves, so a decision
where one was played or preferred costs 0 and its expectations are ``null``.
Bad input is reported on one line, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from game.ai.hint import Reason, reason_for
from game.ai.planner import HardPolicy
from game.engine.actions import Action, Discard, Draw, DrawSource, LayDown, LayOffCard
from game.engine.cards import Card
from game.engine.command_basics import OneLineParser, run_command
from game.engine.match import Match
from game.engine.melds import Meld
from game.engine.open_table import TableMeld
from game.engine.view import PlayerView
from game.files import UnreadableFile, read_text_file, shown
from game.profile.kept_match import ReviewFigures

PROGRAM = "python -m game.review"
NO_LOSS = 1e-9
"""A loss below this many points is rounding, not a mistake: it counts as 0."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """What the hard AI makes of one decision, judged from the seat's view."""

    best: Action
    """What ``hard`` would have done."""
    played_expected: float
    """Expected penalty points at the end of the round after the action played."""
    best_expected: float
    """Expected penalty points at the end of the round after :attr:`best`."""
    priced: bool = True
    """False when the action played or :attr:`best` is a lay move of the open table, which
    the hard AI's outlook does not price: both expectations are then 0 and so is the loss."""

    @property
    def loss(self) -> float:
        """Points the action played is expected to cost against :attr:`best` (at least 0)."""
        loss = self.played_expected - self.best_expected
        return loss if loss > NO_LOSS else 0.0


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a seat in a match, and what it cost."""

    action_index: int
    """Its index in :attr:`Match.actions`."""
    round: int
    """The round it was played in, 1-based."""
    turn: int
    """The seat's turn in that round, 1-based (a draw and its discard share one)."""
    seat: int
    """The seat that decided."""
    played: Action
    """What the seat did."""
    best: Action
    """What the hard AI would have done."""
    loss: float
    """Expected penalty points at the end of the round that :attr:`played` cost against
    :attr:`best`, as the hard AI estimates them (0 when they are as good)."""
    hand: tuple[Card, ...]
    """The seat's hand before the decision."""
    discard_top: Card | None
    """The top of the discard pile before the decision (``None`` if the pile was empty)."""
    played_expected: float
    """Expected penalty points at the end of the round after :attr:`played`."""
    best_expected: float
    """Expected penalty points at the end of the round after :attr:`best`."""
    reason: Reason | None = None
    """Why the hard AI prefers :attr:`best`, as a hint would say it (``None``: not asked)."""
    table: tuple[TableMeld, ...] = ()
    """Open table: the melds on the table before the decision (a lay-off names one)."""
    priced: bool = True
    """False for a lay move of the open table, played or preferred: not priced (loss 0)."""


def same_decision(one: Action, other: Action) -> bool:
    """True if the two actions are the same choice: equal, or discards of identical cards."""
    match one, other:
        case Discard(card), Discard(other_card):
            return card.ordinal == other_card.ordinal
    return one == other


def priceable(action: Action) -> bool:
    """True for a draw or a discard: the moves the hard AI's outlook prices (not the open
    table's lay moves)."""
    return isinstance(action, Draw | Discard)


class Reviewer:
    """Judges decisions of one match from the deciding seat's view only.

    Keep one reviewer for a match: like a hard seat, it shares work between the
    decisions of a round (never anything but what the views showed).
    """

    def __init__(self) -> None:
        self._judge = HardPolicy()

    def judge(self, view: PlayerView, played: Action, rng: random.Random) -> Judgement:
        """How ``played`` compares with what ``hard`` would do in ``view``.

        ``rng`` is handed to the hard AI for this decision (seed it from the match, so
        that a review is the same every time). A lay move of the open table, played or
        preferred, is not priced (see :attr:`Judgement.priced`). Raises ``ValueError`` if
        it is not the view's seat's turn or ``played`` is not legal there.
        """
        if not view.is_legal(played):
            raise ValueError(f"{played} is not a legal action of seat {view.seat} now")
        judge = self._judge
        judge.rng = rng
        best = judge.choose(view)
        if not (priceable(played) and priceable(best)):
            return Judgement(best, 0.0, 0.0, priced=False)
        multiplier = view.rules.multiplier(view.round_index)
        best_expected = judge.expected(view, best) * multiplier
        if same_decision(played, best):
            played_expected = best_expected
        else:
            played_expected = judge.expected(view, played) * multiplier
        return Judgement(best, played_expected, best_expected)


class ReviewStopped(Exception):
    """A :class:`StoppableReviewer` was told to stop: the review is left unfinished."""


class StoppableReviewer(Reviewer):
    """A reviewer that raises :class:`ReviewStopped` at its next decision once ``stop`` is
    set (a review under way on a thread would otherwise run on to its end, holding the
    interpreter)."""

    def __init__(self, stop: threading.Event) -> None:
        super().__init__()
        self._stop = stop

    def judge(self, view: PlayerView, played: Action, rng: random.Random) -> Judgement:
        if self._stop.is_set():
            raise ReviewStopped
        return super().judge(view, played, rng)


def review_figures(decisions: Sequence[Decision]) -> ReviewFigures:
    """What the history keeps of a review: the decisions priced and their losses added up."""
    priced = [decision for decision in decisions if decision.priced]
    return ReviewFigures(len(priced), sum(decision.loss for decision in priced))


def review(
    match: Match,
    seat: int = 0,
    *,
    round_number: int | None = None,
    start: Match | None = None,
    reviewer: Reviewer | None = None,
) -> list[Decision]:
    """Every decision ``seat`` played in ``match`` (or in round ``round_number``, 1-based).

    The match is replayed from ``start`` (by default its own deal:
    ``Match.new(match.rules, match.seed)``) through ``match.actions``; at each
    decision of ``seat`` only ``view_for(seat)`` is judged, by ``reviewer`` (a new
    :class:`Reviewer` unless given). Raises ``ValueError`` for a seat or round the
    match does not have, or when the actions do not lead from ``start`` to the state
    of ``match``.
    """
    if not 0 <= seat < match.players:
        raise ValueError(f"no seat {shown(seat)}: seats are 0..{match.players - 1}")
    rounds = match.rules.rounds
    if round_number is not None and not 1 <= round_number <= rounds:
        raise ValueError(f"no round {shown(round_number)}: rounds are 1..{rounds}")
    replay = Match.new(match.rules, match.seed) if start is None else start.copy()
    actions = match.actions
    done = len(replay.actions)
    if actions[:done] != replay.actions:
        raise ValueError("the start given is not a position of this match")
    reviewer = Reviewer() if reviewer is None else reviewer
    decisions: list[Decision] = []
    round_index, turn = replay.round_index, 0
    for index in range(done, len(actions)):
        action = actions[index]
        if replay.round_index != round_index:
            round_index, turn = replay.round_index, 0
        reason = replay.why_illegal(action)
        if reason is not None:
            raise ValueError(f"action {index} ({action}) does not replay: {reason}")
        if replay.current_seat == seat:
            if isinstance(action, Draw):
                turn += 1
            if round_number is None or round_number == round_index + 1:
                view = replay.view_for(seat)
                rng = random.Random(f"{match.seed}/review/{index}")
                judgement = reviewer.judge(view, action, rng)
                decisions.append(_decision(index, turn, view, action, judgement))
        replay.apply(action, validate=False)
    if replay != match:
        raise ValueError("the match's state is not the one its actions lead to from the start")
    return decisions


def _decision(
    index: int, turn: int, view: PlayerView, played: Action, judgement: Judgement
) -> Decision:
    return Decision(
        action_index=index,
        round=view.round_index + 1,
        turn=turn,
        seat=view.seat,
        played=played,
        best=judgement.best,
        loss=judgement.loss,
        hand=view.hand,
        discard_top=view.discard_pile[-1] if view.discard_pile else None,
        played_expected=judgement.played_expected,
        best_expected=judgement.best_expected,
        reason=reason_for(view, judgement.best),
        table=view.table,
        priced=judgement.priced,
    )


def costliest(decisions: Sequence[Decision], n: int = 3) -> list[Decision]:
    """The ``n`` decisions with the largest loss, dearest first (earliest first among
    equals); only decisions that cost something (loss > 0)."""
    costly = [decision for decision in decisions if decision.loss > 0]
    return sorted(costly, key=lambda decision: (-decision.loss, decision.action_index))[:n]


def in_round(decisions: Sequence[Decision], round_number: int) -> list[Decision]:
    """The decisions of round ``round_number`` (1-based)."""
    return [decision for decision in decisions if decision.round == round_number]


# --- words and JSON ------------------------------------------------------------


def notation(action: Action) -> str:
    """An action in the engine's notation: ``draw stock``, ``draw discard``, ``discard 7H``,
    ``lay down 7H 8H 9H``, ``lay off 10H.0 onto meld 0 at 10``."""
    match action:
        case Draw(source):
            return f"draw {source.value}"
        case Discard(card):
            return f"discard {card}"
        case LayDown() | LayOffCard():
            return str(action)
    raise TypeError(f"not an action: {action!r}")


def _words(
    action: Action,
    top: Card | None,
    name: Callable[[Card], str],
    done: bool,
    table: Sequence[TableMeld] = (),
) -> str:
    """``took 7♥ from the discard pile`` (``done``) or ``take 7♥ from the discard pile``;
    ``laid down 7♥ 8♥ 9♥``, ``laid the 10♥ off onto seat 1's 7♥ 8♥ 9♥`` (on ``table``)."""
    match action:
        case LayDown(melds):
            shown = " | ".join(_meld(meld, name) for meld in melds)
            return f"{'laid' if done else 'lay'} down {shown}"
        case LayOffCard(laid, index):
            placed = table[index]
            onto = f"seat {placed.owner}'s {_meld(placed.meld, name)}"
            return f"{'laid' if done else 'lay'} {name(laid)} off onto {onto}"
        case Draw(DrawSource.STOCK):
            return "drew from the stock" if done else "draw from the stock"
        case Draw(DrawSource.DISCARD):
            card = "the card" if top is None else name(top)
            return f"{'took' if done else 'take'} {card} from the discard pile"
        case Discard(card):
            return f"{'discarded' if done else 'discard'} {name(card)}"
    raise TypeError(f"not an action: {action!r}")


def _meld(meld: Meld, name: Callable[[Card], str]) -> str:
    """A meld's cards, each as ``name`` writes it without its article."""
    return " ".join(name(card).removeprefix("the ") for card in meld.cards)


def describe(decision: Decision, *, symbols: bool = True, costly: bool = False) -> str:
    """One line for a decision, e.g. ``round 3  turn 2  draw     took the 7♥ from the
    discard pile  best: draw from the stock  loss 4.2``; suits as glyphs unless
    ``symbols`` is false (then ``7H``)."""

    def name(card: Card) -> str:
        return f"the {card.pretty() if symbols else card}"

    match decision.played:
        case Draw():
            kind = "draw"
        case Discard():
            kind = "discard"
        case _:
            kind = "lay"
    top, table = decision.discard_top, decision.table
    loss = f"loss {decision.loss:.1f}" if decision.priced else "not priced"
    line = (
        f"round {decision.round:<2}  turn {decision.turn:<2}  {kind:<7}  "
        f"{_words(decision.played, top, name, True, table):<36}  "
        f"best: {_words(decision.best, top, name, False, table):<36}  {loss}"
    )
    return line + ("  costly" if costly else "")


def decision_to_json(decision: Decision, *, costly: bool = False) -> dict[str, Any]:
    """The JSON object of a decision (cards and actions in the engine's notation)."""
    return {
        "action_index": decision.action_index,
        "round": decision.round,
        "turn": decision.turn,
        "seat": decision.seat,
        "played": notation(decision.played),
        "best": notation(decision.best),
        "loss": round(decision.loss, 3),
        "hand": [str(card) for card in decision.hand],
        "discard_top": None if decision.discard_top is None else str(decision.discard_top),
        "played_expected": round(decision.played_expected, 3) if decision.priced else None,
        "best_expected": round(decision.best_expected, 3) if decision.priced else None,
        "costly": costly,
    }


# --- the command line ------------------------------------------------------------


class UsageError(Exception):
    """Bad input to the command line: said in one line, exit status 2."""


def read_match_file(path: Path) -> str:
    """The text of ``path`` (see :func:`~game.files.read_text_file`: a regular file of at
    most :data:`~game.files.MOST_BYTES`, read without waiting on a pipe). Raises
    :class:`UsageError` saying what is wrong."""
    try:
        return read_text_file(path)
    except FileNotFoundError:
        raise UsageError(f"cannot read {path}: it does not exist") from None
    except UnreadableFile as error:
        raise UsageError(f"cannot read {path}: {error}") from None


def load_match(path: Path) -> Match:
    """The match saved in ``path``: a profile's ``match.json`` (the match under
    ``"match"``) or ``Match.to_json()`` itself. Its actions must replay from its seed to
    its state. Raises :class:`UsageError` saying what is wrong."""
    text = read_match_file(path)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise UsageError(f"{path} is not JSON: {error}") from None
    if isinstance(data, dict) and "game" not in data and "match" in data:
        data = data["match"]
    try:
        return Match.from_json(data, verify=True)
    except (ValueError, TypeError, RecursionError) as error:
        raise UsageError(f"{path} is not a saved match: {error}") from None


def _can_write(stream: TextIO, text: str) -> bool:
    try:
        text.encode(stream.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _whole(text: str) -> int:
    """A number given on the command line; refused in words that echo it cut short (Python
    refuses more than 4300 digits, argparse would echo them all)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {shown(text)!r}") from None


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m game.review FILE [--seat N] [--round R] [--json]``; returns the exit status."""
    parser = OneLineParser(
        prog=PROGRAM,
        description="Review one seat's decisions in a saved match: what each cost, in "
        "expected penalty points at the end of the round, against the hard AI's choice.",
    )
    parser.add_argument("file", type=Path, help="match.json of a profile, or Match.to_json()")
    parser.add_argument(
        "--seat", type=_whole, default=0, metavar="N", help="the seat to review (default 0)"
    )
    parser.add_argument(
        "--round", type=_whole, dest="round_number", metavar="R", help="only round R (1-based)"
    )
    parser.add_argument("--json", action="store_true", help="print a JSON list")
    args = parser.parse_args(argv)
    try:
        match = load_match(args.file)
        decisions = review(match, args.seat, round_number=args.round_number)
    except (UsageError, ValueError) as error:
        print(f"{PROGRAM}: {error}", file=sys.stderr)
        return 2
    marked = {decision.action_index for decision in costliest(decisions)}
    if args.json:
        rows = [decision_to_json(d, costly=d.action_index in marked) for d in decisions]
        print(json.dumps(rows, indent=1))
        return 0
    symbols = _can_write(sys.stdout, "♠♥♦♣")
    for decision in decisions:
        print(describe(decision, symbols=symbols, costly=decision.action_index in marked))
    return 0


if __name__ == "__main__":
    sys.exit(run_command(main))
