"""Overlays on the table: the round summary, the score sheet and the match's end.

Each reads the table's :class:`ShownTable` (what has been shown), never the
table itself; where its parts go is worked out in one place
(:func:`overlay_layout`), so that nothing overlaps at any window size.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import Enum

import pygame

from game.engine.actions import Phase
from game.engine.cards import Card, Rank, wild_rank_for
from game.engine.events import MatchOver, RoundScored
from game.engine.melds import Arrangement, Meld
from game.i18n import N_, _, ngettext
from game.ui.kit.art import CARD_ASPECT, card_width
from game.ui.kit.art import card_height as snap_height
from game.ui.kit.celebration import SHOWER_SECONDS, Confetti
from game.ui.kit.sprites import Pose
from game.ui.kit.text import SMALLEST
from game.ui.kit.tween import Motion, Ramp
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import (
    GOLD,
    INK,
    PANEL,
    Button,
    dim,
    lay_out_row,
    translucent_plate,
)
from game.ui.scene import Scene, SceneContext
from game.ui.table.running_totals import TotalsView
from game.ui.table.score_sheet import counted_up, narrowest, paint_score_sheet
from game.ui.table.shown import ShownTable
from game.words.card_words import doubled_sum, leftover_sum, stands_short
from game.words.table_words import Seating, winners_line

HAND_ROW_SHARE = 0.11
"""A summary's hand row takes at most this share of the panel's height (over the sheet)."""
SIDE_SHEET_SHARE = 0.38
"""The share of the content's width the sheet takes when it stands beside the hands (more
if its words need it, up to :data:`SIDE_SHEET_MOST`)."""
SIDE_SHEET_MOST = 0.5
"""The most of the content's width a sheet beside the hands may take."""
SIDE_SHEET_CARDS = 0.85
"""The sheet stands beside the hands (filling the panel's width) unless that shows the
cards smaller than this share of their height with the sheet below."""
CARD_GAP = 0.06
"""The room between two of a summary's cards, in card heights: they never overlap."""
CARD_STEP = CARD_ASPECT + CARD_GAP
"""How far apart a summary's cards are, in card heights."""
GROUP_GAP = 0.3
"""The room between two groups of a summary's hand (melds, cards laid off, leftover cards),
beyond a step, in card heights."""
LABEL_LINE = 1.3
"""The line under a summary's cards (what a wild stands for, the leftover's sum), in text
sizes."""
NAME_COLUMN = 11
"""The width of a summary's name column, in text sizes."""
NAMES_BESIDE = 2.8
"""A name and its points stand beside the cards only in a row at least this many text sizes
tall (two lines)."""
DENSE_CARDS = 2.0
"""Below this height (in text sizes) a summary's cards are too small to read: the hands go
in two columns over a shorter sheet if that shows them larger."""
COUNT_PACES = 2.5
"""How long a round's points take to count up in the summary, in paces."""
PLACES_GAP = "   "
"""Between two places of the match end's ranking (its lines break there)."""
VEIL_KEPT = 115
"""How much of the table beneath an overlay shows (out of 255): black at 140 over it."""
LEFTOVER_VEIL = ((120, 20, 20), 70)
"""Tint over the cards a hand could not meld."""


class GroupKind(Enum):
    """What a group of a scored hand's cards is, as the summary shows it."""

    MELD = "meld"
    LAID_OFF = "laid off"
    LEFTOVER = "leftover"


@dataclass(frozen=True, slots=True)
class CardGroup:
    """Cards of a scored hand shown together, each with the label under it."""

    kind: GroupKind
    cards: tuple[Card, ...]
    labels: tuple[str, ...]
    """Per card: what a wild stands for (``=6♠``), what a laid-off card was added as
    (``+9♠``), or nothing."""
    owner: int | None = None
    """Cards laid off: the seat whose melds they went onto (``None``: jokers thrown)."""


