"""A hypothesis state machine over the match: nothing breaks it.

Under any rule set, the machine plays legal actions (chosen by index, or whole
rounds of fair play), throws illegal and bogus ones at the match (each must be
refused and change nothing), saves and loads it (going on with the loaded
match), copies it (the copy is independent), and replays it from its rules,
seed and actions. After every step the soak's checks hold (:mod:`game.sim.soak`:
cards conserved, hand sizes, legal actions, the view of the seat to act).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings, target
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from game.engine.actions import (
    Discard,
    Draw,
    DrawSource,
    IllegalMoveError,
    LayDown,
    LayOffCard,
    Phase,
)
from game.engine.cards import Card, Rank, Suit
from game.engine.events import RoundScored
from game.engine.match import Match
from game.engine.open_table import readings
from game.engine.rules import RuleSet
from game.sim import soak
from tests.engine.match_tools import random_action
from tests.rule_sets import rule_sets

pytestmark = pytest.mark.slow  # the state machine runs hypothesis's many steps

ANY_CARD = st.builds(
    Card, st.sampled_from(tuple(Rank)), st.sampled_from(tuple(Suit)), st.integers(0, 4)
) | st.builds(Card, st.none(), st.none(), st.integers(0, 5))
"""A physical card of some shoe, held or not, in this shoe or not (copies 0-2 are in the
shoes of 2 or 3 decks, jokers 0-3 in the shoes of 2 or 4 jokers)."""

NOT_AN_ACTION = st.sampled_from(soak.MALFORMED) | st.one_of(
    st.none(), st.integers(), st.text(max_size=5), st.builds(Draw, st.text(max_size=5))
)
"""Objects that are no action, or actions of a wrong form."""

SOME_ACTION = st.one_of(
    st.builds(Discard, ANY_CARD), st.sampled_from([Draw(source) for source in DrawSource])
)
"""An action that may or may not be legal now."""


def is_over(machine: MatchMachine) -> bool:
    return machine.match.is_over


def playing(machine: MatchMachine) -> bool:
    return not machine.match.is_over


class MatchMachine(RuleBasedStateMachine):
    """One match, driven by hypothesis."""

    match: Match
    shoe: list[tuple[int, int]]

    def __init__(self) -> None:
        super().__init__()
        self.seen: Counter[str] = Counter()

    @initialize(rules=rule_sets(), seed=st.integers(0, 2**31 - 1))
    def deal(self, rules: RuleSet, seed: int) -> None:
        self.match = Match.new(rules, seed)
        self.shoe = soak.shoe_keys(rules)

    # --- legal play ---------------------------------------------------------

    @precondition(playing)
    @rule(index=st.integers(0, 20))
    def play_a_legal_action(self, index: int) -> None:
        legal = self.match.legal_actions()
        self.match.apply(legal[index % len(legal)])

    @precondition(playing)
    @rule(turns=st.integers(1, 30), seed=st.integers(0, 2**16))
    def play_turns(self, turns: int, seed: int) -> None:
        """Fair play (mostly the discard that keeps the penalty lowest), so rounds end."""
        rng = random.Random(seed)
        for _ in range(2 * turns):
            if self.match.is_over:
                return
            self.match.apply(random_action(self.match, rng, greed=0.9))

    @precondition(playing)
    @rule(rounds=st.integers(1, 4), seed=st.integers(0, 2**16))
    def play_out_rounds(self, rounds: int, seed: int) -> None:
        """Fair play to the end of this round and ``rounds - 1`` more (or of the match)."""
        rng = random.Random(seed)
        while not self.match.is_over and rounds:
            events = self.match.apply(random_action(self.match, rng, greed=0.95))
            if any(isinstance(event, RoundScored) for event in events):
                self.seen["round ended"] += 1
                rounds -= 1

    # --- illegal play ----------------------------------------------------------

    def refused(self, action: Any, *, validate: bool = True) -> None:
        """``action`` is illegal: refused with ``IllegalMoveError``, nothing changed."""
        match = self.match
        before = match.to_json()
        assert match.refusal(action) is not None and not match.is_legal(action)
        assert not match.view_for(match.current_seat).is_legal(action)
        with pytest.raises(IllegalMoveError):
            match.apply(action, validate=validate)
        assert match.to_json() == before
        self.seen["refused"] += 1

    @rule(bogus=NOT_AN_ACTION, validate=st.booleans())
    def try_what_is_no_action(self, bogus: Any, validate: bool) -> None:
        self.refused(bogus, validate=validate)  # refused even unchecked

    @rule(action=SOME_ACTION)
    def try_some_action(self, action: Discard | Draw) -> None:
        """Legal actions are played, all others refused."""
        if self.match.is_legal(action):
            assert action in self.match.legal_actions()
            self.match.apply(action)
        else:
            assert action not in self.match.legal_actions()
            self.refused(action)

    @precondition(lambda machine: machine.match.phase is Phase.DRAW)
    @rule(index=st.integers(0, 20))
    def try_to_discard_before_drawing(self, index: int) -> None:
        hand = self.match.hands[self.match.current_seat]
        self.refused(Discard(hand[index % len(hand)]))

    @precondition(lambda machine: machine.match.phase is Phase.DISCARD)
    @rule(source=st.sampled_from(DrawSource))
    def try_to_draw_twice(self, source: DrawSource) -> None:
        self.refused(Draw(source))

    @precondition(
        lambda machine: (
            machine.match.taken_card is not None and not machine.match.rules.discard_taken_card
        )
    )
    @rule()
    def try_to_discard_the_card_just_taken(self) -> None:
        assert self.match.taken_card is not None
        self.refused(Discard(self.match.taken_card))

    @precondition(playing)
    @rule(seed=st.integers(0, 2**16))
    def try_a_lay_move(self, seed: int) -> None:
        """A random lay-down of some held cards (in their first reading) or a lay-off at a
        random place: played if legal (only ever at the open table), else refused."""
        match, rng = self.match, random.Random(seed)
        hand = match.hands[match.current_seat]
        action: LayDown | LayOffCard
        if rng.random() < 0.5:
            cards = rng.sample(hand, min(len(hand), rng.randint(3, 4)))
            found = readings(cards, match.wild_rank, match.rules)
            if not found:
                return
            action = LayDown((found[0],))
        else:
            action = LayOffCard(rng.choice(hand), rng.randint(0, 3), rng.randint(1, 14))
        if match.is_legal(action):
            assert match.rules.table == "open"
            match.apply(action)
            self.seen["laid"] += 1
        else:
            self.refused(action)

    @precondition(playing)
    @rule(seed=st.integers(0, 2**16))
    def try_the_soaks_illegal_actions(self, seed: int) -> None:
        soak.try_illegal(self.match, random.Random(seed), self.seen)

    @precondition(is_over)
    @rule(action=SOME_ACTION)
    def try_to_play_after_the_end(self, action: Discard | Draw) -> None:
        self.refused(action)

    # --- saving, copying, replaying -----------------------------------------------

    @rule(verify=st.booleans())
    def save_and_load(self, verify: bool) -> None:
        document = self.match.to_json()
        text = json.dumps(document)
        loaded = Match.from_json(json.loads(text), verify=verify)
        assert loaded == self.match
        assert loaded.to_json() == document and json.dumps(loaded.to_json()) == text
        self.match = loaded  # play goes on with the loaded match
        self.seen["loaded"] += 1

    @rule(keep_the_copy=st.booleans(), index=st.integers(0, 20))
    def copy(self, keep_the_copy: bool, index: int) -> None:
        """A copy equals the match, and playing on one leaves the other as it was."""
        copy = self.match.copy()
        assert copy == self.match and copy.to_json() == self.match.to_json()
        played, kept = (copy, self.match) if keep_the_copy else (self.match, copy)
        before = kept.to_json()
        if not played.is_over:
            legal = played.legal_actions()
            played.apply(legal[index % len(legal)])
            assert played != kept
        assert kept.to_json() == before
        self.match = played

    @rule()
    def replay(self) -> None:
        """Every few steps (a rule, not an invariant: it costs the whole match)."""
        soak.check_replay(self.match)
        self.seen["replayed"] += 1

    # --- invariants ----------------------------------------------------------------

    @invariant()
    def nothing_is_broken(self) -> None:
        legal = soak.check_state(self.match, self.shoe)
        soak.check_view(self.match, self.match.current_seat, legal)

    def teardown(self) -> None:
        if hasattr(self, "match"):
            soak.check_replay(self.match)
            match = self.match
            scored = len(match.round_scores)
            target(scored / match.rules.rounds, label="share of the rounds played")  # to the end
            event("the match is over" if match.is_over else f"rounds scored: {scored}")
            for what in self.seen:
                event(what)


MatchMachine.TestCase.settings = settings(
    max_examples=30,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
TestMatchMachine = MatchMachine.TestCase
