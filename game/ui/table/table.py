"""The table: your hand at the bottom, Left, Top and Right around the piles.

The scene plays one match and gives each job to its own part: the
:class:`Playback` shows the engine's events one at a time (the shown table,
the cards, sounds and banners), the :class:`SeatsController` brings the AI
seats' decisions, the :class:`Pointer` turns the mouse into commands, and the
painter draws a :class:`TablePicture` of what has been shown. The scene keeps
the match, your selection, the hint and the buttons, and asks the engine about
every move: one it refuses changes nothing, and the reason is shown.
"""

from __future__ import annotations

import dataclasses

import pygame

from game.engine.actions import Action, Discard, LayDown, LayOffCard, Phase
from game.engine.cards import Card
from game.engine.events import MatchOver, RoundScored
from game.engine.match import Match
from game.engine.solver import best_arrangement
from game.i18n import N_, _
from game.profile.saved_match import SavedMatch
from game.seats.controller import SeatsController
from game.sim.match_setup import AUTOPLAY_SEATS, MatchSetup
from game.ui.kit.keys import SEPARATOR, press
from game.ui.kit.sprites import CardSprite
from game.ui.kit.timed_text import TimedText
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import Button, lay_out_row
from game.ui.scene import Scene, SceneContext
from game.ui.seen import hand_order
from game.ui.seen.action_log import ActionLog
from game.ui.seen.fitting import fitted_layout
from game.ui.seen.layout import TableLayout
from game.ui.seen.log_panel import NARROWEST_WINDOW, LogPanel
from game.ui.seen.picture import TablePicture
from game.ui.seen.resting_layer import RestingLayer
from game.ui.seen.shown import ShownTable
from game.ui.seen.stage import HOVER_LIFT, LIFT, Gap
from game.ui.seen.table_painter import notice_box, paint_table
from game.ui.table.at_play import keys_line, picture_at_play
from game.ui.table.endings import TableEnds
from game.ui.table.hint_desk import HintDesk
from game.ui.table.keeping import MatchKeeper
from game.ui.table.laying_desk import LayingDesk
from game.ui.table.pause_menu import PauseMenuScene
from game.ui.table.playback import Arrival, Playback
from game.ui.table.pointer import Pointer
from game.ui.table.score_sheet_scene import ScoreSheetScene
from game.ui.table.table_keys import HURRY_KEY, table_shortcuts
from game.ui.table.undo import UNDO_GRACE_SECONDS, UndoKeeper, taken_back_line
from game.words.table_words import (
    refusal_line,
    seat_label,
    your_line,
)

AHEAD_SECONDS = 0.002
"""How long a frame may spend rendering the round summary's cards ahead (of the 16.7 ms a
frame has at 60 frames a second)."""