def explained_hand(
    arrangement: Arrangement,
    hand: Sequence[Card],
    wild_rank: Rank,
    goer_melds: Sequence[Meld] = (),
    seat_melds: Sequence[Sequence[Meld]] = (),
    thrown: Sequence[Card] = (),
    goer: int | None = None,
) -> list[CardGroup]:
    """``hand`` as the engine scored it: each meld (every wild labelled with what it stands
    for), the cards laid off, a group per seat whose melds they went onto (those of who went
    out, ``goer``, in ``goer_melds``; in the redemption round and at the open table those of
    ``seat_melds[owner]``), the printed jokers ``thrown`` onto a meld for 0, then the
    leftover cards in the hand's order. At the open table ``hand`` is every card the seat
    scored: those it laid down and laid off, then those it still holds."""
    free = list(hand)

    def take(card: Card) -> Card:
        if card not in free:  # the engine may name a twin copy
            card = next(c for c in free if (c.rank, c.suit) == (card.rank, card.suit))
        free.remove(card)
        return card

    groups = []
    for meld in arrangement.melds:
        cards = tuple(take(card) for card in meld.cards)
        labels = tuple(
            "=" + stands_short(position, meld.suit) if card.is_wild(wild_rank) else ""
            for card, position in zip(cards, meld.positions, strict=True)
        )
        groups.append(CardGroup(GroupKind.MELD, cards, labels))
    laid: dict[int | None, tuple[list[Card], list[str]]] = {}
    for layoff in arrangement.layoffs:
        melds = goer_melds if layoff.owner is None else seat_melds[layoff.owner]
        suit = melds[layoff.target].suit if layoff.target < len(melds) else None
        owner = goer if layoff.owner is None else layoff.owner
        cards_of, labels_of = laid.setdefault(owner, ([], []))
        for card, position in zip(layoff.cards, layoff.positions, strict=True):
            cards_of.append(take(card))
            labels_of.append("+" + stands_short(position, suit))
    for owner, (cards_of, labels_of) in laid.items():
        groups.append(CardGroup(GroupKind.LAID_OFF, tuple(cards_of), tuple(labels_of), owner))
    if thrown:
        jokers = tuple(take(card) for card in thrown)
        groups.append(CardGroup(GroupKind.LAID_OFF, jokers, ("+",) * len(jokers)))
    if free:
        groups.append(CardGroup(GroupKind.LEFTOVER, tuple(free), ("",) * len(free)))
    return groups


def scored_cards(arrangement: Arrangement, hand: Sequence[Card], open_table: bool) -> list[Card]:
    """Every card a seat is scored on: its hand; at the open table, the cards it laid down
    and laid off as well (no longer in its hand), before those it still holds."""
    if not open_table:
        return list(hand)
    down = [card for meld in arrangement.melds for card in meld.cards]
    off = [card for layoff in arrangement.layoffs for card in layoff.cards]
    return [*down, *off, *hand]


