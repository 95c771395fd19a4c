"""A round that will not end ends at 100 turns per player (docs/RULES.md)."""

from __future__ import annotations

import pytest

import game.engine.match as engine_match
from game.engine.actions import Discard, Phase
from game.engine.cards import Rank
from game.engine.events import Event, RoundAbandoned, RoundScored, WentOut
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement
from tests.engine.match_tools import STOCK, TAKE, card, rig

TURN_LIMIT = 100
"""Turns per player (docs/RULES.md, "A round that will not end")."""


def take_and_keep(match: Match) -> list[Event]:
    """Take the discard, then throw the card that leaves the dearest hand (never going out)."""
    events = match.apply(TAKE)
    hand, rules = match.hands[match.current_seat], match.rules
    options = [action for action in match.legal_actions() if isinstance(action, Discard)]

    def left(action: Discard) -> int:
        rest = [other for other in hand if other != action.card]
        return best_arrangement(rest, match.wild_rank, rules).penalty

    return events + match.apply(max(options, key=left))


def test_two_seats_taking_the_discard_pile_end_the_round_at_the_limit() -> None:
    """They never empty the stock: round 1 used to go on forever."""
    rules = RuleSet(players=2)
    match = Match.new(rules, 3)
    events: list[Event] = []
    turns = 0
    while match.round_index == 0 and turns < TURN_LIMIT * 2 + 10:
        seat, held = match.current_seat, [list(hand) for hand in match.hands]
        turn = take_and_keep(match)
        events += turn
        turns += 1
    assert match.round_index == 1 and turns == TURN_LIMIT * 2
    assert engine_match.TURN_LIMIT == TURN_LIMIT  # the engine's one named constant
    assert not any(isinstance(event, WentOut) for event in events)
    assert [e for e in events if isinstance(e, RoundAbandoned)] == [
        RoundAbandoned(0, 1 - seat, "turns")
    ]
    # The last turn: seat took a card and threw another; everyone is scored on the
    # best arrangement of the hand held, and nobody gets the going-out zero.
    taken, thrown = turn[0].card, turn[1].card  # type: ignore[union-attr]
    held[seat] = [*held[seat], taken]
    held[seat].remove(thrown)
    (scored,) = [event for event in events if isinstance(event, RoundScored)]
    assert scored.abandoned and scored.went_out is None
    assert scored.penalties == tuple(
        best_arrangement(hand, Rank.THREE, rules).penalty for hand in held
    )
    assert Match.replay(rules, 3, match.actions) == match
    assert Match.from_json(match.to_json()) == match


def three_seats_near_the_limit(lay_off: bool, turns: int) -> Match:
    """Round 1, three seats, ``turns`` turns played; seat 0 to play holds a whole run."""
    return rig(
        RuleSet(players=3, lay_off=lay_off),
        ["7H 8H 9H", "2C 9D KH", "10H 5D QS"],
        stock_top="KD QC JS",
        turns_played=turns,
    )


@pytest.mark.parametrize(("lay_off", "third"), [(False, 25), (True, 15)])
def test_the_limit_in_the_last_turns_ends_the_round_at_once(lay_off: bool, third: int) -> None:
    """Seat 0 goes out on turn 299; turn 300 (seat 1's last) reaches the limit: seat 2
    gets no last turn and is scored on its hand, laying off its 10♥ when that is on."""
    match = three_seats_near_the_limit(lay_off, TURN_LIMIT * 3 - 2)
    match.apply(STOCK)
    assert any(isinstance(event, WentOut) for event in match.apply(Discard(card("KD"))))
    match.apply(STOCK)
    events = match.apply(Discard(card("QC")))
    assert RoundAbandoned(0, 2, "turns") in events
    (scored,) = [event for event in events if isinstance(event, RoundScored)]
    assert (scored.went_out, scored.abandoned) == (0, True)
    assert scored.penalties == (0, 21, third)
    assert match.round_index == 1 and match.phase is Phase.DRAW


def test_going_out_on_the_turn_that_reaches_the_limit_keeps_the_last_turns() -> None:
    match = three_seats_near_the_limit(False, TURN_LIMIT * 3 - 1)
    match.apply(STOCK)
    events = match.apply(Discard(card("KD")))
    assert any(isinstance(event, WentOut) for event in events)
    assert not any(isinstance(event, RoundAbandoned) for event in events)
    assert match.in_last_turns and match.last_turns_left == 2
    for _ in range(2):
        match.apply(STOCK)
        events = match.apply(Discard(match.hands[match.current_seat][-1]))
    (scored,) = [event for event in events if isinstance(event, RoundScored)]
    assert (scored.went_out, scored.abandoned) == (0, False)


def test_a_round_past_its_limit_is_refused() -> None:
    three_seats_near_the_limit(False, TURN_LIMIT * 3 - 1)  # one turn short: fine
    with pytest.raises(ValueError, match="the log has 300 turns: a round ends at 100 per player"):
        three_seats_near_the_limit(False, TURN_LIMIT * 3)
