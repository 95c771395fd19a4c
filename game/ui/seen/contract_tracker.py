"""The contract tracker: at your hand's left, over your plate, what your hand holds of the
round's contract and what it still lacks, in words, and a mark over each card that makes it.

It shows while contracts are on and you have not laid the contract down (at the closed
table: all round). What the hand holds is the engine's
(:func:`~game.engine.contract_hold.contract_hold`); the words are
:mod:`game.words.contract_words`'.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.engine.cards import Card, Rank
from game.engine.contract_hold import ContractHold, contract_hold
from game.engine.contracts import Contract
from game.engine.open_table import laid_down
from game.engine.rules import RuleSet
from game.ui.kit.text import Color, Text
from game.ui.kit.widgets import INK
from game.ui.seen.layout import TableLayout
from game.ui.seen.shown import ShownTable
from game.words.contract_words import hold_sentence
from game.words.table_words import contract_line

CONTRACT_MARK: Color = (255, 150, 70)
"""The tracker's colour: its heading, and the mark over each card that makes the contract."""


def tracked_hold(shown: ShownTable, layout: TableLayout) -> ContractHold | None:
    """What your hand as shown holds of the contract, while the tracker shows (the layout
    has its room, contracts are on, your hand is dealt, you have not laid the contract down)."""
    contract, hand = shown.contract, shown.hands[0] if shown.hands else []
    if not layout.tracker or contract is None or not hand or laid_down(shown.table, 0):
        return None
    return _hold(tuple(hand), shown.wild_rank, shown.rules, contract)


@lru_cache(maxsize=32)
def _hold(hand: tuple[Card, ...], wild: Rank, rules: RuleSet, contract: Contract) -> ContractHold:
    return contract_hold(hand, wild, rules, contract)


def tracker_lines(hold: ContractHold, text: Text, box: pygame.Rect, size: int) -> list[str]:
    """The tracker's lines in ``box`` at ``size``: the contract, then what your hand holds of
    it; where that does not fit, what it lacks without naming the cards."""
    heading = text.wrap(contract_line(hold.contract), size, box.width, True)
    room = box.height // text.font(size).get_linesize() - len(heading)
    said = text.wrap(hold_sentence(hold), size, box.width)
    if len(said) > room:
        said = text.wrap(hold_sentence(hold, cards=False), size, box.width)
    return heading + said[: max(0, room)]


def paint_tracker(
    hold: ContractHold, surface: pygame.Surface, text: Text, box: pygame.Rect, size: int
) -> None:
    """The tracker's lines in ``box``, the contract in its colour (bold), the rest under it."""
    heading = len(text.wrap(contract_line(hold.contract), size, box.width, True))
    top = box.top
    for index, line in enumerate(tracker_lines(hold, text, box, size)):
        bold = index < heading
        colour = CONTRACT_MARK if bold else INK
        placed = text.blit(surface, line, size, colour, bold, box=box, topleft=(box.left, top))
        top = placed.bottom


def contract_mark(surface: pygame.Surface, rect: pygame.Rect, layout: TableLayout) -> pygame.Rect:
    """The mark over a card of your hand that makes the contract: a small pointer over its
    top left corner, above the card (clear of its index, the wild star and the meld bar)."""
    height = max(5, layout.hand_height // 16)
    left = rect.left + max(2, rect.width // 12)
    tip = (left + height, rect.top - 2)
    points = [(left, tip[1] - height), (left + 2 * height, tip[1] - height), tip]
    pygame.draw.polygon(surface, CONTRACT_MARK, points)
    pygame.draw.polygon(surface, (120, 60, 20), points, 1)
    return pygame.Rect(left, tip[1] - height, 2 * height + 1, height + 1)
