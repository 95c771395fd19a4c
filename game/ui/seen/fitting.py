"""The table's layout fitted to a window and to its words: one place for the table and the replay.

The layout (:class:`TableLayout`) is worked out from the window's size; this fits it to what
it must hold: the log's column beside it (if shown), your line's width, the keys' lines
under your hand (or the replay's foot) and the corner's contract lines.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from game.engine.contracts import contract_for
from game.engine.rules import RuleSet
from game.ui.kit.text import Text
from game.ui.kit.type_scale import TypeScale
from game.ui.seen.layout import TableLayout
from game.ui.seen.log_panel import log_width
from game.ui.seen.table_painter import your_words_width
from game.words.table_words import contract_line


def fitted_layout(
    text: Text,
    size: tuple[int, int],
    rules: RuleSet,
    log_shown: bool,
    you_sample: str,
    keys_lines: Callable[[TableLayout, TypeScale], int],
) -> tuple[TableLayout, pygame.Rect]:
    """The table's layout in a window of ``size``, and where the log goes (no width: not
    shown). ``you_sample`` is your line with a total as wide as any; ``keys_lines`` says
    how many lines the foot under your hand takes in a layout."""
    width, height = size
    scale = TypeScale.for_window(size)
    column = log_width(width, scale.body, log_shown)
    log_rect = pygame.Rect(width - column, 0, column, height)
    table = TableLayout(
        width - column, height, scale, players=rules.players, open_table=rules.table == "open"
    )
    contracts = {contract_for(hand) for hand in rules.hand_sizes} if rules.contracts else set()
    corner = [
        len(text.wrap(contract_line(contract), scale.body, table.corner_box.width))
        for contract in contracts
    ]
    layout = dataclasses.replace(
        table,
        words_width=your_words_width(text, scale.body, you_sample),
        keys_lines=keys_lines(table, scale),
        corner_extra=max(corner, default=0),
        tracker=rules.contracts,
    )
    return layout, log_rect
