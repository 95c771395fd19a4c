"""What the table at play shows over the position it shows: your keys, the hint and the
coach, what the pointer points at, the log (:func:`picture_at_play`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.engine.cards import Card
from game.engine.melds import Arrangement
from game.i18n import _
from game.seats.controller import SeatsController
from game.sim.match_setup import MatchSetup
from game.ui.kit.keys import Shortcut, help_line
from game.ui.kit.timed_text import TimedText
from game.ui.kit.widgets import Button
from game.ui.seen.layout import TableLayout
from game.ui.seen.log_panel import LogPanel
from game.ui.seen.picture import AtPlay, TablePicture, table_picture
from game.ui.seen.shown import ShownTable
from game.ui.table.hint_desk import HintDesk
from game.ui.table.laying_desk import LayingDesk
from game.ui.table.playback import Playback
from game.ui.table.pointer import Pointer


class PlayingTable(Protocol):
    """What the picture at play reads of the table."""

    setup: MatchSetup
    layout: TableLayout
    playback: Playback
    pointer: Pointer
    hints: HintDesk
    seats: SeatsController
    laying_desk: LayingDesk
    log_panel: LogPanel
    selected: int | None
    notice: TimedText | None
    arrangement: Arrangement

    @property
    def keys(self) -> Sequence[Shortcut]: ...

    @property
    def shown(self) -> ShownTable: ...

    @property
    def busy(self) -> bool: ...

    @property
    def hand(self) -> list[Card]: ...

    def shown_buttons(self) -> list[Button]: ...


def picture_at_play(table: PlayingTable) -> TablePicture:
    """What the painter draws for ``table``: the table as shown, nothing of the live match."""
    shown, seating = table.shown, table.setup.seating
    banner = table.playback.banner
    fanned = tuple(shown.discard) if table.pointer.resting_on_discard() else ()
    hints = table.hints
    tip, hint = hints.coach(), hints.hint
    play = AtPlay(
        keys=keys_line(table) if seating.human else "",
        busy=table.busy,
        thinking=None if table.busy else table.seats.thinking,
        selected=table.selected,
        hinted=None if hint is None else hint.action,
        dragged=table.pointer.drag.dragged,
        glows=table.pointer.glows(),
        refusing=table.pointer.refusing(),
        refusal=table.pointer.refusal_over(),
        banner=None if banner is None else banner.text,
        notice=None if table.notice is None else table.notice.text,
        notice_playable=hints.hint_playable(),
        go_out=frozenset(card for card in table.hand if hints.goes_out(card)),
        penalty=hints.penalty_now(),
        picked=frozenset(table.laying_desk.picked),
        named=None if len(fanned) > 1 else table.pointer.card_at_rest(),
        magnified=table.pointer.magnified(),
        goer=table.playback.goer,
        fanned=fanned,
        coach=None if tip is None else tip.text,
    )
    log = table.playback.log.lines(seating, shown.rounds, shown.rules.contracts)
    return table_picture(
        table.layout,
        shown,
        table.playback.stage.sprites,
        seating,
        table.setup.policies,
        table.arrangement,
        tuple(table.shown_buttons()),
        tuple(log),
        table.log_panel,
        play,
    )


def keys_line(table: PlayingTable, widest: bool = False) -> str:
    """The keys' help under your hand (``widest``: as wide as it gets, for the layout)."""
    # TRANSLATORS: the line of keys under your hand; it goes on two lines where a
    # window is too narrow for it (the prefix may go, as in Dutch).
    return _("Keys: {keys}").format(keys=help_line(table.keys, widest))
