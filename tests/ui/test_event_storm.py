"""Nothing breaks a match: thousands of random events thrown at the real window.

Each run opens a window on a profile that holds a match late in its last round and
walks it through every screen — the title, the statistics, your turn, an AI turn, the
score sheet, the settings, the rules, a round's summary, its review, a new deal and the
match's end — throwing a storm of seeded random events at each (and going back there a
couple of times when the storm leads away at once): clicks and double-clicks anywhere,
drags from cards and piles that leave the window or lose their release, other buttons,
the wheel, moves, every key the game binds with and without Shift (and random letters,
typed text), F11, the window losing and regaining the pointer and the focus, and resizes
to random sizes from 640×400 to 1920×1080. After every frame's batch the table must hold
together: no exception out of ``App.step``; once the table is at rest, the hands, the
discard pile and the totals shown are the match's; the match has a legal move, survives a
save and a load, and is the match the profile keeps; no AI decision fails. Then the match
is played out to its end (at the instant speed, chosen in the settings). One run is asked
to quit during a storm: the window closes cleanly, and opened again with ``--continue``
it shows the match it was closed on, which takes a move. A random click on a Quit button
would close the window: the run counts it and goes on.

The events are drawn from ``random.Random(seed)``; a failure names the run (its seed),
the event number and the last events posted. (The AI thinks on a thread or in a process,
so the timing — and with it the exact course of a run — may differ from one run to the
next.)
"""

from __future__ import annotations

import random
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai.registry import make_policy
from game.engine.actions import Phase
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.seating import default_names
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.saved_match import SavedMatch
from game.profile.settings import Settings
from game.seats.messages import FailureKind, seat_rng_state
from game.ui.app import MAX_DT, App
from game.ui.command_line import LaunchOptions
from game.ui.kit.form import ChoiceRow
from game.ui.kit.widgets import Button
from game.ui.learn.learn_scene import LearnScene
from game.ui.question import QuestionScene
from game.ui.screens.history_screen import HistoryScene
from game.ui.screens.replay_screen import ReplayScene
from game.ui.screens.review_screen import ReviewScene
from game.ui.screens.rules_screen import RulesScene
from game.ui.screens.settings_screen import SettingsScene
from game.ui.screens.stats_charts import StatsChartsScene
from game.ui.screens.stats_screen import StatsScene
from game.ui.screens.title import TitleScene
from game.ui.table.match_end import MatchEndScene
from game.ui.table.overlay import Overlay
from game.ui.table.pause_menu import PauseMenuScene
from game.ui.table.round_summary import RoundSummaryScene
from game.ui.table.score_sheet_scene import ScoreSheetScene
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, describe
from tests.ui.every_screen import profile_with

pytestmark = pytest.mark.slow  # every storm drives the real window for thousands of frames


@dataclass(frozen=True, slots=True)
class Run:
    """One storm: its seed, the pace, where the AI thinks, and whether it quits."""

    seed: int
    max_speed: bool
    ai_process: bool
    quits: bool = False
    size: tuple[int, int] = (1280, 800)
    players: int = 4

    def __str__(self) -> str:
        pace = "max speed" if self.max_speed else "normal pace"
        where = "process" if self.ai_process else "thread"
        quits = ", quits" if self.quits else ""
        return f"seed {self.seed}, {self.players} players, {pace}, AI in a {where}{quits}"


