"""Rigged open tables with several melds down, at four seats and at eight: what the meld
reading tests (and the screenshots) look at."""

from __future__ import annotations

from game.engine.actions import Discard, Draw, DrawSource, LayDown
from game.engine.cards import Card, parse_cards
from game.engine.match import Match
from game.engine.open_table import readings
from game.engine.rules import RuleSet
from tests.engine.match_tools import rig

EIGHT_HANDS = (
    "2H 3H 4H 9C 9D 9S KD",
    "3C 4C 5C JH JD JS 2D",
    "8D 9D 10D QC QH QS AD",
    "4S 5S 6S KH KC KS 2C",
    "10H JH QH 5D 5H 5S 3D",
    "AC 2C 3C 8H 8S 8C 6D",
    "AS 2S 3S 4D 4H 4C 10S",
    "JC QC KC 6S 6H 6C 9H",
)
"""Round 5 (seven cards, sevens wild) at eight seats: each seat holds two melds."""
FOUR_HANDS = EIGHT_HANDS[:4]
"""The same round at four seats."""
DRAWN = "10C AH QD 8D JS 5H 3S KS"
"""The cards the seats draw in turn (each thrown again), from Left round to you."""


def open_table_laid_down(players: int) -> Match:
    """The open table of ``players`` (4 or 8) after every opponent laid down its two melds and
    discarded what it drew, and you drew and laid down yours: you to discard (a rigged
    position: its actions dropped)."""
    hands = EIGHT_HANDS if players == 8 else FOUR_HANDS
    drawn = parse_cards(DRAWN)[:players]
    rules = RuleSet(players=players, table="open")
    match = rig(rules, hands, discard="KH", stock_top=DRAWN, round_index=4, current_seat=1)
    for seat in (*range(1, players), 0):
        hand = hands[seat].split()
        match.apply(Draw(DrawSource.STOCK))
        held = held_cards(match, seat)
        match.apply(
            lay_down(
                match, [held[label] for label in hand[:3]], [held[label] for label in hand[3:6]]
            )
        )
        if seat:
            match.apply(Discard(held[str(drawn[seat - 1])]))
    document = match.to_json()
    document["actions"] = []
    return Match.from_json(document, verify=False)


def held_cards(match: Match, seat: int) -> dict[str, Card]:
    """The cards ``seat`` holds, by label (``"9D"``)."""
    return {str(card): card for card in match.hands[seat]}


def lay_down(match: Match, *melds: list[Card]) -> LayDown:
    """Lay down each of ``melds`` (its first reading)."""
    return LayDown(tuple(readings(meld, match.wild_rank, match.rules)[0] for meld in melds))
