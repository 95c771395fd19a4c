"""Escape at the table: the pause menu (a :class:`QuestionScene` whose safe answer is Resume).

Its heading names the deal's number (the match's seed), for playing or sharing that deal
again; the table's corner names only the dealer.

Rules, Settings, Statistics and History open over the menu and come back to it; Main menu and Quit
save the match first, so the title offers Continue and the next start finds it.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.rules import RuleSet
from game.i18n import N_, _
from game.ui.question import Answer, QuestionScene
from game.ui.scene import SceneContext


class PauseMenuScene(QuestionScene):
    """Resume, Rules, Settings, Statistics, History, Main menu, Quit; Escape resumes."""

    def __init__(
        self, context: SceneContext, rules: RuleSet, deal: int, save: Callable[[], None]
    ) -> None:
        def then_save(leave: Callable[[], None]) -> Callable[[], None]:
            def done() -> None:
                save()
                leave()

            return done

        answers = (
            Answer(N_("Resume"), lambda: None),
            Answer(N_("Rules"), lambda: context.open_rules(rules), closes=False),
            Answer(N_("Settings"), context.open_settings, closes=False),
            Answer(N_("Statistics"), context.open_statistics, closes=False),
            Answer(N_("History"), context.open_history, closes=False),
            Answer(N_("Main menu"), then_save(context.main_menu), closes=False),
            Answer(N_("Quit"), then_save(context.quit), closes=False),
        )
        # TRANSLATORS: the pause menu's heading; {number} is the deal's number (long).
        super().__init__(context, lambda: _("Paused · deal {number}").format(number=deal), answers)
