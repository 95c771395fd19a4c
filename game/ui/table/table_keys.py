"""The table's keys: each with its words in the help line under your hand, in one table.

The table reads its key presses from :func:`table_shortcuts` and builds its help line from
the same table (:func:`game.ui.kit.keys.help_line`), so the two never disagree.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.engine.actions import Action, Draw, DrawSource
from game.engine.cards import Card, Rank, Suit
from game.engine.match import Match
from game.i18n import N_, _
from game.ui.kit.keys import Shortcut
from game.ui.scene import SceneContext
from game.ui.table.hint_desk import HintDesk
from game.ui.table.playback import Playback
from game.ui.table.pointer import Pointer
from game.words.card_words import card_short

HURRY_KEY = pygame.K_f
"""Held down, it hurries the table (as the left button held on the felt does)."""


class KeyedTable(Protocol):
    """What the table's keys do at the table."""

    @property
    def context(self) -> SceneContext: ...

    @property
    def match(self) -> Match: ...

    @property
    def playback(self) -> Playback: ...

    @property
    def hints(self) -> HintDesk: ...

    @property
    def pointer(self) -> Pointer: ...

    def play(self, action: Action) -> bool: ...

    def step_selection(self, step: int, carry: bool) -> None:
        """Select the next card left or right (``carry``: move the selected card that way)."""
        ...

    def discard_selected(self) -> None: ...

    def enter_card(self) -> Card | None:
        """The card Enter discards now, if any."""
        ...

    def take_back(self) -> None: ...

    def undo_offered(self) -> bool: ...

    def show_scores(self) -> None: ...

    def toggle_log(self) -> None: ...

    def log_fits(self) -> bool: ...

    def skip(self) -> None: ...

    def hold_hurry(self) -> None: ...

    def pause(self) -> None: ...


WIDEST_CARD = Card(Rank.TEN, Suit.HEARTS)
"""The card whose short name is as wide as any: the keys' line makes room for it."""


def enter_words(card: Card | None) -> str:
    """What the help line says of Enter: the card it discards now, if any."""
    if card is None:
        return _("Enter discard")
    # TRANSLATORS: in the help line of keys, e.g. "Enter discard 9♠"
    return _("Enter discard {card}").format(card=card_short(card))


def table_shortcuts(table: KeyedTable) -> tuple[Shortcut, ...]:
    """The table's keys, each with its words in the help line (in this order)."""
    step = table.step_selection
    return (
        Shortcut(
            N_("←/→ select"),
            {pygame.K_LEFT: lambda: step(-1, False), pygame.K_RIGHT: lambda: step(1, False)},
        ),
        Shortcut(
            N_("Shift+←/→ move card"),
            {pygame.K_LEFT: lambda: step(-1, True), pygame.K_RIGHT: lambda: step(1, True)},
            shift=True,
        ),
        Shortcut(
            N_("↑/↓ melds"),
            {
                pygame.K_UP: lambda: table.pointer.look_along(1),
                pygame.K_DOWN: lambda: table.pointer.look_along(-1),
            },
            live=lambda: table.match.rules.table == "open",
        ),
        Shortcut(N_("S stock"), {pygame.K_s: lambda: table.play(Draw(DrawSource.STOCK))}),
        Shortcut(N_("D discard pile"), {pygame.K_d: lambda: table.play(Draw(DrawSource.DISCARD))}),
        Shortcut(
            N_("Enter discard"),
            {
                pygame.K_RETURN: table.discard_selected,
                pygame.K_KP_ENTER: table.discard_selected,
            },
            said=lambda: enter_words(table.enter_card()),
            widest=lambda: enter_words(WIDEST_CARD),
        ),
        Shortcut(N_("U undo"), {pygame.K_u: table.take_back}, live=table.undo_offered),
        Shortcut(N_("H hint"), {pygame.K_h: table.hints.ask_hint}),
        Shortcut(N_("Tab scores"), {pygame.K_TAB: table.show_scores}),
        Shortcut(N_("L log"), {pygame.K_l: table.toggle_log}, live=table.log_fits),
        Shortcut(
            N_("R rules"),
            {pygame.K_r: lambda: table.context.open_rules(table.match.rules)},
        ),
        Shortcut(
            N_("O settings"),
            {pygame.K_o: table.context.open_settings},
        ),
        Shortcut(N_("Space skip"), {pygame.K_SPACE: table.skip}),
        Shortcut(
            # TRANSLATORS: held down, F speeds the AI's turns up; the key first.
            N_("F (hold) hurry"),
            {HURRY_KEY: table.hold_hurry},
            live=lambda: table.playback.may_hurry,
        ),
        Shortcut(N_("Escape menu"), {pygame.K_ESCAPE: table.pause}),
    )
