"""Helpers for the match tests: rigged deals, a random player, and the invariants."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import fields
from enum import Enum
from typing import Any

from game.engine.actions import Action, Discard, Draw, DrawSource, LayDown, LayOffCard, Phase
from game.engine.cards import Card, new_shoe
from game.engine.contracts import Contract
from game.engine.match import Match, cut_for_deal, deal_round
from game.engine.melds import Meld
from game.engine.open_table import TableMeld
from game.engine.round_log import laid_by_log
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement
from game.engine.view import MoveKind, PlayerView, PublicMove, public_card, public_meld, public_move
from game.sim.soak import VIEW_FIELDS

STOCK = Draw(DrawSource.STOCK)
TAKE = Draw(DrawSource.DISCARD)


class _Pool:
    """The shoe's physical cards, handed out by label (lowest free copy first)."""

    def __init__(self, rules: RuleSet) -> None:
        self.free: dict[str, list[Card]] = {}
        for card in new_shoe(rules.decks, rules.jokers):
            self.free.setdefault(str(card), []).append(card)

    def take(self, text: str) -> list[Card]:
        cards = []
        for label in text.split():
            key = str(Card.parse(label))
            assert self.free.get(key), f"no {key} left in the shoe"
            cards.append(self.free[key].pop(0))
        return cards

    def rest(self) -> list[Card]:
        return [card for cards in self.free.values() for card in cards]


def rig(
    rules: RuleSet,
    hands: Sequence[str],
    *,
    stock_top: str = "",
    discard: str = "",
    round_index: int = 0,
    current_seat: int = 0,
    round_scores: Sequence[Sequence[int]] | None = None,
    stock_rebuilds: int = 0,
    rest_in_discard: bool = False,
    seed: int = 0,
    turns_played: int = 0,
) -> Match:
    """A match at the start of a turn of ``round_index`` with chosen hands and piles.

    ``stock_top`` lists the next cards drawn, first one first; ``discard`` is the
    discard pile bottom to top. The other cards of the shoe go to the bottom of
    the stock (or under the discard pile with ``rest_in_discard``). The round's log
    holds ``turns_played`` turns (each a stock draw and a discard of the discard
    pile's (or stock's) bottom card), the last by the seat before ``current_seat``. Built through
    ``Match.from_json`` (its field checks, not a replay: no actions lead there), so it is
    a state the engine itself accepts.
    """
    pool = _Pool(rules)
    hand_cards = [pool.take(hand) for hand in hands]
    discard_cards = pool.take(discard)
    top = pool.take(stock_top)
    rest = pool.rest()
    random.Random(seed).shuffle(rest)
    stock = list(reversed(top))
    if rest_in_discard:
        discard_cards = rest + discard_cards
    else:
        stock = rest + stock
    players = rules.players
    if round_scores is None:
        round_scores = [[0] * players for _ in range(round_index)]
    document = Match.new(rules, seed).to_json()
    document["actions"] = []
    first_seat = (current_seat - turns_played) % players
    thrown = (discard_cards or stock)[0].code
    log = [
        {"seat": (first_seat + turn) % players, "move": move, **extra}
        for turn in range(turns_played)
        for move, extra in (("drew_stock", {}), ("discarded", {"card": thrown}))
    ]
    document["state"].update(
        first_dealer=(first_seat - 1 - round_index) % players,
        round_index=round_index,
        phase="draw",
        current_seat=current_seat,
        hands=[[card.code for card in hand] for hand in hand_cards],
        stock=[card.code for card in stock],
        discard_pile=[card.code for card in discard_cards],
        taken_card=None,
        known_cards=[[] for _ in range(players)],
        log=log,
        went_out=None,
        last_turns_left=0,
        stock_rebuilds=stock_rebuilds,
        round_scores=[list(row) for row in round_scores],
        goers=[None] * len(round_scores),
    )
    return Match.from_json(document, verify=False)


PLAIN = (int, str, type(None), Enum, Card, RuleSet, Meld, PublicMove, Contract, TableMeld)


def assert_plain(value: Any, where: str) -> None:
    """Only immutable plain values: no lists, dicts, matches or other live objects."""
    stack = [value]
    while stack:
        item = stack.pop()
        if type(item) is tuple:
            stack.extend(item)
        else:
            assert isinstance(item, PLAIN), f"{where} holds a {type(item).__name__}"


