"""The open table: docs/RULES.md's paragraph **The open table** walked sentence by sentence
through the match, and its helpers against brute force."""

from __future__ import annotations

import json
import random
from itertools import permutations

import pytest

from game.engine.actions import (
    Discard,
    IllegalMoveError,
    LayDown,
    LayOffCard,
    action_from_json,
    action_to_json,
)
from game.engine.cards import Card, Rank, Suit, new_shoe, parse_cards
from game.engine.events import Discarded, Event, LaidDown, LaidOff, RoundScored, WentOut
from game.engine.legality import Refusal
from game.engine.match import Match
from game.engine.melds import Meld, MeldKind, meld_fault
from game.engine.open_table import TableMeld, extended, lay_off_spots, readings
from game.engine.rules import RuleSet
from game.engine.view import MoveKind
from tests.engine.brute_force import is_legal_meld
from tests.engine.match_tools import STOCK, TAKE, random_action, rig

OPEN = RuleSet(players=3, table="open")
NINE_CARDS = 6
"""The round index dealt 9 cards: Nines are wild."""


def held(match: Match, seat: int, labels: str) -> tuple[Card, ...]:
    """The physical cards of ``seat``'s hand named by ``labels`` (one each, in order)."""
    hand = list(match.hands[seat])
    found = []
    for label in labels.split():
        card = next(card for card in hand if str(card) == str(Card.parse(label)))
        hand.remove(card)
        found.append(card)
    return tuple(found)


def meld_of(match: Match, seat: int, labels: str) -> Meld:
    """The first reading of ``seat``'s cards ``labels`` as a meld."""
    return readings(held(match, seat, labels), match.wild_rank, match.rules)[0]


def lay_down(match: Match, seat: int, *groups: str) -> list[Event]:
    return match.apply(LayDown(tuple(meld_of(match, seat, group) for group in groups)))


def nine_card_round(rules: RuleSet = OPEN, **kwargs: object) -> Match:
    """Seat 0 to draw in the 9-card round (Nines wild), the stock's top a 2♣."""
    hands = kwargs.pop("hands", None) or [
        "7H 8H 9S 10H KS KD KC 2D 4S",
        "3C 3D 3S 5H 6H 7S JD QD AC",
        "4H 4D 5C 6D 8C 10S JS QS AS",
    ]
    return rig(rules, hands, stock_top="2C", round_index=NINE_CARDS, **kwargs)  # type: ignore[arg-type]


# -- "A turn is: draw; then, any number of times, lay down melds ... then discard" -----------


def test_melds_are_laid_down_after_the_draw_and_before_the_discard() -> None:
    match = nine_card_round()
    kings = LayDown((Meld(MeldKind.SET, held(match, 0, "KS KD KC"), (13, 13, 13), None),))
    assert match.refusal(kings) is Refusal.MUST_DRAW_FIRST
    match.apply(STOCK)
    events = match.apply(kings)
    assert events == [LaidDown(0, kings.melds, 0)]
    assert match.phase.value == "discard" and match.current_seat == 0
    assert match.table == (TableMeld(0, kings.melds[0]),)
    assert len(match.hands[0]) == 7
    lay_down(match, 0, "7H 8H 9S 10H")  # any number of times
    assert [placed.owner for placed in match.table] == [0, 0]
    assert match.table[-1].meld.positions == (7, 8, 9, 10)  # the wild 9♠ stands for 9♥
    match.apply(Discard(held(match, 0, "4S")[0]))
    assert match.current_seat == 1 and match.phase.value == "draw"


def test_the_closed_table_refuses_every_lay_move() -> None:
    match = nine_card_round(RuleSet(players=3))
    match.apply(STOCK)
    kings = LayDown((meld_of(match, 0, "KS KD KC"),))
    assert match.refusal(kings) is Refusal.CLOSED_TABLE
    assert match.refusal(LayOffCard(held(match, 0, "2D")[0], 0, 2)) is Refusal.CLOSED_TABLE
    assert not any(isinstance(action, LayDown | LayOffCard) for action in match.legal_actions())


