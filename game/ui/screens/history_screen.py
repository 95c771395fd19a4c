"""The history: your ended matches, newest first, a page at a time, with filters; open one to
replay it, export it to share, or open a match file (typed, or dropped on the window).

Each row says when the match ended, who you played, your total and your place (or that you
left it), and your decision accuracy once the review is done. The filters are the
opponents' level, the table's size, and whether autoplay matches are shown. Only one page of
rows is read from the history at a time (``LIMIT``/``OFFSET`` over an index), so paging stays
fast however many matches there are.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pygame

from game.i18n import N_, _
from game.profile import shared_match
from game.profile.kept_match import Filters, KeptMatch, MatchSummary, Page, ReviewFigures
from game.profile.player_stats import LEVEL_KEYS, TABLE_SIZES
from game.profile.shared_match import ShareError
from game.ui.kit.felt import felt
from game.ui.kit.timed_text import TimedText
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import GOLD, INK, MUTED, Button, lay_out_row
from game.ui.scene import Scene, SceneContext
from game.ui.screens.level_headings import LEVEL_HEADINGS
from game.ui.screens.open_file import OpenFileScene
from game.ui.screens.replay_screen import ReplayScene
from game.words.seat_words import policy_label

COLUMNS = (N_("Ended"), N_("Opponents"), N_("Your total"), N_("Place"), N_("Accuracy"))
"""The list's columns, left to right."""
COLUMN_SHARES = (0.1, 0.6, 0.1, 0.1, 0.1)
"""How the room the columns' words leave is shared out among them."""
AUTOPLAY_MARK = "⚙"
"""Before the date of a match the AI played alone (autoplay); the count line says so."""
LEVEL_CHOICES: tuple[str | None, ...] = (None, *LEVEL_KEYS)
SIZE_CHOICES: tuple[int | None, ...] = (None, *TABLE_SIZES)


def opponents_words(row: MatchSummary) -> str:
    """The opponents by level, grouped: ``3 × Hard``, ``Easy, Normal, Hard``."""
    labels = [policy_label(row.policies[seat]) for seat in range(1, row.players)]
    counted = Counter(labels)
    if len(counted) == 1:
        label, count = next(iter(counted.items()))
        return label if count == 1 else _("{count} × {level}").format(count=count, level=label)
    return ", ".join(dict.fromkeys(labels))


def place_words(row: MatchSummary) -> str:
    """``You won``, ``You won, shared``, ``2 of 4``, or ``You left it``."""
    if row.abandoned:
        return _("You left it")
    if row.won:
        return _("You won, shared") if len(row.winners) > 1 else _("You won")
    return _("{place} of {players}").format(place=row.place, players=row.players)


def accuracy_words(row: MatchSummary) -> str:
    accuracy = None if row.review is None else row.review.accuracy
    return "–" if accuracy is None else f"{accuracy:.0f}%"


def ended_words(row: MatchSummary) -> str:
    """When the match ended, in local time: ``2026-12-03 09:12``; an autoplay match marked
    with :data:`AUTOPLAY_MARK`."""
    when = row.ended.astimezone().strftime("%Y-%m-%d %H:%M")
    return f"{AUTOPLAY_MARK} {when}" if row.autoplay else when


def row_cells(row: MatchSummary) -> tuple[str, ...]:
    return (
        ended_words(row),
        opponents_words(row),
        str(row.your_total),
        place_words(row),
        accuracy_words(row),
    )


NOTICE_SECONDS = 6.0
"""How long what an export says stays under the list."""


