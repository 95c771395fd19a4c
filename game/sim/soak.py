"""The soak, "nothing breaks a match": many matches, each action checked.

A soak task is one match: a rule set sampled over every option value of
:data:`~game.engine.rules.ALLOWED`, a seat lineup of mixed policies (random,
greedy and the AI levels), and some seats that try illegal actions before
each legal one. :func:`run_task` plays it and checks, after every action,

- the cards: hands, stock and discard pile hold exactly the shoe;
- the hand sizes: the round's hand size, one more for the seat that drew;
- the legal actions: never empty until the match is over, then empty;
- the view of the seat to act (and every few actions another seat's, at
  every round's end every seat's): its own hand, counts of the others, only
  public cards (no copy index), the legal actions of the match on its turn and
  none off it; every :data:`TWIN_EVERY` actions, a *twin* match whose hidden
  cards (stock order, the others' unknown cards) are shuffled must give a
  seat the very same view;

and, at every round's end, the JSON round trip (the match then plays on from
the loaded copy) and a replay (a *shadow* match, never saved, given the same
actions, must equal it: a replay in steps); at the match's end both again, with
``Match.replay`` from rules, seed and actions and a load that replays
(``verify=True``). An illegal attempt must raise ``IllegalMoveError`` and leave
``to_json()`` as it was. A task never raises: what broke is in its
:class:`SoakResult`.

``benchmarks/soak.py`` runs ten thousand tasks on two processes;
``tests/engine/test_soak_sample.py`` a sample in CI.

>>> task = make_task(campaign=0, index=3)
>>> task == make_task(0, 3)
True
>>> from dataclasses import replace
>>> result = run_task(replace(task, seats=("greedy",) * task_players(task)))
>>> result.failure is None and result.actions > 0
True
"""

from __future__ import annotations

import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from game.ai.registry import make_policy
from game.engine.actions import (
    Action,
    Discard,
    Draw,
    DrawSource,
    IllegalMoveError,
    LayDown,
    LayOffCard,
    Phase,
)
from game.engine.cards import Card, Rank, Suit, new_shoe
from game.engine.events import Event, RoundAbandoned, RoundScored, StockReshuffled, WentOut
from game.engine.match import Match
from game.engine.melds import Meld, MeldKind
from game.engine.open_table import TableMeld
from game.engine.round_log import laid_by_log
from game.engine.rules import ALLOWED, RuleSet
from game.engine.view import PlayerView, public_card, public_meld

OTHER_VIEW_EVERY = 4
"""Actions between two checks of a random seat's view (besides the view of the seat to act,
checked after every action, and every seat's at every round's end)."""

TWIN_EVERY = 50
"""Actions between two twin checks of a view."""

BOGUS_CHANCE = 0.1
"""How often a seat that tries illegal actions tries them before a decision."""


class SoakFailure(AssertionError):
    """An invariant of the match does not hold."""


def expect(condition: bool, message: str | Callable[[], str]) -> None:
    """Raise :class:`SoakFailure` with ``message`` unless ``condition`` (not stripped by -O)."""
    if not condition:
        raise SoakFailure(message if isinstance(message, str) else message())


# --- tasks -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SoakTask:
    """One match of the soak: everything needed to play it again exactly."""

    campaign: int
    """The soak's seed (``--seed``)."""
    index: int
    """Which match of the campaign this is."""
    seed: int
    """The match seed."""
    rules: dict[str, Any]
    """The rule set in its JSON form (a task crosses process boundaries)."""
    seats: tuple[str, ...]
    """The policy spec of each seat."""
    bogus: tuple[bool, ...]
    """Per seat, whether it tries illegal actions before some of its decisions."""
    lineup: str = "fast"
    """The kind of lineup drawn (a key of :data:`LINEUPS`)."""

    def describe(self) -> str:
        """How to name this match in a report: index, seed, seats and rules."""
        return (
            f"match {self.index} (campaign seed {self.campaign}, match seed {self.seed}): "
            f"seats {','.join(self.seats)} bogus {self.bogus} rules {self.rules}"
        )


def task_players(task: SoakTask) -> int:
    """Seats at the table of ``task``."""
    return len(task.seats)


LINEUPS: tuple[tuple[str, float], ...] = (
    ("fast", 0.875),
    ("easy", 0.08),
    ("normal", 0.03),
    ("hard", 0.01),
    ("random", 0.005),
)
"""Kinds of seat lineup and their shares: see :func:`sample_seats`."""

