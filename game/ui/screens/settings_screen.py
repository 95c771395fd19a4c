"""The settings screen: every rule of the next match, the opponents, pace, sound and looks.

Each row explains its current choice and marks the default. A change is kept
at once in the profile; rule changes apply from the next match (the screen
says so), everything else at once.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.ai.levels import LEVELS_BY_NAME, OFFERED_LEVELS
from game.engine.cards import Card, Rank, Suit
from game.engine.seating import seat_place
from game.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _
from game.profile.settings import (
    CARD_BACKS,
    DECK_STYLES,
    NAME_LENGTH,
    NEW_SEAT_LEVEL,
    SPEEDS,
    Settings,
)
from game.ui.kit.art import card_height, card_width
from game.ui.kit.felt import felt
from game.ui.kit.form import ChoiceRow, Form, NameRow, NoteRow, Row
from game.ui.kit.keys import Shortcut, help_line, press
from game.ui.kit.sprites import Pose
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import GOLD, MUTED, Button
from game.ui.scene import Scene, SceneContext
from game.words.rule_options import (
    RuleOption,
    RuleValue,
    idle_reason,
    option,
    rule_options,
    with_choice,
)
from game.words.seat_words import Seating, policy_label

SEAT_NAME_WORDS = N_("What this seat is called at the table (Enter to type)")
TABLE_SIZE = "players"
"""The rule that sets how many sit at the table: offered with the opponents, since each
opponent has rows of its own."""
SPEED_WORDS = {
    "slow": N_("Cards travel slowly: easy to follow every move"),
    "normal": N_("Cards travel at a natural pace"),
    "fast": N_("Cards fly: for players who know the game"),
    "instant": N_("No animation: every move lands at once"),
}
DECK_NAMES = {"classic": N_("Two colours"), "four_colour": N_("Four colours")}
DECK_WORDS = {
    "classic": N_("♠ ♣ black, ♥ ♦ red, as on a printed deck"),
    "four_colour": N_("♠ black, ♥ red, ♦ blue, ♣ green: suits told apart at a glance"),
}
BACK_NAMES = {"blue": N_("Blue"), "red": N_("Red")}
BACK_WORDS = {"blue": N_("A deep blue back"), "red": N_("A deep red back")}
SPEED_NAMES = {
    "slow": N_("Slow"),
    "normal": N_("Normal"),
    "fast": N_("Fast"),
    "instant": N_("Instant"),
}
VOLUMES = tuple(step / 10 for step in range(11))
SECTIONS = (
    N_("Game"),
    N_("Rules"),
    N_("Table and cards"),
    N_("Sound"),
    N_("Language"),
)
"""The screen's sections, each a tab with its own list of settings, in tab order."""
LOOKS = SECTIONS.index(N_("Table and cards"))
"""The section whose settings change how the cards look: it shows a few, live."""
PREVIEW = (
    Card(Rank.QUEEN, Suit.HEARTS),
    Card(Rank.TEN, Suit.DIAMONDS),
    Card(Rank.SEVEN, Suit.CLUBS),
    Card(Rank.ACE, Suit.SPADES),
)
"""The faces shown beside a back as the deck, the back and the indices are chosen."""


