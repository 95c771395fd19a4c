"""The redemption round (``lay_off="all"``) and printed jokers thrown onto a meld.

The scenarios walk docs/RULES.md ("The seeds' other games") line by line; the oracle
tries every way to lay down melds, lay off onto the table and leave cards over, with
the meld checks of :mod:`tests.engine.brute_force`, which share no code with the solver.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest

from game.engine.cards import Card, Rank, Suit, new_shoe, parse_cards
from game.engine.events import RoundScored
from game.engine.layoff import redemption, score_round
from game.engine.melds import Arrangement, Meld, MeldKind
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement
from tests.engine.brute_force import _extends, is_legal_meld
from tests.engine.match_tools import rig
from tests.engine.test_match_scenarios import pass_turn, scored

THREES = Rank.THREE
REDEEM = RuleSet(players=3, lay_off="all")


def shown(text: str, wild_rank: Rank = THREES, rules: RuleSet = REDEEM) -> Arrangement:
    """The melds a player going out with ``text`` shows."""
    arrangement = best_arrangement(parse_cards(text), wild_rank, rules)
    assert arrangement.is_complete
    return arrangement


def score(
    hands: Sequence[str], rules: RuleSet = REDEEM, went_out: int | None = 0, wild: Rank = THREES
) -> tuple[tuple[Arrangement, ...], tuple[tuple[Card, ...], ...]]:
    cards = [parse_cards(hand) for hand in hands]
    goer = None if went_out is None else shown(hands[went_out], wild, rules)
    return score_round(cards, went_out, goer, wild, rules)


# -- the redemption round, line by line ---------------------------------------------

GOER = "5H 6H 7H 10C 10D 10S"  # a run of hearts 5-7 and a set of Tens
FIRST = "8H QC QD QS 2H"  # lays down the Queens, lays off 8♥; 2♥ stays
SECOND = "9H QH KC 2C 2D 2S"  # lays down the 2s, lays off 9♥ and Q♥; K♣ stays


def test_each_player_in_turn_lays_down_and_lays_off_onto_every_meld_on_the_table() -> None:
    """ "each player in turn order lays down the melds of the hand's best arrangement and
    lays off leftover cards onto any meld already on the table: the going-out player's and
    those laid down in the earlier last turns"."""
    arrangements, _ = score([GOER, FIRST, SECOND])
    goer, first, second = arrangements
    run = next(i for i, meld in enumerate(goer.melds) if meld.kind is MeldKind.RUN)
    assert [(lay.owner, lay.target, lay.cards) for lay in first.layoffs] == [
        (0, run, parse_cards("8H"))
    ]
    assert first.penalty == 2, "2♥ stays: the 2s of the second player are laid down later"
    queens = next(i for i, meld in enumerate(first.melds) if meld.positions[0] == 12)
    laid = {(lay.owner, lay.target): (lay.cards, lay.positions) for lay in second.layoffs}
    assert laid == {(0, run): (parse_cards("9H"), (9,)), (1, queens): (parse_cards("QH"), (12,))}
    assert second.penalty == 10 and second.leftover == parse_cards("KC")


def test_laying_off_onto_the_going_out_melds_only_is_the_on_choice() -> None:
    arrangements, _ = score([GOER, FIRST, SECOND], RuleSet(players=3, lay_off=True))
    assert [a.penalty for a in arrangements[1:]] == [2, 29]  # 9♥ and Q♥ have nowhere to go
    assert all(lay.owner is None for a in arrangements for lay in a.layoffs)


def test_the_table_stands_as_the_earlier_last_turns_left_it() -> None:
    """The second player sees the run 5-8♥ that the first player's 8♥ made."""
    hands = [parse_cards(hand) for hand in (GOER, FIRST, SECOND)]
    turns = redemption(hands, 0, shown(GOER), THREES, REDEEM)
    assert [turn.seat for turn in turns] == [1, 2]
    assert len(turns[0].table) == 2 and len(turns[1].table) == 3
    run = next(meld for meld in turns[1].table if meld.kind is MeldKind.RUN)
    assert run.positions == (5, 6, 7, 8) and run.cards == parse_cards("5H 6H 7H 8H")
    assert turns[1].owners == ((0, 0), (0, 1), (1, 0))