# -- "once you have laid down this round — lay off single cards onto any meld" ------------


def test_lay_offs_come_after_the_seats_own_lay_down_onto_any_meld() -> None:
    match = nine_card_round()
    match.apply(STOCK)
    lay_down(match, 0, "KS KD KC")
    match.apply(Discard(held(match, 0, "4S")[0]))
    match.apply(STOCK)  # seat 1 draws the next card
    three = held(match, 1, "3C")[0]
    king = LayOffCard(held(match, 1, "JD")[0], 0, 13)
    assert match.refusal(king) is Refusal.NOT_LAID_DOWN
    lay_down(match, 1, "3C 3D 3S")
    assert match.refusal(king) is Refusal.DOES_NOT_FIT  # a Jack is no King
    seven = LayOffCard(held(match, 1, "7S")[0], 0, 13)
    assert match.refusal(seven) is Refusal.DOES_NOT_FIT
    assert three not in match.hands[1]
    # Another player's meld takes a card of its rank.
    match2 = nine_card_round(
        hands=[
            "KS KD KC 2D 4S 6C 7H 8H 10H",
            "3C 3D 3S KH 6H 7S JD QD AC",
            "4H 4D 5C 6D 8C 10S JS QS AS",
        ]
    )
    match2.apply(STOCK)
    lay_down(match2, 0, "KS KD KC")
    match2.apply(Discard(held(match2, 0, "4S")[0]))
    match2.apply(STOCK)
    lay_down(match2, 1, "3C 3D 3S")
    king_of_hearts = held(match2, 1, "KH")[0]
    assert lay_off_spots(king_of_hearts, match2.table, match2.wild_rank, match2.rules) == ((0, 13),)
    events = match2.apply(LayOffCard(king_of_hearts, 0, 13))
    assert isinstance(events[0], LaidOff) and events[0].grown.cards[-1] == king_of_hearts
    assert match2.table[0].owner == 0 and len(match2.table[0].meld.cards) == 4


# -- "you always keep one card to discard" ----------------------------------------------------


def test_a_seat_always_keeps_a_card_it_may_discard() -> None:
    match = rig(OPEN, ["5H 5D 5C", "2C 6D QS", "4H 8D JC"], discard="5S")
    match.apply(TAKE)
    every = LayDown((meld_of(match, 0, "5H 5D 5C 5S"),))
    assert match.refusal(every) is Refusal.KEEP_ONE_CARD
    # Keeping only the card just taken is no card to discard either.
    three = LayDown((Meld(MeldKind.SET, held(match, 0, "5H 5D 5C"), (5, 5, 5), None),))
    assert match.refusal(three) is Refusal.KEEP_ONE_CARD
    allowed = rig(
        RuleSet(players=3, table="open", discard_taken_card=True),
        ["5H 5D 5C", "2C 6D QS", "4H 8D JC"],
        discard="5S",
    )
    allowed.apply(TAKE)
    three = LayDown((Meld(MeldKind.SET, held(allowed, 0, "5H 5D 5C"), (5, 5, 5), None),))
    assert allowed.refusal(three) is None


# -- "With contracts, the first lay-down of a round is exactly the contract's melds" ------


