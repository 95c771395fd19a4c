"""The match: one object that runs a whole game of Three-Thirteen by the rules contract.

A match is *rules + seed + actions*. Chance never needs saving: every shuffle
draws from its own ``random.Random`` seeded by a string naming what it is for,

- ``f"{seed}/cut"`` — cutting for the first dealer (:func:`cut_for_deal`);
- ``f"{seed}/round{r}"`` — the deal of round ``r`` (0-based), a fresh shoe each round;
- ``f"{seed}/round{r}/rebuild{k}"`` — the ``k``-th rebuild (1 or 2) of round ``r``'s stock.

Piles are tuples bottom→top: the last card of ``stock`` is the next one drawn,
the last card of ``discard_pile`` the one that may be taken.

>>> match = Match.new(RuleSet(players=2, schedule="short"), seed=7)
>>> match.phase, match.hand_size, match.wild_rank.plural
(<Phase.DRAW: 'draw'>, 3, 'Threes')
>>> match.legal_actions()
(Draw(source=<DrawSource.STOCK: 'stock'>), Draw(source=<DrawSource.DISCARD: 'discard'>))
>>> match.apply(Discard(match.hands[match.current_seat][0]))
Traceback (most recent call last):
...
game.engine.actions.IllegalMoveError: seat 0 must draw (from the stock or the discard pile) \
before discarding
>>> Match.from_json(match.to_json()) == match
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from game.engine.actions import (
    Action,
    Discard,
    Draw,
    DrawSource,
    IllegalMoveError,
    LayDown,
    LayOffCard,
    Phase,
    action_from_json,
    action_from_pair,
    action_pair,
    pair_to_json,
)
from game.engine.cards import Card, Rank, new_shoe, wild_rank_for
from game.engine.codec import (
    arrangement_from_json,
    arrangement_to_json,
    card_code,
    card_from_json,
    cards_from_json,
    cards_to_json,
    expect,
    expect_int,
    meld_from_json,
    meld_to_json,
)
from game.engine.contracts import Contract, contract_for
from game.engine.events import (
    Cut,
    CutForDeal,
    Dealt,
    Discarded,
    DiscardStarted,
    DrewFromStock,
    Event,
    LaidDown,
    LaidOff,
    LastTurnsBegan,
    MatchOver,
    RoundAbandoned,
    RoundScored,
    RoundStarted,
    StockReshuffled,
    TookDiscard,
    WentOut,
)
from game.engine.formats import FormatError, Upgrades, upgraded
from game.engine.layoff import score_round
from game.engine.legality import (
    Refusal,
    TurnFacts,
    lay_refusal,
    legal_actions,
    malformed,
    refusal,
    why_illegal,
)
from game.engine.melds import Arrangement, Meld
from game.engine.open_table import TableMeld, extended, laid_down
from game.engine.round_log import (
    laid_by_log,
    move_from_json,
    move_to_json,
    open_table_scores,
    still_held,
    table_from_log,
    turns_played,
)
from game.engine.rules import RuleSet, rules_of_format_2, rules_of_format_3
from game.engine.solver import contract_arrangement, is_complete, min_penalty
from game.engine.state_checks import (
    check_cards,
    check_known,
    check_log,
    check_went_out,
    taken_by_log,
)
from game.engine.view import (
    MoveKind,
    PlayerView,
    PublicMove,
    public_card,
    public_meld,
    public_move,
)

FORMAT = 4
"""Version of the JSON document written by :meth:`Match.to_json`."""


def match_of_format_3(document: dict[str, Any]) -> dict[str, Any]:
    """Format 2 → 3: the rules name the closed table, and the state an empty table."""
    upgraded_document = rules_of_format_3(document)
    state = document.get("state")
    if isinstance(state, dict):
        upgraded_document["state"] = {**state, "table": []}
    return upgraded_document


def match_of_format_4(document: dict[str, Any]) -> dict[str, Any]:
    """Format 3 → 4: the state keeps who went out in each round scored (``"goers"``), found
    by playing the document's actions again from its seed. Raises ``ValueError`` where they
    cannot be played (a document that would not read)."""
    upgraded_document = {**document, "format": 4}
    state = document.get("state")
    if not isinstance(state, dict):
        return upgraded_document
    scored = state.get("round_scores")
    goers: tuple[int | None, ...] = ()
    if scored:
        try:
            rules = RuleSet.from_json(expect(document.get("rules"), dict, "rules"))
            items: list[Any] = expect(document.get("actions"), list, "actions")
            actions = [action_from_json(item) for item in items]
            goers = Match.replay(rules, check_seed(document.get("seed")), actions).goers
        except (ValueError, TypeError) as error:
            raise ValueError(f"goers: the actions of format 3 do not replay: {error}") from None
    if isinstance(scored, list):
        goers = goers[: len(scored)]
    upgraded_document["state"] = {**state, "goers": list(goers)}
    return upgraded_document


UPGRADES: Upgrades = {1: rules_of_format_2, 2: match_of_format_3, 3: match_of_format_4}
"""The steps that bring an earlier match document to :data:`FORMAT`, one per format
(:mod:`game.engine.formats`); :meth:`Match.from_json` applies them."""

GAME_NAME = "three-thirteen"
"""The ``"game"`` key of a match document: tells it from other JSON."""

MAX_REBUILDS = 2
"""Stock rebuilds allowed in one round; needing one more ends (abandons) the round."""

TURN_LIMIT = 100
"""Turns per player after which a round ends at once (docs/RULES.md, "A round that will not
end")."""

DEFAULT_RULES = RuleSet()
"""The base game."""


@lru_cache(maxsize=16)
def _shoe_set(decks: int, jokers: int) -> frozenset[Card]:
    return frozenset(new_shoe(decks, jokers))


def check_seed(value: object) -> int:
    """``value`` if it may seed a match (an int; a bool is not one), else ``ValueError``.

    The one rule for :meth:`Match.new` and :meth:`Match.from_json`.

    >>> check_seed(7)
    7
    >>> check_seed(True)
    Traceback (most recent call last):
    ...
    ValueError: seed must be int, not True
    """
    seed: int = expect(value, int, "seed")
    return seed


def _check_rules(rules: object) -> None:
    if not isinstance(rules, RuleSet):
        raise ValueError(f"rules must be a RuleSet, not {rules!r}")


def cut_value(card: Card) -> int:
    """A card's value when cutting for the deal: Ace 1 (low) … King 13; a joker 0 (lowest)."""
    return 0 if card.rank is None else int(card.rank)


def cut_for_deal(rules: RuleSet, seed: int) -> CutForDeal:
    """Choose the first dealer by cutting for high card.

    Every seat, from seat 0 clockwise, cuts a card from the full shoe shuffled by
    ``random.Random(f"{seed}/cut")``; the highest card deals. Ranks count Ace low
    (1) to King (13) and a printed joker lowest of all; suits do not count. Seats
    tied for highest put the cards back and cut again (the others drop out) until
    one is highest.
    """
    rng = random.Random(f"{seed}/cut")
    shoe = new_shoe(rules.decks, rules.jokers)
    contenders = list(range(rules.players))
    cuts: list[Cut] = []
    attempt = 0
    while True:
        cards = rng.sample(shoe, len(contenders))
        cuts += [Cut(seat, card, attempt) for seat, card in zip(contenders, cards, strict=True)]
        best = max(cut_value(card) for card in cards)
        contenders = [
            seat for seat, card in zip(contenders, cards, strict=True) if cut_value(card) == best
        ]
        if len(contenders) == 1:
            return CutForDeal(tuple(cuts), contenders[0])
        attempt += 1


def deal_round(
    rules: RuleSet, seed: int, round_index: int, dealer: int
) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Shuffle a full shoe for round ``round_index`` and deal it: (hands, discard pile, stock).

    Cards go one at a time clockwise starting at the dealer's left, ``hand_size``
    times round; the next card starts the discard pile; the rest is the stock.
    """
    shoe = list(new_shoe(rules.decks, rules.jokers))
    random.Random(f"{seed}/round{round_index}").shuffle(shoe)
    players = rules.players
    hands: list[list[Card]] = [[] for _ in range(players)]
    for _ in range(rules.hand_sizes[round_index]):
        for step in range(1, players + 1):
            hands[(dealer + step) % players].append(shoe.pop())
    discard_pile = [shoe.pop()]
    return hands, discard_pile, shoe


class Match:
    """A whole match: the full state, the rules of play, and its JSON save form.

    Build one with :meth:`new`, :meth:`from_json` or :meth:`replay`. Two matches
    are equal when their whole state (history included) is equal.
    """

    _rules: RuleSet
    _seed: int
    _first_dealer: int
    _round_index: int
    _phase: Phase
    _current: int
    _hands: list[list[Card]]
    _stock: list[Card]
    _discard: list[Card]
    _table: list[TableMeld]
    _taken: Card | None
    _known: list[list[Card]]
    _log: list[PublicMove]
    _went_out: int | None
    _went_out_arrangement: Arrangement | None
    _last_turns_left: int
    _rebuilds: int
    _turns: int
    _round_scores: list[tuple[int, ...]]
    _goers: list[int | None]
    _history: list[tuple[str, str]]

    __slots__ = (
        "_current",
        "_discard",
        "_first_dealer",
        "_goers",
        "_hands",
        "_history",
        "_known",
        "_last_turns_left",
        "_log",
        "_phase",
        "_rebuilds",
        "_round_index",
        "_round_scores",
        "_rules",
        "_seed",
        "_stock",
        "_table",
        "_taken",
        "_turns",
        "_went_out",
        "_went_out_arrangement",
    )

    _APPEND_ONLY = ("_goers", "_history", "_log", "_round_scores")
    """Lists that playing only appends to (or replaces): an undo cuts them back."""

    def __init__(self, rules: RuleSet, seed: int, first_dealer: int) -> None:
        """Deal the first round with ``first_dealer`` dealing; prefer :meth:`new`.

        Raises ``ValueError`` for rules that are not a :class:`RuleSet`, a bad seed
        (:func:`check_seed`) or a dealer that is not a seat.
        """
        _check_rules(rules)
        if type(first_dealer) is not int or not 0 <= first_dealer < rules.players:
            raise ValueError(f"first dealer must be a seat 0..{rules.players - 1}")
        self._rules = rules
        self._seed = check_seed(seed)
        self._first_dealer = first_dealer
        self._round_scores = []
        self._goers = []
        self._history = []
        self._start_round(0)

    # --- construction ------------------------------------------------------

    @classmethod
    def new(cls, rules: RuleSet = DEFAULT_RULES, seed: int = 0) -> Match:
        """A match at the first turn of round 1: dealer cut for, cards dealt.

        Raises ``ValueError`` for rules that are not a :class:`RuleSet` or a seed
        that :func:`check_seed` refuses.
        """
        _check_rules(rules)
        seed = check_seed(seed)
        return cls(rules, seed, cut_for_deal(rules, seed).dealer)

    @classmethod
    def replay(cls, rules: RuleSet, seed: int, actions: Iterable[Action]) -> Match:
        """Rebuild a match from its rules, seed and actions.

        Raises ``IllegalMoveError`` naming the first action (by index) that is illegal.
        """
        match = cls.new(rules, seed)
        for index, action in enumerate(actions):
            reason = match.why_illegal(action)
            if reason is not None:
                raise IllegalMoveError(f"action {index} ({action}): {reason}")
            match.apply(action, validate=False)
        return match

    def copy(self) -> Match:
        """An independent copy (for search: apply to it freely)."""
        other = object.__new__(type(self))
        other._restore(self._snapshot())
        for name in Match._APPEND_ONLY:
            setattr(other, name, list(getattr(self, name)))
        return other

    def _snapshot(self) -> tuple[dict[str, Any], dict[str, int]]:
        """What :meth:`_restore` needs to put the state back as it is now: every slot,
        the lists changed in place copied, and the length of the append-only ones."""
        values = {name: getattr(self, name) for name in Match.__slots__}
        values["_hands"] = [list(hand) for hand in self._hands]
        values["_stock"] = list(self._stock)
        values["_discard"] = list(self._discard)
        values["_table"] = list(self._table)
        values["_known"] = [list(known) for known in self._known]
        return values, {name: len(values[name]) for name in Match._APPEND_ONLY}

    def _restore(self, snapshot: tuple[dict[str, Any], dict[str, int]]) -> None:
        """Put back the state of :meth:`_snapshot` (which is used up)."""
        values, lengths = snapshot
        for name, value in values.items():
            setattr(self, name, value)
        for name, length in lengths.items():
            del getattr(self, name)[length:]

    def opening_events(self) -> list[Event]:
        """The events of the match's start: the cut for deal and the first deal."""
        cut = cut_for_deal(self._rules, self._seed)
        hands, discard_pile, _ = deal_round(self._rules, self._seed, 0, self._first_dealer)
        return [cut, *self._round_opening(0, self._first_dealer, hands, discard_pile)]

    # --- the state, read-only ----------------------------------------------

    @property
    def rules(self) -> RuleSet:
        """The rules of the match."""
        return self._rules

    @property
    def seed(self) -> int:
        """The seed every shuffle derives from."""
        return self._seed

    @property
    def phase(self) -> Phase:
        """What the match waits for."""
        return self._phase

    @property
    def current_seat(self) -> int:
        """The seat whose turn it is (after the end: the seat that acted last)."""
        return self._current

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self._rules.players

    @property
    def round_index(self) -> int:
        """0-based index of the current round (the last one once the match is over)."""
        return self._round_index

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat this round."""
        return self._rules.hand_sizes[self._round_index]

    @property
    def wild_rank(self) -> Rank:
        """The rank that is wild this round."""
        return wild_rank_for(self.hand_size)

    @property
    def contract(self) -> Contract | None:
        """The melds going out must include this round; ``None`` without contracts."""
        return contract_for(self.hand_size) if self._rules.contracts else None

    @property
    def multiplier(self) -> int:
        """Factor applied to this round's penalties."""
        return self._rules.multiplier(self._round_index)

    @property
    def first_dealer(self) -> int:
        """The seat that cut highest and dealt round 1."""
        return self._first_dealer

    @property
    def dealer(self) -> int:
        """The seat that dealt this round: the deal passes clockwise each round."""
        return (self._first_dealer + self._round_index) % self._rules.players

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand (whole truth: for the engine, tests and the human seat's UI)."""
        return tuple(tuple(hand) for hand in self._hands)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, bottom to top: the last card is drawn next."""
        return tuple(self._stock)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom to top."""
        return tuple(self._discard)

    @property
    def taken_card(self) -> Card | None:
        """The card the current seat just took from the discard pile, if it did."""
        return self._taken

    @property
    def known_cards(self) -> tuple[tuple[Card, ...], ...]:
        """Per seat, the cards it took from the discard pile this round and still holds."""
        return tuple(tuple(known) for known in self._known)

    @property
    def table(self) -> tuple[TableMeld, ...]:
        """Open table: the melds on the table, in the order laid down, each as it stands."""
        return tuple(self._table)

    @property
    def log(self) -> tuple[PublicMove, ...]:
        """This round's public moves, oldest first."""
        return tuple(self._log)

    @property
    def went_out(self) -> int | None:
        """The seat that went out this round, or ``None``."""
        return self._went_out

    @property
    def went_out_arrangement(self) -> Arrangement | None:
        """The melds shown by the seat that went out, or ``None``."""
        return self._went_out_arrangement

    @property
    def in_last_turns(self) -> bool:
        """True once someone went out and the others take their last turns."""
        return self._went_out is not None and self._phase is not Phase.MATCH_OVER

    @property
    def last_turns_left(self) -> int:
        """Last turns still to be played this round (0 unless someone went out)."""
        return self._last_turns_left

    @property
    def stock_rebuilds(self) -> int:
        """How many times the stock was rebuilt this round (0, 1 or 2)."""
        return self._rebuilds

    @property
    def round_scores(self) -> tuple[tuple[int, ...], ...]:
        """Per finished round, each seat's points (multiplier applied)."""
        return tuple(self._round_scores)

    @property
    def goers(self) -> tuple[int | None, ...]:
        """Per finished round, the seat that went out (``None``: nobody did, the round was
        abandoned)."""
        return tuple(self._goers)

    @property
    def totals(self) -> tuple[int, ...]:
        """Per seat, the sum of its round scores."""
        return tuple(
            sum(scores[seat] for scores in self._round_scores) for seat in range(self.players)
        )

    @property
    def zero_rounds(self) -> tuple[int, ...]:
        """Per seat, how many rounds it scored 0 (breaks ties under ``tie="zero_rounds"``)."""
        return tuple(
            sum(1 for scores in self._round_scores if scores[seat] == 0)
            for seat in range(self.players)
        )

    @property
    def is_over(self) -> bool:
        """True once the last round of the schedule has been scored."""
        return self._phase is Phase.MATCH_OVER

    @property
    def turns_played(self) -> int:
        """Turns finished this round (a round ends at ``TURN_LIMIT`` per player)."""
        return self._turns

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the match is over (several if shared); empty before,
        and empty when a tie gives the match to nobody.

        Lowest total wins. Under ``tie="zero_rounds"`` the tied seats with the
        most rounds scored at 0 win, and share the win if still tied; under
        ``tie="shared"`` all tied seats share it; under ``tie="nobody"`` a tie
        on the lowest total gives the match to no one.
        """
        if not self.is_over:
            return ()
        totals = self.totals
        tied = [seat for seat, total in enumerate(totals) if total == min(totals)]
        if self._rules.tie == "zero_rounds":
            zeros = self.zero_rounds
            most = max(zeros[seat] for seat in tied)
            tied = [seat for seat in tied if zeros[seat] == most]
        if self._rules.tie == "nobody" and len(tied) > 1:
            return ()
        return tuple(tied)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied since the start of the match."""
        return tuple(action_from_pair(key, value) for key, value in self._history)

    # --- playing -------------------------------------------------------------

    def _facts(self) -> TurnFacts:
        return TurnFacts(
            phase=self._phase,
            seat=self._current,
            hand=tuple(self._hands[self._current]),
            discard_pile_size=len(self._discard),
            taken_card=self._taken,
            rules=self._rules,
            wild_rank=self.wild_rank,
            table=tuple(self._table),
            contract=self.contract,
        )

    def legal_actions(self) -> tuple[Action, ...]:
        """The current seat's legal actions: draw stock, draw discard, or discards in hand order."""
        return legal_actions(self._facts())

    def why_illegal(self, action: object) -> str | None:
        """``None`` if ``action`` is legal now, otherwise what is wrong with it."""
        return why_illegal(action, self._facts())

    def refusal(self, action: object) -> Refusal | None:
        """``None`` if ``action`` is legal now, otherwise why not, as data."""
        return refusal(action, self._facts())

    def lay_refusal(self, cards: Sequence[Card]) -> Refusal | None:
        """What forbids the current seat any lay move of ``cards`` now, whatever melds they
        make (the closed table, no draw yet, cards not held, no card left to discard);
        ``None`` if nothing does."""
        return lay_refusal(cards, self._facts())

    def is_legal(self, action: object) -> bool:
        """True if the current seat may take ``action`` now."""
        return self.why_illegal(action) is None

    def going_out_discards(self) -> tuple[Card, ...]:
        """The cards of the current seat's hand whose discard now goes out, in hand order:
        legal discards, nobody out yet, and the rest of the hand melds completely (as
        :meth:`apply` would find it, including the round's contract; at the open table,
        the contract only until it is laid down, and an empty rest goes out too)."""
        if self._phase is not Phase.DISCARD or self._went_out is not None:
            return ()
        hand = self._hands[self._current]
        wild, rules, contract = self.wild_rank, self._rules, self._contract_to_go_out()
        now = min_penalty(hand, wild, rules)
        found = []
        for index, card in enumerate(hand):
            # Removing a card lowers the penalty by at most its own: below, no complete rest.
            if rules.penalty(card, wild) < now or not self.is_legal(Discard(card)):
                continue
            rest = [*hand[:index], *hand[index + 1 :]]
            if not rest or is_complete(rest, wild, rules, contract):
                found.append(card)
        return tuple(found)

    def _contract_to_go_out(self) -> Contract | None:
        """The contract the current seat's rest must include to go out: the round's, unless
        the seat has laid it down at the open table."""
        if self._rules.table == "open" and laid_down(self._table, self._current):
            return None
        return self.contract

    def apply(self, action: Action, *, validate: bool = True) -> list[Event]:
        """Play ``action`` for the current seat and return what happened, in order.

        Raises ``IllegalMoveError`` saying what is wrong, for any action the rules
        forbid now and any object that is no action. ``validate=False`` skips the
        check (for search over actions taken from :meth:`legal_actions`; an illegal
        action then corrupts the match). Whatever it raises, the match is left as
        it was: an apply is all or nothing.
        """
        if validate:
            reason = self.why_illegal(action)
            if reason is not None:
                raise IllegalMoveError(reason)
        snapshot = self._snapshot()
        try:
            return self._play(action)
        except BaseException:
            self._restore(snapshot)
            raise

    def _play(self, action: Action) -> list[Event]:
        if malformed(action) is not None:  # unchecked: still no action but a true one
            raise IllegalMoveError(why_illegal(action, self._facts()))
        self._history.append(action_pair(action))
        match action:
            case Draw(source):
                return self._draw(source)
            case Discard(card):
                return self._discard_card(card)
            case LayDown(melds):
                return [self._lay_down(melds)]
            case LayOffCard(card, meld, position):
                return [self._lay_off(card, meld, position)]
        raise IllegalMoveError(f"not an action: {action!r}")  # unreachable when validated

    def view_for(self, seat: int) -> PlayerView:
        """What ``seat`` may know, as plain values. Raises ``ValueError`` for a bad seat."""
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat}: seats are 0..{self.players - 1}")
        arrangement = self._went_out_arrangement
        taken = self._taken
        log = tuple(public_move(move) for move in self._log)
        return PlayerView(
            seat=seat,
            rules=self._rules,
            hand=tuple(self._hands[seat]),
            discard_pile=tuple(public_card(card) for card in self._discard),
            stock_size=len(self._stock),
            hand_sizes=tuple(len(hand) for hand in self._hands),
            known_cards=still_held(log, self.players),  # by rank and suit: the log is public
            log=log,
            went_out=self._went_out,
            went_out_melds=(
                () if arrangement is None else tuple(public_meld(m) for m in arrangement.melds)
            ),
            round_index=self._round_index,
            hand_size=self.hand_size,
            wild_rank=self.wild_rank,
            dealer=self.dealer,
            current_seat=self._current,
            phase=self._phase,
            taken_card=taken if taken is None or seat == self._current else public_card(taken),
            last_turns=self.in_last_turns,
            stock_rebuilds=self._rebuilds,
            round_scores=self.round_scores,
            totals=self.totals,
            contract=self.contract,
            table=tuple(TableMeld(t.owner, public_meld(t.meld)) for t in self._table),
        )

    def _draw(self, source: DrawSource) -> list[Event]:
        seat = self._current
        events: list[Event] = []
        if source is DrawSource.STOCK:
            if not self._stock:
                if self._rebuilds >= MAX_REBUILDS:
                    events.append(RoundAbandoned(self._round_index, seat))
                    return events + self._end_round(abandoned=True)
                events.append(self._rebuild_stock())
            card = self._stock.pop()
            self._taken = None
            self._log.append(PublicMove(seat, MoveKind.DREW_STOCK))
            events.append(DrewFromStock(seat, card))
        else:
            card = self._discard.pop()
            self._taken = card
            self._known[seat].append(card)
            self._log.append(PublicMove(seat, MoveKind.TOOK_DISCARD, card))
            events.append(TookDiscard(seat, card))
        self._hands[seat].append(card)
        self._phase = Phase.DISCARD
        return events

    def _rebuild_stock(self) -> StockReshuffled:
        number = self._rebuilds + 1
        top = self._discard.pop()
        cards = self._discard
        random.Random(f"{self._seed}/round{self._round_index}/rebuild{number}").shuffle(cards)
        self._stock, self._discard = cards, [top]
        self._rebuilds = number
        self._log.append(PublicMove(self._current, MoveKind.STOCK_REBUILT))
        return StockReshuffled(len(cards), number)

    def _give_up(self, seat: int, cards: list[Card]) -> None:
        """Take ``cards`` out of ``seat``'s hand onto the table."""
        for card in cards:
            self._hands[seat].remove(card)
            if card in self._known[seat]:
                self._known[seat].remove(card)

    def _lay_down(self, melds: tuple[Meld, ...]) -> LaidDown:
        seat, first = self._current, len(self._table)
        self._give_up(seat, [card for meld in melds for card in meld.cards])
        self._table += [TableMeld(seat, meld) for meld in melds]
        self._log.append(PublicMove(seat, MoveKind.LAID_DOWN, melds=melds))
        return LaidDown(seat, melds, first)

    def _lay_off(self, card: Card, index: int, position: int) -> LaidOff:
        seat, placed = self._current, self._table[index]
        grown = extended(placed.meld, card, position, self.wild_rank, self._rules)
        if grown is None:  # unreachable when validated
            raise IllegalMoveError(f"{card.code} does not fit meld {index}")
        self._give_up(seat, [card])
        self._table[index] = TableMeld(placed.owner, grown)
        self._log.append(PublicMove(seat, MoveKind.LAID_OFF, card, target=index, position=position))
        return LaidOff(seat, card, index, position, grown)

    def _discard_card(self, card: Card) -> list[Event]:
        seat = self._current
        hand = self._hands[seat]
        hand.remove(card)
        if card in self._known[seat]:
            self._known[seat].remove(card)
        self._discard.append(card)
        self._taken = None
        self._log.append(PublicMove(seat, MoveKind.DISCARDED, card))
        self._turns += 1
        events: list[Event] = [Discarded(seat, card)]
        arrangement: Arrangement | None = None
        if self._rules.table == "open":
            arrangement = self._lay_down_the_rest(seat, events)
        elif self._went_out is None:
            arrangement = contract_arrangement(
                tuple(hand), self.wild_rank, self._rules, self.contract
            )
        if self._went_out is None:
            if arrangement is not None and arrangement.is_complete:
                self._went_out = seat
                self._went_out_arrangement = arrangement
                self._last_turns_left = self.players - 1
                others = tuple((seat + step) % self.players for step in range(1, self.players))
                # Going out on the turn that reaches the limit wins: the last turns follow.
                self._pass_turn()
                return [*events, WentOut(seat, arrangement), LastTurnsBegan(seat, others)]
        else:
            self._last_turns_left -= 1
            if self._last_turns_left == 0:
                return events + self._end_round(abandoned=False)
        if self._turns == TURN_LIMIT * self.players:
            events.append(RoundAbandoned(self._round_index, (seat + 1) % self.players, "turns"))
            return events + self._end_round(abandoned=True)
        self._pass_turn()
        return events

    def _lay_down_the_rest(self, seat: int, events: list[Event]) -> Arrangement | None:
        """Open table, after a discard: the rest of the hand when it melds completely (with
        the contract until it is laid down) is laid down for the seat; that arrangement, or
        ``None``. The lay-down goes in the log before the discard, and in ``events`` after."""
        hand = self._hands[seat]
        if not hand:
            return Arrangement((), (), 0)
        contract = self._contract_to_go_out()
        arrangement = contract_arrangement(tuple(hand), self.wild_rank, self._rules, contract)
        if arrangement is None or not arrangement.is_complete:
            return None
        discarded = self._log.pop()
        events.append(self._lay_down(arrangement.melds))
        self._log.append(discarded)
        return arrangement

    def _pass_turn(self) -> None:
        """The next seat clockwise is to draw."""
        self._current = (self._current + 1) % self.players
        self._phase = Phase.DRAW

    def _end_round(self, *, abandoned: bool) -> list[Event]:
        """Score the round, then deal the next one or end the match."""
        goer, shown = self._went_out, self._went_out_arrangement
        multiplier = self.multiplier
        if self._rules.table == "open":
            arrangements, thrown = open_table_scores(
                self._log, self._hands, goer, self.wild_rank, self._rules
            )
        else:
            arrangements, thrown = score_round(
                self._hands, goer, shown, self.wild_rank, self._rules
            )
        penalties = [
            0 if seat == goer else a.penalty * multiplier for seat, a in enumerate(arrangements)
        ]
        self._round_scores.append(tuple(penalties))
        self._goers.append(goer)
        events: list[Event] = [
            RoundScored(
                round_index=self._round_index,
                went_out=goer,
                abandoned=abandoned,
                arrangements=tuple(arrangements),
                multiplier=multiplier,
                penalties=tuple(penalties),
                totals=self.totals,
                thrown_jokers=thrown,
            )
        ]
        if self._round_index + 1 < self._rules.rounds:
            return events + self._start_round(self._round_index + 1)
        self._phase = Phase.MATCH_OVER
        self._taken = None
        events.append(MatchOver(self.winners, self.totals))
        return events

    def _start_round(self, round_index: int) -> list[Event]:
        self._round_index = round_index
        dealer = self.dealer
        hands, discard_pile, stock = deal_round(self._rules, self._seed, round_index, dealer)
        self._hands, self._discard, self._stock = hands, discard_pile, stock
        self._taken = None
        self._known = [[] for _ in range(self.players)]
        self._table = []
        self._log = []
        self._went_out = None
        self._went_out_arrangement = None
        self._last_turns_left = 0
        self._rebuilds = 0
        self._turns = 0
        self._current = (dealer + 1) % self.players
        self._phase = Phase.DRAW
        return self._round_opening(round_index, dealer, hands, discard_pile)

    def _round_opening(
        self, round_index: int, dealer: int, hands: list[list[Card]], discard_pile: list[Card]
    ) -> list[Event]:
        hand_size = self._rules.hand_sizes[round_index]
        return [
            RoundStarted(
                round_index,
                hand_size,
                wild_rank_for(hand_size),
                dealer,
                self._rules.multiplier(round_index),
            ),
            Dealt(tuple(tuple(hand) for hand in hands)),
            DiscardStarted(discard_pile[0]),
        ]

    # --- equality and JSON ---------------------------------------------------

    def _key(self) -> tuple[Any, ...]:
        return (
            self._rules,
            self._seed,
            self._first_dealer,
            self._round_index,
            self._phase,
            self._current,
            self.hands,
            self.stock,
            self.discard_pile,
            self.table,
            self._taken,
            self.known_cards,
            self.log,
            self._went_out,
            self._went_out_arrangement,
            self._last_turns_left,
            self._rebuilds,
            self.round_scores,
            self.goers,
            tuple(self._history),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (
            f"<Match seed={self._seed} round={self._round_index + 1}/{self._rules.rounds} "
            f"seat={self._current} phase={self._phase.value} actions={len(self._history)}>"
        )

    def to_json(self) -> dict[str, Any]:
        """The save document: format, rules, seed, action history and the full state."""
        shown = self._went_out_arrangement
        return {
            "format": FORMAT,
            "game": GAME_NAME,
            "rules": self._rules.to_json(),
            "seed": self._seed,
            "actions": [pair_to_json(key, value) for key, value in self._history],
            "state": {
                "first_dealer": self._first_dealer,
                "round_index": self._round_index,
                "phase": self._phase.value,
                "current_seat": self._current,
                "hands": [cards_to_json(hand) for hand in self._hands],
                "stock": cards_to_json(self._stock),
                "discard_pile": cards_to_json(self._discard),
                "table": [
                    {"owner": placed.owner, "meld": meld_to_json(placed.meld)}
                    for placed in self._table
                ],
                "taken_card": None if self._taken is None else card_code(self._taken),
                "known_cards": [cards_to_json(known) for known in self._known],
                "log": [move_to_json(move) for move in self._log],
                "went_out": (
                    None
                    if self._went_out is None or shown is None
                    else {"seat": self._went_out, "arrangement": arrangement_to_json(shown)}
                ),
                "last_turns_left": self._last_turns_left,
                "stock_rebuilds": self._rebuilds,
                "round_scores": [list(scores) for scores in self._round_scores],
                "goers": list(self._goers),
            },
        }

    @classmethod
    def from_json(cls, data: Any, *, verify: bool = True) -> Match:
        """Restore a match saved by :meth:`to_json`, at any point of play, in :data:`FORMAT`
        or an earlier one (brought up to date by :data:`UPGRADES`).

        The document is checked against every rule it implies. Each field on its
        own: every card of the shoe exactly once, hand sizes for the phase, seats,
        scores, a log of whole turns in order that ends where the phase says, the
        card just taken and the cards known to be held as the log says, legal melds
        for who went out, the round under its turn limit. Then, with ``verify``
        (the default), the actions are replayed from the seed and must lead to
        exactly the saved state. ``verify=False`` is for positions set up by hand
        (tests, puzzles), which their actions do not lead to.

        Raises ``ValueError`` saying what is wrong with a corrupt or foreign document (a
        :class:`~game.engine.formats.FormatError` for one of a newer or unknown format).
        """
        if not isinstance(data, Mapping) or data.get("game") != GAME_NAME:
            raise ValueError("not a Three-Thirteen match document (no 'game': 'three-thirteen')")
        version = data.get("format")
        try:
            data = upgraded(dict(data), FORMAT, UPGRADES)
        except FormatError as error:
            message = f"unsupported match format {version!r}: {error}"
            raise FormatError(error.reason, message) from None
        try:
            rules = RuleSet.from_json(expect(data.get("rules"), dict, "rules"))
        except (ValueError, TypeError) as error:
            raise ValueError(f"rules: {error}") from None
        match = object.__new__(cls)
        match._rules = rules
        match._seed = check_seed(data.get("seed"))
        shoe = _shoe_set(rules.decks, rules.jokers)
        actions: list[Any] = expect(data.get("actions"), list, "actions")
        match._history = []
        for index, item in enumerate(actions):
            try:
                action = action_from_json(item)
                for card in _cards_of(action):
                    if card not in shoe:
                        raise ValueError(f"{card.code} is not in the shoe of these rules")
            except ValueError as error:
                raise ValueError(f"actions[{index}]: {error}") from None
            match._history.append(action_pair(action))
        match._read_state(expect(data.get("state"), dict, "state"), shoe)
        if verify:
            match._check_replay()
        return match

    def _check_replay(self) -> None:
        """The actions replay from the seed to exactly this state; else ``ValueError``."""
        try:
            replayed = Match.replay(self._rules, self._seed, self.actions)
        except IllegalMoveError as error:
            raise ValueError(f"the actions do not replay: {error}") from None
        if replayed != self:
            saved, found = self.to_json()["state"], replayed.to_json()["state"]
            differ = ", ".join(key for key in saved if saved[key] != found[key])
            raise ValueError(f"the saved state is not the one its actions lead to ({differ})")

    def _read_state(self, state: dict[str, Any], shoe: frozenset[Card]) -> None:
        """Fill the state from its JSON object, checking it; raises ``ValueError``."""
        rules, players = self._rules, self._rules.players
        last_seat = players - 1
        self._first_dealer = expect_int(state.get("first_dealer"), "first_dealer", 0, last_seat)
        self._round_index = expect_int(state.get("round_index"), "round_index", 0, rules.rounds - 1)
        try:
            self._phase = Phase(state.get("phase"))
        except ValueError as error:
            raise ValueError(f"phase: {error}") from None
        self._current = expect_int(state.get("current_seat"), "current_seat", 0, last_seat)
        hands: list[Any] = expect(state.get("hands"), list, "hands")
        if len(hands) != players:
            raise ValueError(f"hands: {players} hands expected, got {len(hands)}")
        self._hands = [list(cards_from_json(hand, f"hands[{i}]")) for i, hand in enumerate(hands)]
        self._stock = list(cards_from_json(state.get("stock"), "stock"))
        self._discard = list(cards_from_json(state.get("discard_pile"), "discard_pile"))
        log: list[Any] = expect(state.get("log"), list, "log")
        self._log = [move_from_json(m, players, f"log[{i}]") for i, m in enumerate(log)]
        self._read_table(state.get("table"))
        table_cards = [card for placed in self._table for card in placed.meld.cards]
        check_cards(
            self._hands,
            self._stock + self._discard + table_cards,
            shoe,
            self.hand_size,
            self._phase,
            self._current,
            tuple(len(cards) for cards in laid_by_log(self._log, players)),
        )
        check_log(self._log, shoe, players, (self.dealer + 1) % players, self._phase, self._current)
        self._turns = turns_played(self._log)

        taken = state.get("taken_card")
        self._taken = None if taken is None else card_from_json(taken, "taken_card")
        expected = taken_by_log(self._log, self._phase)
        if self._taken != expected:
            raise ValueError(
                f"taken_card must be {'null' if expected is None else repr(expected.code)}, "
                "the card the log shows the seat to discard took from the discard pile"
            )

        known: list[Any] = expect(state.get("known_cards"), list, "known_cards")
        if len(known) != players:
            raise ValueError(f"known_cards: {players} lists expected, got {len(known)}")
        self._known = [list(cards_from_json(k, f"known_cards[{i}]")) for i, k in enumerate(known)]
        check_known(self._known, self._log, self._hands)

        self._read_went_out(state.get("went_out"))
        self._last_turns_left = expect_int(
            state.get("last_turns_left"), "last_turns_left", 0, last_seat
        )
        if self._phase is not Phase.MATCH_OVER:
            if self._went_out is None and self._last_turns_left != 0:
                raise ValueError("last_turns_left must be 0 when nobody went out")
            if self._went_out is not None and self._last_turns_left == 0:
                raise ValueError("last_turns_left must be at least 1 after someone went out")
            if self._went_out is not None and self._current != (
                (self._went_out + players - self._last_turns_left) % players
            ):
                raise ValueError("current_seat does not match the last turns left")
            if self._went_out is None and self._turns >= TURN_LIMIT * players:
                raise ValueError(
                    f"the log has {self._turns} turns: a round ends at {TURN_LIMIT} per player"
                )
        self._rebuilds = expect_int(state.get("stock_rebuilds"), "stock_rebuilds", 0, MAX_REBUILDS)
        logged = sum(1 for move in self._log if move.kind is MoveKind.STOCK_REBUILT)
        if logged > self._rebuilds:
            raise ValueError(f"stock_rebuilds is {self._rebuilds}, but the log shows {logged}")

        scores: list[Any] = expect(state.get("round_scores"), list, "round_scores")
        finished = rules.rounds if self._phase is Phase.MATCH_OVER else self._round_index
        if len(scores) != finished:
            raise ValueError(f"round_scores: {finished} rounds expected, got {len(scores)}")
        if self._phase is Phase.MATCH_OVER and self._round_index != rules.rounds - 1:
            raise ValueError("a finished match must be at its last round")
        self._round_scores = []
        for r, row in enumerate(scores):
            row_list: list[Any] = expect(row, list, f"round_scores[{r}]")
            if len(row_list) != players:
                raise ValueError(f"round_scores[{r}]: {players} scores expected")
            self._round_scores.append(
                tuple(
                    expect_int(s, f"round_scores[{r}][{i}]", 0, 1_000_000)
                    for i, s in enumerate(row_list)
                )
            )
        self._read_goers(state.get("goers"))

    def _read_goers(self, data: Any) -> None:
        """Who went out in each round scored: a seat who scored 0 in it, or nobody."""
        goers: list[Any] = expect(data, list, "goers")
        if len(goers) != len(self._round_scores):
            raise ValueError(f"goers: {len(self._round_scores)} rounds expected, got {len(goers)}")
        self._goers = []
        for r, seat in enumerate(goers):
            if seat is not None:
                expect_int(seat, f"goers[{r}]", 0, self._rules.players - 1)
                if self._round_scores[r][seat]:
                    raise ValueError(f"goers[{r}]: seat {seat} went out, but scored points")
            self._goers.append(seat)

    def _read_table(self, data: Any) -> None:
        """The table: melds only at the open table, exactly those the log lays down."""
        items: list[Any] = expect(data, list, "table")
        table = []
        for index, item in enumerate(items):
            entry: dict[str, Any] = expect(item, dict, f"table[{index}]")
            owner = expect_int(entry.get("owner"), f"table[{index}].owner", 0, self.players - 1)
            table.append(
                TableMeld(owner, meld_from_json(entry.get("meld"), f"table[{index}].meld"))
            )
        try:
            expected = table_from_log(self._log, self.wild_rank, self._rules)
        except ValueError as error:
            raise ValueError(f"log: {error}") from None
        if expected and self._rules.table != "open":
            raise ValueError("the log lays melds down, but the table is closed")
        if table != expected:
            raise ValueError("table must be the melds the log lays down, as they stand")
        self._table = table

    def _read_went_out(self, data: Any) -> None:
        if data is None:
            self._went_out = None
            self._went_out_arrangement = None
            return
        obj: dict[str, Any] = expect(data, dict, "went_out")
        seat = expect_int(obj.get("seat"), "went_out.seat", 0, self._rules.players - 1)
        arrangement = arrangement_from_json(obj.get("arrangement"), "went_out.arrangement")
        if self._rules.table == "open":
            if self._hands[seat]:
                raise ValueError("at the open table, who went out holds no card")
            laid = [m.melds for m in self._log if m.kind is MoveKind.LAID_DOWN and m.seat == seat]
            if arrangement.melds and (not laid or arrangement.melds != laid[-1]):
                raise ValueError("went_out.arrangement must be the last melds the seat laid down")
        else:
            check_went_out(
                arrangement, self._hands[seat], self.wild_rank, self._rules, self.contract
            )
        self._went_out = seat
        self._went_out_arrangement = arrangement


def _cards_of(action: Action) -> tuple[Card, ...]:
    """The cards an action names."""
    match action:
        case Discard(card) | LayOffCard(card):
            return (card,)
        case LayDown(melds):
            return tuple(card for meld in melds for card in meld.cards)
    return ()
