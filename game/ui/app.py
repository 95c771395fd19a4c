"""The window and its loop: events, ``update(dt)``, ``draw``, flip — sixty times a second."""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import time
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.engine.command_basics import INTERRUPTED, run_command
from game.i18n import _
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.resources import PieceKind, missing_pieces, unimportable_modules
from game.ui.command_line import (
    LARGEST_WINDOW,
    LaunchOptions,
    fitted_size,
    parse_options,
    run_profile,
)
from game.ui.kit.art import CardArt, check_card_files
from game.ui.kit.pieces import PieceNotices, load_piece
from game.ui.kit.sound import Sounds
from game.ui.kit.text import Text
from game.ui.kit.timed_text import TimedText
from game.ui.kit.toast import ToastLayer
from game.ui.kit.type_scale import TypeScale
from game.ui.scene import Scene, SceneStack
from game.ui.screens.title import TitleScene
from game.words.seat_words import GAME_NAME

if TYPE_CHECKING:
    from game.engine.cards import Card
    from game.engine.match import Match
    from game.engine.rules import RuleSet
    from game.sim.review_backlog import ReviewBacklog

FPS = 60
TOAST_SECONDS = 6.0
"""How long a notice of the profile (a file set aside, a folder not writable) stays up."""
MAX_DT = 0.1
"""Longest step a frame may take (after a stall, animations jump rather than lurch)."""
FRAMES_KEPT = FPS * 60 * 10
"""How many frames' times the window keeps (ten minutes' worth; older ones go)."""
UNCOVERED = (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED)
"""Window events after which the whole window is drawn again (not only what changed)."""
SIZELESS_DRIVERS = ("dummy", "offscreen")
"""Video drivers whose desktop size says nothing of the window they can hold."""