def test_the_first_lay_down_is_exactly_the_contract_all_at_once() -> None:
    rules = RuleSet(players=3, table="open", contracts=True)
    match = nine_card_round(
        rules,
        hands=[
            "KS KD KC 4H 4D 4C 2D 6C QH",
            "3C 3D 3S 5H 6H 7S JD QD AC",
            "2H 2S 5C 6D 8C 10S JS QS AS",
        ],
    )
    assert match.contract is not None and match.contract.sets == 3  # 9 cards: three sets
    match.apply(STOCK)
    one = LayDown((meld_of(match, 0, "KS KD KC"),))
    assert match.refusal(one) is Refusal.NOT_THE_CONTRACT
    assert match.refusal(LayOffCard(held(match, 0, "QH")[0], 0, 12)) is Refusal.NOT_LAID_DOWN
    sets = (meld_of(match, 0, "KS KD KC"), meld_of(match, 0, "4H 4D 4C"))
    assert match.refusal(LayDown(sets)) is Refusal.NOT_THE_CONTRACT  # two of three
    kings, fours = sets
    twos = Meld(MeldKind.SET, held(match, 0, "2D 2C"), (2, 2), None)
    assert match.refusal(LayDown((kings, fours, twos))) is Refusal.NOT_A_MELD


def test_a_contract_laid_down_frees_the_next_lay_downs() -> None:
    rules = RuleSet(players=3, table="open", contracts=True)
    match = rig(rules, ["5H 5D 5C", "2C 6D QS", "4H 8D JC"], discard="KS")
    match.apply(STOCK)  # one set: the contract of 3 cards
    lay_down(match, 0, "5H 5D 5C")
    assert match.table[0].owner == 0


# -- "a set takes cards of its rank and wilds, a run takes the next card of its suit at
#     either end (or a wild) up to 13 long, and the wilds-per-meld limit holds" -------------


RUN = Meld(MeldKind.RUN, parse_cards("5H 6H 7H"), (5, 6, 7), Suit.HEARTS)
SET = Meld(MeldKind.SET, parse_cards("8C 8D 8S"), (8, 8, 8), None)


@pytest.mark.parametrize(
    ("meld", "card", "position", "fits"),
    [
        (RUN, "4H", 4, True),
        (RUN, "8H", 8, True),
        (RUN, "8S", 8, False),  # another suit
        (RUN, "9H", 9, False),  # not the next card
        (RUN, "3S", 4, True),  # a wild (Threes) at the low end
        (RUN, "3S", 6, False),  # not at an end
        (SET, "8H", 8, True),
        (SET, "7C", 8, False),
        (SET, "3C", 8, True),  # a wild
        (SET, "3C", 7, False),  # a wild in a set stands for its rank
    ],
)
def test_what_a_meld_on_the_table_takes(meld: Meld, card: str, position: int, fits: bool) -> None:
    grown = extended(meld, Card.parse(card, copy=1), position, Rank.THREE, RuleSet())
    assert (grown is not None) == fits


def test_a_run_grows_up_to_thirteen_and_the_wild_limit_holds() -> None:
    long = Meld(
        MeldKind.RUN,
        parse_cards("AH 2H 4H 5H 6H 7H 8H 9H 10H JH QH"),
        tuple(range(1, 12)),
        Suit.HEARTS,
    )
    long = Meld(
        MeldKind.RUN,
        long.cards[:2] + parse_cards("3D") + long.cards[2:],
        tuple(range(1, 13)),
        Suit.HEARTS,
    )
    rules = RuleSet()
    wild = Rank.THREE
    assert meld_fault(long, wild, rules) is None
    full = extended(long, Card.parse("KH"), 13, wild, rules)
    assert full is not None and len(full.cards) == 13
    assert lay_off_spots(Card.parse("3C"), (TableMeld(0, full),), wild, rules) == ()
    one_wild = RuleSet(max_wilds_per_meld=1)
    assert extended(long, Card.parse("3C", copy=1), 13, wild, one_wild) is None
    assert extended(long, Card.parse("KH"), 13, wild, one_wild) is not None


def test_a_wild_on_the_table_keeps_its_place() -> None:
    run = readings(parse_cards("7H 8H 3S"), Rank.THREE, RuleSet())[0]
    assert run.positions == (7, 8, 9)
    grown = extended(run, Card.parse("10H"), 10, Rank.THREE, RuleSet())
    assert grown is not None and grown.cards[2] == Card.parse("3S") and grown.positions[2] == 9
    assert extended(run, Card.parse("9H"), 9, Rank.THREE, RuleSet()) is None