RUNS = (
    Run(1401, max_speed=True, ai_process=False, players=2),
    Run(1402, max_speed=False, ai_process=False, size=(1024, 640), players=6),
    Run(1403, max_speed=False, ai_process=True, quits=True, players=8),
    Run(1404, max_speed=True, ai_process=True),
)
STOPS = (
    "title",
    "statistics",
    "your turn",
    "AI turn",
    "score sheet",
    "settings",
    "rules",
    "round summary",
    "review",
    "deal",
    "match end",
)
"""Where each run throws a storm, in this order (the match is played out before the last)."""
AFTER_THE_MATCH = ("history",)
"""Where a storm goes once the match has ended: its history (with that match in it), each with
a share of the storm as large as a stop's."""
EVENTS = 1500
"""Events thrown per run, shared out between the stops."""
NAV_DT = MAX_DT
"""Frame step while the test walks to the next stop (the longest step a frame takes)."""
SCREEN_NAMES: tuple[tuple[type, str], ...] = (
    (TitleScene, "title"),
    (StatsScene, "statistics"),
    (HistoryScene, "history"),
    (ReplayScene, "replay"),
    (StatsChartsScene, "charts"),
    (RulesScene, "rules"),
    (SettingsScene, "settings"),
    (ScoreSheetScene, "score sheet"),
    (RoundSummaryScene, "round summary"),
    (MatchEndScene, "match end"),
    (ReviewScene, "review"),
    (PauseMenuScene, "pause menu"),
    (QuestionScene, "question"),
)
BOUND_KEYS = (
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_s,
    pygame.K_d,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_h,
    pygame.K_TAB,
    pygame.K_r,
    pygame.K_o,
    pygame.K_l,
    pygame.K_u,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_BACKSPACE,
)
"""Every key a screen of the game reads (F11 is thrown separately, more rarely)."""
LETTERS = "abcdefghijklmnopqrstuvwxyzéß0123456789 "
PROFILE_EVERY = 10
"""Frames between two reads of the match kept in the profile (while the match changes)."""
STALLS = (FailureKind.TIMEOUT,)
"""The only AI failure a storm may bring: a decision late because the machine was busy
(the seat is asked again; the event storm itself must cause none)."""


def _event(kind: int, **attributes: Any) -> pygame.event.Event:
    return pygame.event.Event(kind, **attributes)


def _press(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return _event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)


def _release(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return _event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)


def _motion(pos: tuple[int, int], held: bool) -> pygame.event.Event:
    buttons = (1, 0, 0) if held else (0, 0, 0)
    return _event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons, touch=False)


def _key(code: int, mod: int = 0, text: str = "") -> list[pygame.event.Event]:
    down = _event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)
    up = _event(pygame.KEYUP, key=code, mod=mod, unicode=text, scancode=0)
    return [down, _event(pygame.TEXTINPUT, text=text), up] if text else [down, up]


def screen_name(app: App) -> str:
    """What the window shows now, as the stops name it."""
    top = app.stack.top
    for kind, name in SCREEN_NAMES:
        if isinstance(top, kind):
            return name
    if isinstance(top, TableScene):
        shown = top.shown
        if shown.phase is None and len(shown.round_scores) == shown.round_index:
            return "deal"
        return "your turn" if shown.current_seat == 0 else "AI turn"
    return type(top).__name__


def live_table(app: App) -> TableScene | None:
    """The table under whatever is on top, if there is one."""
    tables = [scene for scene in app.stack.scenes if isinstance(scene, TableScene)]
    assert len(tables) <= 1, f"more than one table on the stack: {app.stack.scenes}"
    return tables[0] if tables else None


def buttons_of(app: App) -> list[Button]:
    """The buttons of the screen on top (no Quit: the storm quits only when the test says)."""
    top = app.stack.top
    found: list[Button] = list(getattr(top, "buttons", []))
    if isinstance(top, SettingsScene):
        found.append(top.back)
    return [button for button in found if button.label != "Quit"]


