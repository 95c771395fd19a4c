"""A tour of every screen of the window, drawn in every state worth reading: for the tests of
languages and layout, which look at each text drawn on the way (``Text.drawn``).

The tour opens the title (with a saved match, and with opponents given on the command line)
with its two questions (quit the game? abandon the match?), the table of a match late in its
last round with its pause menu and every hint, refusal and notice, the score
sheet, the review, that round's summary and the match end as you see them, every row of the
settings at every value, the statistics, the rules (base and every option changed) scrolled to
the end, a profile notice, and — with the AI playing every seat — the end of that round's
summary and the match end as autoplay shows them. It visits every kind of scene (a test says
so: see ``tests/ui/test_screen_tour.py``).
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import pygame

from game.ai.hint import Reason, Suggestion, Why
from game.engine.actions import Action, Discard, Draw, DrawSource, LayDown, LayOffCard, Phase
from game.engine.cards import Suit, parse_cards
from game.engine.contracts import Contract
from game.engine.events import Event, MatchOver, RoundScored
from game.engine.legality import Refusal
from game.engine.match import Match
from game.engine.melds import Meld, MeldKind
from game.engine.rules import RuleSet
from game.engine.seating import default_names
from game.i18n import _
from game.profile.folder import Profile
from game.profile.kept_match import Filters
from game.profile.memory import Memory
from game.profile.player_stats import result_from
from game.profile.saved_match import SavedMatch
from game.profile.settings import Settings
from game.seats.messages import seat_rng_state
from game.ui.app import App
from game.ui.command_line import LaunchOptions
from game.ui.kit.form import ChoiceRow
from game.ui.kit.text import Drawn
from game.ui.kit.timed_text import TimedText
from game.ui.kit.type_scale import TypeScale
from game.ui.learn.learn_scene import LearnScene
from game.ui.learn.lesson import STEPS, Wait
from game.ui.question import QuestionScene
from game.ui.screens.history_screen import HistoryScene
from game.ui.screens.open_file import OpenFileScene
from game.ui.screens.reading import ReadingScene
from game.ui.screens.replay_screen import ReplayScene
from game.ui.screens.review_screen import ReviewScene
from game.ui.screens.rules_screen import RulesScene
from game.ui.screens.settings_screen import SettingsScene
from game.ui.screens.stats_charts import StatsChartsScene
from game.ui.screens.stats_screen import StatsScene
from game.ui.screens.title import TitleScene, abandon_question
from game.ui.table.match_end import MatchEndScene
from game.ui.table.pause_menu import PauseMenuScene
from game.ui.table.round_summary import RoundSummaryScene
from game.ui.table.score_sheet_scene import ScoreSheetScene
from game.ui.table.table import TableScene
from game.words.hint_words import hint_line
from game.words.table_words import refusal_line
from tests.rule_sets import EVERYTHING_CHANGED
from tests.ui.driver import FRAME, key, post, step_until, table_of, wait_until
from tests.ui.learn_walk import do_step
from tests.ui.rigged import going_out, meld_to_miss, rigged_table
from tools.make_history_fixture import fixture_matches


@dataclass
class Seen:
    """One screen as drawn: its name and every text on it."""

    name: str
    texts: list[Drawn]
    surface: pygame.Surface
    buttons: list[pygame.Rect] = field(default_factory=list)
    """Where each button was drawn."""


def late_saved_match(seed: int = 4, players: int = 4) -> SavedMatch:
    """A match of ``players`` some turns into its last round (the fullest hands), the person
    at the bottom to move."""
    match = Match.new(RuleSet(players=players), seed=seed)
    last = len(match.rules.hand_sizes) - 1
    while match.round_index < last or len(match.log) < 12 or match.current_seat != 0:
        match.apply(match.legal_actions()[0])
    policies = dict.fromkeys(range(1, players), "easy")
    states = {seat: seat_rng_state(seed, seat) for seat in policies}
    return SavedMatch(match, policies, default_names(players), match.hands[0], states)


def contract_saved_match(players: int, table: str, round_index: int) -> SavedMatch:
    """A match with contracts at ``table``, in round ``round_index``, the person at the
    bottom to discard, the contract not laid down (every seat played its first legal move)."""
    match = Match.new(RuleSet(players=players, contracts=True, table=table), seed=7)
    while (match.round_index, match.current_seat, match.phase) != (round_index, 0, Phase.DISCARD):
        match.apply(match.legal_actions()[0])
    policies = dict.fromkeys(range(1, players), "easy")
    states = {seat: seat_rng_state(7, seat) for seat in policies}
    return SavedMatch(match, policies, default_names(players), match.hands[0], states)


def _at_rest(table: TableScene) -> bool:
    return not table.busy and table.your_turn


def overlaps(seen: Seen) -> list[str]:
    """What overlaps on one screen: two buttons, two texts, or a text and a button it is not
    inside (a button's own words are inside it). A text or a button drawn twice in one
    place (a part of the table drawn again over itself) is one."""
    problems = []
    buttons = list({tuple(rect): rect for rect in seen.buttons}.values())
    once = {(drawn.message, tuple(drawn.rect)): drawn for drawn in seen.texts if drawn.rect.width}
    texts = list(once.values())
    for index, button in enumerate(buttons):
        for beside in buttons[index + 1 :]:
            if button.colliderect(beside):
                problems.append(f"{seen.name}: the buttons at {button} and {beside} overlap")
    for index, drawn in enumerate(texts):
        where = f"{seen.name}: {drawn.message!r} at {drawn.rect}"
        for other in texts[index + 1 :]:
            if drawn.rect.colliderect(other.rect):
                problems.append(f"{where} overlaps {other.message!r} at {other.rect}")
        for button in buttons:
            if drawn.rect.colliderect(button) and not button.contains(drawn.rect):
                problems.append(f"{where} overlaps the button at {button}")
    return problems


def box_problems(seen: Seen) -> list[str]:
    """What is wrong with the texts of one screen: cut short, out of the window, out of the box."""
    window_rect = seen.surface.get_rect()
    problems = []
    for drawn in seen.texts:
        where = f"{seen.name}: {drawn.message!r}"
        if drawn.shown != drawn.message:
            problems.append(f"{where} is cut short to {drawn.shown!r} in {drawn.box}")
        elif not window_rect.contains(drawn.box):
            problems.append(f"{where}: its box {drawn.box} leaves the window")
        elif not drawn.box.contains(drawn.rect):
            problems.append(f"{where}: {drawn.rect} leaves its box {drawn.box}")
    return problems


def scale_problems(seen: Seen, scale: TypeScale) -> list[str]:
    """Each text of one screen drawn off the scale or smaller than its style (a mark on a
    card, such as the wild star or a wild's "=6♠", follows the card's size instead)."""
    problems = []
    for drawn in seen.texts:
        if drawn.mark:
            continue
        where = f"{seen.name}: {drawn.message!r}"
        if drawn.size not in scale.sizes:
            problems.append(f"{where} asks for {drawn.size} px, off the scale {scale}")
        elif drawn.fitted != drawn.size:
            problems.append(f"{where} is shrunk from {drawn.size} to {drawn.fitted} px")
    return problems


def profile_with(saved: SavedMatch) -> str:
    """A fresh profile folder holding ``saved`` and a few finished matches (at two table
    sizes)."""
    folder = tempfile.mkdtemp(prefix="three-thirteen-tour-")
    memory = Memory(Profile(Path(folder)))
    # every button of the table shows; a new match seats as many as the saved one
    memory.save_settings(Settings(undo=True).seated(saved.match.players))
    memory.save_match(saved)
    memory.profile.flush()  # written before a window looks for it
    for level, winners, seats in (("easy", (0,), 4), ("hard", (1, 2), 6)):  # two: the coach
        rounds = ((0, 5, 6, 7, 8, 9)[:seats], (3, 0, 9, 2, 1, 4)[:seats])  # still speaks
        memory.record(result_from(level, (30, 40, 50, 60, 70, 80)[:seats], winners, rounds, 1))
    return folder


def unpressed() -> None:
    """What a button does on the tour: nothing (its words are looked at, it is not pressed)."""


class Tour:
    """Drives one window through the screens, keeping what each drew."""

    def __init__(self, app: App, on_screen: Callable[[Seen], None]) -> None:
        self.app = app
        self.on_screen = on_screen

    def look(self, name: str) -> None:
        """Draw a frame now and hand over every text it drew."""
        app = self.app
        app.text.drawn, app.text.buttons = [], []
        app.draw()
        self.on_screen(Seen(name, app.text.drawn, app.screen, app.text.buttons))
        app.text.drawn = app.text.buttons = None

    def frames(self, count: int = 3) -> None:
        for _frame in range(count):
            self.app.step(FRAME)

    # --- the stops -------------------------------------------------------------------------

    def title(self, name: str = "title") -> None:
        self.frames()
        self.look(name)

    def title_questions(self) -> None:
        """Escape's question (quit the game?) and New game's (abandon the saved match?)."""
        app = self.app
        key(pygame.K_ESCAPE)
        self.frames()
        assert isinstance(app.stack.top, QuestionScene)
        self.look("title, quit the game?")
        app.pop()
        title = app.stack.top
        assert isinstance(title, TitleScene) and title.saved is not None
        app.push(abandon_question(app, title.saved, unpressed))
        self.frames()
        self.look("title, abandon the match?")
        app.pop()

    def pause_menu(self) -> None:
        """Escape at the table."""
        key(pygame.K_ESCAPE)
        self.frames()
        assert isinstance(self.app.stack.top, PauseMenuScene)
        self.look("pause menu")
        self.app.pop()

    def table(self) -> TableScene:
        app = self.app
        saved = app.memory.saved_match()
        assert saved is not None
        app.replace(TableScene.resumed(app, saved))
        table = table_of(app)
        step_until(app, lambda: not table.busy and table.your_turn, frames=3000)
        self.look("table")
        top = table.match.discard_pile[-1]
        card = table.match.hands[0][0]
        run = Meld(MeldKind.RUN, parse_cards("7H 8H 9H"), (7, 8, 9), Suit.HEARTS)
        for why in Why:
            action: Action
            if why is Why.LAY_OFF:
                ten = parse_cards("10H")[0]
                players = table.match.players
                action = LayOffCard(ten, 0, 10)
                reason = Reason(why, ten, run, (118,), owner=players - 1, players=players)
            elif why.name.startswith("LAY_DOWN"):
                action, reason = LayDown((run,)), Reason(why, melds=(run,), points=(118,))
            else:
                if why.name.startswith("DISCARD"):
                    action = Discard(card)
                else:
                    stock = why.name.startswith("STOCK")
                    action = Draw(DrawSource.STOCK if stock else DrawSource.DISCARD)
                meld = run if why in (Why.TAKE_TO_COMPLETE, Why.DISCARD_UNCOUNTED) else None
                shown = card if isinstance(action, Discard) else top
                contract = Contract(2, 2) if why is Why.DISCARD_UNCOUNTED else None
                reason = Reason(why, shown, meld, (118, 96), contract=contract)
            line = _("Hint: {reason}").format(reason=hint_line(Suggestion(action, reason)))
            table.notice = TimedText(line, 5.0)
            self.look(f"table, hint {why.name}")
        for refusal in Refusal:
            table.notice = TimedText(refusal_line(refusal, Discard(card)), 5.0)
            self.look(f"table, refusal {refusal.name}")
        table.notice = None
        self.pause_menu()
        for card in (table.match.hands[0][-1], top):  # the pointer rests on a card: its name
            sprite = table.playback.stage.sprites[card]
            center = tuple(round(v) for v in sprite.pose.center)
            post(pygame.MOUSEMOTION, pos=center, rel=(0, 0), buttons=(0, 0, 0))
            self.frames(50)
            assert table.pointer.card_at_rest() == card
            self.look(f"table, named {card}")
        post(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))
        assert table.play(Draw(DrawSource.STOCK))
        step_until(app, lambda: not table.busy, frames=3000)
        wait_until(app, lambda: table.picture().coach is not None)  # the hint's decision came
        self.look("table, a coach tip")
        return table

    def drop_and_last_turn(self, players: int) -> None:
        """A card carried over a meld it does not fit (the meld marked as refusing, and why),
        then your last turn after another seat went out, each at a rigged table of
        ``players`` in place of the table."""
        table = self._rigged(meld_to_miss(players))
        meld = table.playback.stage.meld_boxes()[0]
        queen = table.playback.stage.sprites[parse_cards("QC")[0]]
        start, end = (tuple(round(v) for v in at) for at in (queen.pose.center, meld.center))
        post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
        self.frames()
        assert table.picture().refusal is not None
        self.look("table, a drop refused")
        post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.frames()
        table = self._rigged(going_out(players, played=True))
        assert table.shown.your_last_turn
        self.look("table, your last turn")

    def _rigged(self, match: Match) -> TableScene:
        """The table of the rigged ``match`` in place of the one up, once it is yours."""
        self.app.replace(rigged_table(self.app, match))
        table = table_of(self.app)
        step_until(self.app, lambda: not table.busy and table.your_turn, frames=3000)
        return table

    def review(self, table: TableScene) -> None:
        """The review of the match so far, first decision and the costliest."""
        screen = ReviewScene(self.app, table.match, None, table.shown.hands[0])
        self.app.push(screen)
        self.look("review, working")
        wait_until(self.app, lambda: screen.ready)
        self.look("review")
        screen.next_costly()
        self.look("review, a costly decision")
        self.app.pop()

    def match_end(self, table: TableScene) -> None:
        """The last round's summary and the match end as you would see them (with Review and
        Play this deal again), the rest of the match played out on a copy of it."""
        app, match = self.app, table.match.copy()
        events: list[Event] = []
        while not match.is_over:
            events += match.apply(match.legal_actions()[0])
        scored = next(event for event in events if isinstance(event, RoundScored))
        over = next(event for event in events if isinstance(event, MatchOver))
        shown, seating = table.shown.ahead(events, None), table.setup.seating
        summary = RoundSummaryScene(app, shown, seating, scored, True, None, unpressed)
        app.push(summary)
        self.frames()
        self.look("round summary, yours")
        _card, rect, _row = summary.placed[1]  # a card shown large under the pointer
        post(pygame.MOUSEMOTION, pos=(rect.left + 2, rect.top + 4), rel=(0, 0), buttons=(0, 0, 0))
        self.frames()
        assert summary.magnified() is not None
        self.look("round summary, a card shown large")
        app.pop()
        app.push(MatchEndScene(app, shown, seating, over, unpressed, unpressed, unpressed))
        self.frames()
        self.look("match end, yours")
        app.pop()

    def contract_tracker(self) -> None:
        """The table with contracts: the tracker at your hand's left, at the closed table in
        the second round (one run) and at the open table in the last (the longest contract)."""
        app = self.app
        players = app.memory.settings.rules.players
        for kind, round_index in (("closed", 1), ("open", 10)):
            app.replace(TableScene.resumed(app, contract_saved_match(players, kind, round_index)))
            table = table_of(app)
            table.playback.banner = None  # the round's title, as a resume announces it: let go
            step_until(app, partial(_at_rest, table), frames=3000)
            assert table.picture().tracker is not None
            self.look(f"table, contract tracker {kind}")

    def score_sheet(self, table: TableScene) -> None:
        self.app.push(ScoreSheetScene(self.app, table.shown, table.setup.seating))
        self.frames()
        self.look("score sheet")
        self.app.pop()

    def settings(self) -> None:
        app = self.app
        screen = SettingsScene(app)
        app.push(screen)
        self.frames()
        left_alone = {_("Language"), _("Full screen")}  # they change the window, not words
        for section in range(len(screen.forms)):
            screen.show_section(section)
            form = screen.form
            for index, row in enumerate(form.rows):
                form.focus = index
                form.place(form.area, form.text_size)
                where = f"settings, section {section}, row {index}"
                if isinstance(row, ChoiceRow) and row.label not in left_alone:
                    keep = row.get()
                    for value in row.values:
                        row.set(value)
                        self.look(f"{where} = {value!r}")
                    row.set(keep)
                else:
                    self.look(where)
        app.pop()

    def reading(self, scene: ReadingScene, name: str) -> None:
        self.app.push(scene)
        self.frames()
        page = 0
        while True:
            self.look(f"{name}, page {page}")
            if scene.scroll + scene.visible >= len(scene.laid_out):
                break
            scene.scroll += scene.visible
            page += 1
        self.app.pop()

    def stats(self) -> None:
        scene = StatsScene(self.app)
        self.reading(scene, "statistics")
        self.app.push(scene)
        scene.reset_button.on_click()  # the first click asks to confirm
        self.frames(1)
        self.look("statistics, confirming a reset")
        self.app.pop()
        self.charts()

    def history(self) -> None:
        """The history with the fixture's matches kept, a match file asked for, and a replay
        (late in the match, then with every hand shown)."""
        app = self.app
        if not app.memory.history.summaries(Filters(autoplay=True)):
            for kept in fixture_matches():
                app.memory.history.add(kept)
        screen = HistoryScene(app)
        app.push(screen)
        self.frames()
        self.look("history")
        screen.filter_buttons[2].on_click()
        self.frames(1)
        self.look("history, autoplay shown")
        folder = Path("/2026/12")  # a path of no letters: the pseudo-language check reads all
        app.push(OpenFileScene(app, folder, lambda path: None))
        self.frames(1)
        self.look("history, open a file")
        app.pop()
        key(pygame.K_DOWN)
        key(pygame.K_RETURN)
        self.frames()
        assert isinstance(app.stack.top, ReplayScene)
        for _move in range(30):
            key(pygame.K_RIGHT)
        self.frames()
        self.look("replay")
        key(pygame.K_h)
        self.frames()
        self.look("replay, every hand")
        app.pop()
        app.pop()

    def charts(self) -> None:
        """The statistics' charts, each page (of the history's matches: see :meth:`history`)."""
        app = self.app
        scene = StatsChartsScene(app)
        app.push(scene)
        for page in range(len(scene.pages)):
            scene.page = page
            self.frames(1)
            self.look(f"statistics' charts, {page + 1}")
        app.pop()

    def rules(self) -> None:
        self.reading(RulesScene(self.app), "rules")
        self.reading(RulesScene(self.app, EVERYTHING_CHANGED), "rules, every option changed")

    def learn_to_play(self) -> None:
        """Every step of Learn to play (its summary too), then back to the title."""
        app = self.app
        scene = LearnScene(app)
        app.replace(scene)
        for index in range(len(STEPS)):
            self.frames(40)
            self.look(f"learn to play, step {index + 1}")
            if scene.step.wait is Wait.SUMMARY:
                wait_until(app, lambda: isinstance(app.stack.top, RoundSummaryScene), 60)
                self.frames(300)
                self.look("learn to play, the round's summary")
            do_step(app, scene)
        assert isinstance(app.stack.top, TitleScene)

    def notice(self) -> None:
        profile = self.app.memory.profile
        profile.notices.append(_("No saved match to continue: a new match starts."))
        self.frames(2)
        self.look("a notice of the profile")


def tour(app: App, on_screen: Callable[[Seen], None]) -> None:
    """Every screen of a window started with a late saved match in its profile (see
    :func:`profile_with`)."""
    walk = Tour(app, on_screen)
    walk.title()
    walk.title_questions()
    walk.history()
    walk.stats()
    walk.rules()
    walk.settings()
    table = walk.table()
    walk.score_sheet(table)
    walk.review(table)
    walk.match_end(table)
    walk.contract_tracker()
    walk.drop_and_last_turn(table.match.players)
    walk.learn_to_play()
    walk.notice()


def autoplay_to_the_end(app: App, on_screen: Callable[[Seen], None]) -> Iterator[str]:
    """With the AI on every seat: every frame to the match end, the summary and the match end
    looked at. Yields the names of the screens seen."""
    walk = Tour(app, on_screen)
    seen: set[str] = set()
    table = table_of(app)
    for _frame in range(60 * 600):
        top = app.stack.top
        name = {RoundSummaryScene: "round summary", MatchEndScene: "match end"}.get(
            type(top), "table, autoplay"
        )
        if name not in seen:
            seen.add(name)
            yield name
        walk.look(name)
        if isinstance(top, MatchEndScene):
            return
        app.step(FRAME)
    raise AssertionError(f"the match did not end: {table.match!r}")


def window(profile: str, size: tuple[int, int], **more: object) -> App:
    """A window on ``profile``: no animation time, no sound; the AI thinks in its own process
    when every seat is played by it (a thread would share the frame loop's interpreter, and
    frames at full speed outrun the seats' patience)."""
    chosen = LaunchOptions(
        profile=profile,
        size=size,
        ai_process=bool(more.get("autoplay")),
        max_speed=True,
        mute=True,
        **more,  # type: ignore[arg-type]
    )
    return App(chosen)