def test_a_meld_of_wilds_only_is_a_set_that_the_first_natural_reads() -> None:
    wilds = parse_cards("3S 3D JK")
    (as_set,) = readings(wilds, Rank.THREE, RuleSet(jokers=2))
    assert as_set.kind is MeldKind.SET
    grown = extended(as_set, Card.parse("QC"), 12, Rank.THREE, RuleSet(jokers=2))
    assert grown is not None and set(grown.positions) == {12}
    assert extended(grown, Card.parse("KC"), 13, Rank.THREE, RuleSet(jokers=2)) is None
    assert readings(wilds, Rank.THREE, RuleSet(jokers=2, all_wild_melds=False)) == ()


# -- "A player goes out when the hand is empty after the discard, or when the cards left after
#     the discard split completely into melds — they are laid down for the player" ----------


def test_going_out_by_an_empty_hand() -> None:
    match = rig(OPEN, ["5H 5D 5C", "2C 6D QS", "4H 8D JC"], stock_top="KS")
    match.apply(STOCK)
    lay_down(match, 0, "5H 5D 5C")
    assert match.going_out_discards() == held(match, 0, "KS")
    events = match.apply(Discard(held(match, 0, "KS")[0]))
    assert any(isinstance(event, WentOut) and event.seat == 0 for event in events)
    assert match.hands[0] == () and match.went_out == 0


def test_a_rest_that_melds_is_laid_down_for_the_player() -> None:
    match = rig(OPEN, ["5H 5D 5C", "2C 6D QS", "4H 8D JC"], stock_top="KS")
    match.apply(STOCK)
    events = match.apply(Discard(held(match, 0, "KS")[0]))
    kinds = [type(event).__name__ for event in events]
    assert kinds[:3] == ["Discarded", "LaidDown", "WentOut"]
    assert match.hands[0] == () and [placed.owner for placed in match.table] == [0]
    assert [move.kind for move in match.log][-2:] == [MoveKind.LAID_DOWN, MoveKind.DISCARDED]


def test_with_contracts_the_rest_must_include_it_until_it_is_laid_down() -> None:
    rules = RuleSet(players=3, table="open", contracts=True)
    # Four cards: the contract is one run; a set in the rest does not go out.
    match = rig(
        rules, ["5H 5D 5C 9S", "2C 6D QS KD", "4H 8D JC 10C"], stock_top="KS", round_index=1
    )
    match.apply(STOCK)
    match.apply(Discard(held(match, 0, "KS")[0]))
    assert match.went_out is None and match.table == ()


# -- "The last turns are ordinary turns of the open table ... a player who empties the hand
#     in a last turn scores 0" and "cards still in a hand at the round's end count in full" --


def test_last_turns_and_scoring_count_hands_in_full() -> None:
    match = rig(OPEN, ["5H 5D 5C", "7C 7D QS", "4H 8D JC"], stock_top="KS 7S 2D")
    match.apply(STOCK)
    match.apply(Discard(held(match, 0, "KS")[0]))  # seat 0 goes out: 5H 5D 5C on the table
    assert match.in_last_turns
    match.apply(STOCK)  # seat 1 draws the 7♠
    lay_down(match, 1, "7C 7D 7S")
    match.apply(Discard(held(match, 1, "QS")[0]))  # empties the hand: 0
    match.apply(STOCK)  # seat 2 draws the 2♦ and keeps 4♥ 8♦ J♣ 2♦ in hand
    events = match.apply(Discard(held(match, 2, "2D")[0]))
    scored = next(event for event in events if isinstance(event, RoundScored))
    # A best arrangement would change nothing here; the hand counts in full: 4 + 8 + 10.
    assert scored.penalties == (0, 0, 22)
    assert scored.arrangements[1].melds == (match_meld := scored.arrangements[1].melds[0],)
    assert match_meld.kind is MeldKind.SET and scored.arrangements[1].leftover == ()
    assert scored.arrangements[2].leftover and scored.arrangements[2].penalty == 22


