"""The rules text states the rule set's own figures, and names what differs from the base game."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given

from game.engine.cards import Rank, new_shoe, wild_rank_for
from game.engine.match import MAX_REBUILDS
from game.engine.rules import RuleSet
from game.words.rule_options import RuleOption, non_default, option, rule_options, with_choice
from game.words.rules_text import RulesText, rules_text, smallest_meld
from tests.rule_sets import EVERYTHING_CHANGED, rule_sets


def paragraphs(text: RulesText, title: str) -> str:
    return " ".join(text.section(title).paragraphs)


def body(text: RulesText) -> str:
    return " ".join(p for section in text.sections for p in section.paragraphs)


def test_everything_changed_really_changes_every_option() -> None:
    assert len(non_default(EVERYTHING_CHANGED)) == len(rule_options())


def test_the_sections_cover_the_rules() -> None:
    assert [section.title for section in rules_text(RuleSet()).sections] == [
        "The deck",
        "Rounds",
        "Melds",
        "Wild cards",
        "A turn",
        "Going out",
        "Last turns",
        "When the stock runs out",
        "Card values",
        "Scoring",
        "Winning",
    ]


def test_the_base_game() -> None:
    text = rules_text(RuleSet())
    assert "contract" not in paragraphs(text, "Going out")
    deck = paragraphs(text, "The deck")
    assert "2 standard decks of 52 cards" in deck
    assert "no printed jokers: 104 cards in all" in deck
    assert "A match has 11 rounds" in paragraphs(text, "Rounds")
    melds = paragraphs(text, "Melds")
    assert "A set is 3 or more cards" in melds and "A run is 3 or more cards" in melds
    assert "Aces are low only: A-2-3 is a run; Q-K-A and K-A-2 are not." in melds
    assert "any number of them, and a meld made only of wilds is legal" in melds
    assert "8 cards with 2 decks" in paragraphs(text, "Wild cards")
    assert "may not be discarded again" in paragraphs(text, "A turn")
    assert "each of the other 3 players" in paragraphs(text, "Last turns")
    assert "There is no laying off" in paragraphs(text, "Last turns")
    stock = paragraphs(text, "When the stock runs out")
    assert "all 104 cards" in stock and "rebuilt twice" in stock and "rebuilt once more" in stock
    values = text.section("Card values").paragraphs
    assert "Ace: 1 point." in values
    assert "2 to 10: their face value." in values
    assert "Jack, Queen, King: 10 points each." in values
    assert "A card of the round's wild rank: 15 points." in values
    assert not any("joker" in line for line in values), "no jokers in play"
    assert "no penalties are doubled" in paragraphs(text, "Scoring")
    winning = paragraphs(text, "Winning")
    assert "round 11, the lowest total wins" in winning and "more rounds scored at 0" in winning
    assert [(r.hand_size, r.wild_rank_name, r.doubled) for r in text.schedule] == [
        (size, wild_rank_for(size).plural, False) for size in range(3, 14)
    ]
    assert text.changed == ()


def test_every_option_changed() -> None:
    rules = EVERYTHING_CHANGED
    text = rules_text(rules)
    deck = paragraphs(text, "The deck")
    assert "7 players" in deck
    assert "3 standard decks of 52 cards" in deck and "2 printed jokers: 158 cards" in deck
    assert "every card is there 3 times" in deck
    melds = paragraphs(text, "Melds")
    assert "A-2-3 and Q-K-A are runs; K-A-2 never is" in melds
    assert "at most 1 wild card" in melds
    assert "12 cards with 3 decks" in paragraphs(text, "Wild cards")
    assert "The 2 printed jokers are wild in every round." in paragraphs(text, "Wild cards")
    assert "may go straight back" in paragraphs(text, "A turn")
    going_out = paragraphs(text, "Going out")
    assert "Contracts: each round has a contract" in going_out
    assert "6 cards: 2 sets; 7 cards: 1 set and 1 run; 8 cards: 2 runs;" in going_out
    assert (
        "The contracts: 6 cards: 2 sets;" in going_out
        and "14 cards: 3 sets and 1 run." in going_out
    )
    assert "whichever the contract needs" not in going_out, "no meld of wilds only"
    assert "the game lays them down for the player (with contracts" in going_out
    assert "still scores 0" not in going_out, "hands count in full at the open table"
    turn = paragraphs(text, "A turn")
    assert "The open table: between drawing and discarding" in turn
    assert "your first lay-down of a round is exactly the round's contract" in turn
    assert "laid down as a set" not in turn, "no meld of wilds only"
    last = paragraphs(text, "Last turns")
    assert "each of the other 6 players" in last and "Laying off:" not in last
    assert "the laying-off option does not apply" in last
    assert "laying off included" not in paragraphs(text, "When the stock runs out")
    assert "counts in full, with no best arrangement" in paragraphs(text, "Scoring")
    values = text.section("Card values").paragraphs
    assert "Ace: 1 point (aces may be high)." in values
    assert "Jack 11, Queen 12, King 13 points." in values
    assert "A card of the round's wild rank: 0 points." in values
    assert "A printed joker: 25 points." in values
    assert any("is thrown onto a meld and scores 0" in line for line in values)
    assert "Penalties count double in rounds 7, 8 and 9." in paragraphs(text, "Scoring")
    assert "round 9, the lowest total wins" in paragraphs(text, "Winning")
    assert "share the win" in paragraphs(text, "Winning")
    assert [row.hand_size for row in text.schedule] == list(range(6, 15))
    assert text.schedule[-1].wild_rank is Rank.ACE and text.schedule[-1].wild_rank_name == "Aces"
    assert [row.doubled for row in text.schedule] == [rules.multiplier(i) > 1 for i in range(9)]
    assert [row.doubled for row in text.schedule] == [False] * 6 + [True] * 3
    assert len(text.changed) == len(rule_options())
    for line, rule_option in zip(text.changed, rule_options(), strict=True):
        chosen = rule_option.choice(getattr(rules, rule_option.field))
        assert line == f"{rule_option.label}: {chosen.label} — {chosen.explanation}"


def test_the_closed_table_with_laying_off_and_contracts() -> None:
    text = rules_text(RuleSet(lay_off=True, contracts=True))
    assert "Laying off:" in paragraphs(text, "Last turns")
    assert "laying off included" in paragraphs(text, "When the stock runs out")
    assert "still scores 0" in paragraphs(text, "Going out")
    assert "The open table" not in paragraphs(text, "A turn")
    open_table = paragraphs(rules_text(RuleSet(table="open")), "A turn")
    assert "The open table" in open_table and "laid down as a set" in open_table
    assert "first lay-down" not in open_table


def test_the_redemption_round_and_free_jokers_are_told_when_on() -> None:
    last = paragraphs(rules_text(RuleSet(lay_off="all")), "Last turns")
    assert "Redemption round: in the last turns, each player in turn lays down" in last
    assert "fewest cards left in the hand" in last and "Laying off:" not in last
    assert "Redemption round" not in paragraphs(rules_text(RuleSet(lay_off=True)), "Last turns")
    free = rules_text(RuleSet(jokers=2, free_jokers=True)).section("Card values").paragraphs
    assert any("thrown onto a meld and scores 0" in line for line in free)
    counted = rules_text(RuleSet(jokers=2)).section("Card values").paragraphs
    assert not any("thrown onto a meld" in line for line in counted)


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"aces": "low_or_high"}, "Ace: 15 points (aces may be high)."),
        ({"jokers": 4}, "A printed joker: 20 points."),
        ({"jokers": 2, "joker_penalty": 25}, "A printed joker: 25 points."),
        ({"wild_penalty": 0}, "A card of the round's wild rank: 0 points."),
    ],
    ids=["ace-high-15", "jokers-4", "joker-25", "wild-0"],
)
def test_card_values_follow_the_rules(changes: dict[str, Any], expected: str) -> None:
    assert expected in rules_text(RuleSet(**changes)).section("Card values").paragraphs


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({}, "a meld made only of wilds is legal"),
        ({"all_wild_melds": False}, "but every meld needs at least one natural card"),
        ({"max_wilds_per_meld": 1}, "so no meld is made of wilds only"),
    ],
    ids=["all-wild", "no-all-wild", "one-wild"],
)
def test_the_wilds_of_a_meld_follow_the_rules(changes: dict[str, Any], expected: str) -> None:
    assert expected in paragraphs(rules_text(RuleSet(**changes)), "Melds")


@pytest.mark.parametrize(
    ("schedule", "doubled", "expected"),
    [
        ("3-13", "last", "Penalties count double in round 11."),
        ("3-13", "last_three", "Penalties count double in rounds 9, 10 and 11."),
        ("up_down", "last", "Penalties count double in round 22."),
        ("short", "last_three", "Penalties count double in rounds 6, 7 and 8."),
    ],
    ids=["last", "last-three", "up-down-last", "short-last-three"],
)
def test_doubled_rounds_are_read_from_the_multiplier(
    schedule: str, doubled: str, expected: str
) -> None:
    rules = RuleSet(schedule=schedule, double_penalties=doubled)
    text = rules_text(rules)
    assert expected in text.section("Scoring").paragraphs
    assert [row.doubled for row in text.schedule] == [
        rules.multiplier(i) > 1 for i in range(rules.rounds)
    ]


def test_the_3_to_15_schedule_ends_with_aces_then_twos() -> None:
    rows = rules_text(RuleSet(schedule="3-15")).schedule
    assert [(row.hand_size, row.wild_rank) for row in rows[-2:]] == [(14, Rank.ACE), (15, Rank.TWO)]


def test_the_smallest_melds_are_asked_of_the_solver() -> None:
    assert smallest_meld() == (3, 3)


@pytest.mark.parametrize("rule_option", rule_options(), ids=[o.field for o in rule_options()])
def test_every_choice_of_an_option_reads_differently(rule_option: RuleOption) -> None:
    # Jokers in play and aces high, so that the jokers' and the high Ace's penalties show.
    base = RuleSet(jokers=2, aces="low_or_high")
    texts = [
        rules_text(with_choice(base, rule_option.field, value)) for value in rule_option.values
    ]
    shown = {(text.sections, text.schedule) for text in texts}
    assert len(shown) == len(rule_option.choices), "no choice goes unsaid"


CHOICES = [
    (rule_option.field, choice.value)
    for rule_option in rule_options()
    for choice in rule_option.choices[1:]
]


@pytest.mark.parametrize(("field", "value"), CHOICES, ids=[f"{f}-{v}" for f, v in CHOICES])
def test_one_option_changed_is_named_in_its_words(field: str, value: Any) -> None:
    rule_option = option(field)
    chosen = rule_option.choice(value)
    line = f"{rule_option.label}: {chosen.label} — {chosen.explanation}"
    assert rules_text(with_choice(RuleSet(), field, value)).changed == (line,)


def figures(rules: RuleSet) -> set[int]:
    """Every number the rules text may show for ``rules``: read from it and the engine."""
    numbers = {0, rules.players, rules.players - 1, rules.decks, rules.jokers, rules.shoe_size}
    numbers |= {len(new_shoe(1, 0)), rules.decks * 4, rules.rounds, len(Rank), MAX_REBUILDS}
    numbers |= set(rules.hand_sizes) | set(range(1, rules.rounds + 1)) | set(smallest_meld())
    numbers |= {rules.natural_value(rank) for rank in Rank} | set(range(2, 11))
    numbers |= {rules.wild_penalty, rules.joker_penalty, rules.max_wilds_per_meld or 0}
    numbers |= {rules.multiplier(i) for i in range(rules.rounds)}
    return numbers


@given(rule_sets())
def test_the_schedule_and_text_of_any_rule_set(rules: RuleSet) -> None:
    text = rules_text(rules)
    assert [row.round_number for row in text.schedule] == list(range(1, rules.rounds + 1))
    assert tuple(row.hand_size for row in text.schedule) == rules.hand_sizes
    for index, row in enumerate(text.schedule):
        assert row.wild_rank is wild_rank_for(row.hand_size)
        assert row.wild_rank_name == wild_rank_for(row.hand_size).plural
        assert row.doubled == (rules.multiplier(index) > 1)
    assert len(text.changed) == len(non_default(rules))
    shown = {int(number) for number in re.findall(r"\d+", body(text))}
    assert shown <= figures(rules), f"numbers not read from the rules: {shown - figures(rules)}"
    assert f"{rules.shoe_size} cards" in body(text)
    assert text.plain().startswith("The deck\n")
