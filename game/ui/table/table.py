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
from collections.abc import Callable

import pygame

from game.ai.hint import Suggestion
from game.engine.actions import Action, Discard, Draw, DrawSource, LayDown, LayOffCard, Phase
from game.engine.cards import Card
from game.engine.contracts import Contract, contract_for
from game.engine.events import MatchOver, RoundScored
from game.engine.legality import Refusal
from game.engine.match import Match
from game.engine.solver import best_arrangement, min_penalty_after_discard
from game.engine.view import PlayerView
from game.files import shown
from game.i18n import N_, _, language
from game.profile.kept_match import KeptMatch
from game.profile.player_stats import level_key, result_from
from game.profile.saved_match import SavedMatch
from game.seats.controller import SeatsController
from game.sim.match_setup import AUTOPLAY_SEATS, MatchSetup
from game.ui.kit.keys import SEPARATOR, Shortcut, help_line, press
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import Button, lay_out_row
from game.ui.scene import Scene, SceneContext
from game.ui.table import hand_order, laying
from game.ui.table.action_log import ActionLog
from game.ui.table.coach import COACHED_MATCHES, CoachTip, coach_tip
from game.ui.table.layout import TableLayout
from game.ui.table.log_panel import NARROWEST_WINDOW, LogPanel, log_width
from game.ui.table.match_end import MatchEndScene
from game.ui.table.pause_menu import PauseMenuScene
from game.ui.table.picture import AtPlay, TablePicture, table_picture
from game.ui.table.playback import Arrival, Playback, TimedText
from game.ui.table.pointer import Pointer
from game.ui.table.round_summary import RoundSummaryScene
from game.ui.table.score_sheet_scene import ScoreSheetScene
from game.ui.table.shown import ShownTable
from game.ui.table.stage import HOVER_LIFT, LIFT
from game.ui.table.table_painter import RestingLayer, notice_box, paint_table, your_words_width
from game.ui.table.undo import UndoKeeper
from game.words.hint_words import hint_line
from game.words.table_words import (
    contract_line,
    refusal_line,
    your_line,
)

