"""The title screen: New game, the opponents' level, Quit — nothing that does not work."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ai.levels import OFFERED_LEVELS
from game.engine.cards import Card, Rank, Suit
from game.i18n import N_, _, ngettext
from game.ui.kit.art import card_height as art_height
from game.ui.kit.felt import felt
from game.ui.kit.form import LINE_SPACING
from game.ui.kit.sprites import Pose
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import GOLD, MUTED, Button
from game.ui.question import Answer, QuestionScene
from game.ui.scene import Scene, SceneContext
from game.words.seat_words import GAME_NAME, Seating, policy_label

if TYPE_CHECKING:
    from game.profile.saved_match import SavedMatch

_FAN = (
    Card(Rank.THREE, Suit.HEARTS),
    Card(Rank.SEVEN, Suit.SPADES),
    Card(None, None),
    Card(Rank.JACK, Suit.DIAMONDS),
    Card(Rank.KING, Suit.CLUBS),
)
"""The title's fan of cards, a printed joker in the middle when the rules deal jokers..."""
_FAN_WITHOUT_JOKERS = (*_FAN[:2], Card(Rank.QUEEN, Suit.SPADES), *_FAN[3:])
"""...and a Queen in its place when they do not (the title shows no card the game won't)."""
MOST_STEP = 0.09
"""The most a title button and the gap under it take of the window's height."""
GAP = 0.22
"""The share of a button's step that is the gap under it."""
TAGLINE = N_(
    "Eleven rounds, 3 to 13 cards; the wild rank follows the hand size. Lowest total wins."
)

NEW_PLAYER_TAGLINE = N_("New to the game? Learn to play: one guided round, about three minutes.")
"""The tagline for a profile that has played no match yet: Learn to play is offered."""

SEATS_APART = "   "
"""Between the seats of the seats' line (where it may break)."""
TOTALS_APART = " · "
"""Between the totals of the saved match's line (where it may break)."""


