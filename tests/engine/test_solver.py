"""The solver: worked examples, legality of every answer, and brute-force equality."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import cards, solver
from game.engine.cards import Card, Rank, Suit, new_shoe, parse_cards
from game.engine.melds import ACE_HIGH, Arrangement, Meld, MeldKind
from game.engine.rules import ALLOWED, RuleSet
from game.engine.solver import best_arrangement, is_complete, leftover_ordinals, min_penalty
from tests.engine.brute_force import brute_min_penalty, is_legal_meld

DEFAULT = RuleSet()


def check_arrangement(
    arrangement: Arrangement,
    cards: Sequence[Card],
    wild_rank: Rank | None,
    rules: RuleSet,
    targets: tuple[Meld, ...] = (),
) -> None:
    """Every meld legal with what its wilds stand for; each card used once; penalty adds up."""
    used = [card for meld in arrangement.melds for card in meld.cards]
    used += [card for layoff in arrangement.layoffs for card in layoff.cards]
    assert Counter(used + list(arrangement.leftover)) == Counter(cards)
    for meld in arrangement.melds:
        assert is_legal_meld(meld.cards, wild_rank, rules), meld
        check_positions(meld.kind, meld.cards, meld.positions, meld.suit, wild_rank, rules)
    for layoff in arrangement.layoffs:
        target = targets[layoff.target]
        check_positions(
            target.kind,
            target.cards + layoff.cards,
            target.positions + layoff.positions,
            target.suit,
            wild_rank,
            rules,
        )
    expected = sum(rules.penalty(card, wild_rank) for card in arrangement.leftover)
    assert arrangement.penalty == expected


def check_positions(
    kind: MeldKind,
    cards: Sequence[Card],
    positions: Sequence[int],
    suit: Suit | None,
    wild_rank: Rank | None,
    rules: RuleSet,
) -> None:
    """What each card stands for is consistent with the card and the meld."""
    wilds = sum(card.is_wild(wild_rank) for card in cards)
    if rules.max_wilds_per_meld is not None:
        assert wilds <= rules.max_wilds_per_meld
    for card, position in zip(cards, positions, strict=True):
        if not card.is_wild(wild_rank):
            assert card.rank == (1 if position == ACE_HIGH else position)
            if kind is MeldKind.RUN:
                assert card.suit == suit
    if kind is MeldKind.SET:
        assert len(set(positions)) == 1
    else:
        ordered = sorted(positions)
        assert ordered == list(range(ordered[0], ordered[0] + len(ordered)))
        assert len(ordered) <= 13
        assert ordered[0] >= 1 and ordered[-1] <= (ACE_HIGH if rules.aces_high else 13)


def test_the_solver_takes_the_suit_order_from_cards() -> None:
    # One definition: the solver's suit tables are those of the cards' ordinals.
    suit_tables = [
        value
        for value in vars(solver).values()
        if isinstance(value, dict | tuple) and value and all(isinstance(k, Suit) for k in value)
    ]
    assert suit_tables
    assert all(table is cards.SUIT_INDEX or table is cards.SUITS for table in suit_tables)


# -- worked examples of docs/RULES.md ------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "wild", "rules", "penalty"),
    [
        pytest.param("5C 7S 8S QH QD", Rank.FIVE, DEFAULT, 15, id="round3-fives"),
        pytest.param("KS KH AS AH QD", Rank.KING, DEFAULT, 2, id="round11-kings"),
        pytest.param("3S 3H 9D", Rank.THREE, DEFAULT, 0, id="round1-two-wild-threes"),
        pytest.param("JK 4D 4C", Rank.FOUR, RuleSet(jokers=2), 0, id="round2-all-wild"),
        pytest.param(
            "JK 4D 4C",
            Rank.FOUR,
            RuleSet(jokers=2, all_wild_melds=False),
            50,
            id="all-wild-forbidden",
        ),
        pytest.param("AS AH KS KH", Rank.KING, DEFAULT, 0, id="last-turn-after-queen"),
        pytest.param("QS KS AS", Rank.THREE, DEFAULT, 21, id="aces-low-no-QKA"),
        pytest.param("QS KS AS", Rank.THREE, RuleSet(aces="low_or_high"), 0, id="QKA-high"),
        pytest.param("KS AS 2S", Rank.THREE, RuleSet(aces="low_or_high"), 27, id="no-wrap"),
        pytest.param("AS 7D", Rank.THREE, RuleSet(aces="low_or_high"), 22, id="ace-high-15"),
        pytest.param(
            "AS 7D", Rank.THREE, RuleSet(aces="low_or_high", ace_high_penalty=1), 8, id="ace-high-1"
        ),
        pytest.param("JS QD KH", Rank.THREE, RuleSet(face_values="rank"), 36, id="face-rank"),
        pytest.param(
            "5S 9D JK",
            Rank.FIVE,
            RuleSet(jokers=2, joker_penalty=25),
            0,
            id="two-wilds-meld-the-nine",
        ),
        pytest.param("9D JK", Rank.FIVE, RuleSet(jokers=2, joker_penalty=25), 34, id="joker-25"),
        pytest.param("9D 5H", Rank.FIVE, RuleSet(wild_penalty=0), 9, id="wild-penalty-0"),
        pytest.param(
            "7S 9S 3H 3D", Rank.THREE, RuleSet(max_wilds_per_meld=1), 15, id="one-wild-per-meld"
        ),
        pytest.param("7S 9S 3H 3D", Rank.THREE, DEFAULT, 0, id="unlimited-wilds"),
        pytest.param("7H 7H 7H", Rank.THREE, RuleSet(players=7), 0, id="same-suit-set"),
    ],
)
def test_worked_examples(hand: str, wild: Rank, rules: RuleSet, penalty: int) -> None:
    cards = parse_cards(hand)
    arrangement = best_arrangement(cards, wild, rules)
    check_arrangement(arrangement, cards, wild, rules)
    assert arrangement.penalty == penalty
    assert min_penalty(cards, wild, rules) == penalty


@pytest.mark.parametrize(
    "solve",
    [best_arrangement, min_penalty, leftover_ordinals, is_complete],
    ids=lambda f: f.__name__,
)
@pytest.mark.parametrize(
    ("hand", "rules", "words"),
    [
        pytest.param("7H 7H 7H 7H", DEFAULT, "4 copies of 7H", id="four-copies"),  # was KeyError: 4
        pytest.param("7H 7H 7H 5S", DEFAULT, "3 copies of 7H but the shoe has 2", id="two-decks"),
        pytest.param("7H 7H 7H 7H", RuleSet(players=7), "shoe has 3", id="three-decks"),
        pytest.param("JK 7H", DEFAULT, "1 printed joker but the shoe has 0", id="no-jokers"),
        pytest.param("JK JK JK", RuleSet(jokers=2), "3 printed jokers", id="two-jokers"),
    ],
)
def test_a_hand_the_shoe_cannot_hold_is_a_value_error(
    solve: Callable[..., object], hand: str, rules: RuleSet, words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        solve(parse_cards(hand), Rank.THREE, rules)


def test_a_hand_the_shoe_can_hold_is_solved() -> None:
    three_decks = RuleSet(players=7, jokers=4)
    cards = parse_cards("7H 7H 7H JK JK JK JK")
    assert best_arrangement(cards, Rank.THREE, three_decks).penalty == 0


def test_extra_copies_of_a_wild_rank_card_are_only_counted() -> None:
    """The AI bounds a hand by adding a stand-in wild, which may be a third copy."""
    assert min_penalty(parse_cards("7H 7H 7H 5S 6S"), Rank.SEVEN, DEFAULT) == 0


def test_worked_example_last_turn_lay_off() -> None:
    """docs/RULES.md round 11: K K A A Q left over; a goer's set of Aces takes A A K K."""
    rules = RuleSet(lay_off=True)
    goer = best_arrangement(parse_cards("AC AD KC"), Rank.KING, rules)
    assert goer.is_complete
    hand = parse_cards("KS KH AS AH")
    with_layoff = best_arrangement(hand, Rank.KING, rules, goer.melds)
    assert with_layoff.penalty == 0
    check_arrangement(with_layoff, hand, Rank.KING, rules, goer.melds)


