"""The table's layout fitted to a window and to its words: one place for the table and the replay.

The layout (:class:`TableLayout`) is worked out from the window's size; this fits it to what
it must hold: the log's column beside it (if shown), your line's width, the keys' lines
under your hand (or the replay's foot) and the corner's contract lines.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import pygame

from game.engine.contracts import contract_for
from game.engine.rules import RuleSet
from game.ui.kit.text import Text
from game.ui.kit.type_scale import TypeScale
from game.ui.seen.layout import MOST_SEAT_CARDS, TableLayout
from game.ui.seen.log_panel import log_width
from game.ui.seen.resting_layer import PARTS_APART
from game.ui.seen.table_painter import your_words_width
from game.words.table_words import WIDEST_TOTAL, contract_line, held_line


def fitted_layout(
    text: Text,
    size: tuple[int, int],
    rules: RuleSet,
    log_shown: bool,
    you_sample: str,
    keys_lines: Callable[[TableLayout, TypeScale], int],
    seat_labels: Sequence[str],
) -> tuple[TableLayout, pygame.Rect]:
    """The table's layout in a window of ``size``, and where the log goes (no width: not
    shown). ``you_sample`` is your line with a total as wide as any; ``keys_lines`` says
    how many lines the foot under your hand takes in a layout; ``seat_labels`` are the
    seats' names on their plates (yours first)."""
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
        top_plate_room=_top_plate_room(text, table, seat_labels),
        tracker=rules.contracts,
    )
    return layout, log_rect


def _top_plate_room(text: Text, table: TableLayout, seat_labels: Sequence[str]) -> int:
    """How tall the tallest top seat's plate's lines stand (see
    :attr:`TableLayout.top_plate_room`): its name, its cards and total with a total as wide
    as any, each wrapped to the plate's width, and one line more."""
    size, rooms = table.text_size, [0]
    line, widest = text.font(size).get_linesize() + 2, held_line(MOST_SEAT_CARDS, WIDEST_TOTAL)
    for seat in table.seats:
        if table.side(seat) != "T":
            continue
        width = table.top_slot(seat).width - table.margin  # as wide as its plate
        name = text.wrap(seat_labels[seat], size, width, True, separator=PARTS_APART)
        held = text.wrap(widest, size, width, separator=PARTS_APART)
        rooms.append((len(name) + len(held) + 1) * line)
    return max(rooms)
