"""The table's picture: everything it shows in one frame, built in one place.

:func:`table_picture` builds a :class:`TablePicture` from what has been shown; the table at
play and the replay both call it (the replay with nothing of the play: no selection, no
drag, no hint, every card at rest), so a position looks the same in both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pygame

from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.contract_hold import ContractHold
from game.engine.melds import Arrangement
from game.i18n import _
from game.ui.kit.sprites import CardSprite
from game.ui.kit.text import Color
from game.ui.kit.widgets import Button
from game.ui.seen.contract_tracker import tracked_hold
from game.ui.seen.layout import TableLayout
from game.ui.seen.log_panel import LogPanel
from game.ui.seen.shown import ShownTable
from game.words.card_words import capitalized, wild_sentence
from game.words.seat_words import Seating
from game.words.table_words import contract_line, round_title, seat_label, status_line, your_line


@dataclass(frozen=True, slots=True)
class TablePicture:
    """Everything the table shows in one frame, as the painter reads it."""

    layout: TableLayout
    shown: ShownTable
    """The match as far as it has been shown (whose turn and the phase included)."""
    sprites: Mapping[Card, CardSprite]
    keys: str
    """The keys' help line at the bottom (empty: none, as in autoplay)."""
    seat_labels: tuple[str, ...]
    """Per seat, its name and level."""
    you_label: str
    """The line above your hand."""
    thinking: int | None
    """The seat shown as thinking, if any."""
    arrangement: Arrangement
    """A best arrangement of your hand as shown."""
    selected: int | None
    """Index of your selected card."""
    hinted: Action | None
    """The action a hint suggests."""
    dragged: CardSprite | None
    glows: tuple[tuple[pygame.Rect, Color], ...]
    """Drop targets that take the dragged card, with their glow colour."""
    refusing: tuple[pygame.Rect, ...]
    """Drop targets that would refuse the dragged card (each marked as refusing)."""
    refusal: str | None
    """Why the target under the dragged card would refuse it (shown where the notice goes)."""
    banner: str | None
    notice: str | None
    status: str
    title: str
    """The round: ``Round 3 of 11``."""
    wild: str
    """Its wild rank: ``Fives are wild``."""
    dealer: str
    buttons: tuple[Button, ...]
    contract: str = ""
    """The round's contract: ``Contract: 2 sets and 1 run`` (empty: no contracts)."""
    go_out: frozenset[Card] = frozenset()
    """The cards of your hand whose discard goes out (each wears a GO OUT badge)."""
    penalty: int | None = None
    """Your penalty now, what your hand would pay if the round ended now (the engine's
    ``penalty_if_ended``: once you have drawn, after the best discard); None: the
    arrangement's, as in the replay."""
    notice_playable: bool = False
    """True if the notice is the hint's line and a click on it plays the hint's discard."""
    named: Card | None = None
    """The card the pointer rests on: its name is shown above it."""
    goer: int | None = None
    """The opponent who just went out, while their hand is shown large."""
    magnified: Card | None = None
    """A card drawn smaller than your hand's, hovered or in focus: shown large beside its
    meld (or its hand), with its name."""
    coach: str | None = None
    """The coach's tip for this moment, if any."""
    fanned: tuple[Card, ...] = ()
    """The discard pile spread out, oldest first (while the pointer rests on it)."""
    log: tuple[str, ...] = ()
    """This round's action log, oldest line first."""
    log_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """Where the log goes (no width: not shown)."""
    log_back: int = 0
    """How many lines the log is scrolled back from the newest."""
    picked: frozenset[Card] = frozenset()
    """The cards of your hand picked to lay down (the open table)."""
    every_hand: bool = False
    """True to name each opponent's cards on its plate (a replay of a finished match shows
    every hand; the table at play never does)."""
    tracker: ContractHold | None = None
    """What your hand holds of the contract, while the contract tracker shows."""


@dataclass(frozen=True, slots=True)
class AtPlay:
    """What only the table at play shows over a position (the replay shows none of it)."""

    keys: str = ""
    """The keys' help line (empty: none, as in autoplay and the replay)."""
    busy: bool = True
    """True while events wait to be shown or cards move (the status line says less)."""
    thinking: int | None = None
    selected: int | None = None
    hinted: Action | None = None
    dragged: CardSprite | None = None
    glows: tuple[tuple[pygame.Rect, Color], ...] = ()
    refusing: tuple[pygame.Rect, ...] = ()
    refusal: str | None = None
    banner: str | None = None
    notice: str | None = None
    notice_playable: bool = False
    go_out: frozenset[Card] = frozenset()
    penalty: int | None = None
    picked: frozenset[Card] = frozenset()
    named: Card | None = None
    magnified: Card | None = None
    goer: int | None = None
    fanned: tuple[Card, ...] = ()
    coach: str | None = None


AT_REST = AtPlay()
"""A position with nothing of the play over it (the replay's)."""


def table_picture(
    layout: TableLayout,
    shown: ShownTable,
    sprites: Mapping[Card, CardSprite],
    seating: Seating,
    policies: Mapping[int, str],
    arrangement: Arrangement,
    buttons: tuple[Button, ...],
    log: tuple[str, ...],
    log_panel: LogPanel,
    play: AtPlay = AT_REST,
    every_hand: bool = False,
) -> TablePicture:
    """The picture of the table as ``shown``: its corner words (round, wild rank, dealer,
    contract), the seats' plates and your line worded here, with ``play`` over it."""
    seats = range(len(shown.hands))
    return TablePicture(
        layout=layout,
        shown=shown,
        sprites=sprites,
        keys=play.keys,
        seat_labels=tuple(seat_label(seat, seating, policies) for seat in seats),
        you_label=your_line(seating, policies, shown.totals[0]),
        thinking=play.thinking,
        arrangement=arrangement,
        selected=play.selected,
        hinted=play.hinted,
        dragged=play.dragged,
        glows=play.glows,
        refusing=play.refusing,
        refusal=play.refusal,
        banner=play.banner,
        notice=play.notice,
        notice_playable=play.notice_playable,
        go_out=play.go_out,
        penalty=play.penalty,
        status=status_line(
            shown.current_seat,
            shown.phase,
            seating,
            play.busy,
            layout.open_table,
            shown.your_last_turn,
        ),
        title=round_title(shown.round_index, shown.rounds),
        wild=capitalized(wild_sentence(shown.wild_rank)),
        dealer=_("Dealer: {name}").format(name=seating.name(shown.dealer)),
        contract="" if shown.contract is None else contract_line(shown.contract),
        buttons=buttons,
        picked=play.picked,
        named=play.named,
        magnified=play.magnified,
        goer=play.goer,
        fanned=play.fanned,
        coach=play.coach,
        log=log,
        log_rect=log_panel.rect,
        log_back=log_panel.back,
        every_hand=every_hand,
        tracker=tracked_hold(shown, layout),
    )