def test_lay_off_extends_run_both_ends() -> None:
    rules = RuleSet(lay_off=True)
    target = best_arrangement(parse_cards("5H 6H 7H"), Rank.THREE, rules).melds
    hand = parse_cards("4H 8H 9H KC")
    arrangement = best_arrangement(hand, Rank.THREE, rules, target)
    assert arrangement.penalty == 10
    check_arrangement(arrangement, hand, Rank.THREE, rules, target)


@pytest.mark.parametrize(
    ("hand", "wild", "rules"),
    [
        pytest.param("KS KH AS AH QD", Rank.KING, DEFAULT, id="kings-wild"),
        pytest.param("3C 4C 5C 7D 7S JK 9H", Rank.EIGHT, RuleSet(jokers=2), id="joker"),
        pytest.param("AS KS QS 5D 5H", Rank.TWO, RuleSet(aces="low_or_high"), id="ace-high"),
        pytest.param("2H 9C JD", Rank.THREE, RuleSet(face_values="rank"), id="no-meld"),
    ],
)
def test_min_penalty_is_public_and_agrees_with_best_arrangement(
    hand: str, wild: Rank, rules: RuleSet
) -> None:
    from game.engine import min_penalty as public_min_penalty

    cards = parse_cards(hand)
    assert public_min_penalty is min_penalty
    assert public_min_penalty(cards, wild, rules) == best_arrangement(cards, wild, rules).penalty


