"""Contracts on the closed table: the solver against brute force, and docs/RULES.md's
paragraph **Contracts** walked sentence by sentence through the match."""

from __future__ import annotations

import random
import re
from dataclasses import fields
from pathlib import Path

import pytest

from game.engine.actions import Discard, Draw, DrawSource
from game.engine.cards import Card, Rank, Suit, format_cards, new_shoe, parse_cards
from game.engine.contracts import CONTRACTS, Contract, contract_for
from game.engine.events import RoundScored, WentOut
from game.engine.match import Match
from game.engine.melds import Meld, MeldKind
from game.engine.rules import ALLOWED, RuleSet
from game.engine.solver import (
    best_arrangement,
    contract_arrangement,
    contract_penalty,
    is_complete,
    min_penalty,
)
from tests.engine.brute_force import brute_contract_best
from tests.engine.match_tools import at_round, rig
from tests.engine.test_solver import check_arrangement

RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"


# -- the solver against brute force ---------------------------------------------------


def contract_case(
    rng: random.Random, size: int
) -> tuple[RuleSet, Rank, tuple[Card, ...], Contract]:
    """A clumped hand of ``size`` cards (few ranks and suits: melds, twins and wilds
    interact most) under random rules, with its round's contract or, one time in four,
    another contract of the table."""
    options = {f.name: rng.choice(ALLOWED[f.name]) for f in fields(RuleSet) if f.name != "players"}
    rules = RuleSet(**options, players=rng.choice([4, 7]))
    shoe = new_shoe(rules.decks, rules.jokers)
    ranks = rng.sample(list(Rank), rng.randint(1, 5))
    suits = rng.sample(list(Suit), rng.randint(1, 4))
    wild = rng.choice(list(Rank))
    pool = [
        c for c in shoe if c.rank is None or c.rank == wild or (c.rank in ranks and c.suit in suits)
    ]
    hand = tuple(rng.sample(pool, min(len(pool), size)))
    contract = contract_for(size) if rng.random() < 0.75 else rng.choice(list(CONTRACTS.values()))
    return rules, wild, hand, contract


def assert_contract_agrees(
    hand: tuple[Card, ...], wild: Rank, rules: RuleSet, contract: Contract
) -> None:
    """Least penalty including the contract, going out under it, and a legal arrangement
    that includes it: as the brute force finds them."""
    expected = brute_contract_best(hand, wild, rules, contract.sets, contract.runs)
    arrangement = contract_arrangement(hand, wild, rules, contract)
    where = (rules, format_cards(hand), wild, contract)
    if expected is None:
        assert arrangement is None, where
        assert contract_penalty(hand, wild, rules, contract) is None, where
        assert not is_complete(hand, wild, rules, contract), where
        return
    assert arrangement is not None, where
    check_arrangement(arrangement, hand, wild, rules)
    assert contract.met_by(arrangement.melds, wild), (where, arrangement)
    assert (arrangement.penalty, len(arrangement.leftover)) == expected, (where, arrangement)
    assert contract_penalty(hand, wild, rules, contract) == expected[0]
    assert is_complete(hand, wild, rules, contract) == (expected == (0, 0)), where


@pytest.mark.slow
@pytest.mark.parametrize("size", range(3, 9))
@pytest.mark.parametrize("seed", range(3), ids=lambda seed: f"seed{seed}")
def test_random_contract_hands_match_brute_force(size: int, seed: int) -> None:
    rng = random.Random(5000 + 100 * size + seed)
    for _ in range(120 if size < 8 else 60):
        rules, wild, hand, contract = contract_case(rng, size)
        assert_contract_agrees(hand, wild, rules, contract)


@pytest.mark.parametrize("seed", range(3), ids=lambda seed: f"seed{seed}")
def test_hands_that_meld_completely_match_brute_force(seed: int) -> None:
    """Hands built from melds (a set and a run, or two of a kind, plus wilds): where the
    base game goes out and the contract decides."""
    rng = random.Random(6000 + seed)
    for _ in range(150):
        rules = RuleSet(
            jokers=rng.choice(ALLOWED["jokers"]),
            max_wilds_per_meld=rng.choice(ALLOWED["max_wilds_per_meld"]),
            all_wild_melds=rng.choice(ALLOWED["all_wild_melds"]),
            aces=rng.choice(ALLOWED["aces"]),
        )
        wild = rng.choice(list(Rank))
        shoe = [c for c in new_shoe(rules.decks, rules.jokers)]
        hand: list[Card] = []
        for _ in range(2):
            rank = rng.choice([r for r in Rank if r != wild])
            if rng.random() < 0.5:
                hand += rng.sample([c for c in shoe if c.rank == rank and c not in hand], 3)
            else:
                suit = rng.choice(list(Suit))
                start = rng.randint(1, 11)
                hand += [Card(Rank(r), suit) for r in range(start, start + 3)]
        hand = [card for card in dict.fromkeys(hand)]
        hand += rng.sample(
            [c for c in shoe if c.is_wild(wild) and c not in hand], rng.randint(0, 2)
        )
        size = len(hand)
        if size > 8 or len(set(hand)) != size:
            continue
        contract = (
            contract_for(size) if rng.random() < 0.5 else rng.choice(list(CONTRACTS.values())[:5])
        )
        assert_contract_agrees(tuple(hand), wild, rules, contract)