class TitleScene(Scene):
    """Start a match against Left, Top and Right at the chosen level.

    With ``--seats`` or ``--level`` the seats are given: the screen names them
    instead of offering a level.
    """

    def __init__(self, context: SceneContext) -> None:
        super().__init__(context)
        self.saved = context.memory.saved_match()
        self.buttons = [Button(N_("New game"), self._new_game)]
        if self.saved is not None:
            self.buttons.insert(0, Button(N_("Continue"), self._continue))
        if self.seats_line is None:
            self.buttons.append(Button(self._level_label, self._next_level))
        self.buttons.append(Button(N_("Learn to play"), self._learn))
        self.buttons.append(Button(N_("Settings"), context.open_settings))
        self.buttons.append(Button(N_("Statistics"), context.open_statistics))
        self.buttons.append(Button(N_("History"), context.open_history))
        self.buttons.append(Button(N_("Rules"), context.open_rules))
        self.buttons.append(Button(N_("Quit"), context.quit))
        self.saved_line_top = 0
        """Where the saved match's line goes (under Continue; set by ``on_resize``)."""

    @property
    def saved_line(self) -> str | None:
        """Where the saved match stands, shown under Continue."""
        return None if self.saved is None else _progress(self.saved)

    @property
    def seats_line(self) -> str | None:
        """The opponents the command line gave (``--seats`` or ``--level``), if it gave any."""
        options = self.context.options
        if options.seats is None and options.level is None:
            return None
        settings = self.context.memory.settings
        seating = Seating(names=settings.names)
        return SEATS_APART.join(
            _("{seat}: {level}").format(seat=seating.name(seat), level=policy_label(spec))
            for seat, spec in options.opponents(settings).items()
        )

    def _lines(self, message: str | None, separator: str) -> list[str]:
        """``message`` on as many lines as the window's width needs, broken only at
        ``separator``; none for no message."""
        if message is None:
            return []
        width = round(self.context.screen.get_width() * 0.9)
        return self.context.text.wrap(message, self.small_size, width, separator=separator)

    @property
    def seats_lines(self) -> list[str]:
        """The seats' line (see :attr:`seats_line`), broken to fit."""
        line = self.seats_line
        return self._lines(line and _("Opponents — {seats}").format(seats=line), SEATS_APART)

    @property
    def saved_lines(self) -> list[str]:
        """The saved match's line, broken to fit between its seats."""
        return self._lines(self.saved_line, TOTALS_APART)

    def _level_label(self) -> str:
        """How many opponents, and their levels: one if they all play it; else each seat's,
        or with more than three opponents how many play each (``2× Hard · 3× Easy``)."""
        levels = self.context.memory.settings.levels
        if len(set(levels)) == 1:
            shown = policy_label(levels[0])
        elif len(levels) <= 3:
            shown = " · ".join(map(policy_label, levels))
        else:
            counted = Counter(levels)
            shown = " · ".join(
                f"{count}× {policy_label(level)}" for level, count in counted.items()
            )
        words = ngettext("{count} opponent: {levels}", "{count} opponents: {levels}", len(levels))
        return words.format(count=len(levels), levels=shown)

    def _next_level(self) -> None:
        """Every opponent one level up (after Hard, Easy again); kept in the settings."""
        memory = self.context.memory
        levels, levels_now = OFFERED_LEVELS, memory.settings.levels
        level = levels[(levels.index(levels_now[0]) + 1) % len(levels)]
        memory.save_settings(memory.settings.changed(levels=(level,) * len(levels_now)))
        self.context.sounds.play("click")

    def _learn(self) -> None:
        """The guided round (your saved match, if any, stays as it is)."""
        from game.ui.learn.learn_scene import LearnScene  # loaded when first asked for

        self.context.sounds.play("click")
        self.context.replace(LearnScene(self.context))

    def _new_game(self) -> None:
        """Deal a new match; with one saved, ask first whether to give it up."""
        self.context.sounds.play("click")
        if self.saved is None:
            self._deal()
            return
        self.context.push(abandon_question(self.context, self.saved, self._abandon))

    def _abandon(self) -> None:
        """Give up the saved match (counted as a loss) and deal a new one."""
        if self.saved is not None:
            self.context.memory.abandon_match(self.saved)
        self._deal()

    def _deal(self) -> None:
        from game.ui.table.table import TableScene  # loaded when a match first starts

        setup = self.context.options.new_match(self.context.memory.settings)
        self.context.replace(TableScene(self.context, setup))

    def _ask_to_quit(self) -> None:
        """Escape: quit the game? (Stay is the safe answer.)"""
        answers = (Answer(N_("Stay"), lambda: None), Answer(N_("Quit"), self.context.quit))
        self.context.push(QuestionScene(self.context, N_("Quit the game?"), answers))

    def _continue(self) -> None:
        """Go on with the saved match; if one of its seats cannot be loaded, it is set aside
        (with a notice) and the title offers what is left."""
        from game.ui.table.table import TableScene  # loaded when a match first starts

        assert self.saved is not None
        self.context.sounds.play("click")
        if self.context.memory.playable(self.saved):
            self.context.replace(TableScene.resumed(self.context, self.saved))
        else:
            self.context.replace(TitleScene(self.context))

    @property
    def card_height(self) -> int:
        return art_height(self.context.screen.get_height() * 0.2)

    def on_enter(self) -> None:
        self.on_resize()

    def on_resize(self) -> None:
        """The buttons one under the other (in two columns where the window is too low for
        one), from below the tagline (and the seats' line) to the foot of the window, the
        saved match's line under Continue's row: each in a room of its own, so that nothing
        overlaps at any size."""
        width, height = self.context.screen.get_size()
        self.context.art.use_heights((self.card_height,))
        small = self.small_size
        line = self.line_step
        seats = len(self.seats_lines)
        above = self.seats_line_y + (seats - 1) * line if seats else self.tagline_y
        top = above + line // 2 + small
        room = height - round(height * 0.02) - top
        count = len(self.buttons)
        saved = line * len(self.saved_lines)
        # the saved line takes its height and half a gap more (half a gap above it, a gap
        # below), all the buttons but the last a gap under them
        text = self.context.text
        needed = max(button.width_needed(text, small) for button in self.buttons)
        columns = 1
        while True:  # two columns where one would make the buttons too low for their words
            rows = -(-count // columns)
            fitted = (room - saved) / (rows - GAP / 2) if saved else room / (rows - GAP)
            step = min(height * MOST_STEP, fitted)
            if columns == 2 or step * (1 - GAP) >= small * 1.9:
                break
            columns = 2
        button_height, gap = int(step * (1 - GAP)), int(step * GAP)
        most = round(width * 0.9) if columns == 1 else round(width * 0.45) - gap
        button_width = min(max(round(width * 0.24), needed), most)
        y = top
        for index, button in enumerate(self.buttons):
            column = index % columns
            button.rect = pygame.Rect(0, y, button_width, button_height)
            offset = (column - (columns - 1) / 2) * (button_width + gap)
            button.rect.centerx = round(width / 2 + offset)
            if column == columns - 1 or index == count - 1:
                y = button.rect.bottom + gap
                if index < columns and saved:
                    self.saved_line_top = button.rect.bottom + gap // 2
                    y += saved + gap // 2

    @property
    def small_size(self) -> int:
        """The size of the tagline, the seats' line and the saved match's line."""
        return TypeScale.for_window(self.context.screen.get_size()).body

    @property
    def line_step(self) -> int:
        """From one line of the seats' or the saved match's line to the next."""
        return round(self.small_size * LINE_SPACING)

    @property
    def tagline_y(self) -> int:
        return round(self.context.screen.get_height() * 0.48)

    @property
    def seats_line_y(self) -> int:
        return round(self.context.screen.get_height() * 0.52)

    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.buttons[0].on_click()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._ask_to_quit()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        surface.blit(felt((width, height)), (0, 0))
        card_height = self.card_height
        fan = _FAN if self.context.memory.settings.rules.jokers else _FAN_WITHOUT_JOKERS
        for index, card in enumerate(fan):
            angle = (index - 2) * -9
            center = (
                width / 2 + (index - 2) * card_height * 0.32,
                height * 0.3 + abs(index - 2) * 8,
            )
            self.context.art.draw(surface, card, Pose(center, card_height, angle, True))
        text = self.context.text
        size = TypeScale.for_window((width, height)).display
        text.blit(surface, _(GAME_NAME), size, GOLD, True, center=(width // 2, round(height * 0.1)))
        small = self.small_size
        new_player = self.context.memory.stats.overall.played == 0 and self.saved is None
        tagline, colour = (NEW_PLAYER_TAGLINE, GOLD) if new_player else (TAGLINE, MUTED)
        text.blit(surface, _(tagline), small, colour, center=(width // 2, self.tagline_y))
        step = self.line_step
        for index, line in enumerate(self.seats_lines):
            middle = (width // 2, self.seats_line_y + index * step)
            text.blit(surface, line, small, GOLD, center=middle)
        for index, line in enumerate(self.saved_lines):
            top = (width // 2, self.saved_line_top + index * step)
            text.blit(surface, line, small, MUTED, midtop=top)
        for button in self.buttons:
            button.draw(surface, text)


def abandon_question(
    context: SceneContext, saved: SavedMatch, abandon: Callable[[], None]
) -> QuestionScene:
    """Give up ``saved`` for a new match? Keeping it is the safe answer."""

    def message() -> str:
        return _("Abandon the match in round {number}? It counts as a loss.").format(
            number=saved.match.round_index + 1
        )

    answers = (Answer(N_("Keep the match"), lambda: None), Answer(N_("Abandon it"), abandon))
    return QuestionScene(context, message, answers)


def _progress(saved: SavedMatch) -> str:
    """``Round 3 of 11 — You 12 · Left 20 · Top 5 · Right 30``."""
    from game.words.table_words import round_title  # the table's words, with a saved match

    match = saved.match
    seating = Seating(0 not in saved.policies, saved.names)
    totals = TOTALS_APART.join(
        f"{seating.name(seat)} {total}" for seat, total in enumerate(match.totals)
    )
    return f"{round_title(match.round_index, match.rules.rounds)} — {totals}"
