"""Whatever a seat answers, the table gets a legal action and random streams a save can keep."""

from __future__ import annotations

import json
import os
import pickle
import random

import pytest

from game.ai.hint import suggest
from game.engine.actions import Discard, Draw
from game.engine.match import Match
from game.profile.saved_match import _state_from_json, _state_to_json
from game.seats.controller import SeatsController
from game.seats.messages import (
    Advised,
    Decided,
    Failed,
    FailureKind,
    Reply,
    RngState,
    packed,
    savable_rng_state,
    seat_rng_state,
    unpacked,
)
from tests.hostile.hostile_bots import Rude, Unreadable, Unsendable
from tests.seats.test_controller import decide

BOTS = "tests.hostile.hostile_bots:"
MODES = [pytest.param(True, id="process"), pytest.param(False, id="thread")]


def assert_savable(states: dict[int, RngState]) -> None:
    """Each stream survives a save and a load, and draws numbers afterwards."""
    for state in states.values():
        restored = _state_from_json(json.loads(json.dumps(_state_to_json(state))))
        stream = random.Random()
        stream.setstate(restored)
        stream.gauss(0.0, 1.0)
        stream.random()


def play(bot: str, use_process: bool, decisions: int = 3) -> tuple[SeatsController, bool]:
    """Four seats of ``bot`` make ``decisions`` decisions, each checked to be a legal engine
    action; returns the (closed) controller and whether every decision was the first legal
    move. The streams it kept are checked to be savable."""
    match = Match.new(seed=7)
    controller = SeatsController(dict.fromkeys(range(4), BOTS + bot), 7, use_process=use_process)
    pid = controller.pid
    first_moves = True
    try:
        for _ in range(decisions):
            view = match.view_for(match.current_seat)
            action = decide(controller, view)
            assert type(action) in (Draw, Discard) and action in view.legal_actions()
            first_moves = first_moves and action == view.legal_actions()[0]
            match.apply(action)
        assert controller.pid == pid, "a bot's answer needs no fresh worker"
        assert_savable(controller.rng_states)
    finally:
        controller.close()
    return controller, first_moves


def kinds(controller: SeatsController) -> set[FailureKind]:
    return {failure.kind for failure in controller.failures}


@pytest.mark.slow
@pytest.mark.parametrize("use_process", MODES)
@pytest.mark.parametrize(
    ("bot", "kind"),
    [
        pytest.param("RudeBot", FailureKind.ILLEGAL, id="raises-when-compared-or-shown"),
        pytest.param("UnsendableBot", FailureKind.ILLEGAL, id="raises-when-pickled"),
        pytest.param("UnreadableBot", FailureKind.ILLEGAL, id="exits-when-unpickled"),
        pytest.param("WrongRankBot", FailureKind.ILLEGAL, id="refused-when-unpickled"),
        pytest.param("ExitingBot", FailureKind.RAISED, id="exits-when-asked"),
    ],
)
def test_an_answer_that_raises_is_a_failed_decision(
    bot: str, kind: FailureKind, use_process: bool
) -> None:
    controller, first_moves = play(bot, use_process)
    assert first_moves, "asked twice, then the first legal move"
    assert kinds(controller) == {kind} and len(controller.failures) == 6


@pytest.mark.parametrize("use_process", MODES)
def test_an_answer_equal_to_anything_is_played_as_a_real_legal_action(use_process: bool) -> None:
    """On a thread it is the first legal action; from a process it cannot even be read."""
    controller, first_moves = play("FlatteringBot", use_process)
    assert first_moves
    assert kinds(controller) == ({FailureKind.ILLEGAL} if use_process else set())


@pytest.mark.slow
@pytest.mark.parametrize("use_process", MODES)
@pytest.mark.parametrize(
    "bot",
    [
        "ForeignStateBot",
        "WrongVersionBot",
        "TextGaussBot",
        "UnpicklableGaussBot",
        "LostGaussBot",
        "BrokenSetstateBot",
    ],
)
def test_a_spoilt_random_stream_never_reaches_the_save(bot: str, use_process: bool) -> None:
    play(bot, use_process, decisions=6)


@pytest.mark.parametrize(
    "state",
    [
        pytest.param("not a random state", id="text"),
        pytest.param((3, (0,) * 625), id="two-parts"),
        pytest.param((99, (0,) * 625, None), id="unknown-version"),
        pytest.param((3, (0,) * 624, None), id="short"),
        pytest.param((3, (0,) * 624 + (625,), None), id="position-beyond"),
        pytest.param((3, (2**32,) + (0,) * 624, None), id="word-too-big"),
        pytest.param((3, (-1,) + (0,) * 624, None), id="negative-word"),
        pytest.param((3, (True,) + (0,) * 624, None), id="bool-word"),
        pytest.param((3, [0] * 625, None), id="list"),
        pytest.param((3, (0,) * 625, "0.5"), id="text-gauss"),
        pytest.param((3.0, (0,) * 625, None), id="float-version"),
    ],
)
def test_a_state_that_random_or_a_save_would_refuse_is_not_savable(state: object) -> None:
    assert savable_rng_state(state) is None


def test_a_real_state_is_savable() -> None:
    stream = random.Random(5)
    stream.gauss(0.0, 1.0)
    for state in (seat_rng_state(3, 1), stream.getstate()):
        assert savable_rng_state(state) == state


def test_a_reply_is_read_back_with_the_game_s_own_types_only() -> None:
    match = Match.new(seed=2)
    view = match.view_for(match.current_seat)
    replies: list[Reply] = [
        Decided(1, view.legal_actions()[-1], seat_rng_state(2, 0)),
        Advised(2, suggest(view)),
        Failed(3, FailureKind.RAISED, "Traceback …", None),
    ]
    assert [unpacked(packed(reply)) for reply in replies] == replies
    for stranger in (Unreadable(), Rude(), print, os.system):
        with pytest.raises(pickle.UnpicklingError, match="not one of the game's types"):
            unpacked(pickle.dumps(stranger))


def test_a_reply_that_cannot_be_pickled_is_sent_as_a_failure_with_what_can_be_sent() -> None:
    action = Match.new(seed=2).legal_actions()[0]
    state = seat_rng_state(2, 0)
    spoilt = (3, state[1], lambda: 0.5)
    replies: list[tuple[Reply, RngState | None]] = [
        (Decided(1, Unsendable(), state), state),  # type: ignore[arg-type]
        (Decided(2, action, spoilt), None),
    ]
    for reply, kept in replies:
        sent = unpacked(packed(reply))
        assert isinstance(sent, Failed) and sent.kind is FailureKind.ILLEGAL
        assert "could not be sent back" in sent.detail and sent.rng_state == kept