FAST = ("greedy", "greedy", "easy", "random")
"""The cheap seats of the mixed lineups (greedy twice as likely)."""


def _pick(rng: random.Random, weighted: Sequence[tuple[str, float]]) -> str:
    return rng.choices([name for name, _ in weighted], [w for _, w in weighted])[0]


QUICK = 0.85
"""The share of fast and easy lineups held to a quick table (see :func:`sample_rules`)."""


def sample_rules(rng: random.Random, lineup: str) -> RuleSet:
    """A rule set with every option drawn uniformly from its allowed values.

    The slow lineups are held to quick tables, as are :data:`QUICK` of the
    others: the short schedule and two to four players, mostly two or three (a
    hard seat: two or three; all random seats, whose rounds run to the turn
    limit: two). Every
    value of every option is still drawn many times in the other matches.
    """
    values = {name: rng.choice(allowed) for name, allowed in ALLOWED.items()}
    if lineup == "random":
        values["schedule"] = "short"
        values["players"] = 2
    elif lineup == "hard":
        values["schedule"] = "short"
        values["players"] = rng.randint(2, 3)
    elif lineup == "normal" or rng.random() < QUICK:
        values["schedule"] = "short"
        values["players"] = rng.choice((2, 2, 3, 3, 4))
    return RuleSet(**values)