def test_a_hand_that_would_meld_still_counts_in_full() -> None:
    match = rig(OPEN, ["5H 5D 5C", "8C 8D 8S", "4H 8H JC"], stock_top="KS QS 2D")
    match.apply(STOCK)
    match.apply(Discard(held(match, 0, "KS")[0]))  # seat 0 goes out
    match.apply(STOCK)  # seat 1 draws Q♠ and throws it: 8 8 8 melds, laid down for it
    events = match.apply(Discard(held(match, 1, "QS")[0]))
    assert any(isinstance(event, LaidDown) and event.seat == 1 for event in events)
    match.apply(STOCK)
    events = match.apply(Discard(held(match, 2, "2D")[0]))
    scored = next(event for event in events if isinstance(event, RoundScored))
    assert scored.penalties == (0, 0, 22)


def test_lay_offs_name_the_meld_and_its_owner_in_the_score() -> None:
    match = rig(
        OPEN, ["5H 5D 5C QC", "7C 7D 7S 5S", "4H 8D JC 2S"], stock_top="KS 9S 6S", round_index=1
    )
    match.apply(STOCK)
    lay_down(match, 0, "5H 5D 5C")
    match.apply(Discard(held(match, 0, "KS")[0]))  # keeps QC
    match.apply(STOCK)
    lay_down(match, 1, "7C 7D 7S")
    match.apply(LayOffCard(held(match, 1, "5S")[0], 0, 5))  # onto seat 0's set
    match.apply(Discard(held(match, 1, "9S")[0]))  # hand empty: out
    assert match.went_out == 1
    match.apply(STOCK)
    match.apply(Discard(held(match, 2, "6S")[0]))
    match.apply(STOCK)
    events = match.apply(Discard(held(match, 0, "QC")[0]))
    scored = next(event for event in events if isinstance(event, RoundScored))
    (layoff,) = scored.arrangements[1].layoffs
    assert (layoff.owner, layoff.target, layoff.positions) == (0, 0, (5,))
    assert [str(card) for card in layoff.cards] == ["5S"]
    assert scored.arrangements[0].melds[0].positions == (5, 5, 5)  # as laid: its own cards
    assert scored.penalties[1] == 0


def test_the_melds_of_who_went_out_grow_in_the_last_turns_and_the_match_saves() -> None:
    """Found by the soak: a save whose going-out melds were laid off onto afterwards read
    back as corrupt (it compared the melds as they stand with the melds as laid down)."""
    match = rig(
        OPEN, ["5H 5D 5C 5S", "7C 7D 7S 5D", "4H 8D JC 2S"], stock_top="KS 2H", round_index=1
    )
    match.apply(STOCK)
    match.apply(Discard(held(match, 0, "KS")[0]))  # 5 5 5 5 laid down for seat 0: out
    assert match.went_out == 0
    match.apply(STOCK)
    lay_down(match, 1, "7C 7D 7S")
    match.apply(LayOffCard(held(match, 1, "5D")[0], 0, 5))
    assert len(match.table[0].meld.cards) == 5
    document = json.loads(json.dumps(match.to_json()))
    assert Match.from_json(document, verify=False) == match
    shown = document["state"]["went_out"]["arrangement"]["melds"][0]
    shown["cards"], shown["positions"] = shown["cards"][:3], shown["positions"][:3]
    with pytest.raises(ValueError, match="the last melds the seat laid down"):
        Match.from_json(document, verify=False)


# -- the option's neighbours -----------------------------------------------------------------


