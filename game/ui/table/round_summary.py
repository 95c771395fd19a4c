"""The round summary: every hand face up with its melds and penalty, then the sheet."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

import pygame

from game.engine.cards import Card, Rank, wild_rank_for
from game.engine.events import RoundScored
from game.engine.melds import Arrangement, Meld, MeldKind
from game.i18n import N_, _, ngettext
from game.ui.kit.art import card_width
from game.ui.kit.sprites import Pose
from game.ui.kit.text import SMALLEST
from game.ui.kit.tween import Ramp
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import (
    GOLD,
    INK,
    PANEL,
    Button,
    translucent_plate,
)
from game.ui.scene import SceneContext
from game.ui.seen.layout import TableLayout
from game.ui.seen.magnifier import card_under, paint_view, view_rect
from game.ui.seen.shown import ShownTable
from game.ui.table.overlay import (
    CARD_STEP,
    Overlay,
    OverlayLayout,
    SummaryParts,
)
from game.ui.table.score_sheet import counted_up, narrowest, paint_score_sheet
from game.words.card_words import doubled_sum, leftover_sum, stands_short
from game.words.seat_words import Seating
from game.words.table_words import round_title

GROUP_GAP = 0.3
"""The room between two groups of a summary's hand (melds, cards laid off, leftover cards),
beyond a step, in card heights."""
COUNT_PACES = 2.5
"""How long a round's points take to count up in the summary, in paces."""
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
    joined: tuple[bool, ...] = ()
    """A meld: per card, True for a card laid off onto it (by any seat) after it was laid
    down; empty: none was."""


Joined = dict[tuple[int, int], list[tuple[Card, int]]]
"""Per meld (its owner and its index among the owner's melds), the cards laid off onto it
in turn, each with what it was added as."""


def joined_cards(arrangements: Sequence[Arrangement]) -> Joined:
    """The cards each meld took after it was laid down, where the table is one for all (the
    open table, the redemption round: each lay-off names its meld's owner). A lay-off onto
    the melds of who went out at the closed table is each seat's own (they may overlap) and
    stays with the seat's hand."""
    joined: Joined = {}
    for arrangement in arrangements:
        for layoff in arrangement.layoffs:
            if layoff.owner is not None:
                found = joined.setdefault((layoff.owner, layoff.target), [])
                found += zip(layoff.cards, layoff.positions, strict=True)
    return joined