def check_view(match: Match, seat: int) -> PlayerView:
    """The view of ``seat`` tells exactly its share: own hand, public facts, nothing hidden.

    Its fields are a known list of plain immutable values; the only cards of
    other seats it shows are the known ones (taken from the discard pile) and
    the melds of who went out; it shows no card of the stock. Every card but
    those of its own hand is in its public form (no copy index it could not know).
    """
    view = match.view_for(seat)
    assert {field.name for field in fields(view)} == VIEW_FIELDS
    for name in VIEW_FIELDS - {"log"}:
        assert_plain(getattr(view, name), f"view.{name}")
    assert type(view.log) is tuple and len(view.log) == len(match.log)  # entries: check_match
    assert view.log == tuple(public_move(move) for move in match.log)
    assert view.table == tuple(TableMeld(t.owner, public_meld(t.meld)) for t in match.table)
    assert view.hand == match.hands[seat]
    assert view.hand_sizes == tuple(len(hand) for hand in match.hands)
    assert view.stock_size == len(match.stock)
    assert view.discard_pile == tuple(public_card(card) for card in match.discard_pile)
    public = [
        *view.discard_pile,
        *(move.card for move in view.log if move.card is not None),
        *(card for known in view.known_cards for card in known),
        *(card for meld in view.went_out_melds for card in meld.cards),
        *(card for placed in view.table for card in placed.meld.cards),
    ]
    assert all(card.copy == 0 for card in public)
    assert (view.phase, view.current_seat, view.round_index, view.dealer) == (
        match.phase,
        match.current_seat,
        match.round_index,
        match.dealer,
    )
    assert (view.hand_size, view.wild_rank) == (match.hand_size, match.wild_rank)
    assert view.contract == match.contract
    if seat == match.current_seat or match.taken_card is None:
        assert view.taken_card == match.taken_card
    else:
        assert view.taken_card == public_card(match.taken_card)
    assert view.totals == match.totals and view.round_scores == match.round_scores
    assert view.went_out == match.went_out and view.last_turns == match.in_last_turns
    for other, known in enumerate(view.known_cards):
        held = Counter(public_card(card) for card in match.hands[other])
        assert not Counter(known) - held
        assert not Counter(known) - Counter(map(public_card, match.known_cards[other]))
    if view.went_out is not None and match.rules.table == "open":
        assert match.hands[view.went_out] == ()
        laid = [t.meld for t in view.table if t.owner == view.went_out]
        assert all(meld in laid for meld in view.went_out_melds)
    elif view.went_out is not None:
        shown = [card for meld in view.went_out_melds for card in meld.cards]
        assert sorted(shown) == sorted(map(public_card, match.hands[view.went_out]))
    else:
        assert view.went_out_melds == ()
    if view.taken_card is not None and match.taken_card in match.hands[view.current_seat]:
        assert public_card(view.taken_card) in view.known_cards[view.current_seat]
    if seat == match.current_seat:
        assert view.legal_actions() == match.legal_actions()
    else:
        assert view.legal_actions() == ()
    return view


def check_match(match: Match, shoe: frozenset[Card]) -> None:
    """Card conservation, hand sizes for the phase, and legal actions.

    The shoe's cards are all distinct, so "the same multiset as the shoe" is
    "as many cards as the shoe, and the same set".
    """
    held = [card for hand in match.hands for card in hand]
    held += match.stock + match.discard_pile
    held += [card for placed in match.table for card in placed.meld.cards]
    assert len(held) == len(shoe) and set(held) == shoe
    laid = laid_by_log(match.log, match.players)
    for seat, hand in enumerate(match.hands):
        drawn = match.phase is Phase.DISCARD and seat == match.current_seat
        assert len(hand) == match.hand_size + drawn - len(laid[seat])
    check_log_cards(match)
    legal = match.legal_actions()
    assert bool(legal) != match.is_over
    assert all(match.is_legal(action) for action in legal)
    assert len(set(legal)) == len(legal)


def check_log_cards(match: Match) -> None:
    """Each log entry names a card exactly when the table saw one (melds: lay-downs only)."""
    unseen = (MoveKind.DREW_STOCK, MoveKind.STOCK_REBUILT, MoveKind.LAID_DOWN)
    for move in match.log:
        assert type(move) is PublicMove
        assert (move.card is None) == (move.kind in unseen)
        assert bool(move.melds) == (move.kind is MoveKind.LAID_DOWN)


def random_action(match: Match, rng: random.Random, greed: float) -> Action:
    """A random legal action; with probability ``greed`` a discard that keeps the penalty lowest.

    Pure random play rarely goes out with big hands, so rounds run for hundreds
    of turns; a little greed makes seats go out (last turns, lay-offs) and keeps
    matches short enough to check every step.
    """
    check_log_cards(match)
    legal = match.legal_actions()
    if match.phase is not Phase.DISCARD or rng.random() >= greed:
        return rng.choice(legal)
    lays = [action for action in legal if isinstance(action, LayDown | LayOffCard)]
    if lays:  # greedy at the open table: lay down and off whatever it can
        return rng.choice(lays)
    hand = match.hands[match.current_seat]
    scored: list[tuple[int, Action]] = []
    for action in legal:
        assert isinstance(action, Discard)
        rest = [card for card in hand if card != action.card]
        scored.append((best_arrangement(rest, match.wild_rank, match.rules).penalty, action))
    lowest = min(score for score, _ in scored)
    return rng.choice([action for score, action in scored if score == lowest])


def at_round(rules: RuleSet, round_index: int, seed: int = 0) -> Match:
    """A match at the first turn of ``round_index``, dealt as the engine deals it (scores 0)."""
    first_dealer = cut_for_deal(rules, seed).dealer
    dealer = (first_dealer + round_index) % rules.players
    hands, discard_pile, stock = deal_round(rules, seed, round_index, dealer)
    document = Match.new(rules, seed).to_json()
    document["actions"] = []
    document["state"].update(
        round_index=round_index,
        current_seat=(dealer + 1) % rules.players,
        hands=[[card.code for card in hand] for hand in hands],
        stock=[card.code for card in stock],
        discard_pile=[card.code for card in discard_pile],
        round_scores=[[0] * rules.players for _ in range(round_index)],
        goers=[None] * round_index,
    )
    return Match.from_json(document, verify=False)


def card(text: str, copy: int = 0) -> Card:
    """One card from its label, e.g. ``card("QD")``."""
    return Card.parse(text, copy)