@dataclass
class Storm:
    """Throws seeded random events at one window and checks the table after each frame."""

    app: App
    run: Run
    rng: random.Random = field(init=False)
    pending: deque[pygame.event.Event] = field(default_factory=deque)
    recent: deque[str] = field(default_factory=lambda: deque(maxlen=30))
    thrown: int = 0
    frames: int = 0
    seen: Counter[str] = field(default_factory=Counter)
    """Events thrown per screen."""
    quits_by_button: int = 0
    quit_asked: bool = False
    checked: tuple[int, int] | None = None
    """The match (and how many moves into it) last saved and loaded by :meth:`check`."""
    profile_checked: int = -PROFILE_EVERY
    """The frame the profile's saved match was last read (a read waits for the disk)."""
    deal_instant: bool = False
    """Whether the deal was shown at once (max speed, or the instant speed the storm chose in
    the settings): then there is no deal on screen to throw events at."""

    def __post_init__(self) -> None:
        self.rng = random.Random(self.run.seed)
        self.player = make_policy("greedy", random.Random(self.run.seed))

    # --- failing with enough said -------------------------------------------------------

    def where(self) -> str:
        last = "\n  ".join(self.recent)
        return (
            f"[{self.run}] after event {self.thrown}, frame {self.frames}; {describe(self.app)}"
            f"\nlast events:\n  {last}"
        )

    def expect(self, condition: bool, what: str) -> None:
        if not condition:
            raise AssertionError(f"{what}\n{self.where()}")

    # --- frames ---------------------------------------------------------------------

    def frame(self, dt: float = FRAME) -> None:
        """One frame of the window; no exception may come out of it."""
        try:
            self.app.step(dt)
        except Exception as error:
            raise AssertionError(f"App.step raised {error!r}\n{self.where()}") from error
        self.frames += 1
        if not self.app.running and not self.quit_asked:
            # A random click found the Quit button of the title or of a match's end: the
            # window would close. The person changes their mind, and the storm goes on.
            self.quits_by_button += 1
            self.app.running = True
        time.sleep(0 if self.run.ai_process else 0.003)  # the AI's thread gets its turn

    def post(self, events: list[pygame.event.Event], thrown: bool = True) -> None:
        """Post ``events``: thrown by the storm, or (``thrown`` False) the test's own steps."""
        for event in events:
            pygame.event.post(event)
            self.recent.append(f"{self.thrown if thrown else 'step'}: {event}")
            self.thrown += thrown

    def click(self, pos: tuple[float, float]) -> None:
        point = (round(pos[0]), round(pos[1]))
        self.post([_press(point), _release(point)], thrown=False)

    def key(self, code: int) -> None:
        self.post(_key(code), thrown=False)

    # --- the storm ----------------------------------------------------------------

    def burst(self, stop: str, count: int, returns: int = 2) -> None:
        """``count`` random events, a few per frame, the table checked after each frame.
        Where the storm soon leads away from ``stop``, the test goes back there (up to
        ``returns`` times) for the rest of it."""
        self.recent.append(f"--- storm at {stop} ---")
        end = self.thrown + count
        if stop == "match end" or (stop == "deal" and self.deal_instant):
            returns = 0  # a match's end takes a whole match; at full speed a deal no time
        while self.thrown < end:
            if returns and screen_name(self.app) != stop and end - self.thrown > count // 3:
                returns -= 1
                self.go(stop)
                self.recent.append(f"--- back to {stop} ---")
            if not self.pending:
                self.pending.extend(self.gesture())
            batch = min(self.rng.randint(1, 6), end - self.thrown)
            events = [self.pending.popleft() for _ in range(min(batch, len(self.pending)))]
            self.seen[screen_name(self.app)] += len(events)
            self.post(events)
            self.frame()
            self.check()
        self.pending.clear()

    def gesture(self) -> list[pygame.event.Event]:
        """One random gesture: a click, a drag, a key, a wheel turn, a window event …"""
        kinds: tuple[tuple[Callable[[], list[pygame.event.Event]], float], ...] = (
            (self._click_anywhere, 14),
            (self._click_button, 8),
            (self._double_click_card, 6),
            (self._drag_away, 9),
            (self._drag_to_discard, 4),
            (self._wheel, 4),
            (self._move, 8),
            (self._other_button, 2),
            (self._lone_press_or_release, 2),
            (self._bound_key, 30),
            (self._letter, 6),
            (self._window_event, 4),
            (self._resize, 1),
            (self._full_screen, 0.3),
        )
        chosen = self.rng.choices([kind for kind, _ in kinds], [weight for _, weight in kinds])
        return chosen[0]()

    def _size(self) -> tuple[int, int]:
        width, height = self.app.screen.get_size()
        return width, height

    def _anywhere(self, outside: float = 0.1) -> tuple[int, int]:
        """A point in the window, or now and then beyond any of its edges."""
        width, height = self._size()
        rng = self.rng
        if rng.random() < outside:
            x = rng.choice((rng.randint(-400, -1), rng.randint(width, width + 400)))
            y = rng.choice((rng.randint(-300, -1), rng.randint(height, height + 300)))
            return rng.choice(((x, rng.randint(0, height)), (rng.randint(0, width), y), (x, y)))
        return rng.randint(0, width - 1), rng.randint(0, height - 1)

    def _beyond(self) -> tuple[int, int]:
        return self._anywhere(outside=1.0)

    def _card_or_pile(self) -> tuple[int, int]:
        """The centre of a card of your hand or of a pile, if a table is shown; else anywhere."""
        table = live_table(self.app)
        if table is None or self.app.stack.top is not table:
            return self._anywhere()
        places: list[tuple[float, float]] = [
            table.layout.pile_rect(True).center,
            table.layout.pile_rect(False).center,
        ]
        sprites = table.playback.stage.sprites
        places += [sprites[card].pose.center for card in table.hand if card in sprites]
        x, y = self.rng.choice(places)
        return round(x), round(y)

    def _click_anywhere(self) -> list[pygame.event.Event]:
        pos = self._anywhere()
        return [_press(pos), _release(pos)]

    def _click_button(self) -> list[pygame.event.Event]:
        buttons = buttons_of(self.app)
        if not buttons:
            return self._click_anywhere()
        pos = self.rng.choice(buttons).rect.center
        return [_motion(pos, held=False), _press(pos), _release(pos)]

    def _double_click_card(self) -> list[pygame.event.Event]:
        pos = self._card_or_pile()
        return [_press(pos), _release(pos), _press(pos), _release(pos)]

    def _path(self, start: tuple[int, int], end: tuple[int, int]) -> list[pygame.event.Event]:
        steps = self.rng.randint(1, 8)
        return [
            _motion(
                (
                    start[0] + (end[0] - start[0]) * index // steps,
                    start[1] + (end[1] - start[1]) * index // steps,
                ),
                held=True,
            )
            for index in range(1, steps + 1)
        ]

    def _drag_away(self) -> list[pygame.event.Event]:
        """From a card or a pile to anywhere, often beyond the window; the release may come
        out there, after the pointer left the window, or never."""
        start = self._card_or_pile()
        end = self._beyond() if self.rng.random() < 0.6 else self._anywhere()
        events = [_press(start), *self._path(start, end)]
        ending = self.rng.random()
        if ending < 0.15:
            events.append(_event(pygame.WINDOWLEAVE))
        elif ending < 0.25:
            events.append(_event(pygame.WINDOWFOCUSLOST))
            return events  # the release is lost
        events.append(_release(end))
        return events

    def _drag_to_discard(self) -> list[pygame.event.Event]:
        start = self._card_or_pile()
        table = live_table(self.app)
        end = self._anywhere() if table is None else table.layout.pile_rect(False).center
        return [_press(start), *self._path(start, end), _release(end)]

    def _wheel(self) -> list[pygame.event.Event]:
        turn = self.rng.choice((-5, -1, -1, 1, 1, 5))
        wheel = _event(
            pygame.MOUSEWHEEL,
            x=0,
            y=turn,
            flipped=False,
            precise_x=0.0,
            precise_y=float(turn),
            which=0,
            touch=False,
        )
        return [_motion(self._anywhere(), held=False), wheel]

    def _move(self) -> list[pygame.event.Event]:
        return [_motion(self._anywhere(0.2), held=False) for _ in range(self.rng.randint(1, 4))]

    def _other_button(self) -> list[pygame.event.Event]:
        pos, button = self._anywhere(), self.rng.choice((2, 3, 4, 5))
        return [_press(pos, button), _release(pos, button)]

    def _lone_press_or_release(self) -> list[pygame.event.Event]:
        pos = self._card_or_pile()
        return [self.rng.choice((_press, _release))(pos)]

    def _bound_key(self) -> list[pygame.event.Event]:
        code = self.rng.choice(BOUND_KEYS)
        mod = pygame.KMOD_SHIFT if self.rng.random() < 0.3 else 0
        return _key(code, mod)

    def _letter(self) -> list[pygame.event.Event]:
        letter = self.rng.choice(LETTERS)
        code = ord(letter) if letter.isascii() else pygame.K_UNKNOWN  # K_a is ord("a") …
        return _key(code, 0, letter)

    def _window_event(self) -> list[pygame.event.Event]:
        kind = self.rng.choice(
            (
                pygame.WINDOWLEAVE,
                pygame.WINDOWENTER,
                pygame.WINDOWFOCUSLOST,
                pygame.WINDOWFOCUSGAINED,
            )
        )
        return [_event(kind)]

    def _resize(self) -> list[pygame.event.Event]:
        width, height = self.rng.randint(640, 1920), self.rng.randint(400, 1080)
        if self.rng.random() < 0.5:
            return [_event(pygame.VIDEORESIZE, size=(width, height), w=width, h=height)]
        return [_event(pygame.WINDOWSIZECHANGED, x=width, y=height)]

    def _full_screen(self) -> list[pygame.event.Event]:
        return _key(pygame.K_F11)

    # --- what must hold ---------------------------------------------------------------

    def check(self) -> None:
        """The table holds together after the frame's events."""
        app = self.app
        self.expect(app.stack.top is not None, "the window shows no screen")
        table = live_table(app)
        if table is None:
            return
        match, shown = table.match, table.shown
        if not table.busy:
            self.expect(
                Counter(table.hand) == Counter(match.hands[0]),
                f"your hand as shown {table.hand} is not your hand {match.hands[0]}",
            )
            self.expect(
                all(Counter(a) == Counter(b) for a, b in zip(shown.hands, match.hands, strict=True))
                and shown.discard == list(match.discard_pile)
                and shown.totals == match.totals,
                "the table at rest does not show the match",
            )
        if not match.is_over:
            self.expect(bool(match.legal_actions()), "a match under way has no legal move")
        failures = [failure for failure in table.seats.failures if failure.kind not in STALLS]
        self.expect(not failures, f"AI failures: {failures}")
        state = (id(match), len(match.actions))
        if state == self.checked:
            return
        self.checked = state
        document = match.to_json()
        dealt = not isinstance(table, LearnScene)  # the guided round's deal is by hand, unsaved
        self.expect(
            Match.from_json(document, verify=dealt).to_json() == document,
            "the match does not load as saved",
        )
        due = self.frames >= self.profile_checked + PROFILE_EVERY
        if match.actions and not match.is_over and due:
            self.profile_checked = self.frames
            saved = app.memory.saved_match()
            self.expect(
                saved is not None and saved.match.to_json() == document,
                "the profile does not keep the match as it stands",
            )

    # --- walking to the stops ---------------------------------------------------------

    def until(self, done: Callable[[], bool], what: str, frames: int = 3000) -> None:
        """Frames (at the walking step) until ``done()``, playing your moves with greedy
        and closing round summaries; fails after ``frames`` frames (counted, not timed:
        on a crowded machine the process may be held up for minutes)."""
        for _frame in range(frames):
            if done():
                return
            top = self.app.stack.top
            if isinstance(top, RoundSummaryScene):
                self.click(top.buttons[0].rect.center)
            elif isinstance(top, TableScene) and top.your_turn:
                action = self.player.choose(top.match.view_for(0))
                self.expect(top.play(action), f"the table refused a legal {action}")
            elif isinstance(top, TableScene) and top.playback.animating:
                self.key(pygame.K_SPACE)  # skip the animation, as an impatient person does
            elif not isinstance(top, TableScene):
                self.leave(top)
            self.frame(NAV_DT)
            self.check()
        self.expect(done(), f"never reached: {what}")

    def leave(self, top: object) -> None:
        """Go back from the screen on top, as a person would (a match's end: New game)."""
        if isinstance(top, Overlay | TitleScene):
            self.click(top.buttons[0].rect.center)  # Next round, Close, New game, Continue
        else:
            self.key(pygame.K_ESCAPE)  # a name being typed: the first Escape stops typing

    def table(self) -> TableScene:
        table = live_table(self.app)
        assert table is not None
        return table

    def at_table(self) -> TableScene:
        self.until(lambda: isinstance(self.app.stack.top, TableScene), "the table")
        return self.table()

    def go(self, stop: str) -> None:
        """Bring the window to ``stop`` the way a person would get there."""
        app = self.app
        if stop == "title" and not isinstance(app.stack.top, TitleScene):
            app.replace(TitleScene(app))  # as when the window opens again
        elif stop in ("statistics", "history"):
            if not isinstance(app.stack.top, TitleScene):
                app.replace(TitleScene(app))  # as when the window opens again
            title = app.stack.top
            assert isinstance(title, TitleScene)
            label = stop.capitalize()
            button = next(button for button in title.buttons if button.label == label)
            self.click(button.rect.center)
            self.frame()
        elif stop == "your turn":
            self.at_table()
            self.until(lambda: self.table().your_turn and app.stack.top is self.table(), stop)
        elif stop == "AI turn":
            self.go("your turn")
            table = self.table()
            self.until(lambda: table.match.current_seat != 0 or table is not self.table(), stop)
        elif stop in ("score sheet", "settings", "rules"):
            self.at_table()
            self.key({"score sheet": pygame.K_TAB, "settings": pygame.K_o}.get(stop, pygame.K_r))
            self.frame()
        elif stop == "round summary":
            self.until(lambda: isinstance(app.stack.top, RoundSummaryScene), stop)
        elif stop == "review":
            self.go("round summary")
            summary = app.stack.top
            assert isinstance(summary, RoundSummaryScene)
            self.click(summary.buttons[1].rect.center)
            self.frame()
        elif stop == "deal":
            self.go("round summary")
            summary = app.stack.top
            assert isinstance(summary, RoundSummaryScene)
            self.deal_instant = self.run.max_speed or self.table().playback.pace == 0
            self.click(summary.buttons[0].rect.center)  # Next round, or See the result
            self.frame()
            if isinstance(app.stack.top, MatchEndScene):
                self.click(app.stack.top.buttons[0].rect.center)  # New game
                self.frame()
        elif stop == "match end":
            self.play_out()
        loose = {"AI turn"} | ({"deal"} if self.deal_instant else set())
        self.expect(screen_name(app) == stop or stop in loose, f"not at {stop}")

    def play_out(self) -> None:
        """Play the match on the table to its end, at the instant speed (chosen in the
        settings, as a person in a hurry would)."""
        self.at_table()
        if not self.run.max_speed:
            self.go("settings")
            settings = self.app.stack.top
            self.expect(isinstance(settings, SettingsScene), "O opens the settings")
            assert isinstance(settings, SettingsScene)
            speed = next(
                row
                for row in settings.form.rows
                if isinstance(row, ChoiceRow) and "instant" in row.values
            )
            speed.set("instant")
            self.key(pygame.K_ESCAPE)
            self.frame()
        table = self.at_table()
        self.until(lambda: isinstance(self.app.stack.top, MatchEndScene), "the match's end", 20_000)
        end = self.app.stack.top
        assert isinstance(end, MatchEndScene)
        match = table.match
        self.expect(match.is_over and end.event.winners == match.winners, "a wrong winner")
        self.expect(table.shown.totals == match.totals, "the end shows other totals")