def sample_seats(rng: random.Random, lineup: str, players: int) -> tuple[str, ...]:
    """The policy of each seat for a lineup kind.

    ``fast``: greedy, easy and random seats, fewer random than half (random
    seats never go out: with many of them rounds run to the turn limit, which
    the all-random lineup is for); ``random``: all random; ``easy``: all easy;
    ``normal`` and ``hard``: one seat of that level among fast ones.
    """
    if lineup == "random":
        return ("random",) * players
    if lineup == "easy":
        return ("easy",) * players
    seats = [rng.choice(FAST) for _ in range(players)]
    randoms = [seat for seat in range(players) if seats[seat] == "random"]
    for seat in randoms[: max(0, len(randoms) - (players - 1) // 2)]:
        seats[seat] = "greedy"
    if lineup in ("normal", "hard"):
        seats[rng.randrange(players)] = lineup
    return tuple(seats)


def make_task(campaign: int, index: int) -> SoakTask:
    """Match ``index`` of the soak seeded ``campaign``: the same task every time."""
    rng = random.Random(f"soak/{campaign}/{index}")
    lineup = _pick(rng, LINEUPS)
    rules = sample_rules(rng, lineup)
    seats = sample_seats(rng, lineup, rules.players)
    bogus = tuple(rng.random() < 0.3 for _ in seats)
    if not any(bogus) and rng.random() < 0.5:
        bogus = tuple(seat == 0 for seat in range(len(seats)))
    seed = rng.randrange(2**31)
    return SoakTask(campaign, index, seed, rules.to_json(), seats, bogus, lineup)


def make_tasks(count: int, campaign: int, start: int = 0) -> list[SoakTask]:
    """Matches ``start`` … ``start + count - 1`` of the soak seeded ``campaign``."""
    return [make_task(campaign, index) for index in range(start, start + count)]


# --- the invariants ------------------------------------------------------------


def _key(card: Card) -> tuple[int, int]:
    return card.ordinal, card.copy


def shoe_keys(rules: RuleSet) -> list[tuple[int, int]]:
    """The shoe of ``rules`` as sorted (ordinal, copy) pairs: what :func:`check_cards` needs."""
    return sorted(map(_key, new_shoe(rules.decks, rules.jokers)))


def check_cards(match: Match, shoe: Sequence[tuple[int, int]]) -> None:
    """Hands, stock and discard pile hold the shoe exactly, as multisets: ``shoe`` is
    :func:`shoe_keys` (plain pairs sort and compare faster than cards)."""
    held = [card for hand in match.hands for card in hand]
    held += match.stock
    held += match.discard_pile
    held += [card for placed in match.table for card in placed.meld.cards]
    if sorted(map(_key, held)) != shoe:
        whole = frozenset(new_shoe(match.rules.decks, match.rules.jokers))
        raise SoakFailure(
            f"cards not conserved: {len(held)} held for a shoe of {len(shoe)}; "
            f"missing {sorted(whole - set(held))[:5]}, "
            f"doubled {[c for c, n in Counter(held).items() if n > 1][:5]}, "
            f"foreign {sorted(set(held) - whole)[:5]}"
        )


def check_hands(match: Match) -> None:
    """Each seat holds the round's hand size; the seat that drew one more; at the open table,
    less the cards the log shows it put on the table (and the table only there)."""
    rules = match.rules
    expect(match.hand_size == rules.hand_sizes[match.round_index], "hand size not the schedule's")
    laid = laid_by_log(match.log, match.players)
    expect(rules.table == "open" or not match.table, "melds on the closed table")
    for seat, hand in enumerate(match.hands):
        drawn = match.phase is Phase.DISCARD and seat == match.current_seat
        if len(hand) != match.hand_size + drawn - len(laid[seat]):
            raise SoakFailure(
                f"seat {seat} holds {len(hand)} cards in round {match.round_index + 1} "
                f"(hand size {match.hand_size}, drawn {drawn}, phase {match.phase.value})"
            )


def check_legal(match: Match) -> tuple[Action, ...]:
    """Legal actions exist exactly until the match is over, and are the ones the phase
    allows; returns them."""
    legal = match.legal_actions()
    if match.is_over:
        expect(legal == (), "legal actions after the match's end")
        expect(match.phase is Phase.MATCH_OVER, "over but not in the match-over phase")
        expect(len(match.round_scores) == match.rules.rounds, "over before the last round")
        return legal
    expect(bool(legal), f"no legal action in phase {match.phase.value}")
    expect(len(set(legal)) == len(legal), "legal actions repeat")
    if match.phase is Phase.DRAW:
        expect(Draw(DrawSource.STOCK) in legal, "drawing from the stock is not legal")
        expect(all(isinstance(action, Draw) for action in legal), "a legal action is no draw")
    else:
        hand = match.hands[match.current_seat]
        taken = match.taken_card
        kept = taken if taken is not None and not match.rules.discard_taken_card else None
        expected = tuple(Discard(card) for card in hand if card != kept)
        if legal[: len(expected)] != expected:
            raise SoakFailure(f"legal discards {legal}, expected {expected}")
        lays = legal[len(expected) :]
        expect(
            all(isinstance(action, LayDown | LayOffCard) for action in lays)
            and (not lays or match.rules.table == "open"),
            "after the discards, legal actions other than the open table's lay moves",
        )
    totals = tuple(sum(column) for column in zip(*match.round_scores, strict=True))
    expect(not match.round_scores or match.totals == totals, "totals are not the rounds' sums")
    return legal


def _copies_shown(view: PlayerView) -> list[Card]:
    """The cards with a copy index (not in their public form) that a view shows outside its
    own hand, in the log, the known cards and the melds of who went out (the discard pile
    and the taken card are compared whole)."""
    shown = [move.card for move in view.log if move.card is not None and move.card.copy]
    shown += [card for move in view.log for meld in move.melds for card in meld.cards if card.copy]
    shown += [card for placed in view.table for card in placed.meld.cards if card.copy]
    shown += [card for known in view.known_cards for card in known if card.copy]
    shown += [card for meld in view.went_out_melds for card in meld.cards if card.copy]
    return shown


VIEW_FIELDS = frozenset(
    {
        "seat",
        "rules",
        "hand",
        "discard_pile",
        "stock_size",
        "hand_sizes",
        "known_cards",
        "log",
        "went_out",
        "went_out_melds",
        "round_index",
        "hand_size",
        "wild_rank",
        "dealer",
        "current_seat",
        "phase",
        "taken_card",
        "last_turns",
        "stock_rebuilds",
        "round_scores",
        "totals",
        "contract",
        "table",
    }
)
"""The fields a view has: a new one must be added here (and to the checks) on purpose."""


def check_view(match: Match, seat: int, legal: tuple[Action, ...] | None = None) -> PlayerView:
    """``seat``'s view: its own hand, public facts, the other seats only as counts and cards
    the table saw (public, copy 0); the match's legal actions (``legal`` if known) on its
    turn, none off it. Returns the view."""
    view = match.view_for(seat)
    expect(view.seat == seat, "the view of another seat")
    expect(view.hand == match.hands[seat], "the view shows another hand than the seat's")
    expect(
        view.hand_sizes == tuple(len(hand) for hand in match.hands)
        and all(type(size) is int for size in view.hand_sizes),
        "hand sizes are not the counts",
    )
    expect(type(view.stock_size) is int and view.stock_size == len(match.stock), "stock size")
    expect(
        view.discard_pile == tuple(map(public_card, match.discard_pile)),
        "the view's discard pile is not the match's in public form",
    )
    leaked = _copies_shown(view)
    expect(not leaked, lambda: f"seat {seat}'s view shows copy indices: {leaked[:5]}")
    expect(
        (view.phase, view.current_seat, view.round_index, view.dealer, view.wild_rank)
        == (match.phase, match.current_seat, match.round_index, match.dealer, match.wild_rank),
        "the view's turn is not the match's",
    )
    expect(view.totals == match.totals, "the view's totals")
    expect(view.contract == match.contract, "the view's contract is not the round's")
    expect(
        view.table == tuple(TableMeld(t.owner, public_meld(t.meld)) for t in match.table),
        "the view's table is not the match's in public form",
    )
    taken = match.taken_card
    if seat == match.current_seat or taken is None:
        expect(view.taken_card == taken, "the view's own taken card")
    else:
        expect(view.taken_card == public_card(taken), "another seat's taken card")
    for other, known in enumerate(view.known_cards):
        if known:
            held = Counter(public_card(card) for card in match.hands[other])
            held.subtract(known)
            if min(held.values()) < 0:
                raise SoakFailure(f"seat {seat} 'knows' cards that seat {other} lacks: {known}")
    if match.phase is not Phase.MATCH_OVER and seat == match.current_seat:
        legal = match.legal_actions() if legal is None else legal
        expect(view.legal_actions() == legal, "the view's legal actions")
    else:
        expect(view.legal_actions() == (), "legal actions off the seat's turn")
    return view


def twin(match: Match, seat: int, rng: random.Random) -> Match:
    """The match with every card ``seat`` cannot know shuffled: the stock (order and
    contents) and the other seats' cards that nobody saw them take, pooled and dealt
    back at random. Who went out keeps the hand the table saw."""
    document = match.to_json()
    state = document["state"]
    known = [Counter(card.code for card in cards) for cards in match.known_cards]
    secret = [
        other != seat and other != match.went_out for other in range(match.players)
    ]  # whose cards are hidden from ``seat``
    pool: list[str] = list(state["stock"])
    kept: list[list[str]] = []
    for other, hand in enumerate(state["hands"]):
        mine: list[str] = []
        left = Counter(known[other])
        for code in hand:
            if secret[other] and not left[code]:
                pool.append(code)
            else:
                left[code] -= 1
                mine.append(code)
        kept.append(mine)
    rng.shuffle(pool)
    for other, hand in enumerate(state["hands"]):
        if secret[other]:
            need = len(hand) - len(kept[other])
            kept[other] += [pool.pop() for _ in range(need)]
            rng.shuffle(kept[other])
    state["hands"] = kept
    state["stock"] = pool
    return Match.from_json(document, verify=False)


def check_twin(match: Match, seat: int, rng: random.Random) -> None:
    """A twin that differs only in what ``seat`` cannot know gives it the same view."""
    other = twin(match, seat, rng)
    expect(other.hands[seat] == match.hands[seat], "the twin changed the seat's own hand")
    expect(
        other.view_for(seat) == match.view_for(seat),
        lambda: f"seat {seat}'s view depends on hidden cards (the twin's view differs)",
    )


def check_saved(match: Match, *, verify: bool) -> Match:
    """The JSON round trip gives the same match and the same document (``verify``: the
    load replays the actions too). Returns the loaded match: play goes on with it."""
    document = match.to_json()
    loaded = Match.from_json(document, verify=verify)
    expect(loaded == match, "the loaded match differs from the saved one")
    expect(loaded.to_json() == document, "the loaded match saves another document")
    return loaded


def check_replay(match: Match) -> None:
    """``Match.replay`` from the rules, seed and actions gives the same match."""
    replayed = Match.replay(match.rules, match.seed, match.actions)
    expect(replayed == match, "the replay from rules, seed and actions differs")
    expect(replayed.to_json() == match.to_json(), "the replay saves another document")


def check_shadow(match: Match, shadow: Match) -> None:
    """``shadow`` (a match that is never saved, given the same actions as they come) catches
    up with ``match`` and equals it: a replay in steps, without the cost of starting over."""
    actions = match.actions
    for action in actions[len(shadow.actions) :]:
        shadow.apply(action)
    expect(shadow == match, "the match differs from a replay of its actions")


def check_state(match: Match, shoe: Sequence[tuple[int, int]]) -> tuple[Action, ...]:
    """The invariants of one state but the views: cards, hands, legal actions (returned)."""
    check_cards(match, shoe)
    check_hands(match)
    return check_legal(match)


def check_all(match: Match, shoe: Sequence[tuple[int, int]]) -> None:
    """The invariants of one state: cards, hands, legal actions, every seat's view."""
    check_state(match, shoe)
    for seat in range(match.players):
        view = check_view(match, seat)
    expect({f.name for f in fields(view)} == VIEW_FIELDS, "the view's fields changed")


# --- illegal attempts -------------------------------------------------------


MALFORMED: tuple[Any, ...] = (
    Draw("stock"),  # type: ignore[arg-type]
    Draw(None),  # type: ignore[arg-type]
    Draw(0),  # type: ignore[arg-type]
    Discard(None),  # type: ignore[arg-type]
    Discard("7H.0"),  # type: ignore[arg-type]
    Discard(Rank.SEVEN),  # type: ignore[arg-type]
    None,
    "draw",
    7,
    ("draw", "stock"),
    {"draw": "stock"},
    DrawSource.STOCK,
    LayDown(()),
    LayDown([]),  # type: ignore[arg-type]
    LayOffCard("7H.0", 0, 7),  # type: ignore[arg-type]
    LayOffCard(Card(Rank.SEVEN, Suit.HEARTS), "0", 7),  # type: ignore[arg-type]
)
"""Objects that are not actions, or actions of the wrong form."""


def bogus_actions(match: Match, rng: random.Random) -> list[tuple[str, Any]]:
    """Some illegal actions for the seat to act now, each with the kind of wrong it is."""
    seat, hand = match.current_seat, match.hands[match.current_seat]
    rules = match.rules
    found: list[tuple[str, Any]] = [("malformed", rng.choice(MALFORMED))]
    if match.phase is Phase.DRAW:
        found.append(("discard before drawing", Discard(rng.choice(hand))))
    else:
        found.append(("draw twice", Draw(rng.choice(tuple(DrawSource)))))
        taken = match.taken_card
        if taken is not None and not rules.discard_taken_card:
            found.append(("discard the card just taken", Discard(taken)))
    found += _bogus_lay_moves(match)
    elsewhere = [card for other, cards in enumerate(match.hands) if other != seat for card in cards]
    elsewhere += match.stock
    elsewhere += match.discard_pile
    found.append(("a card held elsewhere", Discard(rng.choice(elsewhere))))
    held = set(hand)
    twins = [
        Card(card.rank, card.suit, copy)
        for card in hand
        if not card.is_joker
        for copy in range(rules.decks)
        if Card(card.rank, card.suit, copy) not in held
    ]
    if twins:
        found.append(("the twin of a held card", Discard(rng.choice(twins))))
    foreign = Card(rng.choice(tuple(Rank)), rng.choice(tuple(Suit)), rules.decks)
    joker = Card(None, None, rules.jokers)
    found.append(("a card outside the shoe", Discard(rng.choice((foreign, joker)))))
    rng.shuffle(found)
    return found[: rng.randint(1, len(found))]


def _bogus_lay_moves(match: Match) -> list[tuple[str, Any]]:
    """Lay moves that are illegal now: any at the closed table or before the draw; at the
    open table a meld of no rank, and a lay-off onto a meld that is not on the table."""
    hand = match.hands[match.current_seat]
    no_rank = LayDown((Meld(MeldKind.SET, hand[:3], (14,) * len(hand[:3]), None),))
    nowhere = LayOffCard(hand[0], len(match.table), 1)
    if match.rules.table == "closed":
        return [("lay down at the closed table", no_rank), ("lay off at the closed table", nowhere)]
    if match.phase is Phase.DRAW:
        return [("lay off before drawing", nowhere)]
    return [("lay down no meld", no_rank), ("lay off onto no meld", nowhere)]


def try_illegal(match: Match, rng: random.Random, refused: Counter[str]) -> None:
    """Try some illegal actions: each must be refused with ``IllegalMoveError``, be named
    illegal by the match and the seat's view, and leave the match exactly as it was."""
    before = match.to_json()
    view = match.view_for(match.current_seat)
    for kind, action in bogus_actions(match, rng):
        if (
            match.refusal(action) is None
            or match.is_legal(action)
            or view.is_legal(action)
            or action in match.legal_actions()
        ):
            raise SoakFailure(f"{kind} {action!r} is legal (match, view or legal actions)")
        unchecked = kind == "malformed" and rng.random() < 0.5  # refused unchecked too
        try:
            match.apply(action, validate=not unchecked)
        except IllegalMoveError:
            pass
        else:
            raise SoakFailure(f"{kind} {action!r} was applied (validate={not unchecked})")
        if match.to_json() != before:
            raise SoakFailure(f"refusing {kind} {action!r} changed the match")
        refused[kind] += 1


# --- playing a task -------------------------------------------------------------


@dataclass(slots=True)
class SoakResult:
    """What one soak match did, and what broke, if anything."""

    task: SoakTask
    """The match played."""
    actions: int = 0
    """Actions applied."""
    refused: Counter[str] = field(default_factory=Counter)
    """Illegal attempts refused, by kind."""
    rounds: int = 0
    """Rounds finished."""
    happened: Counter[str] = field(default_factory=Counter)
    """Notable events: going out, abandoned rounds, stock rebuilds, round trips, twins."""
    seconds: float = 0.0
    """Time taken."""
    cpu_seconds: float = 0.0
    """Processor time taken."""
    failure: str | None = None
    """The traceback of what broke, ``None`` if nothing did."""
    at_action: int | None = None
    """How many actions had been applied when it broke."""


def _note(events: Sequence[Event], happened: Counter[str]) -> bool:
    """Count the notable events; True if a round ended."""
    ended = False
    for event in events:
        if isinstance(event, WentOut):
            happened["went out"] += 1
        elif isinstance(event, StockReshuffled):
            happened["stock rebuilt"] += 1
        elif isinstance(event, RoundAbandoned):
            happened[f"round abandoned ({event.reason})"] += 1
        elif isinstance(event, RoundScored):
            ended = True
    return ended


def run_task(task: SoakTask) -> SoakResult:
    """Play ``task`` to the end, checking everything; never raises (see :attr:`failure`)."""
    result = SoakResult(task)
    start, cpu = time.perf_counter(), time.process_time()
    try:
        _play(task, result)
    except Exception:
        result.failure = traceback.format_exc()
        result.at_action = result.actions
    result.seconds = time.perf_counter() - start
    result.cpu_seconds = time.process_time() - cpu
    return result


def _play(task: SoakTask, result: SoakResult) -> None:
    rules = RuleSet.from_json(task.rules)
    expect(rules.players == len(task.seats), "one policy per seat")
    rng = random.Random(f"soak/{task.campaign}/{task.index}/checks")
    policies = [
        make_policy(spec, random.Random(f"{task.seed}/{seat}"))
        for seat, spec in enumerate(task.seats)
    ]
    shoe = shoe_keys(rules)
    match = Match.new(rules, task.seed)
    shadow = Match.new(rules, task.seed)
    check_all(match, shoe)
    legal = match.legal_actions()
    while not match.is_over:
        seat = match.current_seat
        if task.bogus[seat] and rng.random() < BOGUS_CHANCE:
            try_illegal(match, rng, result.refused)
        view = check_view(match, seat, legal)
        action: Action = policies[seat].choose(view)
        reason = match.why_illegal(action)
        if reason is not None:
            raise SoakFailure(f"{task.seats[seat]} in seat {seat} chose {action}: {reason}")
        events = match.apply(action)
        result.actions += 1
        legal = check_state(match, shoe)  # and the next seat's view, before it decides
        if result.actions % OTHER_VIEW_EVERY == 0:
            check_view(match, rng.randrange(match.players))
        if result.actions % TWIN_EVERY == 0:
            check_twin(match, rng.randrange(match.players), rng)
            result.happened["twin views"] += 1
        if _note(events, result.happened) and not match.is_over:
            result.rounds += 1
            check_all(match, shoe)
            check_shadow(match, shadow)
            match = check_saved(match, verify=False)
            result.happened["round trips"] += 1
            legal = match.legal_actions()
    result.rounds += 1
    expect(result.rounds == rules.rounds, f"{result.rounds} rounds of {rules.rounds} scored")
    check_all(match, shoe)
    check_shadow(match, shadow)
    check_replay(match)
    match = check_saved(match, verify=True)
    result.happened["round trips"] += 1