class HistoryScene(Scene):
    """The list of ended matches; the keys: ↑/↓ choose, Enter replays, PgUp/PgDn page, E
    exports, O opens a file, Escape goes back."""

    def __init__(self, context: SceneContext) -> None:
        super().__init__(context)
        self.filters = Filters()
        self.page = Page((), 0, 0)
        self.chosen = 0
        """The row in focus, on this page."""
        self.per_page = 10
        self.size = 16
        self.notice: TimedText | None = None
        """What an export says (where the file went, or why it could not be written), in
        place of the count line under the list for a few seconds."""
        self.list_area = pygame.Rect(0, 0, 0, 0)
        self.filter_buttons = [
            Button(self._level_words, lambda: self._next_filter(level=1)),
            Button(self._size_words, lambda: self._next_filter(players=1)),
            Button(self._autoplay_words, self._toggle_autoplay),
        ]
        has_rows = self._has_rows
        self.buttons = [
            Button(N_("Newer"), lambda: self.turn(-1), lambda: self.page.offset > 0),
            Button(N_("Older"), lambda: self.turn(1), self._has_older),
            Button(N_("Replay"), self.replay, has_rows),
            Button(N_("Export"), self.export, has_rows),
            Button(N_("Open a file"), self._ask_for_file),
            Button(N_("Back"), context.pop),
        ]

    # --- the page -----------------------------------------------------------------------

    def _has_rows(self) -> bool:
        return bool(self.page.rows)

    def _has_older(self) -> bool:
        return self.page.end < self.page.total

    def load(self, offset: int | None = None) -> None:
        """Read the page at ``offset`` (by default the one shown) under the filters."""
        start = self.page.offset if offset is None else max(0, offset)
        self.page = self.context.memory.history.page(self.filters, start, self.per_page)
        self.chosen = max(0, min(self.chosen, len(self.page.rows) - 1))

    def turn(self, pages: int) -> None:
        """``pages`` pages older (negative: newer)."""
        self.load(self.page.offset + pages * self.per_page)
        self.chosen = 0

    def _next_filter(self, level: int = 0, players: int = 0) -> None:
        filters = self.filters
        if level:
            index = (LEVEL_CHOICES.index(filters.level) + level) % len(LEVEL_CHOICES)
            filters = Filters(LEVEL_CHOICES[index], filters.players, filters.autoplay)
        if players:
            index = (SIZE_CHOICES.index(filters.players) + players) % len(SIZE_CHOICES)
            filters = Filters(filters.level, SIZE_CHOICES[index], filters.autoplay)
        self._filter(filters)

    def _toggle_autoplay(self) -> None:
        filters = self.filters
        self._filter(Filters(filters.level, filters.players, not filters.autoplay))

    def _filter(self, filters: Filters) -> None:
        self.context.sounds.play("click")
        self.filters = filters
        self.chosen = 0
        self.load(0)

    def _level_words(self) -> str:
        level = self.filters.level
        shown = _("All") if level is None else _(LEVEL_HEADINGS[level])
        return _("Level: {level}").format(level=shown)

    def _size_words(self) -> str:
        players = self.filters.players
        shown = _("All") if players is None else str(players)
        return _("Players: {count}").format(count=shown)

    def _autoplay_words(self) -> str:
        return _("Autoplay: shown") if self.filters.autoplay else _("Autoplay: hidden")

    def count_line(self) -> str:
        """``Matches 11–20 of 10,000`` (or that there are none)."""
        page = self.page
        if not page.total:
            return _("No match here yet: the matches you finish or leave are kept here.")
        first, last = page.offset + 1, page.end
        line = _("Matches {first}–{last} of {total}").format(
            first=first, last=last, total=f"{page.total:,}"
        )
        if not self.filters.autoplay:
            return line
        return f"{line} · {AUTOPLAY_MARK} " + _("played by the AI alone (autoplay)")

    # --- opening, sharing ---------------------------------------------------------------

    def chosen_row(self) -> MatchSummary | None:
        rows = self.page.rows
        return rows[self.chosen] if rows else None

    def _kept_of_chosen(self) -> KeptMatch | None:
        row = self.chosen_row()
        return None if row is None else self.context.memory.history.kept(row.id)

    def replay(self) -> None:
        """Open the match in focus in the replay."""
        kept = self._kept_of_chosen()
        if kept is not None:
            self.open(kept, self._keep_review(kept.summary.id))

    def _keep_review(self, number: int) -> Callable[[ReviewFigures], None]:
        """Keep the replay's review of match ``number`` in the history."""

        def keep(figures: ReviewFigures) -> None:
            self.context.memory.keep_review(number, figures)

        return keep

    def open(
        self, kept: KeptMatch, on_reviewed: Callable[[ReviewFigures], None] | None = None
    ) -> None:
        """Replay ``kept`` (``on_reviewed`` keeps the figures of its review)."""
        self.context.sounds.play("click")
        self.context.push(ReplayScene(self.context, kept, on_reviewed))

    def export(self) -> None:
        """Write the match in focus to a file to share; the notice says where."""
        kept = self._kept_of_chosen()
        if kept is None:
            return
        try:
            path = shared_match.export(kept, self.shared_folder())
        except ShareError as error:
            self.notice = TimedText(str(error), NOTICE_SECONDS)
            return
        self.context.sounds.play("click")
        self.notice = TimedText(self._saved_words(path), NOTICE_SECONDS)

    def _saved_words(self, path: Path) -> str:
        """Where the match went: its whole path where it fits the line, else its name."""
        whole = _("The match was saved as {path}").format(path=path)
        font = self.context.text.font(TypeScale(self.size).help)
        if font.size(whole)[0] <= self.list_area.width:
            return whole
        return _("The match was saved as {file}: Open a file lists it").format(file=path.name)

    def update(self, dt: float) -> None:
        self.notice = TimedText.tick(self.notice, dt)

    def shared_folder(self) -> Path:
        """Where exported matches go: the player's documents (the profile's folder under
        ``--profile``)."""
        chosen = self.context.options.profile
        return shared_match.shared_folder(self.context.memory.profile.folder, chosen is not None)

    def _ask_for_file(self) -> None:
        self.context.push(OpenFileScene(self.context, self.shared_folder(), self.open_file))

    def open_file(self, path: Path) -> None:
        """Open the shared match in ``path`` in the replay, or say why it cannot be."""
        try:
            kept = shared_match.read(path)
        except ShareError as error:
            self.context.memory.profile.notices.append(str(error))
            return
        self.open(kept)

    # --- scene hooks --------------------------------------------------------------------

    def on_enter(self) -> None:
        self.on_resize()

    def on_resume(self) -> None:
        self.load()

    def on_resize(self) -> None:
        width, height = self.context.screen.get_size()
        self.size = size = TypeScale.for_window((width, height)).body
        margin = size * 2
        button_height = round(size * 2.2)
        text = self.context.text
        bottom = pygame.Rect(margin, height - size - button_height, width - margin * 2, 0)
        bottom.height = button_height
        lay_out_row(self.buttons, text, size, bottom, gap=size // 2)
        filters = pygame.Rect(margin, round(size * 3.4), width - margin * 2, button_height)
        lay_out_row(self.filter_buttons, text, size, filters, least=size * 9)
        top = filters.bottom + size
        count_line = round(size * 1.6)
        self.list_area = pygame.Rect(margin, top, width - margin * 2, 0)
        self.list_area.height = bottom.top - size - count_line - top
        self.per_page = max(1, self.list_area.height // self.row_height - 1)
        self.load(self.page.offset // self.per_page * self.per_page if self.per_page else 0)

    @property
    def row_height(self) -> int:
        return round(self.size * 1.7)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Everything stops here: the screen beneath gets no input."""
        if any(button.handle_event(event) for button in (*self.filter_buttons, *self.buttons)):
            return True
        if event.type == pygame.DROPFILE:
            self.open_file(Path(event.file))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click_row(event.pos, getattr(event, "clicks", 1))
        elif event.type == pygame.MOUSEWHEEL:
            self._move(-event.y)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        return True

    def _key(self, key: int) -> None:
        actions: dict[int, Callable[[], None]] = {
            pygame.K_ESCAPE: self.context.pop,
            pygame.K_UP: lambda: self._move(-1),
            pygame.K_DOWN: lambda: self._move(1),
            pygame.K_PAGEUP: lambda: self.turn(-1) if self.page.offset > 0 else None,
            pygame.K_PAGEDOWN: lambda: self.turn(1) if self._has_older() else None,
            pygame.K_RETURN: self.replay,
            pygame.K_KP_ENTER: self.replay,
            pygame.K_e: self.export,
            pygame.K_o: self._ask_for_file,
        }
        action = actions.get(key)
        if action is not None:
            action()

    def _move(self, by: int) -> None:
        """The focus ``by`` rows on, onto the next or previous page past either end."""
        wanted = self.chosen + by
        if wanted < 0 and self.page.offset > 0:
            self.turn(-1)
            self.chosen = len(self.page.rows) - 1
        elif wanted >= len(self.page.rows) and self._has_older():
            self.turn(1)
        else:
            self.chosen = max(0, min(len(self.page.rows) - 1, wanted))

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` of the page is drawn (the column names take the first line)."""
        area, height = self.list_area, self.row_height
        return pygame.Rect(area.left, area.top + (index + 1) * height, area.width, height)

    def _click_row(self, pos: tuple[int, int], clicks: int) -> None:
        for index in range(len(self.page.rows)):
            if self.row_rect(index).collidepoint(pos):
                again = index == self.chosen
                self.chosen = index
                if clicks >= 2 and again:
                    self.replay()
                return

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        width, _height = surface.get_size()
        surface.blit(felt(surface.get_size()), (0, 0))
        text, size = self.context.text, self.size
        scale = TypeScale(size)
        text.blit(surface, _("History"), scale.title, GOLD, True, midtop=(width // 2, size))
        heading = [_(name) for name in COLUMNS]
        rows = [list(row_cells(row)) for row in self.page.rows]
        widths = self.column_widths(heading, rows)
        self._draw_row(surface, heading, widths, self.list_area.top, GOLD, True)
        for index, (row, cells) in enumerate(zip(self.page.rows, rows, strict=True)):
            rect = self.row_rect(index)
            if index == self.chosen:
                pygame.draw.rect(surface, (34, 84, 60), rect, border_radius=size // 3)
                pygame.draw.rect(surface, GOLD, rect, 1, border_radius=size // 3)
            colour = MUTED if row.abandoned or row.autoplay else INK
            self._draw_row(surface, cells, widths, rect.top, colour, False)
        line = pygame.Rect(self.list_area.left, self.list_area.bottom, self.list_area.width, 0)
        notice = self.notice
        words, colour = (self.count_line(), MUTED) if notice is None else (notice.text, GOLD)
        text.blit(surface, words, scale.help, colour, midtop=(width // 2, line.top))
        for button in (*self.filter_buttons, *self.buttons):
            button.draw(surface, text)

    def column_widths(self, heading: list[str], rows: list[list[str]]) -> list[int]:
        """Each column as wide as its widest words (the heading's in bold) with a margin, the
        room left shared out by :data:`COLUMN_SHARES`; all narrowed alike if there is none."""
        regular, bold = self.context.text.font(self.size), self.context.text.font(self.size, True)
        pad = self.size
        needed = [bold.size(name)[0] + pad for name in heading]
        for cells in rows:
            found = [regular.size(cell)[0] + pad for cell in cells]
            needed = [max(most, width) for most, width in zip(needed, found, strict=True)]
        room = self.list_area.width - sum(needed)
        if room < 0:
            return [width * self.list_area.width // sum(needed) for width in needed]
        shares = zip(needed, COLUMN_SHARES, strict=True)
        return [width + round(room * share) for width, share in shares]

    def _draw_row(
        self,
        surface: pygame.Surface,
        cells: list[str],
        widths: list[int],
        top: int,
        colour: tuple[int, int, int],
        bold: bool,
    ) -> None:
        left = self.list_area.left
        for cell, width in zip(cells, widths, strict=True):
            box = pygame.Rect(left + self.size // 2, top, width - self.size, self.row_height)
            self.context.text.blit(
                surface, cell, self.size, colour, bold, box=box, midleft=(box.left, box.centery)
            )
            left += width