def explained_hand(
    arrangement: Arrangement,
    hand: Sequence[Card],
    wild_rank: Rank,
    goer_melds: Sequence[Meld] = (),
    thrown: Sequence[Card] = (),
    goer: int | None = None,
    seat: int | None = None,
    joined: Joined | None = None,
) -> list[CardGroup]:
    """``hand`` as the engine scored it: each meld (every wild labelled with what it stands
    for) with the cards laid off onto it (``joined``: this ``seat``'s melds, by anyone),
    the cards laid off onto the melds of who went out (``goer``, ``goer_melds``) at the
    closed table, the printed jokers ``thrown`` onto a meld for 0, then the leftover cards
    in the hand's order. The cards this seat laid off onto a meld of the shared table are
    shown on that meld, in its owner's row. At the open table ``hand`` is every card the
    seat scored: those it laid down and laid off, then those it still holds."""
    free, joined = list(hand), joined or {}

    def take(card: Card) -> Card:
        if card not in free:  # the engine may name a twin copy
            card = next(c for c in free if (c.rank, c.suit) == (card.rank, card.suit))
        free.remove(card)
        return card

    groups = []
    for index, meld in enumerate(arrangement.melds):
        pairs = zip(meld.cards, meld.positions, strict=True)
        own = [(take(card), position, False) for card, position in pairs]
        onto = [] if seat is None else joined.get((seat, index), [])
        added = [(card, position, True) for card, position in onto]
        cards = [*own, *added]
        if meld.kind is MeldKind.RUN:
            cards.sort(key=lambda placed: placed[1])
        labels = tuple(
            ("+" if laid else "=") + stands_short(position, meld.suit)
            if laid or card.is_wild(wild_rank)
            else ""
            for card, position, laid in cards
        )
        laid_on = tuple(laid for _card, _position, laid in cards) if added else ()
        groups.append(
            CardGroup(GroupKind.MELD, tuple(c for c, _p, _l in cards), labels, joined=laid_on)
        )
    laid: dict[int | None, tuple[list[Card], list[str]]] = {}
    for layoff in arrangement.layoffs:
        if layoff.owner is not None:  # shown on its meld
            for card in layoff.cards:
                take(card)
            continue
        suit = goer_melds[layoff.target].suit if layoff.target < len(goer_melds) else None
        cards_of, labels_of = laid.setdefault(goer, ([], []))
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
        pause: Callable[[], None] | None = None,
    ) -> None:
        """``pause`` opens the pause menu (Escape); without it Escape goes on."""
        super().__init__(context, shown, seating)
        self.event = event
        self._pause = pause
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
        joined = joined_cards(event.arrangements)
        self.groups = [
            explained_hand(
                arrangement,
                hand,
                self.wild_rank,
                goer_melds,
                event.thrown_jokers[seat] if event.thrown_jokers else (),
                event.went_out,
                seat,
                joined,
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
        self.pointer: tuple[int, int] | None = None
        """Where the mouse is over the panel (None: not seen yet)."""
        self.placed: list[tuple[Card, pygame.Rect, pygame.Rect]] = []
        """Each card as last drawn, and the row of cards it is in (kept by :meth:`draw`, so
        that a hover finds the card under the pointer)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self._pause:
            self._pause()  # the menu over the summary; Resume comes back to it
            return True
        return super().handle_event(event)

    def look(self) -> tuple[object, ...]:
        return (*super().look(), self.magnified())

    def magnified(self) -> Card | None:
        """The card under the pointer, drawn smaller than your hand's at the table: it is shown
        large with its name."""
        if self.pointer is None:
            return None
        placed = ((card, rect) for card, rect, _row in self.placed)
        found = card_under(placed, self.pointer, self._hand_height())
        return None if found is None else found[0]

    def _hand_height(self) -> int:
        """How tall your hand's cards are at the table in this window."""
        return TableLayout(*self.context.screen.get_size()).hand_height

    def _paint_magnified(self, surface: pygame.Surface, layout: OverlayLayout) -> None:
        card = self.magnified()
        if card is None:
            return
        rect, row = next((rect, row) for placed, rect, row in self.placed if placed == card)
        text, size, height = self.context.text, layout.text_size, self._hand_height()
        where = view_rect(text, size, card, height, rect, row, layout.panel)
        paint_view(surface, self.context.art, text, size, card, height, where)

    def on_resize(self) -> None:
        super().on_resize()
        self.context.art.use_heights((self._card_height(),))

    @property
    def widest(self) -> float:
        """The card steps of the widest hand: its cards, and a gap before each group."""
        return max(
            sum(len(group.cards) for group in groups) + len(groups) * GROUP_GAP / CARD_STEP
            for groups in self.groups
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
        title = round_title(event.round_index, self.shown.rounds)
        if event.went_out is not None and self.seating.is_you(event.went_out):
            title = _("{round} — you went out").format(round=title)
        elif event.went_out is not None:
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
        magnified = self.magnified()
        self.placed = []
        self.draw_title(surface, layout, self.title())
        parts = self.parts()
        self._paint_hands(surface, parts)
        self._paint_sheet(surface, parts)
        if magnified is not None and magnified == self.magnified():
            self._paint_magnified(surface, layout)

    def rehearsal(self) -> list[Callable[[pygame.Surface], object]]:
        """The title and the hands in one frame, the sheet and the buttons in another (all at
        once took 4–5 ms at 4K)."""

        def hands(unseen: pygame.Surface) -> None:
            self.draw_title(unseen, self.layout, self.title())
            self._paint_hands(unseen, self.parts())
            self.placed = []

        def sheet_and_buttons(unseen: pygame.Surface) -> None:
            self._paint_sheet(unseen, self.parts())
            self.draw_buttons(unseen)

        return [hands, sheet_and_buttons]

    def _paint_hands(self, surface: pygame.Surface, parts: SummaryParts) -> None:
        height = parts.card_height(self.widest)
        for seat, row in enumerate(parts.rows):
            self._paint_hand_row(surface, parts, seat, row, height)

    def _paint_sheet(self, surface: pygame.Surface, parts: SummaryParts) -> None:
        current = self.event.round_index
        paint_score_sheet(
            surface,
            self.context.text,
            parts.sheet,
            self.shown,
            self.seating,
            counted=self.count.progress,
            current=current,
            only=None if parts.whole_sheet else current,
        )

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """While the points count up, only what counts is drawn again: each hand's line of
        name and points, and the score sheet (not the cards, the title or the buttons)."""
        drawn, look = self._shown, self.look()
        panel, buttons, _moved, magnified = look
        if drawn is None or drawn[1] or drawn[0] == look or magnified is not None:
            return super().draw_changes(surface)
        was_panel, was_buttons, _was_moved, was_magnified = drawn[0]
        if (was_panel, was_buttons, was_magnified) != (panel, buttons, None):
            return super().draw_changes(surface)
        self._shown = (look, self.spills)
        parts = self.parts()
        height, placed = parts.card_height(self.widest), self.placed
        lines = [self._points_line(parts, row, height) for row in parts.rows]
        for seat, (row, line) in enumerate(zip(parts.rows, lines, strict=True)):
            surface.set_clip(line)
            surface.fill(PANEL, line)
            self._paint_hand_row(surface, parts, seat, row, height)
        surface.set_clip(parts.sheet)
        surface.fill(PANEL, parts.sheet)
        self._paint_sheet(surface, parts)
        surface.set_clip(None)
        self.placed = placed  # the cards as last drawn whole (the pointer finds them there)
        return [*lines, parts.sheet.copy()]

    def _points_line(self, parts: SummaryParts, row: pygame.Rect, height: int) -> pygame.Rect:
        """Where a hand's name and its points are written (and, beside them, the sum of its
        cards when it fits there): a line over its cards, or the column at their left."""
        if parts.names_above:
            spare = row.height - parts.name_line - height - parts.label_line * parts.sum_lines
            top = row.top + max(0, spare // 2)
            return pygame.Rect(row.left, top, row.width, parts.name_line)
        return pygame.Rect(row.left, row.top, parts.cards_box(row).left - row.left, row.height)

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
        cards, heading = parts.cards_box(row), self._points_line(parts, row, height)
        if parts.names_above:
            top, box = heading.top, heading
            placed = text.blit(surface, name, size, INK, True, box=box, topleft=box.topleft)
            left = placed.right + size
            line_top = top
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
            box = pygame.Rect(heading.left, heading.top, heading.width - size // 2, heading.height)
            text.blit(surface, name, size, INK, True, box=box, topleft=(row.left, top))
            below = (row.left, top + round(size * 1.4))
            text.blit(surface, points, size, colour, box=box, topleft=below)
            line_left, line_top = 0, 0
        under = min(top + height + 2, row.bottom - parts.label_line * parts.sum_lines)  # or on them
        line_top = line_top or under
        hand = pygame.Rect(cards.left, top, cards.width, height)
        first = len(self.placed)
        end, right = self._paint_groups(surface, parts, seat, hand, under)
        row_cards = [rect for _card, rect, _row in self.placed[first:]]
        if row_cards:
            drawn = row_cards[0].unionall(row_cards[1:])
            self.placed[first:] = [(card, rect, drawn) for card, rect, _ in self.placed[first:]]
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
        """``line``, the cards left in a hand counted; at the open table, saying why a meld
        still in the hand counts: it was held, never laid down."""
        # TRANSLATORS: over the cards held at the open table's end: they count in full.
        return _("Held, counts in full: {sum}").format(sum=line) if self.open_table else line

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
            for index, (card, label) in enumerate(zip(group.cards, group.labels, strict=True)):
                rect = self._paint_card(surface, card, (x, cards.top), height, False)
                if group.kind is GroupKind.LAID_OFF or (group.joined and group.joined[index]):
                    pygame.draw.rect(surface, GOLD, rect.inflate(4, 4), 2, border_radius=4)
                if label:
                    box = pygame.Rect(x - (step - width) // 2, under, step, parts.label_line)
                    if text.fit(label, label_size, box.width, True)[0] != label:
                        label = label[1:]  # "6♠" where "=6♠" is too wide
                    if text.fit(label, label_size, box.width, True)[0] != label:
                        wide = text.font(label_size, True).size(label)[0] + 2  # past the card
                        box = pygame.Rect(0, under, wide, parts.label_line)
                        box.centerx = x + width // 2
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
        self.placed.append((card, rect, rect))
        if faded:
            colour, alpha = LEFTOVER_VEIL
            surface.blit(translucent_plate(rect.size, alpha, 0, colour), rect)
        return rect
