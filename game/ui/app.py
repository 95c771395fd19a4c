"""The window and its loop: events, ``update(dt)``, ``draw``, flip — sixty times a second."""

from __future__ import annotations

import logging
import multiprocessing
import random
import time
from collections.abc import Sequence

import pygame

from game.engine.events import MatchOver, RoundScored
from game.resources import asset_path
from game.ui.art import CardArt
from game.ui.options import LaunchOptions, parse_options
from game.ui.scene import SceneStack
from game.ui.setup import MatchSetup
from game.ui.sound import Sounds
from game.ui.summary import MatchEndScene, RoundSummaryScene, ScoreSheetScene
from game.ui.table import TableScene
from game.ui.text import Text
from game.ui.title import TitleScene

FPS = 60
MAX_DT = 0.1
"""Longest step a frame may take (after a stall, animations jump rather than lurch)."""
AUTOPLAY_POLICIES = {0: "hard", 1: "normal", 2: "hard", 3: "greedy"}


class App:
    """The game window: owns the screen, the shared art, text and sounds, and the scenes."""

    def __init__(self, options: LaunchOptions | None = None) -> None:
        self.options = options or LaunchOptions()
        self.log = logging.getLogger("game")
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Three-Thirteen")
        pygame.display.set_icon(pygame.image.load(str(asset_path("icon.png"))))
        self.screen = pygame.display.set_mode(self.options.size, pygame.RESIZABLE)
        self.clock = pygame.time.Clock()
        self.text = Text()
        self.art = CardArt()
        self.sounds = Sounds(enabled=not self.options.mute)
        self.stack = SceneStack()
        self.running = True
        self.frame_seconds: list[float] = []
        """Work time of every frame (events, update, draw, flip), for benchmarks."""
        self.done = False
        """True once an autoplay run has finished."""
        if self.options.autoplay:
            self.stack.push(TableScene(self, self._autoplay_setup()))
        else:
            self.stack.push(TitleScene(self))

    # --- what scenes ask for ------------------------------------------------------

    def _autoplay_setup(self) -> MatchSetup:
        return MatchSetup(
            seed=self._seed(),
            policies=dict(AUTOPLAY_POLICIES),
            move_seconds=0.0 if self.options.max_speed else 0.45,
            rounds=self.options.rounds,
        )

    def _seed(self) -> int:
        return self.options.seed if self.options.seed is not None else random.randrange(2**31)

    def new_game(self, level: str) -> None:
        """Leave any match and deal a new one against three seats at ``level``."""
        setup = MatchSetup(
            seed=self._seed(),
            policies={1: level, 2: level, 3: level},
            move_seconds=0.0 if self.options.max_speed else 0.45,
        )
        self.sounds.play("click")
        self.stack.replace_all(TableScene(self, setup))

    def open_round_summary(self, table: TableScene, event: RoundScored, last: bool) -> None:
        auto = None
        if self.options.autoplay:
            auto = 0.0 if self.options.max_speed else 2.0
        self.stack.push(RoundSummaryScene(self, table, event, last, auto))

    def open_score_sheet(self, table: TableScene) -> None:
        self.sounds.play("click")
        self.stack.push(ScoreSheetScene(self, table))

    def open_match_end(self, table: TableScene, event: MatchOver) -> None:
        self.sounds.play("win" if 0 in event.winners else "round_end")
        level = table.setup.policies.get(1, self.options.level)
        self.stack.push(MatchEndScene(self, table, event, lambda: self.new_game(level)))
        if self.options.autoplay:
            self.autoplay_done(table)

    def autoplay_done(self, table: TableScene) -> None:
        """An autoplay run ended: save the screenshot, close if asked."""
        self.done = True
        if self.options.screenshot:
            self.save_screenshot(self.options.screenshot)
        if self.options.quit_when_done:
            self.quit()

    def save_screenshot(self, path: str) -> None:
        """Draw a fresh frame and save it as a PNG."""
        self.stack.draw(self.screen)
        pygame.image.save(self.screen, path)

    def quit(self) -> None:
        self.running = False

    # --- the loop -------------------------------------------------------------------

    def step(self, dt: float) -> None:
        """One frame: handle waiting events, advance by ``dt`` seconds, draw and flip."""
        started = time.perf_counter()
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
            elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self._resized(event)
            else:
                self.stack.handle_event(event)
        self.stack.update(min(dt, MAX_DT))
        if self.running:
            self.stack.draw(self.screen)
            pygame.display.flip()
        self.frame_seconds.append(time.perf_counter() - started)
        if self.options.frames is not None and len(self.frame_seconds) >= self.options.frames:
            self.quit()

    def _resized(self, event: pygame.event.Event) -> None:
        size = getattr(event, "size", None) or (event.x, event.y)
        if self.screen.get_size() != tuple(size):
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.stack.resize()

    def run(self) -> None:
        """Run frames until the window is closed or Quit is chosen."""
        while self.running:
            self.step(self.clock.tick(FPS) / 1000)
        self.close()

    def close(self) -> None:
        self.stack.clear()
        pygame.quit()


def main(argv: Sequence[str] | None = None) -> int:
    """Start the game window; returns the exit status (the smoke test's verdict)."""
    multiprocessing.freeze_support()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    options = parse_options(argv)
    app = App(options)
    app.run()
    if options.smoke_test:
        print("smoke test: " + ("one round played" if app.done else "FAILED"))
        return 0 if app.done else 1
    return 0