SUMMARY_SECONDS = 2.0
"""How long a round summary stays open in autoplay (none at full speed)."""
AHEAD_SECONDS = 0.004
"""How long a frame may spend rendering the round summary's cards ahead (of the 16.7 ms a
frame has at 60 frames a second)."""
HURRY_KEY = pygame.K_f
"""Held down, it hurries the table (as the left button held on the felt does)."""


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
        self._coached: tuple[object, CoachTip | None] | None = None
        self._view: tuple[int, PlayerView] | None = None
        """Your view of the match, and after how many actions it was taken."""
        self._advice: tuple[PlayerView, Suggestion | str] | None = None
        """The hint's decision (or why there is none) for a view of yours: the one the
        hint shows and the coach words, worked out once per view by the seats' worker."""
        self._advice_asked: PlayerView | None = None
        self._hint_wanted: PlayerView | None = None
        """The view you asked a hint for (H or the Hint button), until it is shown."""
        self._hint_text: str | None = None
        self._discard_facts: tuple[int, frozenset[Card], int] | None = None
        """After how many actions, the cards whose discard goes out and the penalty after
        the best discard (your discard phase only)."""
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
            on_moved=self._hand_moved,
            on_round_scored=self._round_scored,
            on_match_over=self._match_over,
        )
        if saved is None:
            self.playback.extend(self.match.opening_events())
        else:
            self.playback.resume(ShownTable.of_match(self.match, setup.human, saved.hand_order))
            self.playback.log = ActionLog.of_match(self.match)
        self.playback.lifted = self._lifted
        self.playback.hurried = self._hurried
        self.playback.round_ending = self._ready_summary
        self.playback.ready = self._summary_ready
        self.pointer = Pointer(self, self.playback, self.layout)
        self.pointer.enabled = setup.human
        self.playback.dragged = lambda: self.pointer.drag.dragged
        self.playback.gap = self.pointer.gap
        self.seats = SeatsController(
            setup.policies,
            setup.seed,
            use_process=context.options.ai_process,
            rng_states=None if saved is None else saved.rng_states,
        )
        self.covered = False
        self._speed = context.memory.settings.speed
        self.finished = False
        self.rounds_scored = 0
        self._summary: RoundSummaryScene | None = None
        """The summary of the round whose hands turn face up, until it opens."""
        self._hurry_key = False
        """True while you hold :data:`HURRY_KEY` down."""
        self.went_out = 0 if saved is None else saved.went_out
        self.kept_as = 0
        """The match's number in the history once it is over and kept (0 before)."""
        """Rounds of this match you went out in (for the statistics)."""
        self.hint: Suggestion | None = None
        self.notice: TimedText | None = None
        self.selected: int | None = None
        self.picked: list[Card] = []
        """The cards of your hand picked to lay down (the open table, once you have drawn)."""
        self._lay_down_cache: tuple[tuple[int, tuple[Card, ...]], LayDown | Refusal] | None = None
        self.arrangement = best_arrangement((), self.shown.wild_rank, setup.rules)
        """A best arrangement of your hand as shown (kept up to date by ``update``)."""
        self._arranged: tuple[Card, ...] = ()
        self._lay_button = Button(N_("Lay down"), self._press_lay_down, lambda: bool(self.picked))
        self.buttons = [
            Button(N_("Sort by rank"), lambda: self._reorder(hand_order.by_rank(self.hand))),
            Button(N_("Sort by suit"), lambda: self._reorder(hand_order.by_suit(self.hand))),
            Button(N_("Arrange melds"), self._arrange_melds),
            Button(N_("Hint"), self._ask_hint, lambda: self.your_turn),
            Button(N_("Scores"), self._show_scores),
        ]
        self._undo_button = Button(
            N_("Undo"), self._undo, lambda: self.undo.available(self.match) is not None
        )
        self._show_undo_button()
        if setup.rules.table == "open":  # first: hidden but while cards are picked
            self.buttons.insert(0, self._lay_button)
        if not setup.human:  # autoplay: nothing of yours to sort or hint
            self.buttons = self.buttons[-1:]
        self.keys = self._shortcuts()
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

    @property
    def laying(self) -> bool:
        """True when you may lay melds down or cards off now: the open table, your turn,
        once you have drawn."""
        return self.your_turn and self.drawn and self.match.rules.table == "open"

    def lay_off(self, card: Card, meld: int, toward_high: bool) -> LayOffCard:
        """``card`` laid off onto the table's meld ``meld`` (see :func:`laying.lay_off`)."""
        return laying.lay_off(self.match, card, meld, toward_high)

    def shown_buttons(self) -> list[Button]:
        """The buttons up now: Lay down only while cards are picked."""
        return [b for b in self.buttons if b is not self._lay_button or self.picked]

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
        wanted = self.setup.human and self.context.memory.settings.undo
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
        width, height = self.context.screen.get_size()
        shown = self.context.memory.settings.show_log
        scale = TypeScale.for_window((width, height))
        column = log_width(width, scale.body, shown)
        self.log_panel.rect = pygame.Rect(width - column, 0, column, height)
        rules = self.setup.rules
        text, table = (
            self.context.text,
            TableLayout(
                width - column,
                height,
                scale,
                players=rules.players,
                open_table=rules.table == "open",
            ),
        )
        words = your_words_width(text, scale.body, self._you_label(sample=True))
        keys = text.wrap(self._keys_line(), scale.help, table.keys_width, separator=SEPARATOR)
        corner = [
            len(text.wrap(contract_line(contract), scale.body, table.corner_box.width))
            for contract in self._contracts()
        ]
        self.layout = dataclasses.replace(
            table, words_width=words, keys_lines=len(keys), corner_extra=max(corner, default=0)
        )
        self.playback.stage.layout = self.layout
        self.pointer.relayout(self.layout)
        self.context.art.use_heights(self.layout.card_heights)
        self._place_buttons()
        self.playback.place(0.0)

    def _contracts(self) -> set[Contract]:
        """The contracts of the match's rounds (none without contracts)."""
        rules = self.setup.rules
        return {contract_for(size) for size in rules.hand_sizes} if rules.contracts else set()

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

    def _keys_line(self) -> str:
        """The keys' help under your hand."""
        # TRANSLATORS: the line of keys under your hand; it goes on two lines where a
        # window is too narrow for it (the prefix may go, as in Dutch).
        return _("Keys: {keys}").format(keys=help_line(self.keys))

    def update(self, dt: float) -> None:
        self.pointer.clock += dt
        self.playback.update(dt)
        self.notice = TimedText.tick(self.notice, dt)
        self._collect_hint()
        self._advise()
        while not self.finished and not self.covered and self.playback.show_next():
            pass
        if not self.finished and not self.covered and not self.busy:
            self._play_ai()
        if self._summary is not None:  # a few of its cards: it opens a frame after the last
            self.context.art.work_ahead(AHEAD_SECONDS)
        self._refresh_arrangement()

    def _refresh_arrangement(self) -> None:
        cards = tuple(self.hand)
        if cards != self._arranged:
            self._arranged = cards
            self.arrangement = best_arrangement(cards, self.shown.wild_rank, self.setup.rules)

    # --- what the playback reports ------------------------------------------------

    def _lifted(self) -> dict[Card, float]:
        """Your selected card and a hinted discard stand raised, the card under the pointer
        a little."""
        lifted = {} if self.pointer.hovered is None else {self.pointer.hovered: HOVER_LIFT}
        if self.selected is not None and self.selected < len(self.hand):
            lifted[self.hand[self.selected]] = LIFT
        lifted |= dict.fromkeys(self.picked, LIFT)
        if self.hint is not None and isinstance(self.hint.action, Discard):
            lifted[self.hint.action.card] = LIFT
        return lifted

    def _hand_moved(self, seat: int | None) -> None:
        """A draw or a discard was shown (``seat`` None: a new deal): marks on your hand go."""
        self.hint = None
        if seat is None or seat == 0:
            self.selected = None
            self.picked = []
            self.pointer.drag.cancel()

    def _ready_summary(self, event: RoundScored) -> None:
        """A round's hands turn face up: its summary is made, and its cards are rendered
        ahead, a few a frame, so that it opens without a long frame."""
        self.rounds_scored += 1
        options = self.context.options
        close_after = None
        if options.autoplay:
            close_after = 0.0 if options.max_speed else SUMMARY_SECONDS
        self._summary = RoundSummaryScene(
            self.context,
            self.shown,
            self.setup.seating,
            event,
            self._rounds_done() or event.round_index + 1 == self.shown.rounds,
            close_after,
            self._review_opener(event.round_index + 1),
        )
        self.context.art.render_ahead(*self._summary.pictures())

    def _summary_ready(self) -> bool:
        """True unless a summary's cards are still being rendered ahead."""
        return self._summary is None or not self.context.art.pending

    def _rounds_done(self) -> bool:
        """True once autoplay has scored the rounds it was asked to play."""
        return self.setup.rounds is not None and self.rounds_scored >= self.setup.rounds

    def _round_scored(self, event: RoundScored) -> None:
        """The hands are at rest and the summary's cards rendered: the summary opens."""
        summary, self._summary = self._summary, None
        assert summary is not None and summary.event is event, "readied as the hands turned"
        self.context.push(summary)
        if self._rounds_done():
            self.finished = True
            self.context.autoplay_finished()

    def _match_over(self, event: MatchOver) -> None:
        self.finished = True
        seating = self.setup.seating
        self.context.sounds.play("win" if seating.human and 0 in event.winners else "round_end")
        ending = MatchEndScene(
            self.context,
            self.shown,
            seating,
            event,
            self._new_game,
            self._same_deal,
            self._review_opener(None),
        )
        self.context.push(ending)
        if self.context.options.autoplay:
            self.context.autoplay_finished()

    def _apply(self, action: Action) -> None:
        """Play a checked action: its events wait to be shown, the match is kept, and a
        finished match is counted."""
        yours = self.setup.human and self.match.current_seat == 0
        if yours and isinstance(action, Discard | LayDown | LayOffCard):
            self.undo.keep(self._saved(copy=True))
        events = self.match.apply(action)
        self.went_out += sum(
            1 for event in events if isinstance(event, RoundScored) and event.went_out == 0
        )
        self.playback.extend(events)
        if self.match.is_over:
            self._keep()
        else:
            self._save()

    def _keep(self) -> None:
        """The match is over: into the history (autoplay marked) and, if it was yours, the
        statistics; once the history has it, your decisions are reviewed."""
        setup, memory = self.setup, self.context.memory
        try:
            kept = KeptMatch.of(self.match.copy(), setup.names, setup.policies)
        except ValueError as error:  # a match not dealt from its seed: counted, not kept
            self._count_unkept(error)
            memory.forget_match()
            return
        memory.keep(kept, self._kept)

    def _kept(self, number: int) -> None:
        """The history holds the match as ``number``: your decisions in it are reviewed."""
        self.kept_as = number
        if self.setup.human:
            self.context.reviews.add(number, self.match)

    def _count_unkept(self, error: ValueError) -> None:
        """Say why the match cannot go into the history; count it if it was yours."""
        memory, setup, match = self.context.memory, self.setup, self.match
        why = _("This match cannot be kept in the history ({error}).")
        memory.profile.notices.append(why.format(error=shown(error)))
        if setup.human:
            level = level_key(setup.policies, setup.rules.players)
            scores = match.round_scores
            memory.record(result_from(level, match.totals, match.winners, scores, self.went_out))

    def _save(self) -> None:
        """Keep the match as it now stands in the profile (until it is over).

        The match may be ahead of what is shown: your hand is kept in the order it
        will have once the waiting events are shown.
        """
        if not self.match.is_over:  # an ended match was kept for good as it ended
            self.context.memory.save_match(self._saved())

    def _saved(self, copy: bool = False) -> SavedMatch:
        """The match as it now stands, to save (``copy``: of a copy of the match)."""
        playback = self.playback
        order = self.shown.ahead(playback.queue, playback.arrival.index).hands[0]
        if sorted(order) != sorted(self.match.hands[0]):
            order = list(self.match.hands[0])  # a new deal waits to be shown
        policies = self.setup.kept_policies
        names = self.setup.names
        states = {seat: state for seat, state in self.seats.rng_states.items() if seat in policies}
        match = self.match.copy() if copy else self.match
        return SavedMatch(match, policies, names, tuple(order), states, self.went_out)

    def _undo(self) -> None:
        """U or Undo: take your last move back (a discard, a lay-down or a lay-off), if no
        AI seat has acted since."""
        before = self.undo.available(self.match) if self.context.memory.settings.undo else None
        if before is None:
            self.refuse(_("Nothing to undo: only your last move, before anyone plays after it"))
            return
        self.context.sounds.play("click")
        self.context.memory.save_match(before)
        self.context.replace(TableScene.resumed(self.context, before))

    def _new_game(self, seed: int | None = None) -> None:
        """A new deal against the same seats (``seed``: that deal again)."""
        fresh = self.context.options.deal_seed() if seed is None else seed
        setup = dataclasses.replace(self.setup, seed=fresh)
        self.context.sounds.play("click")
        self.context.replace(TableScene(self.context, setup))

    def _coaching(self) -> bool:
        memory = self.context.memory
        return memory.settings.coach and memory.stats.overall.played < COACHED_MATCHES

    def coach(self) -> CoachTip | None:
        """The coach's tip while it is your move and the table is at rest (see coach.py):
        once you have drawn, it words the hint's decision for this view."""
        if not self._coaching() or not self.your_turn or self.busy:
            return None
        view = self.my_view()
        advice = self.advice_for(view)
        key = (view, advice, language())
        if self._coached is None or self._coached[0] != key:  # a new moment, or a new language
            self._coached = (key, coach_tip(view, advice))
        return self._coached[1]

    def my_view(self) -> PlayerView:
        """Your view of the match as it now stands (taken once per action)."""
        played = len(self.match.actions)
        if self._view is None or self._view[0] != played:
            self._view = (played, self.match.view_for(0))
        return self._view[1]

    def _facts_of_discard(self) -> tuple[frozenset[Card], int] | None:
        """While you are to discard: the cards whose discard goes out, and what your hand
        scores after its best discard (both the engine's word; worked out once per action)."""
        match = self.match
        if match.is_over or match.current_seat != 0 or not self.drawn:
            return None
        played = len(match.actions)
        if self._discard_facts is None or self._discard_facts[0] != played:
            allowed = [
                action.card for action in match.legal_actions() if isinstance(action, Discard)
            ]
            hand, wild = match.hands[0], match.wild_rank
            after = min_penalty_after_discard(hand, wild, match.rules, allowed)
            self._discard_facts = (played, frozenset(match.going_out_discards()), after)
        return self._discard_facts[1:]

    def goes_out(self, card: Card) -> bool:
        """True if discarding ``card`` now goes out (the engine's word)."""
        facts = self._facts_of_discard()
        return facts is not None and card in facts[0]

    def _penalty_now(self) -> int:
        """Your hand's penalty as shown; once you have drawn, after its best discard."""
        facts = self._facts_of_discard()
        if facts is None or sorted(self.hand) != sorted(self.match.hands[0]):
            return self.arrangement.penalty
        return facts[1]

    def advice_for(self, view: PlayerView) -> Suggestion | None:
        """The hint's decision for ``view``, if the worker has given it."""
        advice = self._advice
        if advice is None or advice[0] != view or isinstance(advice[1], str):
            return None
        return advice[1]

    def _review_opener(self, round_number: int | None) -> Callable[[], None] | None:
        """What the Review button does: your decisions of that round (None: of the match).
        Autoplay has none of yours to review."""
        if not self.setup.human:
            return None
        match, order = self.match.copy(), list(self.shown.hands[0])
        return lambda: self.context.open_review(match, round_number, order)

    def _same_deal(self) -> None:
        """This match's deal again: the same seed, so the same cards in the same order."""
        self._new_game(self.setup.seed)

    # --- AI seats and hints -----------------------------------------------------

    def _ask_ai(self) -> None:
        """Start the next AI decision at once: it is thought out while animations play."""
        if self._ai_to_move():
            self.seats.ask(self.match.view_for(self.match.current_seat))

    def _play_ai(self) -> None:
        """Apply the AI seat's decision once it is ready (called when the table is idle)."""
        if not self._ai_to_move():
            return
        view = self.match.view_for(self.match.current_seat)
        self.seats.ask(view)
        action = self.seats.decision(view)
        if action is not None:
            self._apply(action)
            self._ask_ai()

    def _ask_hint(self) -> None:
        """H or Hint: the hint's decision for this view, at once if the worker gave it
        already (for the coach), else once it comes."""
        if not self.your_turn:
            return
        view = self.my_view()
        if self._advice is not None and self._advice[0] == view:
            self._show_hint(self._advice[1])
            return
        if self._hint_wanted == view:
            return
        self._hint_wanted = view
        self.notice = TimedText(_("Thinking about a hint…"), 10.0)
        self._ask_advice(view)

    def _ask_advice(self, view: PlayerView) -> None:
        if self._advice_asked != view or not self.seats.hint_pending:
            self._advice_asked = view
            self.seats.ask_hint(view)

    def _advise(self) -> None:
        """While the coach speaks and you are to discard, the worker works out the hint's
        decision for your view (the coach's tip words it; H then shows it at once)."""
        if not self.your_turn or not self.drawn or not self._coaching():
            return
        view = self.my_view()
        if self._advice is None or self._advice[0] != view:
            self._ask_advice(view)

    def _collect_hint(self) -> None:
        wanted = self._hint_wanted
        if wanted is not None and wanted != self.my_view():
            self._hint_wanted = None
            self.notice = None  # you played before the hint came: it no longer applies
        answer = self.seats.hint()
        if answer is None:
            return
        view, hint = answer
        if view != self.my_view():
            return
        self._advice = (view, hint)
        if self._hint_wanted == view:
            self._show_hint(hint)

    def _show_hint(self, hint: Suggestion | str) -> None:
        self._hint_wanted = None
        if isinstance(hint, str):
            self.notice = TimedText(_("No hint available: {reason}").format(reason=hint), 3.0)
            return
        self.hint = hint
        self._hint_text = _("Hint: {reason}").format(reason=hint_line(hint))
        self.notice = TimedText(self._hint_text, 8.0)
        self.playback.place(0.5)

    def hint_playable(self) -> bool:
        """True while the hint's line is up and names a discard you may make now (Enter or
        a click on the line plays it)."""
        hint, notice = self.hint, self.notice
        return (
            hint is not None
            and isinstance(hint.action, Discard)
            and notice is not None
            and notice.text == self._hint_text
            and self.may_play(hint.action)
        )

    # --- your moves -------------------------------------------------------------

    def play(self, action: Action, arrival: Arrival | None = None) -> bool:
        """Ask the engine to play ``action`` for you; False (nothing changed) if refused.

        A drawn card goes where ``arrival`` says (by default: at the end of your hand).
        """
        if self._settling():
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

    def _settling(self) -> bool:
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
        self._save()

    def select(self, card: Card) -> None:
        """Select ``card``; while you may lay down, also pick it (or, picked, put it back)."""
        if self._settling():
            self.playback.finish()  # the card picked before is still rising: pick on
        self.selected = self.hand.index(card)
        if self.laying:
            if card in self.picked:
                self.picked.remove(card)
            else:
                self.picked.append(card)
        self.playback.place(0.3)

    def lay_down(self, dragged: Card | None = None) -> bool:
        """Lay down: the cards picked (and the ``dragged`` one onto your meld area), split
        into melds by the solver; the refusal says why they cannot be (not melds, not the
        contract, no card left to discard). True if they were laid down."""
        if not self.laying:
            return False
        action = self._lay_down_of(dragged)
        if isinstance(action, Refusal):
            self.refuse(refusal_line(action, LayDown(()), self.match.contract))
            return False
        return self.play(action)

    def _press_lay_down(self) -> None:
        self.lay_down()

    def may_lay_down(self, dragged: Card) -> bool:
        """True if the cards picked and ``dragged`` may be laid down now (its drop on your
        meld area would lay them down)."""
        if not self.laying:
            return False
        action = self._lay_down_of(dragged)
        return not isinstance(action, Refusal) and self.may_play(action)

    def _lay_down_of(self, dragged: Card | None) -> LayDown | Refusal:
        """The lay-down of the cards picked and ``dragged`` (worked out once per choice)."""
        cards = tuple(self.picked) + ((dragged,) if dragged and dragged not in self.picked else ())
        key = (len(self.match.actions), cards)
        if self._lay_down_cache is None or self._lay_down_cache[0] != key:
            self._lay_down_cache = (key, laying.lay_down(self.match, cards))
        return self._lay_down_cache[1]

    def _discard_selected(self) -> None:
        """Enter: discard the selected card; with none selected, the hint's discard, or the
        card the coach's tip names (the same decision)."""
        tip = self.coach()
        if self.selected is not None:
            self.play(Discard(self.hand[self.selected]))
        elif self.hint is not None and isinstance(self.hint.action, Discard) and self.drawn:
            self.play(self.hint.action)
        elif tip is not None and tip.discard is not None and self.drawn:
            self.play(Discard(tip.discard))

    def _reorder(self, order: list[Card]) -> None:
        if sorted(order) == sorted(self.hand):
            self.hand[:] = order
            self.selected = None
            self._save()
            self.playback.place(0.6)
            self.context.sounds.play("click")

    def _arrange_melds(self) -> None:
        self._reorder(hand_order.melds_first(self.hand, self.shown.wild_rank, self.setup.rules))

    def _show_scores(self) -> None:
        self.context.sounds.play("click")
        self.context.push(ScoreSheetScene(self.context, self.shown, self.setup.seating))

    def _step_selection(self, step: int, carry: bool) -> None:
        """Select the next card left or right (``carry``: move the selected card that way)."""
        hand = self.hand
        if not hand or (carry and self.selected is None):
            return
        if carry and self.selected is not None:
            new = max(0, min(len(hand) - 1, self.selected + step))
            hand.insert(new, hand.pop(self.selected))
            self.selected = new
            self._save()
        else:
            start = self.selected if self.selected is not None else (-1 if step > 0 else 0)
            self.selected = (start + step) % len(hand)
        self.playback.place(0.4 if carry else 0.3)

    # --- input and drawing ----------------------------------------------------------

    def _shortcuts(self) -> tuple[Shortcut, ...]:
        """The table's keys, each with its words in the help line (in this order)."""
        step = self._step_selection
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
            Shortcut(N_("S stock"), {pygame.K_s: lambda: self.play(Draw(DrawSource.STOCK))}),
            Shortcut(
                N_("D discard pile"), {pygame.K_d: lambda: self.play(Draw(DrawSource.DISCARD))}
            ),
            Shortcut(
                N_("Enter discard"),
                {
                    pygame.K_RETURN: self._discard_selected,
                    pygame.K_KP_ENTER: self._discard_selected,
                },
            ),
            Shortcut(N_("U undo"), {pygame.K_u: self._undo}, live=self._undo_offered),
            Shortcut(N_("H hint"), {pygame.K_h: self._ask_hint}),
            Shortcut(N_("Tab scores"), {pygame.K_TAB: self._show_scores}),
            Shortcut(N_("L log"), {pygame.K_l: self._toggle_log}, live=self._log_fits),
            Shortcut(
                N_("R rules"),
                {pygame.K_r: lambda: self.context.open_rules(self.match.rules)},
            ),
            Shortcut(
                N_("O settings"),
                {pygame.K_o: self.context.open_settings},
            ),
            Shortcut(N_("Space skip"), {pygame.K_SPACE: self.playback.finish}),
            Shortcut(
                # TRANSLATORS: held down, F speeds the AI's turns up; the key first.
                N_("F (hold) hurry"),
                {HURRY_KEY: self._hold_hurry},
                live=lambda: self.playback.may_hurry,
            ),
            Shortcut(N_("Escape menu"), {pygame.K_ESCAPE: self._pause}),
        )

    def _pause(self) -> None:
        """Escape: the pause menu over the table (a drag under way goes back)."""
        self.pointer.drag.cancel()
        self.playback.place(0.2)
        self.context.sounds.play("click")
        self.context.push(
            PauseMenuScene(self.context, self.match.rules, self.setup.seed, self._save)
        )

    def _hold_hurry(self) -> None:
        self._hurry_key = True

    def _hurried(self) -> bool:
        """True while you hold F, or the left button on the bare felt: the cards move as at
        the fast speed (but while you drag a card)."""
        return (self._hurry_key or self.pointer.on_felt) and self.pointer.drag.press is None

    def _let_go(self) -> None:
        """Whatever was held no longer hurries the table (a scene covers it, or the window
        lost the focus: the release would not reach the table)."""
        self._hurry_key = False
        self.pointer.on_felt = False

    def _undo_offered(self) -> bool:
        """True while the undo setting is on (then U and the Undo button take a move back)."""
        return self.context.memory.settings.undo

    def _log_fits(self) -> bool:
        """True if the window is wide enough for the log beside the table."""
        return self.context.screen.get_width() >= NARROWEST_WINDOW

    def _toggle_log(self) -> None:
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
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or not self.hint_playable():
            return False
        assert self.hint is not None and self.notice is not None
        if not notice_box(self.layout, self.context.text, self.notice.text).collidepoint(event.pos):
            return False
        return self.play(self.hint.action)

    def picture(self) -> TablePicture:
        """What the painter draws: the table as shown, nothing of the live match."""
        shown, seating = self.shown, self.setup.seating
        banner = self.playback.banner
        fanned = tuple(shown.discard) if self.pointer.resting_on_discard() else ()
        tip = self.coach()
        play = AtPlay(
            keys=self._keys_line() if seating.human else "",
            busy=self.busy,
            thinking=None if self.busy else self.seats.thinking,
            selected=self.selected,
            hinted=None if self.hint is None else self.hint.action,
            dragged=self.pointer.drag.dragged,
            glows=self.pointer.glows(),
            banner=None if banner is None else banner.text,
            notice=None if self.notice is None else self.notice.text,
            notice_playable=self.hint_playable(),
            go_out=frozenset(card for card in self.hand if self.goes_out(card)),
            penalty=self._penalty_now(),
            picked=frozenset(self.picked),
            named=None if len(fanned) > 1 else self.pointer.card_at_rest(),
            fanned=fanned,
            coach=None if tip is None else tip.text,
        )
        log = self.playback.log.lines(seating, shown.rounds, shown.rules.contracts)
        return table_picture(
            self.layout,
            shown,
            self.playback.stage.sprites,
            seating,
            self.setup.policies,
            self.arrangement,
            tuple(self.shown_buttons()),
            tuple(log),
            self.log_panel,
            play,
        )

    def draw(self, surface: pygame.Surface) -> None:
        paint_table(self.picture(), surface, self.context.art, self.context.text, self.resting)

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect]:
        context = self.context
        changed = paint_table(
            self.picture(), surface, context.art, context.text, self.resting, True
        )
        return [surface.get_rect()] if changed is None else changed