def late_match(seed: int, seats: int) -> SavedMatch:
    """A match of ``seats`` players up to a dozen moves into its last round, played by greedy,
    you to draw."""
    match = Match.new(RuleSet(players=seats), seed=seed)
    players = {seat: make_policy("greedy", random.Random(seed + seat)) for seat in range(seats)}
    last = len(match.rules.hand_sizes) - 1
    late: Match | None = None
    while not match.is_over:
        if match.round_index == last and match.current_seat == 0 and match.phase is Phase.DRAW:
            late = match.copy()
            if len(match.log) >= 12:
                break
        seat = match.current_seat
        match.apply(players[seat].choose(match.view_for(seat)))
    assert late is not None, f"seed {seed}: you never drew in the last round"
    match = late
    policies = dict.fromkeys(range(1, seats), "easy")
    states = {seat: seat_rng_state(seed, seat) for seat in policies}
    return SavedMatch(match, policies, default_names(seats), match.hands[0], states)


def storm_profile(run: Run) -> str:
    """A profile with a match of the run's table size late in its last round, easy opponents
    and Undo on."""
    folder = profile_with(late_match(run.seed, run.players))
    memory = Memory(Profile(Path(folder)))
    seated = Settings(undo=True).seated(run.players)
    memory.save_settings(seated.changed(levels=("easy",) * (run.players - 1)))
    memory.profile.flush()
    return folder