def test_free_jokers_at_the_open_table() -> None:
    rules = RuleSet(players=3, table="open", jokers=2, free_jokers=True)
    match = rig(rules, ["5H 5D 5C", "JK 7D QS", "4H 8D JC"], stock_top="KS 2D 2H")
    match.apply(STOCK)
    match.apply(Discard(held(match, 0, "KS")[0]))
    match.apply(STOCK)
    match.apply(Discard(held(match, 1, "2D")[0]))
    match.apply(STOCK)
    events = match.apply(Discard(held(match, 2, "2H")[0]))
    scored = next(event for event in events if isinstance(event, RoundScored))
    assert scored.penalties[1] == 7 + 10 and [str(c) for c in scored.thrown_jokers[1]] == ["JK"]


# -- atomic refusals, saves and JSON -------------------------------------------------------


def test_a_refused_lay_move_leaves_the_match_as_it_was() -> None:
    match = nine_card_round()
    match.apply(STOCK)
    before = match.to_json()
    bad = LayDown((Meld(MeldKind.SET, held(match, 0, "7H 8H 10H"), (7, 7, 7), None),))
    assert match.refusal(bad) is Refusal.NOT_A_MELD
    with pytest.raises(IllegalMoveError, match="cannot stand for"):
        match.apply(bad)
    with pytest.raises(IllegalMoveError, match="no meld 3 on the table"):
        lay_down(match, 0, "KS KD KC")
        match.apply(LayOffCard(held(match, 0, "2D")[0], 3, 2))
    assert len(match.table) == 1
    match.apply(Discard(held(match, 0, "2D")[0]))
    assert match.to_json() != before


def test_lay_moves_save_replay_and_read_back_mid_turn() -> None:
    match = nine_card_round()
    match.apply(STOCK)
    lay_down(match, 0, "KS KD KC", "7H 8H 9S")
    document = json.loads(json.dumps(match.to_json()))
    assert document["format"] == 4 and len(document["state"]["table"]) == 2
    assert Match.from_json(document, verify=False) == match  # a rig: its seed leads elsewhere
    document["state"]["table"].pop()
    with pytest.raises(ValueError, match="table must be the melds the log lays down"):
        Match.from_json(document, verify=False)
    for action in match.actions:
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


def test_bad_lay_move_json_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="lay_down needs at least one meld"):
        action_from_json({"lay_down": []})
    with pytest.raises(ValueError, match="exactly 'card', 'meld' and 'position'"):
        action_from_json({"lay_off": {"card": "7H.0", "meld": 0}})
    with pytest.raises(ValueError, match=r"position must be in 1\.\.14"):
        action_from_json({"lay_off": {"card": "7H.0", "meld": 0, "position": 15}})


# -- the helpers against brute force ----------------------------------------------------------


def brute_readings(
    cards: tuple[Card, ...], wild: Rank, rules: RuleSet
) -> set[tuple[str, tuple[int, ...]]]:
    """Every (kind, positions as the cards' order sorted) reading by trying every order and
    every kind, checked by :func:`meld_fault` (kind, sorted positions)."""
    found = set()
    for order in set(permutations(cards)):
        for low in range(1, 15):
            positions = tuple(range(low, low + len(cards)))
            for suit in Suit:
                run = Meld(MeldKind.RUN, order, positions, suit)
                if meld_fault(run, wild, rules) is None:
                    found.add(("run", positions))
        for rank in range(1, 14):
            group = Meld(MeldKind.SET, order, (rank,) * len(cards), None)
            if meld_fault(group, wild, rules) is None:
                found.add(("set", group.positions))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_readings_are_every_legal_meld_of_the_cards(seed: int) -> None:
    rng = random.Random(seed)
    rules = RuleSet(jokers=2, aces=rng.choice(["low", "low_or_high"]))
    wild = rng.choice(list(Rank))
    shoe = [
        c
        for c in new_shoe(2, 2)
        if c.rank is None
        or c.rank in (wild, Rank.ACE, Rank.TWO, Rank.KING, Rank.QUEEN)
        or c.suit is Suit.HEARTS
    ]
    checked = 0
    for _ in range(60):
        cards = tuple(rng.sample(shoe, rng.choice([3, 3, 4])))
        expected = brute_readings(cards, wild, rules)
        if all(card.is_wild(wild) for card in cards):
            expected = {reading for reading in expected if reading[0] == "set"}
            got = {(m.kind.value, m.positions) for m in readings(cards, wild, rules)}
            assert got <= expected and bool(got) == bool(expected)
            continue
        got = {(m.kind.value, m.positions) for m in readings(cards, wild, rules)}
        assert got == expected, cards
        assert bool(got) == is_legal_meld(cards, wild, rules)
        checked += bool(got)
    assert checked > 3