# -- docs/RULES.md, paragraph "Contracts" ---------------------------------------------


def rules_paragraph() -> str:
    text = RULES_MD.read_text(encoding="utf-8")
    start = text.index("**Contracts.**")
    return " ".join(text[start : text.index("\n\n", start)].split())


_WORDS = {"one": 1, "two": 2, "three": 3}


def test_each_round_has_a_contract_by_hand_size_as_the_rules_list_it() -> None:
    """'Each round has a contract, by hand size: 3 one set · 4 one run · … · 15 two sets
    and three runs.'"""
    listing = rules_paragraph().split("by hand size:")[1].split(".")[0]
    read: dict[int, Contract] = {}
    for item in listing.split("·"):
        size, words = item.split(maxsplit=1)
        counts = dict.fromkeys(("set", "run"), 0)
        for number, noun in re.findall(r"(one|two|three) (set|run)s?", words):
            counts[noun] = _WORDS[number]
        read[int(size)] = Contract(counts["set"], counts["run"])
        assert contract_for(int(size)).describe() == words.strip()
    assert read == CONTRACTS
    assert sorted(read) == list(range(3, 16))


def test_the_round_s_contract_is_in_the_match_and_every_view() -> None:
    for rules in (RuleSet(contracts=True, schedule="3-15"), RuleSet(schedule="3-15")):
        for round_index, size in enumerate(rules.hand_sizes):
            match = at_round(rules, round_index)
            expected = contract_for(size) if rules.contracts else None
            assert match.contract == expected
            assert {match.view_for(seat).contract for seat in range(4)} == {expected}


def test_the_option_s_json_form() -> None:
    assert RuleSet.from_json({"contracts": True}).contracts is True
    assert RuleSet.from_json({}).contracts is False
    assert RuleSet(contracts=True).to_json()["contracts"] is True
    with pytest.raises(ValueError, match="rule 'contracts' must be one of false, true; got 1"):
        RuleSet.from_json({"contracts": 1})


def wilds_only(count: int, rank: Rank) -> tuple[Card, ...]:
    return tuple(Card(rank, suit, copy) for copy in range(2) for suit in Suit)[:count]


def test_a_meld_of_wilds_only_counts_as_a_set_or_a_run_whichever_the_contract_needs() -> None:
    """'A meld of wilds only counts as a set or a run, whichever the contract needs.'"""
    rules = RuleSet()
    for size, wild in ((3, Rank.THREE), (4, Rank.FOUR)):
        hand = wilds_only(size, wild)
        assert is_complete(hand, wild, rules, contract_for(size)), size
        assert not is_complete(hand, wild, RuleSet(all_wild_melds=False), contract_for(size))
    # Seven cards, one set and one run: three Queens and four wilds, no natural run.
    hand = (*parse_cards("QS QH QD"), *wilds_only(4, Rank.SEVEN))
    arrangement = contract_arrangement(hand, Rank.SEVEN, rules, contract_for(7))
    assert arrangement is not None and arrangement.is_complete
    # One natural with wilds is a set or a run too (it need not be wilds only).
    hand = parse_cards("9S 9H 9D 9C 7C 7D 7S")
    arrangement = contract_arrangement(
        hand, Rank.SEVEN, RuleSet(all_wild_melds=False), Contract(1, 1)
    )
    assert arrangement is not None and arrangement.is_complete
    assert sorted(meld.kind.value for meld in arrangement.melds) == ["run", "set"]
    assert Contract(1, 1).met_by(arrangement.melds, Rank.SEVEN)
    wild_set = Meld(MeldKind.SET, wilds_only(3, Rank.TWO), (1, 1, 1), None)
    assert Contract(0, 1).met_by([wild_set], Rank.TWO)
    assert not Contract(0, 1).met_by([wild_set], Rank.THREE)  # naturals: a set of Twos


def test_goes_out_only_when_the_hand_left_splits_into_melds_that_include_the_contract() -> None:
    """'Closed table: a player goes out only when the hand left after the discard splits
    completely into melds that include the contract …'"""
    # Round of 6 cards (two sets): a set and a run melds completely, but is one set.
    hands = ["2C 2D 2H 8S 9S 10S", "AC 3D 5H 7S 9C JD", "AD 3H 5S 7C 9D JH", "AH 3S 5C 7D 9H JS"]
    for contracts in (False, True):
        match = rig(RuleSet(contracts=contracts), hands, stock_top="KC", round_index=3)
        assert match.hand_size == 6 and match.contract == (Contract(2, 0) if contracts else None)
        match.apply(Draw(DrawSource.STOCK))
        assert match.going_out_discards() == ((Card.parse("KC"),) if not contracts else ())
        events = match.apply(Discard(Card.parse("KC")))
        assert any(isinstance(event, WentOut) for event in events) is not contracts
        assert match.went_out == (None if contracts else 0)


