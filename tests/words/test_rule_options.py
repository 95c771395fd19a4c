"""The option table agrees with the engine: one option per field, its values, its defaults."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.rules import ALLOWED, RuleSet
from game.words.rule_options import (
    RuleOption,
    choice_for,
    non_default,
    option,
    rule_options,
    same_value,
    with_choice,
)
from tests.rule_sets import rule_sets

FIELDS = [rule_option.field for rule_option in rule_options()]


def test_there_is_one_option_per_rule_set_field() -> None:
    assert len(FIELDS) == len(set(FIELDS))
    assert set(FIELDS) == set(ALLOWED) == {field.name for field in fields(RuleSet)}


@pytest.mark.parametrize("field", FIELDS, ids=FIELDS)
def test_an_options_values_are_the_engines_in_order(field: str) -> None:
    values = option(field).values
    default = getattr(RuleSet(), field)
    assert same_value(values[0], default)
    if field == "players":
        # ALLOWED lists 2..8 in order; the default 4 comes first, the others in that order.
        assert values == (default, *(v for v in ALLOWED[field] if v != default))
    else:
        assert values == ALLOWED[field]
        assert [type(v) for v in values] == [type(v) for v in ALLOWED[field]]


@pytest.mark.parametrize("field", FIELDS, ids=FIELDS)
def test_the_base_game_has_every_option_at_its_first_choice(field: str) -> None:
    assert choice_for(RuleSet(), field) is option(field).default
    assert option(field).default is option(field).choices[0]


@pytest.mark.parametrize("rule_option", rule_options(), ids=FIELDS)
def test_every_option_and_choice_is_described(rule_option: RuleOption) -> None:
    texts = [rule_option.label, rule_option.explanation]
    texts += [text for choice in rule_option.choices for text in (choice.label, choice.explanation)]
    assert all(text.strip() == text and text for text in texts)
    assert "\n" not in "".join(texts)
    labels = [choice.label for choice in rule_option.choices]
    assert len(labels) == len(set(labels)), "choices are told apart by their labels"


def test_the_player_count_offers_every_table_and_its_decks() -> None:
    players = option("players")
    assert "you and 1 to 7 opponents" in players.explanation
    assert players.values == (4, 2, 3, 5, 6, 7, 8) and players.default.value == 4
    assert [v for v in players.values if "3 decks" in players.choice(v).explanation] == [7, 8]


def test_labels_of_options_are_distinct() -> None:
    labels = [o.label for o in rule_options()]
    assert len(labels) == len(set(labels))


def test_the_schedule_choices_are_read_from_the_engine() -> None:
    assert option("schedule").choice("6-14").explanation == (
        "9 rounds: 6 cards up to 14; Sixes are wild first, Aces at 14 cards."
    )
    assert option("schedule").choice("up_down").explanation.startswith("22 rounds: 3 cards up")


def test_a_face_card_choice_tells_its_values() -> None:
    assert option("face_values").choice("rank").explanation == (
        "A Jack costs 11 points, a Queen 12, a King 13."
    )
    assert option("face_values").choice("ten").label == "10 each"


@pytest.mark.parametrize(
    ("field", "value"),
    [("jokers", 3), ("aces", "high"), ("all_wild_melds", 1), ("max_wilds_per_meld", 0)],
    ids=["jokers-3", "aces-high", "bool-as-int", "zero-wilds"],
)
def test_with_choice_refuses_a_value_not_allowed(field: str, value: Any) -> None:
    with pytest.raises(ValueError, match=field):
        with_choice(RuleSet(), field, value)


def test_an_unknown_field_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown rule 'joker'.*jokers"):
        option("joker")
    with pytest.raises(ValueError, match="unknown rule"):
        with_choice(RuleSet(), "joker", 2)


def test_with_choice_returns_a_new_rule_set() -> None:
    base = RuleSet()
    changed = with_choice(base, "jokers", 2)
    assert changed == RuleSet(jokers=2) and base == RuleSet()
    assert with_choice(base, "players", 6).players == 6, "the engine's counts stay reachable"


def test_non_default_is_empty_for_the_base_game() -> None:
    assert non_default(RuleSet()) == ()


def test_non_default_lists_changes_in_table_order() -> None:
    rules = RuleSet(tie="shared", jokers=4, schedule="short")
    assert [(o.field, c.value) for o, c in non_default(rules)] == [
        ("schedule", "short"),
        ("jokers", 4),
        ("tie", "shared"),
    ]


@given(rule_sets(), st.sampled_from(FIELDS), st.data())
def test_with_choice_sets_exactly_one_field(
    rules: RuleSet, field: str, data: st.DataObject
) -> None:
    value = data.draw(st.sampled_from(option(field).values))
    changed = with_choice(rules, field, value)
    assert same_value(getattr(changed, field), value)
    assert choice_for(changed, field).value == value
    for other in FIELDS:
        if other != field:
            assert same_value(getattr(changed, other), getattr(rules, other))


@given(rule_sets())
def test_non_default_names_exactly_the_fields_off_their_default(rules: RuleSet) -> None:
    base = RuleSet()
    expected = {f for f in FIELDS if not same_value(getattr(rules, f), getattr(base, f))}
    listed = non_default(rules)
    assert {o.field for o, _ in listed} == expected
    assert all(choice is choice_for(rules, o.field) for o, choice in listed)
