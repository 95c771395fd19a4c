"""Laying off onto a meld made only of wilds: it stands for the set or run that suits."""

from __future__ import annotations

from game.engine.cards import Rank, Suit, parse_cards
from game.engine.layoff import best_lay_off, readings
from game.engine.melds import Meld, MeldKind, meld_fault
from game.engine.rules import RuleSet

FOURS = Rank.FOUR
LAY_OFF = RuleSet(players=2, lay_off=True)
ALL_WILD = Meld(MeldKind.SET, parse_cards("4C 4D 4H"), (1, 1, 1), None)  # as the solver shows it


def test_a_set_is_laid_off_onto_an_all_wild_meld() -> None:
    best = best_lay_off(parse_cards("7H 7S KC 2D"), FOURS, LAY_OFF, [ALL_WILD])
    assert best.penalty == 12 and sorted(map(str, best.leftover)) == ["2D", "KC"]
    (layoff,) = best.layoffs
    assert sorted(map(str, layoff.cards)) == ["7H", "7S"] and layoff.positions == (7, 7)


def test_a_run_is_laid_off_onto_an_all_wild_meld() -> None:
    """7♥ below, J♥ above: the wilds stand for 8♥ 9♥ 10♥ (a set would save less)."""
    best = best_lay_off(parse_cards("7H JH KC 2D"), FOURS, LAY_OFF, [ALL_WILD])
    assert best.penalty == 12 and sorted(map(str, best.leftover)) == ["2D", "KC"]
    (layoff,) = best.layoffs
    assert list(map(str, layoff.cards)) == ["7H", "JH"] and layoff.positions == (7, 11)


def test_a_wild_of_the_hand_bridges_the_gap_to_an_all_wild_run() -> None:
    """5♥, the wilds as 6♥ 7♥ 8♥, the hand's 4♠ as 9♥, then 10♥: only K♣ is left."""
    best = best_lay_off(parse_cards("5H 10H 4S KC"), FOURS, LAY_OFF, [ALL_WILD])
    assert best.penalty == 10 and list(map(str, best.leftover)) == ["KC"]


def test_readings_are_legal_melds_and_start_with_the_meld_as_written() -> None:
    found = readings(ALL_WILD, parse_cards("AH 7S 9D KC"), FOURS, RuleSet(aces="low_or_high"))
    assert found[0] == ALL_WILD and len(set(found)) == len(found) > 10
    assert all(meld_fault(meld, FOURS, RuleSet(aces="low_or_high")) is None for meld in found)
    assert any(m.positions == (11, 12, 13) and m.suit is Suit.HEARTS for m in found)  # A high
    natural = Meld(MeldKind.RUN, parse_cards("7H 8H 9H"), (7, 8, 9), None)
    assert readings(natural, parse_cards("AH 7S"), FOURS, LAY_OFF) == (natural,)


def test_without_an_all_wild_meld_the_solver_answers_alone() -> None:
    run = Meld(MeldKind.RUN, parse_cards("7H 8H 9H"), (7, 8, 9), Suit.HEARTS)
    best = best_lay_off(parse_cards("10H 5C"), FOURS, LAY_OFF, [run])
    assert best.penalty == 5 and best.layoffs[0].positions == (10,)