def test_public_min_penalty_counts_lay_offs() -> None:
    from game.engine import min_penalty as public_min_penalty

    rules = RuleSet(lay_off=True)
    target = best_arrangement(parse_cards("5H 6H 7H"), Rank.THREE, rules).melds
    hand = parse_cards("4H 8H 9H KC")
    expected = best_arrangement(hand, Rank.THREE, rules, target).penalty
    assert public_min_penalty(hand, Rank.THREE, rules, target) == expected == 10


def test_complete_hand_shows_complete_even_with_free_wilds() -> None:
    rules = RuleSet(wild_penalty=0, max_wilds_per_meld=1)
    cards = parse_cards("7S 8S 9S 3H 10S JS")
    assert is_complete(cards, Rank.THREE, rules)


def test_fourteen_card_run_needs_splitting() -> None:
    """13 natural spades and one wild: the wild cannot extend a 13-card run."""
    cards = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK")
    rules = RuleSet(jokers=2)
    arrangement = best_arrangement(cards, Rank.FIVE, rules)
    check_arrangement(arrangement, cards, Rank.FIVE, rules)
    assert arrangement.penalty == 0


# -- properties against brute force --------------------------------------------

rule_sets = st.builds(
    RuleSet,
    **{
        field.name: st.sampled_from(ALLOWED[field.name])
        for field in fields(RuleSet)
        if field.name != "players"
    },
    players=st.sampled_from([4, 7]),
)


@st.composite
def hands(draw: st.DrawFn, max_size: int) -> tuple[tuple[Card, ...], Rank, RuleSet]:
    rules = draw(rule_sets)
    wild = draw(st.sampled_from(list(Rank)))
    return draw(hand_from(new_shoe(rules.decks, rules.jokers), max_size)), wild, rules


@st.composite
def hand_from(draw: st.DrawFn, shoe: Sequence[Card], max_size: int) -> tuple[Card, ...]:
    """Up to ``max_size`` cards of ``shoe``, clumped (few ranks) so that melds are common."""
    ranks = draw(st.sets(st.sampled_from(list(Rank)), min_size=1, max_size=5))
    pool = [c for c in shoe if c.rank is None or c.rank in ranks]
    size = draw(st.integers(1, min(max_size, len(pool))))
    indices = draw(
        st.lists(st.sampled_from(range(len(pool))), min_size=size, max_size=size, unique=True)
    )
    return tuple(pool[i] for i in indices)


@st.composite
def last_turns(draw: st.DrawFn) -> tuple[tuple[Card, ...], tuple[Card, ...], Rank, RuleSet]:
    """A hand of up to 5 cards, and the hand of up to 7 of who went out, from one shoe."""
    cards, wild, rules = draw(hands(max_size=5))
    rest = set(new_shoe(rules.decks, rules.jokers)) - set(cards)
    return cards, draw(hand_from(sorted(rest), max_size=7)), wild, rules


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(max_size=7))
def test_solver_matches_brute_force(case: tuple[tuple[Card, ...], Rank, RuleSet]) -> None:
    cards, wild, rules = case
    arrangement = best_arrangement(cards, wild, rules)
    check_arrangement(arrangement, cards, wild, rules)
    assert arrangement.penalty == brute_min_penalty(cards, wild, rules)
    assert min_penalty(cards, wild, rules) == arrangement.penalty


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(last_turns())
def test_lay_off_matches_brute_force(
    case: tuple[tuple[Card, ...], tuple[Card, ...], Rank, RuleSet],
) -> None:
    cards, goer_hand, wild, rules = case
    targets = best_arrangement(goer_hand, wild, rules).melds
    arrangement = best_arrangement(cards, wild, rules, targets)
    check_arrangement(arrangement, cards, wild, rules, targets)
    assert arrangement.penalty == brute_min_penalty(cards, wild, rules, targets)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(hands(max_size=14))