class App:
    """The game window: owns the screen, the shared art, text and sounds, and the scenes.

    It is the scenes' :class:`~game.ui.scene.SceneContext`.
    """

    def __init__(self, options: LaunchOptions | None = None) -> None:
        self._options = options or LaunchOptions()
        self.log = logging.getLogger("game")
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(_(GAME_NAME))
        icon = load_piece(PieceKind.ICON, ("icon.png",), pygame.image.load)
        if icon is not None:
            pygame.display.set_icon(icon)
        size, size_notice = fitted_size(self._options.size, largest_window())
        self._size = size
        """The window's size out of full screen: ``--size`` as the display can hold it."""
        self._screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.clock = pygame.time.Clock()
        self._text = Text()
        self._art = CardArt()
        self._sounds = Sounds(enabled=not self._options.mute)
        self.stack = SceneStack()
        self.running = True
        self.frame_seconds: deque[float] = deque(maxlen=FRAMES_KEPT)
        """Work time of the latest frames (events, update, draw, flip), for benchmarks."""
        self.frames_drawn = 0
        """Frames since the window opened."""
        self.done = False
        """True once an autoplay run has finished."""
        self.interrupted = False
        """True once Ctrl+C in a terminal ended :meth:`run`."""
        folder = self._options.profile
        self._memory = Memory(Profile(Path(folder) if folder else None))
        if size_notice is not None:
            self._memory.profile.notices.append(size_notice)
        self._reviews: ReviewBacklog | None = None
        """Made when first asked for (the title has no use for it)."""
        kept = self._options.kept(self._memory.settings)
        if kept != self._memory.settings:
            self._memory.save_settings(kept)
        self._toast: TimedText | None = None
        """The profile's latest notice on screen, over every scene."""
        self._toast_layer = ToastLayer()
        """What the notice covers, put back before the scenes draw."""
        self._piece_notices = PieceNotices()
        self.apply_settings()
        self.push(self._first_scene())

    def _first_scene(self) -> Scene:
        """The title; in autoplay a new match; with ``--continue`` the saved match."""
        options = self._options
        if not (options.resume or options.autoplay):
            return TitleScene(self)
        from game.ui.table.table import TableScene  # the title alone does without it

        if options.resume:
            saved = self._memory.saved_match()
            if saved is not None and self._memory.playable(saved):
                return TableScene.resumed(self, saved)
            self._memory.profile.notices.append(
                _("No saved match to continue: a new match starts.")
            )
        return TableScene(self, options.new_match(self._memory.settings))

    # --- the scenes' context ------------------------------------------------------

    @property
    def screen(self) -> pygame.Surface:
        return self._screen

    @property
    def art(self) -> CardArt:
        return self._art

    @property
    def text(self) -> Text:
        return self._text

    @property
    def sounds(self) -> Sounds:
        return self._sounds

    @property
    def options(self) -> LaunchOptions:
        return self._options

    @property
    def memory(self) -> Memory:
        return self._memory

    @property
    def reviews(self) -> ReviewBacklog:
        if self._reviews is None:
            from game.sim.review_backlog import ReviewBacklog  # the review's AI, when used

            memory = self._memory
            self._reviews = ReviewBacklog(
                memory.history, memory.keep_review, self._options.ai_process
            )
        return self._reviews

    def system_language(self) -> str:
        return i18n.system_language(preferred_locales())

    def language(self) -> str:
        """The language to speak: the one chosen in the settings, else the system's."""
        chosen = self._memory.settings.language
        return chosen if chosen is not None else self.system_language()

    def apply_settings(self) -> None:
        chosen = self._memory.settings
        self.stack.redraw()
        language = self.language()
        if language != i18n.language():
            i18n.use(language)
            pygame.display.set_caption(_(GAME_NAME))
            self.stack.relabel()
        self._sounds.set_volume(chosen.volume, chosen.muted)
        lettered = chosen.local_indices and language in i18n.LANGUAGES
        style = (chosen.deck, chosen.back, language if lettered else i18n.LANGUAGES[0])
        if (self._art.deck, self._art.back, self._art.indices) != style:
            self._art.set_style(*style)
        if chosen.fullscreen != bool(self._screen.get_flags() & pygame.FULLSCREEN):
            self._set_fullscreen(chosen.fullscreen)

    def _set_fullscreen(self, on: bool) -> None:
        """Fill the screen, or go back to a window of the size the game was started with."""
        if on:
            self._screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self._screen = pygame.display.set_mode(self._size, pygame.RESIZABLE)
        self.stack.resize()

    def toggle_fullscreen(self) -> None:
        """F11, anywhere: the other of full screen and window, kept in the settings."""
        memory = self._memory
        memory.save_settings(memory.settings.changed(fullscreen=not memory.settings.fullscreen))
        self.apply_settings()

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def pop(self) -> None:
        self.stack.pop()

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)

    def quit(self) -> None:
        self.running = False

    def main_menu(self) -> None:
        self.stack.replace(TitleScene(self))

    # Each screen's module is loaded when the screen first opens, not as the window starts:
    # the title shows sooner.

    def open_rules(self, rules: RuleSet | None = None) -> None:
        from game.ui.screens.rules_screen import RulesScene

        self.stack.push(RulesScene(self, rules))

    def open_settings(self) -> None:
        from game.ui.screens.settings_screen import SettingsScene

        self.stack.push(SettingsScene(self))

    def open_statistics(self) -> None:
        from game.ui.screens.stats_screen import StatsScene

        self.stack.push(StatsScene(self))

    def open_history(self) -> None:
        from game.ui.screens.history_screen import HistoryScene

        self.stack.push(HistoryScene(self))

    def open_review(
        self, match: Match, round_number: int | None, order: Sequence[Card] = ()
    ) -> None:
        from game.ui.screens.review_screen import ReviewScene

        self.stack.push(ReviewScene(self, match, round_number, order))

    def autoplay_finished(self) -> None:
        self.done = True
        if self._options.screenshot:
            self.save_screenshot(self._options.screenshot)
        if self._options.quit_when_done:
            self.quit()

    def save_screenshot(self, path: str) -> None:
        """Draw a fresh frame and save it as a PNG; a path it cannot be saved to (its
        folder gone since the start) is reported in one line of the log, and the run goes on."""
        self.draw()
        try:
            pygame.image.save(self._screen, path)
        except (pygame.error, OSError) as error:
            self.log.warning("cannot save the screenshot %s: %s", path, error)

    def draw(self) -> None:
        """Draw a fresh frame on the screen, whole (without flipping it to the display)."""
        self.stack.repaint()
        self._draw(self._screen)

    @property
    def toast(self) -> str | None:
        """The notice on screen now, if any."""
        return None if self._toast is None else self._toast.text

    def _draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw a frame; returns where it differs from the last one (None: anywhere)."""
        lifted = self._toast_layer.lift(surface)  # the scenes' last frame, without the notice
        self._text.open_scale(TypeScale.for_window(surface.get_size()))
        changed = self.stack.draw(surface)
        laid = (
            []
            if self._toast is None
            else self._toast_layer.lay(surface, self._text, self._toast.text)
        )
        return None if changed is None else [*changed, *lifted, *laid]

    def _update_toast(self, dt: float) -> None:
        """Show the profile's notices (and those about missing pieces) one after another, each
        for a few seconds."""
        self._toast = TimedText.tick(self._toast, dt)
        notices = self._memory.profile.notices
        notices.extend(self._piece_notices.new())
        if self._toast is None and notices:
            self._toast = TimedText(notices.pop(0), TOAST_SECONDS)

    # --- the loop -------------------------------------------------------------------

    def step(self, dt: float) -> None:
        """One frame: handle waiting events, advance by ``dt`` seconds, draw and flip. The
        history opens as the second frame begins (the first one waits for nothing)."""
        started = time.perf_counter()
        if self.frames_drawn == 1:
            self._memory.open_history()
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
            elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self._resized(event)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
            else:
                if event.type in UNCOVERED:
                    self.stack.repaint()
                self.stack.handle_event(event)
        self.stack.update(min(dt, MAX_DT))
        if self._reviews is not None:
            self._reviews.collect()
        self._memory.collect()
        self._update_toast(min(dt, MAX_DT))
        if self.running:
            changed = self._draw(self._screen)
            if changed is None:
                pygame.display.flip()
            elif changed:
                pygame.display.update(changed)
        self.frame_seconds.append(time.perf_counter() - started)
        self.frames_drawn += 1
        frames = self._options.frames
        if frames is not None and self.frames_drawn >= frames:
            self.quit()

    def _resized(self, event: pygame.event.Event) -> None:
        size = getattr(event, "size", None) or (event.x, event.y)
        if self._screen.get_size() != tuple(size):
            self._screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.stack.resize()

    def run(self) -> None:
        """Run frames until the window is closed or Quit is chosen, or Ctrl+C is pressed in
        a terminal (then :attr:`interrupted`); either way the last save is on disk after."""
        dt = 0.0
        self.clock.tick()  # the clock starts with the first frame, which waits for nothing
        try:
            while self.running:
                self.step(dt)
                dt = self.clock.tick(FPS) / 1000
        except KeyboardInterrupt:
            self.interrupted = True
        self.close()

    def close(self) -> None:
        self.stack.clear()
        if self._reviews is not None:
            self._reviews.close()
        self._memory.close()  # the last save is on disk, the ended matches filed or waiting
        pygame.quit()


def largest_window() -> tuple[int, int]:
    """The largest of the displays' desktop sizes (:data:`LARGEST_WINDOW` where the driver
    cannot say, or pygame cannot tell)."""
    sizes: list[tuple[int, int]] = []
    if pygame.display.get_driver() not in SIZELESS_DRIVERS:
        with contextlib.suppress(pygame.error, AttributeError):
            sizes = list(pygame.display.get_desktop_sizes())
    usable = [size for size in sizes if size[0] > 0 and size[1] > 0]
    return max(usable, key=lambda size: size[0] * size[1], default=LARGEST_WINDOW)


def preferred_locales() -> list[str]:
    """The system's preferred locales as ``fr_BE`` codes, best first (none if SDL cannot say)."""
    try:
        found = pygame.system.get_pref_locales()
    except pygame.error:
        return []
    return [
        "_".join(part for part in (locale["language"], locale.get("country")) if part)
        for locale in found
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Start the game window; returns the exit status: the smoke test's verdict, 130 after
    Ctrl+C, 1 when standard output is closed early
    (see :func:`~game.engine.command_basics.run_command`)."""
    multiprocessing.freeze_support()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    return run_command(lambda: _play(parse_options(argv)))


def _play(given: LaunchOptions) -> int:
    with run_profile(given) as options:
        app = App(options)
        app.run()
    if app.interrupted:
        return INTERRUPTED
    if options.smoke_test:
        check_card_files()
        spoken = [language for language in i18n.LANGUAGES if i18n.has_catalogue(language)]
        missing = missing_pieces()
        unimportable = unimportable_modules()
        passed = app.done and spoken == list(i18n.LANGUAGES) and not missing and not unimportable
        print("smoke test: " + ("one round played" if passed else "FAILED"))
        print("languages: " + " ".join(spoken))
        for piece in missing:
            print(f"missing or damaged: {piece.path} ({piece.reason})")
        for module in unimportable:
            print(f"cannot be imported: {module}")
        return 0 if passed else 1
    return 0