def test_turn_order_starts_after_who_went_out() -> None:
    """Seat 2 goes out: seat 0 plays before seat 1, so 8♥ of seat 0 finds no 9♥ yet."""
    arrangements, _ = score([SECOND, FIRST, GOER], went_out=2)
    assert arrangements[0].penalty == 9 + 10 + 10  # no 8♥ on the run yet, no Queens laid
    assert arrangements[1].penalty == 0  # 2♥ onto the 2s of seat 0, 8♥ onto the run


def test_wilds_are_laid_off_too_and_an_empty_hand_scores_0() -> None:
    """ "leftover cards (wilds too)"; "A player with no card left scores 0"."""
    arrangements, _ = score([GOER, "3D 8H QC QD QS", "KC"])
    first = arrangements[1]
    assert first.penalty == 0 and first.is_complete
    assert sorted(card for lay in first.layoffs for card in lay.cards) == sorted(
        parse_cards("3D 8H")
    )


def test_the_same_hand_and_table_lay_off_the_same_whatever_the_hand_order() -> None:
    """The tie rule: the hand is solved sorted, so a match replays the same."""
    goer = shown(GOER)
    hands = [parse_cards(hand) for hand in (GOER, "3D 3C 4H 9H 10H", "JH 3S 2C 2D")]
    first = redemption(hands, 0, goer, THREES, REDEEM)
    rng = random.Random(5)
    for _ in range(5):
        shuffled = [tuple(rng.sample(hand, len(hand))) for hand in hands]
        assert redemption(shuffled, 0, goer, THREES, REDEEM) == first


# -- printed jokers thrown onto a meld, line by line --------------------------------

JOKERS = RuleSet(players=2, jokers=2, free_jokers=True)


def test_a_printed_joker_left_over_is_thrown_onto_a_meld_for_0() -> None:
    """ "every printed joker left in another hand is thrown onto a meld and scores 0"."""
    arrangements, thrown = score([GOER, "JK 8C KD"], JOKERS)
    assert arrangements[1].penalty == 18 and thrown == ((), parse_cards("JK"))
    assert parse_cards("JK")[0] not in arrangements[1].leftover
    counted, none = score([GOER, "JK 8C KD"], RuleSet(players=2, jokers=2))
    assert counted[1].penalty == 38 and none == ((), ())


def test_a_joker_that_a_meld_uses_stays_in_it() -> None:
    arrangements, thrown = score([GOER, "JK 8C 8D KD"], JOKERS)
    assert arrangements[1].penalty == 10 and thrown == ((), ())
    assert any(parse_cards("JK")[0] in meld.cards for meld in arrangements[1].melds)


def test_the_wild_of_the_rank_takes_the_meld_and_the_joker_is_thrown() -> None:
    """One wild a meld: the 3♥ (15 points over) melds and the joker is thrown for 0."""
    rules = RuleSet(players=2, jokers=2, free_jokers=True, max_wilds_per_meld=1)
    arrangements, thrown = score([GOER, "JK 3H 8C 8D"], rules)
    assert arrangements[1].penalty == 0 and thrown == ((), parse_cards("JK"))
    counted, _ = score([GOER, "JK 3H 8C 8D"], RuleSet(players=2, jokers=2, max_wilds_per_meld=1))
    assert counted[1].penalty == 15


def test_with_nobody_out_the_jokers_count_as_usual() -> None:
    """ "When a round ends with a player gone out": a round ended by the stock or the turn
    limit with nobody out counts the jokers."""
    arrangements, thrown = score(["KC 2D 9S", "JK 8C KD"], JOKERS, went_out=None)
    assert arrangements[1].penalty == 38 and thrown == ((), ())


def test_free_jokers_in_the_redemption_round() -> None:
    rules = RuleSet(players=3, jokers=2, lay_off="all", free_jokers=True)
    arrangements, thrown = score([GOER, "JK QC QD QS", "JK 9C KS"], rules)
    assert [a.penalty for a in arrangements] == [0, 0, 19]
    assert thrown == ((), (), ()), "a joker that can be laid off is: the fewest are thrown"
    assert [card for lay in arrangements[2].layoffs for card in lay.cards] == [*parse_cards("JK")]


# -- through a match -----------------------------------------------------------------

SIXES = 3  # round 4: 6 cards, Sixes wild
MATCH_GOER = "9H 10H JH 4C 4D 4S"


