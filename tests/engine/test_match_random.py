"""Random-play simulation (OpenSpiel's ``random_sim_test``): whole matches, every step checked."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from game.engine.actions import Action, Discard, Draw, DrawSource, Phase
from game.engine.cards import Card, new_shoe
from game.engine.events import (
    Discarded,
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
from game.engine.match import Match
from game.engine.rules import ALLOWED, RuleSet
from game.engine.view import public_card
from tests.engine.match_tools import check_match, check_view, random_action


@dataclass(frozen=True)
class Config:
    """One simulated setting: the rules, how the seats play, and the seeds."""

    rules: dict[str, Any]
    """Options of the rule set (the others take their defaults)."""
    greed: float
    """How often a seat discards greedily rather than at random (see ``random_action``)."""
    seeds: tuple[int, ...]
    """One match per seed."""
    stall_round: int | None = None
    """A round in which seats mostly draw from the stock and throw the card back (it runs out)."""


CONFIGS = {
    "base-4p": Config({}, 0.8, (32,)),
    "2p-short-jokers2-lay-off": Config(
        {
            "players": 2,
            "schedule": "short",
            "jokers": 2,
            "joker_penalty": 25,
            "discard_taken_card": True,
            "lay_off": True,
            "tie": "shared",
        },
        0.7,
        (3, 4, 5),
    ),
    "8p-three-decks-jokers4": Config(
        {
            "players": 8,
            "schedule": "short",
            "jokers": 4,
            "max_wilds_per_meld": 1,
            "all_wild_melds": False,
            "double_penalties": "last_three",
            "lay_off": True,
        },
        0.9,
        (25,),
    ),
    "7p-six-fourteen-aces-high": Config(
        {
            "players": 7,
            "schedule": "6-14",
            "aces": "low_or_high",
            "ace_high_penalty": 1,
            "face_values": "rank",
            "wild_penalty": 0,
            "double_penalties": "jqk",
        },
        1.0,
        (33,),
    ),
    "3p-three-fifteen": Config(
        {
            "players": 3,
            "schedule": "3-15",
            "aces": "low_or_high",
            "double_penalties": "last",
            "discard_taken_card": True,
            "jokers": 2,
            "tie": "nobody",
            "contracts": True,
        },
        0.85,
        (44,),
    ),
    "2p-up-and-down": Config(
        {"players": 2, "schedule": "up_down", "lay_off": True, "tie": "shared"}, 0.9, (46,)
    ),
    "5p-short-one-wild": Config(
        {
            "players": 5,
            "schedule": "short",
            "max_wilds_per_meld": 1,
            "jokers": 4,
            "lay_off": "all",
            "free_jokers": True,
        },
        0.9,
        (32, 44),
    ),
    "4p-open-table": Config({"table": "open"}, 0.9, (12,)),
    "3p-every-new-option": Config(
        {
            "players": 3,
            "schedule": "short",
            "jokers": 2,
            "contracts": True,
            "lay_off": "all",
            "free_jokers": True,
            "table": "open",
        },
        0.9,
        (7,),
    ),
    "6p-stalled-last-round": Config(
        {"players": 6, "schedule": "short", "tie": "shared", "lay_off": "all", "free_jokers": True},
        0.9,
        (10,),
        stall_round=7,
    ),
}


FAST_PLAYS = frozenset(
    {
        "base-4p-seed32",
        "2p-short-jokers2-lay-off-seed3",
        "5p-short-one-wild-seed32",
    }
)
"""The plays the fast tier keeps (the quickest, three kinds of table); the others are slow."""


def test_configs_cover_every_option_value() -> None:
    seen = {name: {RuleSet().to_json()[name]} for name in ALLOWED}
    for config in CONFIGS.values():
        for name, value in RuleSet(**config.rules).to_json().items():
            seen[name].add(value)
    for name, values in ALLOWED.items():
        assert seen[name] == set(values), name


class KnownCards:
    """The cards each seat is known to hold, followed from the events alone.

    Identical cards are alike at the table: a seat that took a 7♥ and later threw
    a 7♥ is no longer known to hold one, whichever 7♥ it threw.
    """

    def __init__(self, players: int) -> None:
        self.known: list[list[Card]] = [[] for _ in range(players)]

    def update(self, events: list[Event]) -> None:
        for event in events:
            match event:
                case RoundStarted():
                    self.known = [[] for _ in self.known]
                case TookDiscard(seat, card):
                    self.known[seat].append(public_card(card))
                case Discarded(seat, card) | LaidOff(seat, card):
                    self._forget(seat, card)
                case LaidDown(seat, melds):
                    for meld in melds:
                        for card in meld.cards:
                            self._forget(seat, card)

    def _forget(self, seat: int, card: Card) -> None:
        if public_card(card) in self.known[seat]:
            self.known[seat].remove(public_card(card))


class RoundTracker:
    """Event-level rules: last turns are exactly one per other seat; scores add up."""

    def __init__(self, match: Match) -> None:
        self.players = match.rules.players
        self.went_out: int | None = None
        self.last_turns: list[int] = []
        self.totals = [0] * self.players
        self.seen: Counter[str] = Counter()

    def update(self, events: list[Event]) -> None:
        for event in events:
            self.seen[type(event).__name__] += 1
            match event:
                case WentOut(seat, arrangement):
                    assert self.went_out is None and arrangement.is_complete
                    self.went_out = seat
                case LastTurnsBegan(seat, seats):
                    assert seats == tuple((seat + i) % self.players for i in range(1, self.players))
                case Discarded(seat) if self.went_out is not None:
                    assert seat != self.went_out
                    self.last_turns.append(seat)
                case RoundScored() as scored:
                    if scored.went_out is not None:
                        assert scored.penalties[scored.went_out] == 0
                    if not scored.abandoned:
                        goer, players = scored.went_out, self.players
                        assert goer is not None and goer == self.went_out
                        assert self.last_turns == [(goer + i) % players for i in range(1, players)]
                    for seat, (arrangement, penalty) in enumerate(
                        zip(scored.arrangements, scored.penalties, strict=True)
                    ):
                        if seat != scored.went_out:
                            assert penalty == arrangement.penalty * scored.multiplier
                        self.totals[seat] += penalty
                    assert scored.totals == tuple(self.totals)
                    self.went_out, self.last_turns = None, []
                case RoundAbandoned():
                    assert self.went_out is None or len(self.last_turns) < self.players - 1


def play_checked(rules: RuleSet, seed: int, config: Config) -> tuple[Match, list[Event]]:
    """Play a match to its end with every check after every action."""
    shoe = frozenset(new_shoe(rules.decks, rules.jokers))
    assert len(shoe) == rules.shoe_size
    match = Match.new(rules, seed)
    events = match.opening_events()
    known = KnownCards(rules.players)
    rounds = RoundTracker(match)
    known.update(events)
    rng = random.Random(seed)
    while True:
        check_match(match, shoe)
        for seat in range(rules.players):
            view = check_view(match, seat)
            assert view.known_cards == tuple(tuple(cards) for cards in known.known)
        if match.is_over:
            break
        if match.hand_size <= 4:
            for action in match.legal_actions():  # every legal action really applies
                trial = match.copy()
                trial.apply(action)
                check_match(trial, shoe)
        action = random_action(match, rng, config.greed)
        if match.round_index == config.stall_round and rng.random() < 0.95:
            # Seats that draw from the stock and throw the card back: the stock runs out.
            stall: Action = Draw(DrawSource.STOCK)
            if match.phase is Phase.DISCARD:
                stall = Discard(match.hands[match.current_seat][-1])
            action = stall if match.is_legal(stall) else action
        step = match.apply(action)
        events += step
        known.update(step)
        rounds.update(step)
        for event in step:
            if isinstance(event, WentOut) and rules.table == "open":
                start = max(i for i, e in enumerate(events) if isinstance(e, RoundStarted))
                first = next(
                    e for e in events[start:] if isinstance(e, LaidDown) and e.seat == event.seat
                )
                contract = match.contract
                assert contract is None or contract.met_by(first.melds, match.wild_rank)
            elif isinstance(event, WentOut) and match.contract is not None:
                assert match.contract.met_by(event.arrangement.melds, match.wild_rank)
        document = match.to_json()
        if any(isinstance(event, RoundScored) for event in step):
            document = json.loads(json.dumps(document))  # really JSON, not just dicts
        restored = Match.from_json(document, verify=False)  # every field checked; replays below
        assert restored == match
        match = restored  # play on from the restored match: the end must still replay
    assert isinstance(events[-1], MatchOver)
    assert events[-1].winners == match.winners
    assert match.winners or rules.tie == "nobody"
    assert len(match.round_scores) == rules.rounds
    return match, events


@pytest.mark.parametrize(
    ("config_id", "seed"),
    [
        pytest.param(
            config_id,
            seed,
            id=f"{config_id}-seed{seed}",
            marks=() if f"{config_id}-seed{seed}" in FAST_PLAYS else pytest.mark.slow,
        )
        for config_id, config in CONFIGS.items()
        for seed in config.seeds
    ],
)
def test_random_play(config_id: str, seed: int) -> None:
    config = CONFIGS[config_id]
    rules = RuleSet(**config.rules)
    match, events = play_checked(rules, seed, config)

    replayed = Match.replay(rules, seed, match.actions)
    assert replayed == match
    fresh = Match.new(rules, seed)
    replay_events = fresh.opening_events()
    for action in match.actions:
        replay_events += fresh.apply(action)
    assert replay_events == events
    assert Match.from_json(json.loads(json.dumps(match.to_json())), verify=True) == match
    kinds = {type(event) for event in events}
    assert WentOut in kinds and LastTurnsBegan in kinds
    if config.stall_round is not None:
        assert {StockReshuffled, RoundAbandoned} <= kinds