class SettingsScene(Scene):
    """A scrolling form over the felt; Back or Escape returns to where it was opened."""

    def __init__(self, context: SceneContext) -> None:
        super().__init__(context)
        self.forms = self._forms()
        """One form per section of :data:`SECTIONS`."""
        self.section = 0
        """The section shown."""
        self.tabs = [
            Button(name, partial(self.show_section, index)) for index, name in enumerate(SECTIONS)
        ]
        self.back = Button(N_("Back"), self.context.pop)
        self.keys = self._shortcuts()
        self.seated_from: Settings | None = None
        """The settings before the table size was changed (while it is being stepped through):
        each count is seated from them, so that stepping through a smaller table on the way
        loses no opponent's level or name."""

    @property
    def form(self) -> Form:
        """The list of settings of the section shown."""
        return self.forms[self.section]

    def show_section(self, index: int) -> None:
        """Show the section ``index`` (wrapping round)."""
        self.section = index % len(SECTIONS)
        self.on_resize()

    @property
    def settings(self) -> Settings:
        return self.context.memory.settings

    def _change(self, **values: Any) -> None:
        """Keep a change in the profile and let the window apply it."""
        self._keep(self.settings.changed(**values))
        self.seated_from = None

    def _keep(self, settings: Settings) -> None:
        self.context.memory.save_settings(settings)
        self.context.apply_settings()
        self.context.sounds.play("click")

    def _seat(self, players: RuleValue) -> None:
        """Seat ``players`` at the next match's table: the opponents' rows follow."""
        assert isinstance(players, int)
        if self.seated_from is None:
            self.seated_from = self.settings
        self._keep(self.seated_from.seated(players))
        self._reword()

    # --- the rows --------------------------------------------------------------------

    def _forms(self) -> list[Form]:
        """A form for each section, worded in the language in use."""
        game: list[Row] = [NoteRow(_("The opponents"), _("Their levels apply from the next match"))]
        players = self.settings.rules.players
        game.append(self._table_size_row())
        for seat in range(1, players):
            place = seat_place(seat, players)
            game += [self._level_row(seat, place), self._name_row(seat, place)]
        game += self._pace_rows()
        rules: list[Row] = [NoteRow(_("The rules"), _("Rule changes apply from the next match"))]
        rules += [self._rule_row(option) for option in rule_options() if option.field != TABLE_SIZE]
        return [
            Form(game),
            Form(rules),
            Form(self._table_rows()),
            Form(self._sound_rows()),
            Form([self._language_row()]),
        ]

    def _table_size_row(self) -> Row:
        """How many sit at the table, you included: 2 to 8."""
        table = option(TABLE_SIZE)
        row: ChoiceRow[RuleValue] = ChoiceRow(
            table.label,
            table.values,
            get=lambda: self.settings.rules.players,
            set=self._seat,
            name_of=lambda value: table.choice(value).label,
            explain=lambda value: table.choice(value).explanation,
            default=table.default.value,
        )
        return row

    def _rule_row(self, option: RuleOption) -> Row:
        field = option.field
        row: ChoiceRow[RuleValue] = ChoiceRow(
            option.label,
            option.values,
            get=lambda: getattr(self.settings.rules, field),
            set=lambda value: self._change(rules=with_choice(self.settings.rules, field, value)),
            name_of=lambda value: option.choice(value).label,
            explain=lambda value: option.choice(value).explanation,
            default=option.default.value,
            idle=lambda: idle_reason(self.settings.rules, field),
        )
        return row

    def _language_row(self) -> Row:
        def name_of(value: str | None) -> str:
            if value is None:
                system = LANGUAGE_NAMES[self.context.system_language()]
                return _("As the system ({language})").format(language=system)
            return LANGUAGE_NAMES[value]

        row: ChoiceRow[str | None] = ChoiceRow(
            _("Language"),
            (None, *LANGUAGES),
            get=lambda: self.settings.language,
            set=lambda value: self._change(language=value),
            name_of=name_of,
            explain=lambda value: _("The game's words and the rules, in this language"),
            default=Settings().language,
        )
        return row

    def _level_row(self, seat: int, place: str) -> Row:
        """The level of the opponent at ``seat``, which sits at ``place``."""

        def set_level(value: str) -> None:
            levels = list(self.settings.levels)
            levels[seat - 1] = value
            self._change(levels=tuple(levels))

        return ChoiceRow(
            _("{seat}: level").format(seat=_(place)),
            OFFERED_LEVELS,
            get=lambda: self.settings.levels[seat - 1],
            set=set_level,
            name_of=policy_label,
            explain=lambda level: _(LEVELS_BY_NAME[level].explanation),
            default=NEW_SEAT_LEVEL,
        )

    def _name_row(self, seat: int, place: str) -> Row:
        """The name of the opponent at ``seat``, which sits at ``place``."""

        def set_name(value: str) -> None:
            names = list(self.settings.names)
            # the place's own name is kept untranslated
            names[seat - 1] = place if value == _(place) else value
            self._change(names=tuple(names))

        return NameRow(
            _("{seat}: name").format(seat=_(place)),
            get=lambda: Seating(names=self.settings.names).name(seat),
            set=set_name,
            longest=NAME_LENGTH,
            explanation_text=_(SEAT_NAME_WORDS),
        )

    def _pace_rows(self) -> list[Row]:
        """How the table plays: its pace, the coach, undo."""
        return [
            self._plain_row(_("Animation speed"), "speed", tuple(SPEEDS), SPEED_NAMES, SPEED_WORDS),
            self._flag_row(
                _("Coach"),
                "coach",
                N_("Tips at the table during your first three matches"),
                N_("No tips at the table"),
            ),
            self._flag_row(
                _("Undo"),
                "undo",
                N_("Your last discard can be taken back (U) until the next seat plays"),
                N_("A discard is final"),
            ),
        ]

    def _table_rows(self) -> list[Row]:
        """How the table and its cards look."""
        return [
            self._plain_row(_("Deck"), "deck", DECK_STYLES, DECK_NAMES, DECK_WORDS),
            self._plain_row(_("Card back"), "back", CARD_BACKS, BACK_NAMES, BACK_WORDS),
            self._flag_row(
                _("Card indices"),
                "local_indices",
                N_("Court cards carry the letters of your language (R D V in French)"),
                N_("Court cards carry the English letters K Q J"),
            ),
            self._flag_row(
                _("Action log"),
                "show_log",
                N_("What happened this round, beside the table (L, at the table)"),
                N_("No log beside the table (L, at the table, shows it)"),
            ),
            self._flag_row(
                _("Full screen"),
                "fullscreen",
                N_("The window fills the screen (F11, anywhere)"),
                N_("A window on the desktop (F11 fills the screen)"),
            ),
        ]

    def _sound_rows(self) -> list[Row]:
        volume: ChoiceRow[float] = ChoiceRow(
            _("Sound volume"),
            VOLUMES,
            get=lambda: self.settings.volume,
            set=lambda value: self._change(volume=value),
            name_of=lambda value: f"{round(value * 100)} %",
            explain=lambda value: _("Silent") if value == 0 else _("How loud the table sounds"),
            default=Settings().volume,
        )
        return [
            volume,
            self._flag_row(_("Mute"), "muted", N_("No sound at all"), N_("Sounds play")),
        ]

    def _plain_row(
        self,
        label: str,
        key: str,
        values: tuple[str, ...],
        names: dict[str, str],
        words: dict[str, str],
    ) -> Row:
        row: ChoiceRow[str] = ChoiceRow(
            label,
            values,
            get=lambda: str(getattr(self.settings, key)),
            set=lambda value: self._change(**{key: value}),
            name_of=lambda value: _(names[value]),
            explain=lambda value: _(words[value]),
            default=getattr(Settings(), key),
        )
        return row

    def _flag_row(self, label: str, key: str, on: str, off: str) -> Row:
        row: ChoiceRow[bool] = ChoiceRow(
            label,
            (False, True),
            get=lambda: bool(getattr(self.settings, key)),
            set=lambda value: self._change(**{key: value}),
            name_of=lambda value: _("On") if value else _("Off"),
            explain=lambda value: _(on) if value else _(off),
            default=getattr(Settings(), key),
        )
        return row

    # --- the scene ----------------------------------------------------------------------

    def _shortcuts(self) -> tuple[Shortcut, ...]:
        """The screen's keys (while no name is typed), each with its words in the help line."""

        def form() -> Form:
            return self.form  # a new language words a new form

        return (
            Shortcut(
                N_("↑/↓ choose"),
                {
                    pygame.K_UP: lambda: form().move_focus(-1),
                    pygame.K_DOWN: lambda: form().move_focus(1),
                },
            ),
            Shortcut(
                N_("←/→ change"),
                {
                    pygame.K_LEFT: lambda: form().step_focused(-1),
                    pygame.K_RIGHT: lambda: form().step_focused(1),
                },
            ),
            Shortcut(
                N_("Enter type a name"),
                {
                    pygame.K_RETURN: lambda: form().activate_focused(),
                    pygame.K_KP_ENTER: lambda: form().activate_focused(),
                },
            ),
            Shortcut(
                N_("Shift+Tab previous section"),
                {pygame.K_TAB: lambda: self.show_section(self.section - 1)},
                shift=True,
                told=lambda: False,  # goes back, as everywhere; Tab's words tell the key
            ),
            Shortcut(
                N_("Tab section"),
                {pygame.K_TAB: lambda: self.show_section(self.section + 1)},
            ),
            Shortcut(N_("Escape back"), {pygame.K_ESCAPE: self.context.pop}),
        )

    def on_enter(self) -> None:
        self.on_resize()

    def on_language(self) -> None:
        self._reword()

    def _reword(self) -> None:
        """Make every row again (in the language in use, one pair of rows per opponent),
        keeping the row in focus and the scroll."""
        kept = [(form.focus, form.scroll) for form in self.forms]
        self.forms = self._forms()
        for form, (focus, scroll) in zip(self.forms, kept, strict=True):
            form.focus, form.scroll = focus, scroll
        self.on_resize()

    def on_resize(self) -> None:
        width, height = self.context.screen.get_size()
        size = TypeScale.for_window((width, height)).body
        margin = size * 2
        wide = max(size * 9, self.back.width_needed(self.context.text, size))
        button = pygame.Rect(0, 0, wide, round(size * 2.2))
        button.midbottom = (width // 2, height - size)
        self.back.rect = button
        tab_top, tab_height = self._keys_line_top(size) + size * 2, round(size * 2)
        tab_width = (width - margin * 2) // len(self.tabs)
        for index, tab in enumerate(self.tabs):
            tab.rect = pygame.Rect(margin + index * tab_width, tab_top, tab_width - 6, tab_height)
        top = tab_top + tab_height + size
        area = pygame.Rect(margin, top, width - margin * 2, button.top - size - top)
        for form in self.forms:
            form.place(area, size)
        self.context.art.use_heights((self.preview_height,))

    def _keys_line_top(self, size: int) -> int:
        """Where the keys' line goes: under the title (drawn from ``size`` down)."""
        return size + self.context.text.font(TypeScale(size).title, True).get_height()

    @property
    def preview_height(self) -> int:
        """How tall the live cards are: what room the table section's rows leave, at most
        nine lines of text (0: no room, the rows come first)."""
        form = self.forms[LOOKS]
        room = form.area.height - len(form.rows) * form.row_height - form.text_size * 2
        height = min(room, form.text_size * 9)
        return card_height(height) if height >= form.text_size * 3 else 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Everything stops here: the scene beneath gets no input."""
        if self.form.typing is None:
            if self.back.handle_event(event):
                return True
            if any(tab.handle_event(event) for tab in self.tabs):
                return True
            if event.type == pygame.KEYDOWN and press(self.keys, event):
                return True
        self.form.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        surface.blit(felt((width, height)), (0, 0))
        size = self.form.text_size
        text = self.context.text
        scale = TypeScale(size)
        text.blit(surface, _("Settings"), scale.title, GOLD, True, midtop=(width // 2, size))
        hint = help_line(self.keys)
        text.blit(surface, hint, scale.help, MUTED, midtop=(width // 2, self._keys_line_top(size)))
        for tab in self.tabs:
            tab.draw(surface, text)
        chosen = self.tabs[self.section].rect
        mark = pygame.Rect(chosen.left + 8, chosen.bottom + 3, chosen.width - 16, max(3, size // 5))
        pygame.draw.rect(surface, GOLD, mark, border_radius=2)
        self.form.draw(surface, text)
        if self.section == LOOKS:
            self._draw_preview(surface)
        self.back.draw(surface, text)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """A few faces and a back, as the deck, back and indices now make them, under the
        section's rows."""
        height = self.preview_height
        if not height:
            return
        form = self.form
        middle_y = form.area.bottom - height // 2 - form.text_size // 2
        step = card_width(height) * 1.15
        cards = (*((card, True) for card in PREVIEW), (PREVIEW[0], False))
        left = form.area.centerx - step * (len(cards) - 1) / 2
        for index, (card, face_up) in enumerate(cards):
            center = (left + index * step, middle_y)
            self.context.art.draw(surface, card, Pose(center, height, 0.0, face_up))