@pytest.mark.parametrize(
    ("lay_off", "penalties"),
    [pytest.param(True, (0, 10, 43), id="on"), pytest.param("all", (0, 10, 31), id="all")],
)
def test_a_match_scores_the_redemption_round(lay_off: bool | str, penalties: tuple[int]) -> None:
    rules = RuleSet(players=3, lay_off=lay_off)
    hands = [MATCH_GOER, "QH 2C 2D 2S 5C 5D", "KH 2H 5S 8C 8D 10S"]
    match = rig(rules, hands, stock_top="KC 3C 3D", round_index=SIXES)
    pass_turn(match)  # seat 0 draws K♣, throws it back and goes out
    pass_turn(match)
    result: RoundScored = scored(pass_turn(match))
    assert result.penalties == penalties and result.thrown_jokers == ((), (), ())
    if lay_off == "all":
        owners = {(lay.owner, lay.cards) for lay in result.arrangements[2].layoffs}
        assert owners == {(0, parse_cards("KH")), (1, parse_cards("2H"))}


def test_a_match_throws_the_jokers_onto_a_meld() -> None:
    rules = RuleSet(players=2, jokers=2, free_jokers=True)
    match = rig(rules, [MATCH_GOER, "JK KC 2D 5S 8C 9D"], stock_top="KD 3C", round_index=SIXES)
    pass_turn(match)
    result = scored(pass_turn(match))
    assert result.penalties == (0, 34) and result.thrown_jokers == ((), parse_cards("JK"))


def test_old_rules_json_loads_unchanged() -> None:
    rules = RuleSet.from_json({"lay_off": True})
    assert rules.lay_off is True and rules.free_jokers is False
    assert RuleSet.from_json(rules.to_json()) == rules
    assert RuleSet.from_json({"lay_off": "all", "free_jokers": True}).lay_off == "all"
    for bad in ({"lay_off": "every"}, {"lay_off": 1}, {"free_jokers": "yes"}):
        with pytest.raises(ValueError, match="must be one of"):
            RuleSet.from_json(bad)


# -- the oracle -------------------------------------------------------------------------


def _fits(target: Meld, group: Sequence[Card], wild_rank: Rank, rules: RuleSet) -> bool:
    """Whether ``group`` may be laid off onto ``target`` as it was laid down; a meld of
    wilds only stands for any set or run (of consecutive ranks) that ``group`` extends."""
    if not group:
        return True
    if not all(card.is_wild(wild_rank) for card in target.cards):
        return _extends(target, group, wild_rank, rules)
    size, top = len(target.cards), 14 if rules.aces_high else 13
    sets = [Meld(MeldKind.SET, target.cards, (rank,) * size, None) for rank in range(1, 14)]
    runs = [
        Meld(MeldKind.RUN, target.cards, tuple(range(low, low + size)), suit)
        for suit in Suit
        for low in range(1, top - size + 2)
    ]
    return any(_extends(reading, group, wild_rank, rules) for reading in (*sets, *runs))


def oracle(
    cards: Sequence[Card], wild_rank: Rank, rules: RuleSet, table: Sequence[Meld], free: bool
) -> tuple[int, int]:
    """(lowest penalty, fewest cards left with it) over every way to lay down melds, lay
    off onto ``table`` and keep cards; printed jokers kept score 0 when ``free``."""

    def cost(card: Card) -> int:
        return 0 if free and card.rank is None else rules.penalty(card, wild_rank)

    best = [(10**9, 10**9)]

    def search(rest: list[Card], groups: list[list[Card]], kept: list[Card]) -> None:
        if not rest:
            if all(_fits(t, g, wild_rank, rules) for t, g in zip(table, groups, strict=True)):
                best[0] = min(best[0], (sum(map(cost, kept)), len(kept)))
            return
        first, others = rest[0], rest[1:]
        search(others, groups, [*kept, first])
        for i in range(len(groups)):
            search(others, [*groups[:i], [*groups[i], first], *groups[i + 1 :]], kept)
        for size in range(2, len(others) + 1):
            for partners in combinations(range(len(others)), size):
                group = [first, *(others[i] for i in partners)]
                if is_legal_meld(group, wild_rank, rules):
                    remaining = [card for i, card in enumerate(others) if i not in partners]
                    search(remaining, groups, kept)

    search(list(cards), [[] for _ in table], [])
    return best[0]