@dataclass(frozen=True, slots=True)
class OverlayLayout:
    """Where an overlay's parts go in a window of a given size."""

    panel: pygame.Rect
    text_size: int
    buttons: pygame.Rect
    """The row the buttons share, at the panel's foot."""
    content: pygame.Rect
    """What lies between the title and the buttons."""

    def hand_rows(
        self,
        players: int,
        sheet_rows: int,
        widest: float,
        sheet_width: int,
        sum_width: int = 0,
        name_width: int = 0,
    ) -> SummaryParts:
        """A round summary's row per hand, and the score sheet's rectangle.

        ``widest`` is how many card steps the widest hand needs (its cards and its
        groups), ``sum_width`` how wide the longest sum of leftover cards is written out
        (it takes a second line under the cards where one is too narrow), ``name_width``
        how wide the widest name and points are (in a column beside the cards, at least
        :data:`NAME_COLUMN` text sizes wide). The sheet goes
        below the hands, with the height its rows need to stay legible, each name beside
        its hand; or, in a wide window where the sheet has its ``sheet_width`` there (at
        most :data:`SIDE_SHEET_MOST` of the width), beside the hands, each name above its
        hand (see :data:`SIDE_SHEET_CARDS`). Where neither leaves the names room or the
        cards :data:`DENSE_CARDS` text sizes tall, the hands go in two columns, names
        above, over a sheet of this round and the totals only (a full table in a small
        window).
        """
        below = self._sheet_below(players, sheet_rows, sum_width, name_width)
        chosen = below
        if sheet_width <= self.content.width * SIDE_SHEET_MOST:
            beside = self._sheet_beside(players, sheet_width, sum_width)
            if beside.holds(widest):
                smaller = beside.card_height(widest) / max(1, below.card_height(widest))
                chosen = beside.packed(widest) if smaller >= SIDE_SHEET_CARDS else below
        legible = chosen.names_above or below.rows[0].height >= self.text_size * NAMES_BESIDE
        if legible and chosen.card_height(widest) >= self.text_size * DENSE_CARDS:
            return chosen
        dense = self._dense(players, sum_width)
        return dense if dense.card_height(widest) > chosen.card_height(widest) else chosen

    def _sheet_below(
        self, players: int, sheet_rows: int, sum_width: int, name_width: int
    ) -> SummaryParts:
        size, content = self.text_size, self.content
        sheet_needed = sheet_rows * max(11, round(size * 1.1)) + size // 2
        room = (content.height - sheet_needed) // players
        row_height = max(0, min(round(self.panel.height * HAND_ROW_SHARE), room))
        rows = _rows(content.left, content.top, content.width, row_height, players)
        sheet = pygame.Rect(content.left, content.top + players * row_height + size // 2, 0, 0)
        sheet.width, sheet.height = content.width, content.bottom - sheet.top
        column = max(size * NAME_COLUMN, name_width + size)
        return SummaryParts(rows, sheet, False, size, name_column=column).with_sum(sum_width)

    def _sheet_beside(self, players: int, needed: int, sum_width: int) -> SummaryParts:
        content, gap = self.content, self.text_size * 2
        sheet_width = max(round(content.width * SIDE_SHEET_SHARE), needed)
        hands_width = content.width - sheet_width - gap
        rows = _rows(content.left, content.top, hands_width, content.height // players, players)
        sheet = pygame.Rect(content.right - sheet_width, content.top, sheet_width, content.height)
        return SummaryParts(rows, sheet, True, self.text_size).with_sum(sum_width)

    def _dense(self, players: int, sum_width: int) -> SummaryParts:
        """Two columns of hands, names above, over the sheet's heading, this round and the
        totals."""
        size, content, gap = self.text_size, self.content, self.text_size * 2
        sheet_height = 3 * round(size * 1.3)
        count = (players + 1) // 2
        height = (content.height - sheet_height - size // 2) // count
        width = (content.width - gap) // 2
        rows = [
            pygame.Rect(content.left + (seat // count) * (width + gap), 0, width, height)
            for seat in range(players)
        ]
        for seat, row in enumerate(rows):
            row.top = content.top + (seat % count) * height
        sheet = pygame.Rect(content.left, content.bottom - sheet_height, content.width, 0)
        sheet.height = sheet_height
        return SummaryParts(rows, sheet, True, size, whole_sheet=False).with_sum(sum_width)


@dataclass(frozen=True, slots=True)
class SummaryParts:
    """Where a round summary's hands and sheet go."""

    rows: list[pygame.Rect]
    """One row per hand, its name and points with its cards."""
    sheet: pygame.Rect
    names_above: bool
    """Each name stands above its cards (else in a column beside them)."""
    text_size: int
    whole_sheet: bool = True
    """The sheet shows every round (else only this round and the totals)."""
    sum_lines: int = 1
    """How many lines the line under the cards may take (a long sum takes two)."""
    name_column: int = 0
    """The width of the names' column beside the cards (names beside them)."""

    def with_sum(self, width: int) -> SummaryParts:
        """These parts, with a second line under the cards if a sum ``width`` pixels wide
        may need it (it starts after the hand's melds, or takes the second line whole)."""
        if width <= self.cards_box(self.rows[0]).width // 2:
            return self
        return replace(self, sum_lines=2)

    @property
    def name_line(self) -> int:
        """The height of a name line above the cards."""
        return round(self.text_size * 1.6)

    @property
    def label_line(self) -> int:
        """The height of the line under the cards."""
        return round(TypeScale(self.text_size).help * LABEL_LINE)

    def packed(self, widest: float) -> SummaryParts:
        """These parts with the rows no taller than their cards need (with a line of room
        between two): a few hands in a tall panel stay together at its top."""
        height = self.card_height(widest)
        tallest = self.name_line + height + 4 + self.label_line * self.sum_lines + self.text_size
        if tallest >= self.rows[0].height:
            return self
        first = self.rows[0]
        rows = _rows(first.left, first.top, first.width, tallest, len(self.rows))
        return replace(self, rows=rows)

    def cards_box(self, row: pygame.Rect) -> pygame.Rect:
        """Where the cards of ``row`` go."""
        if self.names_above:
            line = self.name_line
            return pygame.Rect(row.left, row.top + line, row.width, row.height - line)
        column = self.name_column or self.text_size * NAME_COLUMN
        return pygame.Rect(row.left + column, row.top, row.width - column, row.height)

    def holds(self, widest: float) -> bool:
        """Whether a hand of ``widest`` card steps fits its row at :meth:`card_height`."""
        width = self.card_height(widest) * (CARD_STEP * max(0, widest - 1) + CARD_ASPECT)
        return width <= self.cards_box(self.rows[0]).width

    def card_height(self, widest: float) -> int:
        """The height of the hands' cards, as large as a row allows for a hand of
        ``widest`` card steps."""
        box = self.cards_box(self.rows[0])
        by_width = box.width / (CARD_STEP * max(0, widest - 1) + CARD_ASPECT)
        under = self.label_line * self.sum_lines
        return max(0, snap_height(min(box.height - under - 4, by_width) - 3))


def _rows(left: int, top: int, width: int, height: int, count: int) -> list[pygame.Rect]:
    """``count`` rows of ``width`` × ``height`` one under the other from ``(left, top)``."""
    return [pygame.Rect(left, top + index * height, width, height) for index in range(count)]


def overlay_layout(size: tuple[int, int], title_lines: float = 3.4) -> OverlayLayout:
    """The layout of an overlay in a ``size`` window, below a title ``title_lines`` tall."""
    width, height = size
    panel = pygame.Rect(0, 0, round(width * 0.86), round(height * 0.88))
    panel.center = (width // 2, height // 2)
    text_size = TypeScale.for_window((width, height)).body
    button_height = round(text_size * 2.2)
    buttons = pygame.Rect(panel.left, panel.bottom - text_size - button_height, panel.width, 0)
    buttons.height = button_height
    content = pygame.Rect(
        panel.left + text_size * 2, panel.top + round(text_size * title_lines), 0, 0
    )
    content.width = panel.width - text_size * 4
    content.height = buttons.top - round(text_size * 0.6) - content.top
    return OverlayLayout(panel, text_size, buttons, content)


class Overlay(Scene):
    """A panel over the dimmed table; Enter, Escape or its first button closes it."""

    opaque = False
    dismissable = True
    """Escape closes it (not the match's end, which only its buttons leave)."""
    title_lines = 3.4
    """How much room, in text lines, the title takes above the content."""

    def __init__(self, context: SceneContext, shown: ShownTable, seating: Seating) -> None:
        super().__init__(context)
        self.shown = shown
        self.seating = seating
        self.buttons: list[Button] = []
        self.open = True
        self.pace = context.options.move_seconds(context.memory.settings)
        """How long a card takes to travel (0: no motion at all)."""
        self.motions: list[Motion] = []
        """What moves on the panel; a click or Space finishes it all at once."""
        self._shown: tuple[tuple[object, ...], bool] | None = None
        """The look the panel was last drawn with (:meth:`look`), and whether it spilled
        (kept by :meth:`draw`, so that :meth:`draw_changes` knows what the window shows)."""

    @property
    def moving(self) -> bool:
        """True while something on the panel still moves."""
        return any(not motion.done for motion in self.motions)

    def update(self, dt: float) -> None:
        for motion in self.motions:
            motion.update(dt)

    @property
    def layout(self) -> OverlayLayout:
        return overlay_layout(self.context.screen.get_size(), self.title_lines)

    def on_enter(self) -> None:
        self.on_resize()

    def on_leave(self) -> None:
        self.open = False

    def on_resize(self) -> None:
        layout = self.layout
        size = layout.text_size
        lay_out_row(self.buttons, self.context.text, size, layout.buttons, least=size * 9)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Everything stops here: the table beneath gets no input while the panel is open.
        While something moves, a click beside the buttons or Space finishes it."""
        for button in self.buttons:
            if button.handle_event(event):
                return True
        skip = event.type == pygame.MOUSEBUTTONDOWN or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE
        )
        if skip and self.moving:
            for motion in self.motions:
                motion.finish()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[0].on_click()
            elif event.key == pygame.K_ESCAPE and self.dismissable:
                self.close()
        return True

    def veil(self, surface: pygame.Surface) -> None:
        """The table beneath, dimmed in place."""
        dim(surface, VEIL_KEPT)

    @property
    def spills(self) -> bool:
        """True while something is drawn outside the panel."""
        return False

    def look(self) -> tuple[object, ...]:
        """Everything that may change what the panel shows while it is open."""
        buttons = tuple((b.words, b.hovered, b.enabled(), tuple(b.rect)) for b in self.buttons)
        moved = tuple(None if motion.done else motion.elapsed for motion in self.motions)
        return (tuple(self.layout.panel), buttons, moved)

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Nothing if the panel looks as it was last drawn; else the panel again, over
        itself (its fill hides what was there), unless something spills or spilled out."""
        drawn = self._shown
        if drawn is not None and drawn[0] == self.look():
            return []
        if drawn is None or drawn[1] or self.spills:
            return None
        self.draw(surface)
        return [self.layout.panel.copy()]

    def draw(self, surface: pygame.Surface) -> None:
        self._shown = (self.look(), self.spills)
        layout = self.layout
        pygame.draw.rect(surface, PANEL, layout.panel, border_radius=14)
        pygame.draw.rect(surface, GOLD, layout.panel, 2, border_radius=14)
        self.draw_content(surface, layout)
        for button in self.buttons:
            button.draw(surface, self.context.text)

    def draw_title(self, surface: pygame.Surface, layout: OverlayLayout, title: str) -> None:
        top = (layout.panel.centerx, layout.panel.top + layout.text_size)
        box = layout.panel.inflate(-layout.text_size * 2, 0)
        size = TypeScale(layout.text_size).title
        self.context.text.blit(surface, title, size, GOLD, True, box=box, midtop=top)

    def draw_content(self, surface: pygame.Surface, layout: OverlayLayout) -> None:
        """Paint what the overlay says."""

    def close(self) -> None:
        """Leave the overlay (once; later calls do nothing)."""
        if self.open:
            self.open = False
            self.context.pop()


class ScoreSheetScene(Overlay):
    """The score sheet, a click away at any time, with the running totals chart beside it
    (or a button away, key C, in a window too small for both)."""

    def __init__(self, context: SceneContext, shown: ShownTable, seating: Seating) -> None:
        super().__init__(context, shown, seating)
        self.close_button = Button(N_("Close"), self.close)
        self.buttons = [self.close_button]
        self.totals = TotalsView()

    def on_resize(self) -> None:
        layout = self.layout
        text, size = self.context.text, layout.text_size
        both = self.totals.side_by_side(text, layout.content, size, self.shown, self.seating)
        self.buttons = [self.close_button] if both else [self.close_button, self.totals.button]
        super().on_resize()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c:
            if self.totals.button in self.buttons:
                self.totals.toggle()
            return True
        return super().handle_event(event)

    def draw_content(self, surface: pygame.Surface, layout: OverlayLayout) -> None:
        self.draw_title(surface, layout, _("Score sheet"))
        shown, text = self.shown, self.context.text
        current = shown.round_index if shown.phase is not Phase.MATCH_OVER else None

        def sheet(area: pygame.Rect) -> None:
            paint_score_sheet(surface, text, area, shown, self.seating, current=current)

        self.totals.paint(surface, text, layout.content, shown, self.seating, sheet)


class RoundSummaryScene(Overlay):
    """Every hand face up with its melds and penalty, then the sheet; its button goes on."""

    def __init__(
        self,
        context: SceneContext,
        shown: ShownTable,
        seating: Seating,
        event: RoundScored,
        last: bool,
        close_after: float | None,
        open_review: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(context, shown, seating)
        self.event = event
        self.close_after = close_after
        """Autoplay: seconds until the summary closes by itself."""
        self.open_table = shown.rules.table == "open"
        """At the open table the melds were laid down during the round, hands count in full."""
        self.hands = [
            scored_cards(arrangement, hand, self.open_table)
            for arrangement, hand in zip(event.arrangements, shown.hands, strict=True)
        ]
        """Per seat, every card it is scored on."""
        self.wild_rank = wild_rank_for(shown.rules.hand_sizes[event.round_index])
        """The round's wild rank (what makes a card of a meld a wild)."""
        goer_melds = () if event.went_out is None else event.arrangements[event.went_out].melds
        self.groups = [
            explained_hand(
                arrangement,
                hand,
                self.wild_rank,
                goer_melds,
                [a.melds for a in event.arrangements],
                event.thrown_jokers[seat] if event.thrown_jokers else (),
                event.went_out,
            )
            for seat, (arrangement, hand) in enumerate(
                zip(event.arrangements, self.hands, strict=True)
            )
        ]
        """Per seat, its hand as scored: melds, cards laid off, leftover cards."""
        self.buttons = [Button(N_("See the result") if last else N_("Next round"), self.close)]
        if open_review is not None:
            self.buttons.append(Button(N_("Review"), open_review))
        self.count = Ramp(self.pace * COUNT_PACES)
        """The round's points counting up."""
        self.motions.append(self.count)

    def on_resize(self) -> None:
        super().on_resize()
        self.context.art.use_heights((self._card_height(),))

    @property
    def widest(self) -> float:
        """The card steps of the widest hand: its cards, and a gap before each group."""
        return max(
            len(hand) + len(groups) * GROUP_GAP / CARD_STEP
            for hand, groups in zip(self.hands, self.groups, strict=True)
        )

    def parts(self) -> SummaryParts:
        """Where the hands and the sheet go in the current window."""
        sheet_rows = len(self.shown.rules.hand_sizes) + 2
        text, size = self.context.text, self.layout.text_size
        needed = narrowest(text, size, self.shown, self.seating)
        font = text.font(TypeScale(size).help)
        sums = [font.size(self.full_sum(seat))[0] for seat in range(len(self.hands))]
        bold = text.font(size, True)
        names = [bold.size(self.name_line(seat))[0] for seat in range(len(self.hands))]
        return self.layout.hand_rows(
            len(self.hands), sheet_rows, self.widest, needed, max(sums), max(names)
        )

    def _card_height(self) -> int:
        return self.parts().card_height(self.widest)

    def pictures(self) -> tuple[list[str], int]:
        """The card pictures it shows, and their height in the window as it is (the table
        has them rendered ahead, so that the summary opens without rendering one)."""
        return [str(card) for hand in self.hands for card in hand], self._card_height()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.close_after is not None:
            self.close_after -= dt
            if self.close_after <= 0:
                self.close()

    def title(self) -> str:
        event = self.event
        title = _("Round {number} of {rounds}").format(
            number=event.round_index + 1, rounds=self.shown.rounds
        )
        if event.went_out is not None:
            name = self.seating.name(event.went_out)
            title = _("{round} — {name} went out").format(round=title, name=name)
        elif event.abandoned and self.shown.abandoned == "turns":
            title = _("{round} — nobody went out").format(round=title)
        elif event.abandoned:
            title = _("{round} — the stock ran out").format(round=title)
        if event.multiplier > 1:
            title = _("{round} (penalties doubled)").format(round=title)
        return title

    def draw_content(self, surface: pygame.Surface, layout: OverlayLayout) -> None:
        self.draw_title(surface, layout, self.title())
        parts = self.parts()
        height = parts.card_height(self.widest)
        for seat, row in enumerate(parts.rows):
            self._paint_hand_row(surface, parts, seat, row, height)
        counted, current = self.count.progress, self.event.round_index
        paint_score_sheet(
            surface,
            self.context.text,
            parts.sheet,
            self.shown,
            self.seating,
            counted=counted,
            current=current,
            only=None if parts.whole_sheet else current,
        )

    def _paint_hand_row(
        self,
        surface: pygame.Surface,
        parts: SummaryParts,
        seat: int,
        row: pygame.Rect,
        height: int,
    ) -> None:
        """A hand's name and points, then its melds and its leftover cards (veiled)."""
        event, text, size = self.event, self.context.text, parts.text_size
        penalty = counted_up(event.penalties[seat], self.count.progress)
        name = self.name_line(seat)
        points = ngettext("{count} point", "{count} points", penalty).format(count=penalty)
        colour = GOLD if event.penalties[seat] == 0 else INK
        cards = parts.cards_box(row)
        if parts.names_above:
            spare = row.height - parts.name_line - height - parts.label_line * parts.sum_lines
            top = row.top + max(0, spare // 2)
            box = pygame.Rect(row.left, top, row.width, parts.name_line)
            placed = text.blit(surface, name, size, INK, True, box=box, topleft=box.topleft)
            left = placed.right + size
            line_left, line_top = left, top
            past_points = left + text.font(size).size(points)[0] + size
            if not self._sum_needs(seat, row.right - past_points, row.right - left, size):
                beside = pygame.Rect(left, top, row.right - left, parts.name_line)
                at = beside.topleft
                line_left = text.blit(surface, points, size, colour, box=beside, topleft=at).right
                line_left += size
            small = TypeScale(size).help
            if text.font(small).size(self.full_sum(seat))[0] > row.right - line_left:
                line_left, line_top = 0, 0  # under the cards, on as many lines as it may take
            top += parts.name_line
        else:
            top = row.top + max(0, (row.height - height - parts.label_line) // 2)
            box = pygame.Rect(row.left, row.top, cards.left - row.left - size // 2, row.height)
            text.blit(surface, name, size, INK, True, box=box, topleft=(row.left, top))
            below = (row.left, top + round(size * 1.4))
            text.blit(surface, points, size, colour, box=box, topleft=below)
            line_left, line_top = 0, 0
        under = min(top + height + 2, row.bottom - parts.label_line * parts.sum_lines)  # or on them
        line_top = line_top or under
        hand = pygame.Rect(cards.left, top, cards.width, height)
        end, right = self._paint_groups(surface, parts, seat, hand, under)
        if right is not None:
            line_left = line_left or end + size // 2
            lines = 1 if line_top < top else parts.sum_lines  # beside the points: one line
            small = TypeScale(size).help  # a detail under the cards, as the wilds' labels
            said = self.written_out(seat, right - line_left, small, lines)
            if said is None and lines > 1:  # below the wilds' labels, the row's whole width
                line_left, line_top = cards.left, line_top + parts.label_line
                said = self.written_out(seat, right - line_left, small, lines - 1)
            if said is None:
                said = [self.sum_only(seat)]
            for number, line in enumerate(said):
                box = pygame.Rect(line_left, line_top, right - line_left, parts.label_line)
                box.top += number * parts.label_line
                plate = text.where(line, small, box, topright=box.topright)
                self._plate_under(surface, plate, hand)
                text.blit(surface, line, small, INK, box=box, topright=box.topright)

    def name_line(self, seat: int) -> str:
        """``seat``'s name over its hand, ``Left (went out)`` for who went out (``Left (went
        out, contract met)`` under contracts)."""
        name = self.seating.name(seat)
        if seat == self.event.went_out and self.shown.rules.contracts:
            name = _("{name} (went out, contract met)").format(name=name)
        elif seat == self.event.went_out:
            name = _("{name} (went out)").format(name=name)
        return name

    def _sum_needs(self, seat: int, beside: int, alone: int, size: int) -> bool:
        """Whether the sum of ``seat``'s leftover cards, written out in full, fits only in
        the ``alone`` pixels after the name, not in the ``beside`` pixels after the points
        as well (it says the points itself: ``Q♥ 10 + 8♦ 8 = 18``)."""
        if self.groups[seat][-1].kind is not GroupKind.LEFTOVER:
            return False
        small = TypeScale(size).help
        width = self.context.text.font(small).size(self.full_sum(seat))[0]
        return beside < width <= alone

    def _plate_under(self, surface: pygame.Surface, rect: pygame.Rect, cards: pygame.Rect) -> None:
        """A dark plate under a label at ``rect`` where it lies on the ``cards`` (a small
        window has no room for a line under them)."""
        if rect.colliderect(cards):
            surface.blit(translucent_plate(rect.inflate(4, 0).size, 210, 3), rect.inflate(4, 0))

    def _leftover_values(self, seat: int) -> list[tuple[Card, int]]:
        """Each leftover card of ``seat`` with what it costs."""
        rules = self.shown.rules
        group = self.groups[seat][-1]
        return [(card, rules.penalty(card, self.wild_rank)) for card in group.cards]

    def full_sum(self, seat: int) -> str:
        """The sum of ``seat``'s leftover cards written out (empty: it has none); at the open
        table, saying that the hand counts in full."""
        if self.groups[seat][-1].kind is not GroupKind.LEFTOVER:
            return ""
        return self._in_full(leftover_sum(self._leftover_values(seat), self.event.multiplier))

    def _in_full(self, line: str) -> str:
        """``line``, the cards left in a hand counted, as the open table counts them."""
        return _("In full: {sum}").format(sum=line) if self.open_table else line

    def caption(self, group: CardGroup) -> str:
        """Whose meld a group of cards was laid off onto: ``→ Top`` (``→ You``); empty for
        jokers thrown."""
        if group.owner is None:
            return ""
        return _("→ {name}").format(name=self.seating.name(group.owner))

    def written_out(self, seat: int, width: int, size: int, most: int) -> list[str] | None:
        """The leftover cards of ``seat`` with their values and sum, doubled if the round is
        (``Q♥ 10 + 8♦ 8 = 18 ×2 = 36``), broken after a ``+`` into at most ``most`` lines
        of ``width`` (None: it does not fit)."""
        text, plus, line = self.context.text, " +", self.full_sum(seat)
        lines = [line]
        if text.font(size).size(line)[0] > width:
            room = width - text.font(size).size(plus)[0]
            lines = text.wrap(line, size, room, separator=" + ")
            lines = [part + plus for part in lines[:-1]] + lines[-1:]
        fits = all(text.fit(part, size, width) == (part, size) for part in lines)
        return lines if len(lines) <= most and fits else None

    def sum_only(self, seat: int) -> str:
        """What the leftover cards of ``seat`` cost, without the cards: ``18 ×2 = 36``."""
        total = sum(value for _card, value in self._leftover_values(seat))
        return self._in_full(doubled_sum(str(total), total, self.event.multiplier))

    def _paint_groups(
        self,
        surface: pygame.Surface,
        parts: SummaryParts,
        seat: int,
        cards: pygame.Rect,
        under: int,
    ) -> tuple[int, int | None]:
        """The hand's melds from the left of ``cards`` (as tall as a card), a step apart, the
        cards laid off after them (framed), and the leftover cards (veiled) apart at its
        right; the labels' line starts at ``under``. Returns where the groups before the
        leftover cards end, and where the leftover cards end (``None``: there are none)."""
        height, text, size = cards.height, self.context.text, parts.text_size
        step, width = round(height * CARD_STEP), card_width(height)
        label_size = TypeScale(size).help
        groups = self.groups[seat]
        gap = round(height * GROUP_GAP)
        used = sum(len(group.cards) for group in groups) * step + (len(groups) - 1) * gap
        spread = cards.width - used  # room to spare, shared by the gaps
        spare = max(0, spread) // max(1, len(groups) - 1)
        if groups and groups[-1].kind is GroupKind.LEFTOVER:
            spare = 0  # the leftover cards go to the right, their sum in the gap before them
        x, end = cards.left, cards.left
        for group in groups:
            if group.kind is GroupKind.LEFTOVER:
                x = max(x, cards.right - (len(group.cards) - 1) * step - width)
                for card in group.cards:
                    right = self._paint_card(surface, card, (x, cards.top), height, True).right
                    x += step
                return end, right
            start = x
            for card, label in zip(group.cards, group.labels, strict=True):
                rect = self._paint_card(surface, card, (x, cards.top), height, False)
                if group.kind is GroupKind.LAID_OFF:
                    pygame.draw.rect(surface, GOLD, rect.inflate(4, 4), 2, border_radius=4)
                if label:
                    box = pygame.Rect(x - (step - width) // 2, under, step, parts.label_line)
                    if text.fit(label, label_size, box.width, True)[0] != label:
                        label = label[1:]  # "6♠" where "=6♠" is too wide
                    at = text.where(label, label_size, box, True, midtop=box.midtop)
                    self._plate_under(surface, at, cards)
                    text.blit(surface, label, label_size, GOLD, True, box, True, midtop=box.midtop)
                x += step
            laid = pygame.Rect(start, cards.top, x - step - start + width, height)
            self._paint_caption(surface, group, laid, cards)
            end = x
            x += gap + spare
        return end, None

    def _paint_caption(
        self, surface: pygame.Surface, group: CardGroup, cards: pygame.Rect, row: pygame.Rect
    ) -> None:
        """Whose meld ``group``'s cards (at ``cards``) were laid off onto, across their middle
        on a plate (their corners show what they are): made smaller to fit them, wider than
        them only where even the smallest text needs it, within the ``row``."""
        caption = self.caption(group)
        if not caption:
            return
        text, size = self.context.text, TypeScale(self.layout.text_size).help
        box = cards.inflate(round(cards.height * GROUP_GAP), 0)
        if text.fit(caption, size, box.width, True)[0] != caption:  # not even made smaller
            box.width = text.font(SMALLEST, True).size(caption)[0] + 2
            box.centerx = cards.centerx
        box, middle = box.clamp(row), cards.center
        at = text.where(caption, size, box, True, center=middle)
        surface.blit(translucent_plate(at.inflate(6, 2).size, 225, 3), at.inflate(6, 2))
        text.blit(surface, caption, size, GOLD, True, box, center=middle)

    def _paint_card(
        self, surface: pygame.Surface, card: Card, at: tuple[int, int], height: int, faded: bool
    ) -> pygame.Rect:
        center = (at[0] + card_width(height) / 2, at[1] + height / 2)
        rect = self.context.art.draw(surface, card, Pose(center, height))
        if faded:
            colour, alpha = LEFTOVER_VEIL
            surface.blit(translucent_plate(rect.size, alpha, 0, colour), rect)
        return rect


class MatchEndScene(Overlay):
    """The winner or winners, the final sheet, New game, Main menu or Quit."""

    dismissable = False
    title_lines = 5.0

    def __init__(
        self,
        context: SceneContext,
        shown: ShownTable,
        seating: Seating,
        event: MatchOver,
        new_game: Callable[[], None],
        same_deal: Callable[[], None] | None = None,
        open_review: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(context, shown, seating)
        self.event = event
        celebrated = bool(self.pace) and seating.human and 0 in event.winners
        self.confetti = Confetti(sum(event.totals), SHOWER_SECONDS if celebrated else 0.0)
        """The player's celebration: only when you win (alone or sharing), and none at the
        instant speed."""
        self.motions.append(self.confetti)
        self.buttons = [Button(N_("New game"), new_game)]
        if same_deal is not None:
            self.buttons.append(Button(N_("Play this deal again"), same_deal))
        if open_review is not None:
            self.buttons.append(Button(N_("Review"), open_review))
        self.buttons.append(Button(N_("Main menu"), context.main_menu))
        self.buttons.append(Button(N_("Quit"), context.quit))
        self.row = list(self.buttons)
        """The buttons at the panel's foot (the chart's toggle stands under the title)."""
        self.totals = TotalsView()

    def places(self) -> str:
        """``1. Left 40   2. You 52 …``: the final order."""
        totals = self.event.totals
        order = sorted(range(len(totals)), key=lambda seat: totals[seat])
        return PLACES_GAP.join(
            _("{place}. {name} {total}").format(
                place=place, name=self.seating.name(seat), total=totals[seat]
            )
            for place, seat in enumerate(order, start=1)
        )

    def sheet_area(self, layout: OverlayLayout) -> pygame.Rect:
        """Where the sheet (and the chart) go: the content, over the places' lines."""
        text, size = self.context.text, layout.text_size
        heading, box = TypeScale(size).heading, layout.panel.inflate(-size * 2, 0)
        lines = text.wrap(self.places(), heading, box.width, True, PLACES_GAP)
        sheet = layout.content.copy()
        sheet.height -= round(size * 2.2) + round(heading * 1.25) * (len(lines) - 1)
        return sheet

    def on_resize(self) -> None:
        layout = self.layout
        text, size = self.context.text, layout.text_size
        lay_out_row(self.row, text, size, layout.buttons, least=size * 9)
        area = self.sheet_area(layout)
        self.buttons = list(self.row)
        if not self.totals.side_by_side(text, area, size, self.shown, self.seating):
            toggle = self.totals.button
            width = toggle.width_needed(text, size)
            height = round(size * 1.7)
            toggle.rect = pygame.Rect(area.right - width, area.top - height - size // 4, width, 0)
            toggle.rect.height = height
            self.buttons.append(toggle)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c:
            if self.totals.button in self.buttons:
                self.totals.toggle()
            return True
        return super().handle_event(event)

    def draw_content(self, surface: pygame.Surface, layout: OverlayLayout) -> None:
        self.draw_title(surface, layout, winners_line(self.event.winners, self.seating))
        text, size = self.context.text, layout.text_size
        heading, box = TypeScale(size).heading, layout.panel.inflate(-size * 2, 0)
        lines = text.wrap(self.places(), heading, box.width, True, PLACES_GAP)
        line = round(heading * 1.25)
        shown, seating, winners = self.shown, self.seating, self.event.winners

        def sheet(area: pygame.Rect) -> None:
            paint_score_sheet(surface, text, area, shown, seating, winners)

        self.totals.paint(surface, text, self.sheet_area(layout), shown, seating, sheet)
        for number, places in enumerate(reversed(lines)):  # the last line at the foot
            bottom = (layout.panel.centerx, layout.content.bottom - line * number)
            text.blit(surface, places, heading, INK, True, box=box, midbottom=bottom)

    @property
    def spills(self) -> bool:
        return not self.confetti.done

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.confetti.draw(surface)