def test_large_hands_are_legal(case: tuple[tuple[Card, ...], Rank, RuleSet]) -> None:
    cards, wild, rules = case
    arrangement = best_arrangement(cards, wild, rules)
    check_arrangement(arrangement, cards, wild, rules)
    assert min_penalty(cards, wild, rules) == arrangement.penalty


def test_two_runs_share_one_natural_through_a_wild() -> None:
    """A♠ A♠ 2♠ 3♠ 3♠ 4♠ + 2 jokers: one run must leave out the only 2♠."""
    rules = RuleSet(jokers=2, all_wild_melds=False)
    cards = parse_cards("JK 2S 3S AS 3S 4S AS JK")
    arrangement = best_arrangement(cards, Rank.KING, rules)
    check_arrangement(arrangement, cards, Rank.KING, rules)
    assert arrangement.penalty == 0


def test_min_penalty_when_a_spare_wild_fits_nowhere() -> None:
    """A 13-card run takes no wild: the relaxed plan's spare joker fits nowhere, so the
    exact search must split the run (min_penalty's shortcut must not skip that)."""
    cards = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK")
    rules = RuleSet(jokers=2, all_wild_melds=False)
    arrangement = best_arrangement(cards, Rank.FIVE, rules)
    check_arrangement(arrangement, cards, Rank.FIVE, rules)
    assert min_penalty(cards, Rank.FIVE, rules) == arrangement.penalty == 0


@pytest.mark.parametrize("hand", ["QS AS JK", "JS AS JK JK", "AS KS JK", "AS AS KS QS 5D"])
def test_ace_high_runs_with_wilds(hand: str) -> None:
    rules = RuleSet(jokers=2, aces="low_or_high")
    cards = parse_cards(hand)
    arrangement = best_arrangement(cards, Rank.FIVE, rules)
    check_arrangement(arrangement, cards, Rank.FIVE, rules)
    assert arrangement.penalty == brute_min_penalty(cards, Rank.FIVE, rules)
    assert min_penalty(cards, Rank.FIVE, rules) == arrangement.penalty


@pytest.mark.parametrize(
    "hand",
    [
        "7C 7D 7H 8H 9H",  # the run's 7H leaves a pair of sevens: the run wins
        "7C 7D 7H 8H 9H JK",  # a joker makes the pair a set beside the run
        "7C 7C 7D 7H 8H 9H 5S",  # three free sevens set, the fourth in the run
        "7C 7D 7H 7H 8H 9H 9H 10H JK JK",  # twin runs and sets share the sevens
        "AS AS AH 2S 3S 2S 3S 5D 5D 5C",  # an Ace in each run, or all in a set
    ],
)
def test_sets_take_every_free_copy(hand: str) -> None:
    """Sets always take the copies of their rank that no run can use; the ones a run
    can use may go either way."""
    rules = RuleSet(jokers=2)
    cards = parse_cards(hand)
    for wild in (Rank.KING, Rank.FIVE):
        arrangement = best_arrangement(cards, wild, rules)
        check_arrangement(arrangement, cards, wild, rules)
        assert arrangement.penalty == brute_min_penalty(cards, wild, rules), (hand, wild)
        assert min_penalty(cards, wild, rules) == arrangement.penalty


@pytest.mark.parametrize("hand", ["AS AS 2S 3S 3S 4S JK", "5S 5S 6S 7S 7S JK 9D"])
@pytest.mark.parametrize("one_wild", [False, True])
def test_one_wild_run_leaves_out_a_natural(hand: str, one_wild: bool) -> None:
    """The wild's run must leave out a natural that a run of naturals takes."""
    rules = RuleSet(jokers=2, max_wilds_per_meld=1 if one_wild else None)
    cards = parse_cards(hand)
    arrangement = best_arrangement(cards, Rank.KING, rules)
    check_arrangement(arrangement, cards, Rank.KING, rules)
    assert arrangement.penalty == brute_min_penalty(cards, Rank.KING, rules)
    assert min_penalty(cards, Rank.KING, rules) == arrangement.penalty