@pytest.mark.parametrize("seed", range(4))
def test_lay_off_spots_are_every_place_a_card_fits(seed: int) -> None:
    rng = random.Random(seed)
    rules, wild = RuleSet(aces="low_or_high"), Rank.THREE
    shoe = new_shoe(2, 0)
    table: list[TableMeld] = []
    while len(table) < 6:
        cards = tuple(rng.sample(shoe, 3))
        table += [TableMeld(0, meld) for meld in readings(cards, wild, rules)[:1]]
    for card in rng.sample(shoe, 40):
        spots = set(lay_off_spots(card, table, wild, rules))
        brute = {
            (index, position)
            for index, placed in enumerate(table)
            for position in range(0, 16)
            if _fits(placed.meld, card, position, wild, rules)
        }
        assert spots == brute


def _fits(meld: Meld, card: Card, position: int, wild: Rank, rules: RuleSet) -> bool:
    """Brute force: some order of the meld's cards and the card, in the meld's kind, with the
    old cards keeping their places, is legal with the card at ``position``."""
    if meld.kind is MeldKind.SET:
        grown = Meld(MeldKind.SET, (*meld.cards, card), (position,) * (len(meld.cards) + 1), None)
        read = all(c.is_wild(wild) for c in meld.cards) and not card.is_wild(wild)
        keeps = set(meld.positions) == {position} or read
        return keeps and meld_fault(grown, wild, rules) is None
    pairs = [*zip(meld.positions, meld.cards, strict=True), (position, card)]
    places = sorted(pairs, key=lambda pair: pair[0])
    grown = Meld(MeldKind.RUN, tuple(c for _, c in places), tuple(p for p, _ in places), meld.suit)
    return meld_fault(grown, wild, rules) is None


@pytest.mark.parametrize("seed", range(3))
def test_every_round_of_open_play_scores_the_hands_in_full(seed: int) -> None:
    """Random open-table matches (greedy lay moves): at every round's end each seat but the
    one out scores the plain sum of the cards it holds, times the round's factor, jokers
    thrown aside; the table's cards and every card laid count nothing."""
    rules = RuleSet(players=3, schedule="short", table="open", jokers=2, free_jokers=seed == 1)
    match, rng = Match.new(rules, seed), random.Random(seed)
    rounds = 0
    while not match.is_over:
        held_now = [list(hand) for hand in match.hands]
        wild, factor = match.wild_rank, match.multiplier
        events = match.apply(random_action(match, rng, greed=0.9))
        for event in events:  # the last turn's discard (and a rest laid down) left the hand
            if isinstance(event, Discarded):
                held_now[event.seat].remove(event.card)
            elif isinstance(event, LaidDown):
                for meld in event.melds:
                    for card in meld.cards:
                        held_now[event.seat].remove(card)
            if not isinstance(event, RoundScored):
                continue
            scored, hands = event, held_now
            rounds += 1
            out = scored.went_out
            for seat, hand in enumerate(hands):
                thrown = out is not None and rules.free_jokers and seat != out
                kept = [card for card in hand if not (thrown and card.rank is None)]
                expected = 0 if seat == out else factor * sum(rules.penalty(c, wild) for c in kept)
                assert scored.penalties[seat] == expected
    assert rounds == rules.rounds