def window(run: Run, profile: str, resume: bool = False) -> App:
    return App(
        LaunchOptions(
            profile=profile,
            size=run.size,
            max_speed=run.max_speed,
            ai_process=run.ai_process,
            mute=True,
            resume=resume,
        )
    )


@pytest.mark.parametrize("run", RUNS, ids=str)
def test_an_event_storm_breaks_nothing(run: Run) -> None:
    started = time.monotonic()
    profile = storm_profile(run)
    app = window(run, profile)
    storm = Storm(app, run)
    closed = False
    try:
        share = EVENTS // len(STOPS)
        for stop in (*STOPS, *AFTER_THE_MATCH):
            storm.go(stop)
            storm.burst(stop, share)
        if run.quits:
            storm.quit_asked = True
            storm.post([*storm.gesture(), _event(pygame.QUIT), *storm.gesture()])
            storm.frame()
            storm.expect(not app.running, "the window did not quit")
            table = live_table(app)
            kept = None if table is None or table.match.is_over else table.match
            if kept is not None and not kept.actions:
                kept = None  # a fresh deal with no move yet is not kept
            app.close()
            closed = True
            reopen_after_quitting(run, profile, kept)
    finally:
        if not closed:
            app.close()
    missing = (
        {*STOPS, *AFTER_THE_MATCH} - set(storm.seen) - ({"deal"} if storm.deal_instant else set())
    )
    assert not missing, f"[{run}] no storm reached {missing}: {storm.seen}"
    print(
        f"\n[{run}] {storm.thrown} events in {storm.frames} frames, "
        f"{time.monotonic() - started:.1f} s; per screen {dict(storm.seen)}; "
        f"Quit clicked {storm.quits_by_button} times"
    )


def reopen_after_quitting(run: Run, profile: str, kept: Match | None) -> None:
    """The window opened again with ``--continue`` shows the match it was closed on."""
    app = window(run, profile, resume=True)
    try:
        storm = Storm(app, run)
        for _frame in range(30):
            storm.frame()
            storm.check()
        table = storm.table()
        if kept is not None:
            storm.expect(
                table.match.to_json() == kept.to_json(), "the match reopened is not the one left"
            )
        storm.go("your turn")
        table = storm.table()
        action = table.match.legal_actions()[0]
        storm.expect(table.play(action), "the reopened match takes no move")
        storm.frame()
        storm.check()
    finally:
        app.close()