def test_at_least_that_many_sets_and_runs_and_two_sets_may_share_a_rank() -> None:
    """'… (at least that many sets and that many runs)': more melds than the contract go
    out, and six Sevens of two decks are two sets."""
    sevens = "7S 7H 7D 7C"
    hands = [f"{sevens} 7S 7H", "AC 3D 5H 8S 9C JD", "AD 3H 5S 8C 9D JH", "AH 3S 5C 8D 9H JS"]
    match = rig(RuleSet(contracts=True), hands, stock_top="KC", round_index=3)
    match.apply(Draw(DrawSource.STOCK))
    events = match.apply(Discard(Card.parse("KC")))
    [out] = [event for event in events if isinstance(event, WentOut)]
    assert [meld.kind for meld in out.arrangement.melds] == [MeldKind.SET, MeldKind.SET]
    # Ten cards (two sets and one run): three sets and a run go out.
    hand = parse_cards("4S 4H 4D 5S 5H 5D 6C 6D 6H 8C 9C 10C")
    assert is_complete(hand, Rank.QUEEN, RuleSet(), contract_for(10))
    assert is_complete(hand, Rank.QUEEN, RuleSet(), Contract(1, 0))
    assert not is_complete(hand, Rank.QUEEN, RuleSet(), Contract(0, 2))


def test_everything_else_is_unchanged_the_other_hands_score_as_in_the_base_game() -> None:
    """'… everything else is unchanged': after the goer (who shows melds that include the
    contract), each other hand scores its best arrangement, contract or not; a hand that
    melds completely without the contract scores 0."""
    rules = RuleSet(players=2, contracts=True)
    # Round of 4 cards (one run): seat 0 goes out with a run; seat 1 then holds a set.
    match = rig(rules, ["5H 6H 7H QC", "9S 9H 9D KD"], stock_top="8H 9C", round_index=1)
    match.apply(Draw(DrawSource.STOCK))
    events = match.apply(Discard(Card.parse("QC")))
    [out] = [event for event in events if isinstance(event, WentOut)]
    assert Contract(0, 1).met_by(out.arrangement.melds, Rank.FOUR)
    match.apply(Draw(DrawSource.STOCK))
    events = match.apply(Discard(Card.parse("KD")))
    [scored] = [event for event in events if isinstance(event, RoundScored)]
    assert scored.penalties == (0, 0)
    assert not is_complete(parse_cards("9S 9H 9D 9C"), Rank.FOUR, rules, Contract(0, 1))
    # A hand that can meet no contract still scores its best arrangement.
    assert contract_penalty(parse_cards("9S 9H 9D KC"), Rank.FOUR, rules, Contract(0, 1)) is None
    assert min_penalty(parse_cards("9S 9H 9D KC"), Rank.FOUR, rules) == 10


def test_a_saved_going_out_must_include_the_contract() -> None:
    rules = RuleSet(contracts=True)
    hands = ["2C 2D 2H 8S 9S 10S", "AC 3D 5H 7S 9C JD", "AD 3H 5S 7C 9D JH", "AH 3S 5C 7D 9H JS"]
    match = rig(RuleSet(), hands, stock_top="KC", round_index=3)
    match.apply(Draw(DrawSource.STOCK))
    match.apply(Discard(Card.parse("KC")))
    document = match.to_json()
    document["rules"] = rules.to_json()
    with pytest.raises(ValueError, match="must include the contract: two sets"):
        Match.from_json(document, verify=False)


def test_the_best_arrangement_is_kept_when_it_includes_the_contract() -> None:
    hand = parse_cards("5S 6S 7S 9D 9H 9C QD")
    assert contract_arrangement(hand, Rank.TWO, RuleSet(), None) == best_arrangement(
        hand, Rank.TWO, RuleSet()
    )
    assert contract_arrangement(hand, Rank.TWO, RuleSet(), Contract(1, 1)) == best_arrangement(
        hand, Rank.TWO, RuleSet()
    )


def test_a_format_1_match_reads_with_contracts_off() -> None:
    document = Match.new(RuleSet(players=3), 4).to_json()
    assert document["format"] == 4 and document["rules"]["contracts"] is False
    document["format"] = 1
    del document["rules"]["contracts"], document["rules"]["table"], document["state"]["table"]
    del document["state"]["goers"]
    match = Match.from_json(document)
    assert match.rules.contracts is False and match.to_json()["format"] == 4
    contracted = Match.new(RuleSet(players=3, contracts=True), 4)
    assert Match.from_json(contracted.to_json()) == contracted
