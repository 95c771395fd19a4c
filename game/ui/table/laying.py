"""Your lay moves at the open table, from the mouse: the cards you picked split into melds,
a card dropped on a meld laid off at the end nearer where it was let go.

It only words your choice as an action (or says why none fits); the engine judges it.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.actions import LayDown, LayOffCard
from game.engine.cards import Card
from game.engine.legality import Refusal
from game.engine.match import Match
from game.engine.melds import Arrangement, MeldKind
from game.engine.open_table import laid_down, lay_off_spots
from game.engine.solver import best_arrangement, contract_arrangement


def lay_down(match: Match, cards: Sequence[Card]) -> LayDown | Refusal:
    """``cards`` split into melds by the solver (the round's contract, if you have not laid
    down yet), or why they cannot be: what forbids any lay move now (the engine's word: no
    draw yet, no card left to discard ...), not melds (every card must meld), or not the
    contract."""
    early = match.lay_refusal(cards)
    if early is not None:
        return early
    seat, wild, rules = match.current_seat, match.wild_rank, match.rules
    contract = None if laid_down(match.table, seat) else match.contract
    arrangement: Arrangement | None
    if contract is None:
        arrangement = best_arrangement(cards, wild, rules)
    else:
        arrangement = contract_arrangement(cards, wild, rules, contract)
    if arrangement is None or arrangement.leftover or not arrangement.melds:
        melds_alone = best_arrangement(cards, wild, rules)
        whole = not melds_alone.leftover and bool(melds_alone.melds)
        return Refusal.NOT_THE_CONTRACT if contract is not None and whole else Refusal.NOT_A_MELD
    return LayDown(arrangement.melds)


def lay_off(match: Match, card: Card, meld: int, toward_high: bool) -> LayOffCard:
    """``card`` laid off onto the table's meld ``meld``: where it fits (at the high end of a
    run if ``toward_high`` and both ends take it); where it does not, at the meld's first
    place, for the engine to refuse."""
    spots = [
        position
        for index, position in lay_off_spots(card, match.table, match.wild_rank, match.rules)
        if index == meld
    ]
    if not spots:
        placed = match.table[meld].meld if 0 <= meld < len(match.table) else None
        return LayOffCard(card, meld, 0 if placed is None else placed.positions[0])
    if len(spots) > 1 and match.table[meld].meld.kind is MeldKind.RUN:
        return LayOffCard(card, meld, max(spots) if toward_high else min(spots))
    return LayOffCard(card, meld, spots[0])
