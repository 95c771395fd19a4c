"""The playback on its own: events shown one at a time, at rest, and none of them ignored."""

from __future__ import annotations

import pytest

from game.engine.events import MatchOver, RoundAbandoned, RoundScored
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.ui.kit.sound import Sounds
from game.ui.seen.layout import TableLayout
from game.ui.seen.shown import ShownTable
from game.ui.table.playback import Playback, QuietHost
from game.words.seat_words import Seating
from game.words.table_words import winners_line


def make_playback(pace: float, log: list[object]) -> Playback:
    return Playback(
        RuleSet(),
        TableLayout(1280, 800),
        pace,
        Seating(),
        Sounds(enabled=False),
        Logged(log),
    )


class Logged(QuietHost):
    """A host that writes down what the playback tells it."""

    def __init__(self, log: list[object]) -> None:
        self.log = log

    def moved(self, seat: int | None) -> None:
        self.log.append(("moved", seat))

    def round_scored(self, event: RoundScored) -> None:
        self.log.append(event)

    def match_over(self, event: MatchOver) -> None:
        self.log.append(event)


def test_events_wait_until_the_cards_are_at_rest() -> None:
    log: list[object] = []
    playback = make_playback(0.45, log)
    playback.extend(Match.new(seed=1).opening_events())
    assert playback.show_next()  # the cut for the deal
    shown = 1
    while playback.show_next():
        shown += 1
    assert shown < len(Match.new(seed=1).opening_events()), "the deal is still gliding"
    assert playback.busy and playback.animating
    for _ in range(600):
        playback.update(1 / 60)
        playback.show_next()
    assert not playback.busy
    assert playback.shown.phase is not None and ("moved", None) in log


def test_at_full_speed_a_whole_round_shows_at_once_and_its_end_is_handed_on() -> None:
    log: list[object] = []
    playback = make_playback(0.0, log)
    match = Match.new(seed=2)
    playback.extend(match.opening_events())
    round_index = match.round_index
    while match.round_index == round_index:
        playback.extend(match.apply(match.legal_actions()[0]))
    while playback.show_next():
        pass
    assert any(isinstance(entry, RoundScored) for entry in log)
    assert not any(isinstance(entry, MatchOver) for entry in log)
    assert playback.shown.totals == match.totals


def test_an_unknown_event_is_an_error_not_a_silence() -> None:
    playback = make_playback(0.0, [])
    playback.extend(["not an event"])  # type: ignore[list-item]
    with pytest.raises(AssertionError):
        playback.show_next()
    with pytest.raises(AssertionError):
        ShownTable(RuleSet()).follow("not an event")  # type: ignore[arg-type]


def test_a_round_stopped_by_the_turn_limit_is_announced_and_logged() -> None:
    playback = make_playback(0.0, [])
    playback.extend([RoundAbandoned(0, 1, "turns"), RoundAbandoned(0, 1)])
    lines = []
    while playback.show_next():
        assert playback.banner is not None
        lines.append(playback.banner.text)
    assert "100 turns each" in lines[0] and "stock cannot be rebuilt" in lines[1]
    assert playback.log.lines(Seating(), 11)[-2:] == lines
    assert playback.shown.abandoned == "stock"


def test_a_match_nobody_wins_says_so() -> None:
    assert winners_line((), Seating()) == "A tie: nobody wins the match"