def _check_extended(before: Meld, after: Meld, laid: Counter[Card], wild: Rank) -> None:
    """``after`` is ``before`` with ``laid`` added, each natural standing for itself."""
    assert Counter(after.cards) == Counter(before.cards) + laid
    assert is_legal_meld(after.cards, wild, RuleSet(aces="low_or_high"))
    if not all(card.is_wild(wild) for card in before.cards):
        pairs = set(zip(after.cards, after.positions, strict=True))
        assert set(zip(before.cards, before.positions, strict=True)) <= pairs
    for card, position in zip(after.cards, after.positions, strict=True):
        if not card.is_wild(wild):
            assert card.rank is not None and position in (int(card.rank), int(card.rank) + 13)
            assert after.suit in (None, card.suit)


def _random_rules(rng: random.Random) -> RuleSet:
    return RuleSet(
        players=rng.choice((2, 3, 4)),
        jokers=rng.choice((2, 4)),
        wild_penalty=rng.choice((15, 0)),
        max_wilds_per_meld=rng.choice((None, 1)),
        all_wild_melds=rng.choice((True, False)),
        aces=rng.choice(("low", "low_or_high")),
        lay_off=rng.choice((True, "all", "all")),
        free_jokers=rng.choice((True, False)),
    )


def _deal(rng: random.Random, rules: RuleSet, wild: Rank) -> tuple[list[list[Card]], Arrangement]:
    """A complete hand for who went out (seat 0) and small hands of low cards for the others."""
    shoe = [c for c in new_shoe(rules.decks, rules.jokers) if c.rank is None or c.rank <= 7]
    rng.shuffle(shoe)
    wilds = [card for card in shoe if card.is_wild(wild)]
    while True:
        goer = shoe[:4] if rng.random() < 0.3 else shoe[:3]
        if rng.random() < 0.2:
            goer = wilds[:3]  # a meld of wilds only, where the rules allow one
        arrangement = best_arrangement(goer, wild, rules)
        if arrangement.is_complete:
            break
        rng.shuffle(shoe)
    rest = [card for card in shoe if card not in goer]
    hands = [list(goer)]
    for _ in range(rules.players - 1):
        size = rng.randint(2, 6)
        hands.append(rest[:size])
        del rest[:size]
    return hands, arrangement


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_every_last_turn_is_the_best_use_of_the_table_as_it_stands(seed: int) -> None:
    rng = random.Random(f"redemption/{seed}")
    for _ in range(40):
        rules = _random_rules(rng)
        wild = rng.choice((Rank.THREE, Rank.FIVE, Rank.SEVEN))
        hands, goer = _deal(rng, rules, wild)
        arrangements, thrown = score_round(hands, 0, goer, wild, rules)
        table = list(goer.melds)
        owners = [(0, i) for i in range(len(table))]
        turns = redemption(hands, 0, goer, wild, rules) if rules.lay_off == "all" else ()
        for step, seat in enumerate(range(1, rules.players)):
            arrangement, jokers = arrangements[seat], thrown[seat]
            if rules.lay_off == "all":
                turn = turns[step]
                assert (turn.seat, turn.arrangement, turn.thrown) == (seat, arrangement, jokers)
                assert turn.owners == tuple(owners)
                before_turn = arrangements[seat - 1].layoffs if seat > 1 else ()
                targets = {owners.index((lay.owner or 0, lay.target)) for lay in before_turn}
                changed = {i for i, meld in enumerate(table) if turn.table[i] != meld}
                assert changed == targets, "the table holds what was laid off, nothing else"
                for i in changed:
                    added = Counter(
                        card
                        for lay in before_turn
                        if owners[i] == (lay.owner, lay.target)
                        for card in lay.cards
                    )
                    _check_extended(table[i], turn.table[i], added, wild)
                table = list(turn.table)
            else:
                table = list(goer.melds)
            hand = hands[seat]
            laid = [card for lay in arrangement.layoffs for card in lay.cards]
            melded = [card for meld in arrangement.melds for card in meld.cards]
            assert Counter([*melded, *laid, *arrangement.leftover, *jokers]) == Counter(hand)
            assert all(is_legal_meld(meld.cards, wild, rules) for meld in arrangement.melds)
            assert arrangement.penalty == sum(rules.penalty(c, wild) for c in arrangement.leftover)
            assert all(card.rank is None for card in jokers) and (rules.free_jokers or not jokers)
            found = (arrangement.penalty, len(arrangement.leftover) + len(jokers))
            assert found == oracle(hand, wild, rules, table, rules.free_jokers), (hand, table)
            if rules.lay_off == "all":
                table += arrangement.melds
                owners += [(seat, i) for i in range(len(arrangement.melds))]
