"""Your own going out in the second person, in every language: the banner, the log and the
summary's title say "You went out" (Vous êtes sorti, Je bent uitgegaan, Hai chiuso), never
the third person's sentence with "You" for a name (Vous sort, Jij gaat uit)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.engine.actions import Discard, Draw, DrawSource
from game.engine.cards import parse_cards
from game.engine.rules import RuleSet
from game.ui.table.round_summary import RoundSummaryScene
from game.words.seat_words import Seating
from tests.engine.match_tools import rig
from tests.ui.driver import step_until, table_of, wait_until
from tests.ui.rigged import open_rigged

THIRD_PERSON = {"en": "You went out!", "fr": "Vous sort", "nl": "Jij gaat", "it": "Tu ha"}
"""Per language, what "{name} went out" reads with "You" for a name (it must never show)."""


@pytest.mark.slow
@pytest.mark.parametrize("language", THIRD_PERSON)
def test_you_went_out_is_said_to_you(tmp_path: Path, language: str) -> None:
    match = rig(RuleSet(players=2), ["7H 8H 9H", "2C 5D QS"], stock_top="KC")
    app = open_rigged(tmp_path, match, language=language)
    try:
        table = table_of(app)
        step_until(app, lambda: table.your_turn)
        assert table.play(Draw(DrawSource.STOCK))
        step_until(app, lambda: table.your_turn and not table.busy)
        assert table.play(Discard(parse_cards("KC")[0]))
        banners, logs = set(), set()

        def summary_open() -> bool:  # what the banner and the log said on the way
            if table.playback.banner is not None:
                banners.add(table.playback.banner.text)
            logs.update(table.playback.log.lines(table.setup.seating, 11))
            return isinstance(app.stack.top, RoundSummaryScene)

        wait_until(app, summary_open)  # the other seat's last turn is played on a thread
        summary = app.stack.top
        assert isinstance(summary, RoundSummaryScene)
        you = i18n._("You")
        third = i18n._("{name} went out!").format(name=you)
        titled = i18n._("{round} — {name} went out").format(round="", name=you)
        assert i18n._("You went out!") in banners & logs
        assert summary.title().endswith(i18n._("{round} — you went out").format(round=""))
        lines = [*banners, *logs, summary.title()]
        if language != "en":
            assert third not in lines
            assert not summary.title().endswith(titled)
        assert not any(THIRD_PERSON[language] in line for line in lines if language != "en")
        assert not any(line.endswith(" — You went out") for line in lines)
    finally:
        app.close()
        i18n.use("en")


@pytest.mark.parametrize("language", THIRD_PERSON)
def test_the_sentence_of_your_going_out_is_your_own(language: str) -> None:
    i18n.use(language)
    try:
        seating, you = Seating(), i18n._("You")
        said = seating.went_out(0)
        assert said == i18n._("You went out!")
        if language != "en":
            assert said != i18n._("{name} went out!").format(name=you)
            assert THIRD_PERSON[language] not in said
        assert seating.went_out(1) == i18n._("{name} went out!").format(name=seating.name(1))
        autoplay = Seating(human=False)
        assert autoplay.went_out(0) == i18n._("{name} went out!").format(name=autoplay.name(0))
    finally:
        i18n.use("en")