class TableScene(Scene):
    """A whole match at the table."""

    def __init__(
        self, context: SceneContext, setup: MatchSetup, saved: SavedMatch | None = None
    ) -> None:
        """A new match dealt from ``setup``, or the ``saved`` one going on where it stopped."""
        super().__init__(context)
        self.setup = setup
        self.match = Match.new(setup.rules, setup.seed) if saved is None else saved.match
        self.log_panel = LogPanel()
        self.resting = RestingLayer()
        """The cards at rest, drawn once until one of them moves."""
        self.undo = UndoKeeper()
        open_table = setup.rules.table == "open"
        self.layout = TableLayout(
            *context.screen.get_size(), players=setup.rules.players, open_table=open_table
        )
        self.playback = Playback(
            setup.rules,
            self.layout,
            setup.move_seconds,
            setup.seating,
            context.sounds,
        )
        if saved is None:
            self.playback.extend(self.match.opening_events())
        else:
            self.playback.resume(ShownTable.of_match(self.match, setup.human, saved.hand_order))
            self.playback.log = ActionLog.of_match(self.match)
        self.pointer = Pointer(self, self.playback, self.layout)
        self.pointer.enabled = setup.human
        self.playback.host = self
        self.seats = SeatsController(
            setup.policies,
            setup.seed,
            use_process=context.options.ai_process,
            rng_states=None if saved is None else saved.rng_states,
        )
        self.hints = HintDesk(self, self.seats, context)
        self.laying_desk = LayingDesk(self)
        self.keeper = MatchKeeper(self, context, setup)
        self.covered = False
        self._speed = context.memory.settings.speed
        self.ends = TableEnds(self, context, setup, self._new_game)
        self._hurry_key = False
        """True while you hold :data:`HURRY_KEY` down."""
        self.notice: TimedText | None = None
        self.selected: int | None = None
        self.arrangement = best_arrangement((), self.shown.wild_rank, setup.rules)
        """A best arrangement of your hand as shown (kept up to date by ``update``)."""
        self._arranged: tuple[Card, ...] = ()
        desk = self.laying_desk
        self._lay_button = Button(N_("Lay down"), desk.press, lambda: bool(desk.picked))
        self.hint_button = Button(N_("Hint"), self.hints.ask_hint, lambda: self.your_turn)
        self.buttons = [
            Button(N_("Sort by rank"), lambda: self._reorder(hand_order.by_rank(self.hand))),
            Button(N_("Sort by suit"), lambda: self._reorder(hand_order.by_suit(self.hand))),
            Button(N_("Arrange melds"), self._arrange_melds),
            self.hint_button,
            Button(N_("Scores"), self.show_scores),
        ]
        self._undo_button = Button(
            N_("Undo"),
            self.take_back,
            lambda: self.undo.available(self.match) is not None,
            progress=lambda: self.undo.grace / UNDO_GRACE_SECONDS,
        )
        self._show_undo_button()
        if setup.rules.table == "open":  # first: hidden but while cards are picked
            self.buttons.insert(0, self._lay_button)
        if not setup.human:  # autoplay: nothing of yours to sort or hint
            self.buttons = self.buttons[-1:]
        self.keys = table_shortcuts(self)
        self.on_resize()
        self._refresh_arrangement()  # a resumed hand is shown at once, before any update

    @classmethod
    def resumed(cls, context: SceneContext, saved: SavedMatch) -> TableScene:
        """The table of a saved match; in autoplay the AI plays on for every seat."""
        policies = dict(saved.policies)
        stand_in = context.options.autoplay and 0 not in policies
        if stand_in:
            policies[0] = AUTOPLAY_SEATS[0]
        match = saved.match
        options = context.options
        rounds = options.rounds if options.autoplay else None
        pace = options.move_seconds(context.memory.settings)
        setup = MatchSetup(match.seed, match.rules, policies, pace, rounds, saved.names, stand_in)
        return cls(context, setup, saved)

    # --- facts ---------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """True once the match is over, or autoplay has played its rounds."""
        return self.ends.finished

    @property
    def shown(self) -> ShownTable:
        """The match as far as it has been shown."""
        return self.playback.shown

    @property
    def hand(self) -> list[Card]:
        """Your hand as shown, in the order you keep it."""
        return self.shown.hands[0]

    @property
    def busy(self) -> bool:
        """True while events wait to be shown or cards are moving."""
        return self.playback.busy

    @property
    def your_turn(self) -> bool:
        """True when the person at the screen may draw or discard now."""
        match = self.match
        return self.setup.human and not self.busy and not match.is_over and match.current_seat == 0

    @property
    def drawn(self) -> bool:
        """True once you have drawn this turn."""
        return self.match.phase is Phase.DISCARD

    def may_play(self, action: Action) -> bool:
        return self.your_turn and self.match.why_illegal(action) is None

    def goes_out(self, card: Card) -> bool:
        """True if discarding ``card`` now goes out (the engine's word)."""
        return self.hints.goes_out(card)

    def hint_shown(self) -> None:
        self.playback.place(0.5)

    def shown_buttons(self) -> list[Button]:
        """The buttons up now: Lay down only while cards are picked."""
        return [b for b in self.buttons if b is not self._lay_button or self.laying_desk.picked]

    def _ai_to_move(self) -> bool:
        match = self.match
        return not match.is_over and not (self.setup.human and match.current_seat == 0)

    # --- scene hooks -----------------------------------------------------------

    def on_pause(self) -> None:
        self.covered = True
        self._let_go()

    def on_resume(self) -> None:
        self.covered = False
        self._hurry_key = bool(pygame.key.get_pressed()[HURRY_KEY])  # held all along
        speed = self.context.memory.settings.speed
        if speed != self._speed:  # back from the settings: the new pace applies at once
            self._speed = speed
            self.playback.pace = self.context.options.move_seconds(self.context.memory.settings)
        self._show_undo_button()
        self.on_resize()

    def _show_undo_button(self) -> None:
        """Undo stands beside Scores while the setting is on (and you play)."""
        wanted = self.setup.human and self.undo_offered()
        if wanted and self._undo_button not in self.buttons:
            self.buttons.insert(len(self.buttons) - 1, self._undo_button)
        elif not wanted and self._undo_button in self.buttons:
            self.buttons.remove(self._undo_button)

    def on_leave(self) -> None:
        self.seats.close()

    def on_language(self) -> None:
        """Words already up (a banner, a notice) were in the old language: they go."""
        self.playback.banner = None
        self.notice = None
        self.on_resize()

    def on_resize(self) -> None:
        text, seats = self.context.text, range(self.setup.rules.players)

        def keys_lines(table: TableLayout, scale: TypeScale) -> int:
            keys = keys_line(self, widest=True)
            return len(text.wrap(keys, scale.help, table.keys_width, separator=SEPARATOR))

        self.layout, self.log_panel.rect = fitted_layout(
            text,
            self.context.screen.get_size(),
            self.setup.rules,
            self.context.memory.settings.show_log,
            self._you_label(sample=True),
            keys_lines,
            [seat_label(seat, self.setup.seating, self.setup.policies) for seat in seats],
        )
        self.playback.stage.layout = self.layout
        self.pointer.relayout(self.layout)
        self.context.art.use_heights(self.layout.card_heights)
        self._place_buttons()
        self.playback.place(0.0)

    def _place_buttons(self) -> None:
        """The buttons side by side at the right of their row, each as wide as its words."""
        layout = self.layout
        lay_out_row(
            self.buttons,
            self.context.text,
            layout.text_size,
            layout.button_room,
            layout.least_button,
            layout.button_gap,
            at_right=True,
        )

    def _you_label(self, sample: bool = False) -> str:
        """Your line above your penalty (``sample``: with a total as wide as any)."""
        total = self.shown.totals[0]
        return your_line(self.setup.seating, self.setup.policies, total, sample)

    def update(self, dt: float) -> None:
        self.pointer.clock += dt
        self.playback.update(dt)
        self.notice = TimedText.tick(self.notice, dt)
        self.undo.tick(dt)
        if self.hurried():
            self.undo.end_grace()
        self.hints.collect()
        self.hints.advise()
        shown_any = False
        while not self.finished and not self.covered and self.playback.show_next():
            shown_any = True
        if not self.finished and not self.covered and not self.busy:
            self._play_ai()
        if not shown_any:  # a frame that shows something new has its own work to draw
            self.ends.work_ahead(AHEAD_SECONDS)  # it opens a frame after it is ready
        self._refresh_arrangement()

    def _refresh_arrangement(self) -> None:
        cards = tuple(self.hand)
        if cards != self._arranged:
            self._arranged = cards
            self.arrangement = best_arrangement(cards, self.shown.wild_rank, self.setup.rules)

    # --- what the playback reports ------------------------------------------------

    def lifted(self) -> dict[Card, float]:
        """Your selected card and a hinted discard stand raised, the card under the pointer
        a little."""
        lifted = {} if self.pointer.hovered is None else {self.pointer.hovered: HOVER_LIFT}
        if self.selected is not None and self.selected < len(self.hand):
            lifted[self.hand[self.selected]] = LIFT
        lifted |= dict.fromkeys(self.laying_desk.picked, LIFT)
        hint = self.hints.hint
        if hint is not None and isinstance(hint.action, Discard):
            lifted[hint.action.card] = LIFT
        return lifted

    def dragged(self) -> CardSprite | None:
        return self.pointer.drag.dragged

    def gap(self) -> Gap | None:
        return self.pointer.gap()

    def moved(self, seat: int | None) -> None:
        """A draw or a discard was shown (``seat`` None: a new deal): marks on your hand go."""
        self.hints.hint = None
        if seat is None or seat == 0:
            self.selected = None
            self.laying_desk.picked.clear()
            self.pointer.drag.cancel()

    def round_ending(self, event: RoundScored) -> None:
        self.ends.round_ending(event)

    def ready(self) -> bool:
        return self.ends.ready()

    def round_scored(self, event: RoundScored) -> None:
        self.ends.round_scored(event)

    def match_over(self, event: MatchOver) -> None:
        self.ends.match_over(event)

    def _apply(self, action: Action) -> None:
        """Play a checked action: its events wait to be shown, the match is kept, and a
        finished match is counted."""
        yours = self.setup.human and self.match.current_seat == 0
        if yours and isinstance(action, Discard | LayDown | LayOffCard):
            self.undo.keep(self.keeper.saved(copy=True))
        events = self.match.apply(action)
        if yours and isinstance(action, Discard) and self.undo_offered():
            self.undo.wait_after(self.match)
        self.playback.extend(events)
        self.keeper.applied()

    def take_back(self) -> None:
        """U or Undo: take your last move back (a discard, a lay-down or a lay-off), if no
        AI seat has acted since."""
        before = self.undo.available(self.match) if self.undo_offered() else None
        if before is None:
            self.refuse(_("Nothing to undo: only your last move, before anyone plays after it"))
            return
        taken = self.match.actions[-1]
        self.context.sounds.play("click")
        self.context.memory.save_match(before)
        resumed = TableScene.resumed(self.context, before)
        resumed.notice = TimedText(taken_back_line(taken), 3.0)
        self.context.replace(resumed)

    def _new_game(self, seed: int | None = None) -> None:
        """A new deal against the same seats (``seed``: that deal again)."""
        fresh = self.context.options.deal_seed() if seed is None else seed
        setup = dataclasses.replace(self.setup, seed=fresh)
        self.context.sounds.play("click")
        self.context.replace(TableScene(self.context, setup))

    # --- AI seats and hints -----------------------------------------------------

    def _ask_ai(self) -> None:
        """Start the next AI decision at once: it is thought out while animations play."""
        if self._ai_to_move():
            self.seats.ask(self.match.view_for(self.match.current_seat))

    def _play_ai(self) -> None:
        """Apply the AI seat's decision once it is ready (called when the table is idle),
        once the wait for an undo is over."""
        if not self._ai_to_move() or self.undo.grace > 0:
            return
        view = self.match.view_for(self.match.current_seat)
        self.seats.ask(view)
        action = self.seats.decision(view)
        if action is not None:
            self._apply(action)
            self._ask_ai()

    # --- your moves -------------------------------------------------------------

    def play(self, action: Action, arrival: Arrival | None = None) -> bool:
        """Ask the engine to play ``action`` for you; False (nothing changed) if refused.

        A drawn card goes where ``arrival`` says (by default: at the end of your hand).
        """
        if self.settling():
            self.playback.finish()  # a card rising or settling waits for no one
        if not self.your_turn:
            return False
        refusal = self.match.refusal(action)
        if refusal is not None:
            self.refuse(refusal_line(refusal, action, self.match.contract))
            return False
        self.playback.arrival = arrival or Arrival(None, None)
        self._apply(action)
        self._ask_ai()
        self.update(0.0)
        return True

    def settling(self) -> bool:
        """True while it is your move and only cards going to their places move (one
        selected, hinted or under the pointer rising): no event waits to be shown."""
        playback, match = self.playback, self.match
        return (
            self.setup.human
            and not match.is_over
            and match.current_seat == 0
            and not playback.queue
            and playback.at_rest is None
            and playback.wait <= 0
        )

    def refuse(self, reason: str | None = None) -> None:
        if reason is not None:
            self.notice = TimedText(reason, 3.0)
        self.context.sounds.play("illegal")

    def move_card(self, card: Card, index: int) -> None:
        others = [other for other in self.hand if other != card]
        others.insert(index, card)
        self.hand[:] = others
        self.selected = None
        self.keeper.save()

    def select(self, card: Card) -> None:
        """A click on ``card``: while you may lay down, pick it (or, picked, put it back into
        line); otherwise focus it."""
        if self.settling():
            self.playback.finish()  # the card picked before is still rising: pick on
        if self.laying_desk.laying:
            self.laying_desk.pick(card)
            self.selected = None
        else:
            self.selected = self.hand.index(card)
        self.playback.place(0.3)

    def enter_card(self) -> Card | None:
        """The card Enter discards now: the focused card, else the one card picked, else
        (nothing picked) the hint's discard or the card the coach's tip names."""
        if self.selected is not None and self.selected < len(self.hand):
            return self.hand[self.selected]
        picked = self.laying_desk.picked
        if picked:
            return picked[0] if len(picked) == 1 else None
        if not (self.your_turn and self.drawn):
            return None
        hint = self.hints.hint
        if hint is not None and isinstance(hint.action, Discard):
            return hint.action.card
        tip = self.hints.coach()
        return None if tip is None else tip.discard

    def discard_selected(self) -> None:
        """Enter: discard :meth:`enter_card`."""
        card = self.enter_card()
        if card is not None:
            self.play(Discard(card))

    def _reorder(self, order: list[Card]) -> None:
        if sorted(order) == sorted(self.hand):
            self.hand[:] = order
            self.selected = None
            self.keeper.save()
            self.playback.place(0.6)
            self.context.sounds.play("click")

    def _arrange_melds(self) -> None:
        self._reorder(hand_order.melds_first(self.hand, self.shown.wild_rank, self.setup.rules))

    def show_scores(self) -> None:
        self.context.sounds.play("click")
        self.context.push(ScoreSheetScene(self.context, self.shown, self.setup.seating))

    def step_selection(self, step: int, carry: bool) -> None:
        """Select the next card left or right (``carry``: move the selected card that way)."""
        hand = self.hand
        if not hand or (carry and self.selected is None):
            return
        if carry and self.selected is not None:
            new = max(0, min(len(hand) - 1, self.selected + step))
            hand.insert(new, hand.pop(self.selected))
            self.selected = new
            self.keeper.save()
        else:
            start = self.selected if self.selected is not None else (-1 if step > 0 else 0)
            self.selected = (start + step) % len(hand)
        self.playback.place(0.4 if carry else 0.3)

    # --- input and drawing ----------------------------------------------------------

    def pause(self) -> None:
        """Escape: the pause menu over the table (a drag under way goes back)."""
        self.pointer.drag.cancel()
        self.playback.place(0.2)
        self.context.sounds.play("click")
        self.context.push(
            PauseMenuScene(self.context, self.match.rules, self.setup.seed, self.keeper.save)
        )

    def skip(self) -> None:
        """Space: the cards on their way land at once, and the next seat plays without
        waiting for an undo."""
        self.playback.finish()
        self.undo.end_grace()

    def hold_hurry(self) -> None:
        self._hurry_key = True

    def hurried(self) -> bool:
        """True while you hold F, or the left button on the bare felt: the cards move as at
        the fast speed (but while you drag a card)."""
        return (self._hurry_key or self.pointer.on_felt) and self.pointer.drag.press is None

    def _let_go(self) -> None:
        """Whatever was held no longer hurries the table (a scene covers it, or the window
        lost the focus: the release would not reach the table)."""
        self._hurry_key = False
        self.pointer.on_felt = False

    def undo_offered(self) -> bool:
        """True while the undo setting is on (then U and the Undo button take a move back)."""
        return self.context.memory.settings.undo

    def log_fits(self) -> bool:
        """True if the window is wide enough for the log beside the table."""
        return self.context.screen.get_width() >= NARROWEST_WINDOW

    def toggle_log(self) -> None:
        """L: the log beside the table, or not (kept in the settings)."""
        memory = self.context.memory
        memory.save_settings(memory.settings.changed(show_log=not memory.settings.show_log))
        self.on_resize()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.WINDOWFOCUSLOST:
            self._let_go()
        if event.type == pygame.KEYUP and event.key == HURRY_KEY:
            self._hurry_key = False
            return True
        if self.log_panel.handle_event(event):
            return True
        if any(button.handle_event(event) for button in self.shown_buttons()):
            return True
        if self._hint_line_clicked(event):
            return True
        if self.pointer.handle_event(event):
            return True
        return event.type == pygame.KEYDOWN and press(self.keys, event)

    def _hint_line_clicked(self, event: pygame.event.Event) -> bool:
        """A left click on the hint's line plays its discard."""
        hint = self.hints.hint
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        if not self.hints.hint_playable():
            return False
        assert hint is not None and self.notice is not None
        if not notice_box(self.layout, self.context.text, self.notice.text).collidepoint(event.pos):
            return False
        return self.play(hint.action)

    def picture(self) -> TablePicture:
        """What the painter draws: the table as shown, nothing of the live match."""
        return picture_at_play(self)

    def draw(self, surface: pygame.Surface) -> None:
        context = self.context
        paint_table(
            self.picture(), surface, context.art, context.text, self.resting, False, self._over
        )

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect]:
        context = self.context
        changed = paint_table(
            self.picture(), surface, context.art, context.text, self.resting, True, self._over
        )
        return [surface.get_rect()] if changed is None else changed

    def _over(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """What flies over the table: the confetti while you go out."""
        celebration = self.playback.celebration
        return [] if celebration is None else celebration.draw(surface)
