"""Save documents: round trips at any point, and clear refusals of corrupt or foreign ones."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.actions import Phase
from game.engine.match import FORMAT, Match
from game.engine.rules import ALLOWED, RuleSet
from tests.engine.match_tools import STOCK, TAKE, random_action, rig

rule_sets = st.fixed_dictionaries(
    {name: st.sampled_from(values) for name, values in ALLOWED.items()}
).map(lambda options: RuleSet(**options))


@given(rules=rule_sets, seed=st.integers(-(2**40), 2**40), steps=st.integers(0, 60))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_round_trip_at_any_point(rules: RuleSet, seed: int, steps: int) -> None:
    """Any rules, seed and number of actions: the restored match is equal and plays on alike."""
    match = Match.new(rules, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        match.apply(random_action(match, rng, greed=0.5))
    document = match.to_json()
    text = json.dumps(document)
    restored = Match.from_json(json.loads(text), verify=True)
    assert restored == match
    assert restored.to_json() == document
    assert Match.replay(rules, seed, match.actions) == match
    for _ in range(6):
        action = random_action(match, rng, greed=0.5)
        assert restored.apply(action) == match.apply(action)
        assert restored == match


def test_document_shape() -> None:
    match = Match.new(RuleSet(players=3), 4)
    match.apply(TAKE)
    document = match.to_json()
    assert document["format"] == FORMAT == 4
    assert document["game"] == "three-thirteen"
    assert document["rules"] == RuleSet(players=3).to_json()
    assert document["seed"] == 4
    assert document["actions"] == [{"draw": "discard"}]
    state = document["state"]
    assert state["phase"] == "discard"
    assert state["table"] == []
    assert match.taken_card is not None
    assert state["taken_card"] == match.taken_card.code
    assert state["known_cards"][match.current_seat] == [state["taken_card"]]
    assert state["log"] == [
        {"seat": match.current_seat, "move": "took_discard", "card": state["taken_card"]}
    ]
    assert json.loads(json.dumps(document)) == document


def test_equality_sees_every_part_of_the_state() -> None:
    match = Match.new(RuleSet(players=2), 1)
    assert match == match.copy()
    assert match != Match.new(RuleSet(players=2), 2)
    assert match != Match.new(RuleSet(players=3), 1)
    assert match != "a match"
    played = match.copy()
    played.apply(STOCK)
    assert played != match
    with pytest.raises(TypeError):
        hash(match)


def test_copy_is_independent() -> None:
    match = Match.new(RuleSet(players=2), 1)
    twin = match.copy()
    twin.apply(STOCK)
    assert match.phase is Phase.DRAW and len(match.actions) == 0
    assert twin.phase is Phase.DISCARD and len(twin.actions) == 1


def test_unchecked_apply_agrees_with_checked() -> None:
    checked, unchecked = Match.new(RuleSet(), 6), Match.new(RuleSet(), 6)
    rng = random.Random(6)
    for _ in range(200):
        action = random_action(checked, rng, greed=0.8)
        assert checked.apply(action) == unchecked.apply(action, validate=False)
    assert checked == unchecked


def saved() -> dict[str, Any]:
    """A three-seat match in the discard phase, just after taking from the discard pile."""
    match = Match.new(RuleSet(players=3), 4)
    match.apply(STOCK)
    match.apply(random_action(match, random.Random(1), greed=0.0))
    match.apply(TAKE)
    return match.to_json()


def seat_hand(document: dict[str, Any], seat: int) -> list[str]:
    hands: list[list[str]] = document["state"]["hands"]
    return hands[seat]


def swap_stock(document: dict[str, Any]) -> None:
    stock = document["state"]["stock"]
    stock[0], stock[-1] = stock[-1], stock[0]


Corruption = Callable[[dict[str, Any]], Any]

CORRUPTIONS: list[Any] = [
    pytest.param(lambda d: d.pop("game"), "not a Three-Thirteen match document", id="no-game"),
    pytest.param(lambda d: d.update(format=5), "unsupported match format 5", id="format"),
    pytest.param(lambda d: d.pop("format"), "unsupported match format None", id="no-format"),
    pytest.param(lambda d: d["rules"].update(players=9), "rules: rule 'players'", id="rules"),
    pytest.param(lambda d: d.update(rules=[]), "rules must be dict", id="rules-type"),
    pytest.param(lambda d: d["rules"].update(colour=1), "unknown rule 'colour'", id="rule-name"),
    pytest.param(lambda d: d.update(seed="1"), "seed must be int", id="seed"),
    pytest.param(lambda d: d.update(seed=True), "seed must be int", id="seed-bool"),
    pytest.param(lambda d: d.update(actions={}), "actions must be list", id="actions-type"),
    pytest.param(
        lambda d: d["actions"].append({"draw": "deck"}), r"actions\[3\]: bad action", id="action"
    ),
    pytest.param(lambda d: d.pop("state"), "state must be dict", id="no-state"),
    pytest.param(
        lambda d: d["state"].update(phase="bidding"), "phase: 'bidding' is not", id="phase"
    ),
    pytest.param(
        lambda d: d["state"].update(current_seat=3), r"current_seat must be in 0..2", id="seat"
    ),
    pytest.param(
        lambda d: d["state"].update(round_index=11), r"round_index must be in 0..10", id="round"
    ),
    pytest.param(
        lambda d: d["state"]["hands"].pop(), "hands: 3 hands expected, got 2", id="hands-count"
    ),
    pytest.param(
        lambda d: d["state"]["stock"].append("ZZ.0"), r"stock\[\d+\]: not a card", id="bad-card"
    ),
    pytest.param(
        lambda d: d["state"]["stock"].append(d["state"]["stock"][0]),
        "appears 2 times",
        id="duplicate-card",
    ),
    pytest.param(
        lambda d: d["state"]["stock"].pop(), "cards missing from hands, stock", id="missing-card"
    ),
    pytest.param(
        lambda d: d["state"]["stock"].append("JK.0"), "JK.0 is not in the shoe", id="foreign-card"
    ),
    pytest.param(
        lambda d: d["state"]["stock"].append(seat_hand(d, 1).pop()),
        r"hands\[1\] must hold 3 cards in phase 'discard', not 2",
        id="hand-size",
    ),
    pytest.param(
        lambda d: d["state"].update(taken_card=d["state"]["stock"][0]),
        "taken_card must be '.*', the card the log shows",
        id="taken-card",
    ),
    pytest.param(
        lambda d: d["state"]["known_cards"][0].append(d["state"]["stock"][0]),
        r"known_cards\[0\] must be the cards seat 0 took from the discard pile",
        id="known-card",
    ),
    pytest.param(
        lambda d: d["state"]["log"].append({"seat": 0, "move": "drew_stock", "card": "7H.0"}),
        r"log\[3\]: a 'drew_stock' entry has no card",
        id="log-card",
    ),
    pytest.param(
        lambda d: d["state"]["log"].append({"seat": 5, "move": "drew_stock"}),
        r"log\[3\].seat must be in 0..2",
        id="log-seat",
    ),
    pytest.param(
        lambda d: d["state"]["log"].append({"seat": 0, "move": "sneezed"}),
        r"log\[3\].move must be one of",
        id="log-move",
    ),
    pytest.param(
        lambda d: d["state"].update(last_turns_left=1), "last_turns_left must be 0", id="last-turns"
    ),
    pytest.param(
        lambda d: d["state"].update(stock_rebuilds=3),
        r"stock_rebuilds must be in 0..2",
        id="rebuilds",
    ),
    pytest.param(
        lambda d: d["state"]["round_scores"].append([0, 0, 0]),
        "round_scores: 0 rounds expected, got 1",
        id="scores",
    ),
    pytest.param(
        lambda d: d["state"].update(
            went_out={
                "seat": 1,
                "arrangement": {"melds": [], "leftover": [], "penalty": 0, "layoffs": []},
            },
            last_turns_left=1,
        ),
        "went_out.arrangement must meld exactly the hand",
        id="went-out",
    ),
    pytest.param(
        lambda d: d["state"].update(went_out={"seat": 1, "arrangement": {"melds": 3}}),
        "went_out.arrangement.melds must be list",
        id="went-out-shape",
    ),
]


@pytest.mark.parametrize(("corrupt", "message"), CORRUPTIONS)
def test_corrupt_document_is_refused_clearly(corrupt: Corruption, message: str) -> None:
    document = saved()
    assert Match.from_json(copy.deepcopy(document))  # the base document is fine
    corrupt(document)
    with pytest.raises(ValueError, match=message):
        Match.from_json(document)


@pytest.mark.parametrize(
    "document",
    [
        pytest.param([], id="list"),
        pytest.param("three-thirteen", id="string"),
        pytest.param(None, id="null"),
        pytest.param({"format": 1, "rules": {}}, id="no-game-key"),
        pytest.param({"game": "chess", "format": 1}, id="other-game"),
    ],
)
def test_foreign_document_is_refused(document: Any) -> None:
    with pytest.raises(ValueError, match="not a Three-Thirteen match document"):
        Match.from_json(document)


@pytest.mark.parametrize(
    ("corrupt", "message"),
    [
        pytest.param(swap_stock, "not the one its actions lead to", id="tampered-stock"),
        pytest.param(
            lambda d: d["actions"].insert(0, {"discard": "7H.0"}),
            r"the actions do not replay: action 0",
            id="illegal-history",
        ),
    ],
)
def test_verify_replays_the_history(corrupt: Corruption, message: str) -> None:
    document = saved()
    corrupt(document)
    Match.from_json(copy.deepcopy(document), verify=False)  # consistent on its own …
    with pytest.raises(ValueError, match=message):  # … but not what its actions give
        Match.from_json(document, verify=True)


def test_round_trip_in_last_turns_and_at_the_end() -> None:
    rules = RuleSet(players=2, schedule="short", lay_off=True)
    match = rig(
        rules,
        ["7H 8H 9H 10H JH QH KH AS 2S 3S", "2C 4D 6H 8S 10C QD KS AD 4C 5H"],
        stock_top="KC 9D",
        round_index=rules.rounds - 1,
    )
    match.apply(STOCK)
    match.apply(random_action(match, random.Random(0), greed=1.0))
    assert match.in_last_turns
    # A rigged start: its actions do not lead there from the seed, so no replay.
    assert Match.from_json(json.loads(json.dumps(match.to_json())), verify=False) == match
    match.apply(STOCK)
    match.apply(random_action(match, random.Random(0), greed=1.0))
    assert match.is_over
    restored = Match.from_json(json.loads(json.dumps(match.to_json())), verify=False)
    assert restored == match and restored.winners == match.winners == (0,)
