"""A save is checked against every rule it implies, and refused clearly if not."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from game.engine.actions import Discard
from game.engine.match import Match
from game.engine.rules import RuleSet
from tests.engine.match_tools import STOCK, TAKE, card, rig

BOTH = pytest.mark.parametrize("verify", [True, False], ids=["replayed", "fields-only"])


def went_out_document(rules: RuleSet, goer_hand: str, melds: list[dict[str, Any]]) -> Any:
    """Two seats, round 1: seat 0 went out with ``goer_hand`` shown as ``melds``; seat 1
    (holding 4H 9D 10H) takes its last turn."""
    match = rig(rules, [goer_hand, "4H 9D 10H"], current_seat=1)
    document = match.to_json()
    document["state"]["went_out"] = {
        "seat": 0,
        "arrangement": {"melds": melds, "leftover": [], "penalty": 0, "layoffs": []},
    }
    document["state"]["last_turns_left"] = 1
    return document


def meld(kind: str, suit: str | None, cards: str, positions: list[int]) -> dict[str, Any]:
    return {"kind": kind, "suit": suit, "cards": cards.split(), "positions": positions}


@BOTH
def test_went_out_melds_that_are_no_melds_are_refused(verify: bool) -> None:
    """5♠ 8♠ 2♣ saved as a run of hearts 5-6-7: seat 1's 4♥ would have laid off onto it."""
    rules = RuleSet(players=2, lay_off=True)
    run = meld("run", "H", "5S.0 8S.0 2C.0", [5, 6, 7])
    document = went_out_document(rules, "5S 8S 2C", [run])
    with pytest.raises(ValueError, match=r"melds\[0\]: the run of hearts 5S 8S 2C: 5S cannot"):
        Match.from_json(document, verify=verify)


@BOTH
def test_a_meld_of_three_wilds_under_one_wild_a_meld_is_refused(verify: bool) -> None:
    """Once loaded, seat 1's last turn raised IndexError in the middle of ``apply``."""
    rules = RuleSet(players=2, max_wilds_per_meld=1, lay_off=True)
    wilds = meld("set", None, "3C.0 3D.0 3H.0", [3, 3, 3])
    document = went_out_document(rules, "3C 3D 3H", [wilds])
    with pytest.raises(ValueError, match="3 wilds, but the rules allow 1 a meld"):
        Match.from_json(document, verify=verify)


def test_a_legal_went_out_arrangement_loads() -> None:
    """The same document with true melds loads (rigged: field checks only)."""
    rules = RuleSet(players=2, lay_off=True)
    run = meld("run", "S", "5S.0 6S.0 7S.0", [5, 6, 7])
    match = Match.from_json(went_out_document(rules, "5S 6S 7S", [run]), verify=False)
    assert match.went_out == 0 and match.in_last_turns


def after_taking() -> Match:
    match = Match.new(RuleSet(players=3), 4)
    match.apply(TAKE)
    assert match.taken_card is not None
    return match


@BOTH
def test_a_save_missing_its_taken_card_is_refused(verify: bool) -> None:
    """Loaded, it let the seat throw back the card it had just taken."""
    document = after_taking().to_json()
    document["state"]["taken_card"] = None
    with pytest.raises(ValueError, match=r"taken_card must be '.*', the card the log shows"):
        Match.from_json(document, verify=verify)


@BOTH
def test_a_taken_card_after_a_stock_draw_is_refused(verify: bool) -> None:
    match = Match.new(RuleSet(players=3), 4)
    match.apply(STOCK)
    document = match.to_json()
    document["state"]["taken_card"] = document["state"]["hands"][match.current_seat][0]
    with pytest.raises(ValueError, match="taken_card must be null"):
        Match.from_json(document, verify=verify)


@pytest.mark.parametrize("code", ["7H.2", "JK.0", "7H.9"])
@BOTH
def test_card_codes_in_the_log_must_be_of_the_shoe(code: str, verify: bool) -> None:
    document = after_taking().to_json()
    document["state"]["log"][-1]["card"] = code
    with pytest.raises(ValueError, match=rf"log\[0\].card: {code} is not in the shoe"):
        Match.from_json(document, verify=verify)


@pytest.mark.parametrize("code", ["7H.2", "JK.0"])
@BOTH
def test_card_codes_in_the_actions_must_be_of_the_shoe(code: str, verify: bool) -> None:
    document = after_taking().to_json()
    document["actions"].append({"discard": code})
    with pytest.raises(ValueError, match=rf"actions\[1\]: {code} is not in the shoe"):
        Match.from_json(document, verify=verify)


@pytest.mark.parametrize("version", [True, 1.0, "1", None, 3])
def test_the_format_is_an_int_the_engine_reads(version: object) -> None:
    document = Match.new(RuleSet(), 1).to_json()
    document["format"] = version
    with pytest.raises(ValueError, match=f"unsupported match format {version!r}"):
        Match.from_json(document)


def test_a_save_is_replayed_by_default() -> None:
    """A stock reordered by hand is consistent field by field, but no play leads to it."""
    match = after_taking()
    document = match.to_json()
    stock = document["state"]["stock"]
    stock[0], stock[-1] = stock[-1], stock[0]
    assert Match.from_json(copy.deepcopy(document), verify=False)
    with pytest.raises(ValueError, match=r"not the one its actions lead to \(stock\)"):
        Match.from_json(document)
    assert Match.from_json(match.to_json()) == match


def test_the_log_must_follow_the_order_of_play() -> None:
    match = after_taking()
    seat = match.current_seat
    broken = match.to_json()
    broken["state"]["log"][0]["seat"] = (seat + 1) % 3
    with pytest.raises(ValueError, match=rf"log\[0\]: seat {(seat + 1) % 3} moved in the turn"):
        Match.from_json(broken, verify=False)
    match.apply(Discard(match.hands[seat][0]))
    early = match.to_json()
    early["state"]["log"].pop()  # a discard the log does not show
    with pytest.raises(ValueError, match=f"the log leaves seat {seat} to discard"):
        Match.from_json(early, verify=False)


def test_known_cards_follow_the_log() -> None:
    """The card taken is known to be held; dropping it from the save is refused."""
    match = after_taking()
    document = match.to_json()
    document["state"]["known_cards"][match.current_seat] = []
    with pytest.raises(ValueError, match=r"known_cards\[\d\] must be the cards seat"):
        Match.from_json(document, verify=False)


def test_the_rebuilds_logged_are_counted() -> None:
    rules = RuleSet(players=2)
    match = rig(rules, ["7H 8H 2C", "2D 9D KH"], rest_in_discard=True, stock_top="KD")
    match.apply(STOCK)
    match.apply(Discard(card("KD")))
    match.apply(STOCK)  # the stock was empty: rebuilt before this draw
    assert match.stock_rebuilds == 1
    document = match.to_json()
    document["state"]["stock_rebuilds"] = 0
    with pytest.raises(ValueError, match="stock_rebuilds is 0, but the log shows 1"):
        Match.from_json(document, verify=False)
