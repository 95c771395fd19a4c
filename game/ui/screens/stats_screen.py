"""The statistics screen: per opponents' level, overall and per table size, with a reset that
asks first."""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import N_, _, decimal
from game.profile.player_stats import ABANDONED_RULE, LEVEL_KEYS, LevelStats
from game.ui.kit.widgets import GOLD, MUTED, Button
from game.ui.scene import SceneContext
from game.ui.screens.level_headings import LEVEL_HEADINGS
from game.ui.screens.reading import BLANK, Line, ReadingScene, paragraph, row
from game.ui.screens.stats_charts import StatsChartsScene

RESET = N_("Reset statistics")
CONFIRM = N_("Reset? Click again")
CHARTS = N_("Charts")
CONFIRM_SECONDS = 4.0
"""How long "Reset? Click again" waits for the second click."""
Figure = tuple[str, Callable[[LevelStats], str]]
"""A row of a table: its label and how a column's statistics show it."""
FIGURES: tuple[Figure, ...] = (
    (N_("Matches played"), lambda s: str(s.played)),
    (N_("Won"), lambda s: str(s.won)),
    (N_("  of which shared"), lambda s: str(s.shared)),
    (N_("Win rate"), lambda s: f"{s.win_rate:.0%}" if s.played else "–"),
    (N_("Best total"), lambda s: "–" if s.best_total is None else str(s.best_total)),
    (N_("Worst total"), lambda s: "–" if s.worst_total is None else str(s.worst_total)),
    (N_("Average total"), lambda s: "–" if s.average is None else decimal(s.average)),
    (N_("Rounds at 0"), lambda s: str(s.rounds_at_zero)),
    (N_("Times gone out"), lambda s: str(s.went_out)),
    (N_("Winning streak now"), lambda s: str(s.current_streak)),
    (N_("Best winning streak"), lambda s: str(s.best_streak)),
    (N_("Abandoned"), lambda s: str(s.abandoned)),
)
"""The rows of the levels' table."""
SIZES_CORNER = N_("Players at the table")
"""Over the table sizes' numbers, in the corner of their table."""
SIZE_FIGURES = tuple(
    (label, show)
    for label, show in FIGURES
    if label in {"Matches played", "Won", "Win rate", "Best total", "Worst total", "Average total"}
)
"""The rows of the table sizes' table (of the sizes played): how you fare at each, short
enough to be read under the levels' table without scrolling in a usual window."""


def table(
    corner: str,
    columns: list[tuple[str, LevelStats]],
    figures: tuple[Figure, ...] = FIGURES,
) -> list[Line]:
    """A row naming the ``columns`` (after ``corner``), then a row of each of ``figures``."""
    lines = [row(corner, *(name for name, _figures in columns), colour=GOLD, bold=True)]
    return lines + [row(_(label), *(show(s) for _name, s in columns)) for label, show in figures]


class StatsScene(ReadingScene):
    """Your matches counted, per level of the opponents and overall, then per table size."""

    title = N_("Statistics")

    def __init__(self, context: SceneContext) -> None:
        super().__init__(context)
        self.confirming = 0.0
        """Seconds left to confirm a reset (0: not asked)."""
        self.reset_button = Button(RESET, self._reset, also=(CONFIRM,))
        self.charts_button = Button(CHARTS, lambda: context.push(StatsChartsScene(context)))
        self.buttons += [self.charts_button, self.reset_button]

    def columns(self) -> list[tuple[str, LevelStats]]:
        """Overall, then each level that has matches."""
        stats = self.context.memory.stats
        levels = [(_(LEVEL_HEADINGS[key]), stats.for_level(key)) for key in LEVEL_KEYS]
        return [(_("Overall"), stats.overall), *((name, s) for name, s in levels if s.played)]

    def sizes(self) -> list[tuple[str, LevelStats]]:
        """Each table size that has matches, by its number of players."""
        return [(str(size), s) for size, s in self.context.memory.stats.tables if s.played]

    def lines(self) -> list[Line]:
        lines = table("", self.columns())
        if sizes := self.sizes():
            lines += [BLANK, *table(_(SIZES_CORNER), sizes, SIZE_FIGURES)]
        return [*lines, BLANK, paragraph(_(ABANDONED_RULE), MUTED)]

    def _reset(self) -> None:
        if self.confirming <= 0:
            self.confirming = CONFIRM_SECONDS
            self.reset_button.label = CONFIRM
            return
        self.context.memory.reset_stats()
        self.context.sounds.play("click")
        self._stop_confirming()
        self.relayout()

    def _stop_confirming(self) -> None:
        self.confirming = 0.0
        self.reset_button.label = RESET

    def update(self, dt: float) -> None:
        if self.confirming > 0:
            self.confirming -= dt
            if self.confirming <= 0:
                self._stop_confirming()
