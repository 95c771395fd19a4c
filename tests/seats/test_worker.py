"""The AI worker: same decisions as in process, every wrong answer reported, stalls ended.

The tests of what the worker makes of a reply hand it a scripted transport (no process);
the others start a real worker process or thread.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path

import pytest

from game.ai.hint import Reason, Suggestion, Why, suggest
from game.ai.registry import make_policy
from game.engine.actions import Draw, DrawSource, LayDown
from game.engine.cards import Suit
from game.engine.match import Match
from game.engine.open_table import readings
from game.engine.rules import RuleSet
from game.seats.host import SeatHost
from game.seats.messages import (
    Advised,
    Decided,
    DecideRequest,
    Failed,
    FailureKind,
    HintRequest,
    Reply,
    Request,
    seat_rng_state,
)
from game.seats.worker import AiWorker, LocalTransports, ThreadTransport, Transport
from tests.engine.match_tools import rig
from tests.seats.faulty_bots import STUCK_FLAG, bogus_answers
from tests.seats.scripted import Script, Then
from tests.seats.waiting import wait_for

ROOT = Path(__file__).resolve().parents[2]
REASON = Reason(Why.LAY_DOWN, points=(24,))
BOTS = "tests.seats.faulty_bots:"


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def answer(worker: AiWorker, request: Request, seconds: float = 60) -> Reply:
    """Send ``request`` and poll until its reply comes."""
    worker.submit(request)

    def its_reply() -> Reply | None:
        return next((reply for reply in worker.replies() if reply.job == request.job), None)

    reply = wait_for(its_reply, f"the reply to job {request.job}", seconds)
    assert reply is not None
    return reply


def test_decisions_in_the_worker_process_match_the_policy_in_process() -> None:
    match = Match.new(seed=8)
    worker = AiWorker({seat: "normal" for seat in range(4)})
    states = {seat: seat_rng_state(8, seat) for seat in range(4)}
    try:
        for job in range(12):
            seat = match.current_seat
            reply = answer(worker, DecideRequest(job, match.view_for(seat), states[seat]))
            assert isinstance(reply, Decided)
            states[seat] = reply.rng_state
            match.apply(reply.action)
    finally:
        worker.close()
    replayed = Match.new(seed=8)
    policies = {seat: make_policy("normal", random.Random(f"8/seat{seat}")) for seat in range(4)}
    for _ in range(12):
        seat = replayed.current_seat
        replayed.apply(policies[seat].choose(replayed.view_for(seat)))
    assert replayed.to_json() == match.to_json()


def test_the_same_random_stream_gives_the_same_decision_and_moves_on() -> None:
    match = Match.new(seed=2)
    seat = match.current_seat
    view = match.view_for(seat)
    host = SeatHost({seat: "random"})
    start = seat_rng_state(2, seat)
    first, again = (
        host.answer(DecideRequest(1, view, start)),
        host.answer(DecideRequest(2, view, start)),
    )
    assert isinstance(first, Decided) and isinstance(again, Decided)
    assert first.action == again.action and first.rng_state == again.rng_state
    assert first.rng_state != start


@pytest.mark.parametrize("use_process", [True, False], ids=["process", "thread"])
def test_a_failing_policy_is_reported_and_the_worker_goes_on(use_process: bool) -> None:
    match = Match.new(seed=3)
    seat = match.current_seat
    specs = {other: BOTS + "BrokenBot" for other in range(4)} | {seat: "greedy"}
    worker = AiWorker(specs, use_process=use_process)
    try:
        hint = answer(worker, HintRequest(1, match.view_for(seat)))
        assert isinstance(hint, Advised) and match.is_legal(hint.suggestion.action)
        state = seat_rng_state(3, seat)
        for job in (2, 12):  # draw, then discard
            decided = answer(worker, DecideRequest(job, match.view_for(seat), state))
            assert isinstance(decided, Decided)
            match.apply(decided.action)
            state = decided.rng_state
        broken = match.view_for(match.current_seat)
        failed = answer(worker, DecideRequest(3, broken, seat_rng_state(3, broken.seat)))
        assert isinstance(failed, Failed) and failed.kind is FailureKind.RAISED
        assert "this seat is broken" in failed.detail
        again = answer(worker, HintRequest(4, match.view_for(seat)))
        assert isinstance(again, Failed), "not this seat's turn: the hint raises"
        assert isinstance(answer(worker, HintRequest(5, broken)), Advised)
    finally:
        worker.close()


@pytest.mark.parametrize("phase", ["draw", "discard"])
def test_an_answer_that_is_not_a_legal_action_is_a_failure(phase: str) -> None:
    match = Match.new(seed=4)
    seat = match.current_seat
    if phase == "discard":
        match.apply(match.legal_actions()[0])
    view = match.view_for(seat)
    worker = AiWorker({seat: BOTS + "IllegalBot"})
    try:
        for pick in range(len(bogus_answers(view))):
            # IllegalBot returns rng.choice(answers): this stream makes it pick number ``pick``.
            seed = next(s for s in range(1000) if random.Random(s).randrange(7) == pick)
            state = random.Random(seed).getstate()
            reply = answer(worker, DecideRequest(pick, view, state))
            assert isinstance(reply, Failed) and reply.kind is FailureKind.ILLEGAL, reply
            assert "legal" in reply.detail or "sent back" in reply.detail
    finally:
        worker.close()


def test_restart_ends_a_stuck_worker_and_drops_what_it_owed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    flag = tmp_path / "stuck.pid"
    monkeypatch.setenv(STUCK_FLAG, str(flag))
    match = Match.new(seed=5)
    seat = match.current_seat
    worker = AiWorker({seat: BOTS + "StuckOnceBot"})
    try:
        worker.submit(DecideRequest(1, match.view_for(seat), seat_rng_state(5, seat)))
        wait_for(flag.exists, "the stuck seat to say it is stuck")
        assert worker.replies() == []
        pid = worker.pid
        assert pid is not None and alive(pid)
        worker.restart()
        assert not alive(pid)
        fresh = worker.pid
        assert fresh is not None and fresh != pid
        assert worker.replies() == [], "the stuck request is dropped, not answered"
        assert isinstance(answer(worker, HintRequest(2, match.view_for(seat))), Advised)
    finally:
        worker.close()
    assert not alive(fresh)


def test_a_killed_worker_fails_what_it_owed() -> None:
    match = Match.new(seed=6)
    seat = match.current_seat
    worker = AiWorker({seat: BOTS + "StuckBot"})
    try:
        worker.submit(DecideRequest(7, match.view_for(seat), seat_rng_state(6, seat)))
        assert worker.pid is not None
        os.kill(worker.pid, signal.SIGKILL)
        replies = wait_for(worker.replies, "a reply from the killed worker", 30)
        assert [(r.job, r.kind) for r in replies if isinstance(r, Failed)] == [
            (7, FailureKind.WORKER_ENDED)
        ]
    finally:
        worker.close()


@pytest.mark.slow
def test_quitting_never_waits_for_a_stuck_worker(tmp_path: Path) -> None:
    """The program ends while its worker is stuck in a decision (the seat says when)."""
    flag = tmp_path / "stuck.pid"
    script = (
        "from pathlib import Path\n"
        "from game.engine.match import Match\n"
        "from game.seats.messages import DecideRequest, seat_rng_state\n"
        "from game.seats.worker import AiWorker\n"
        "from tests.seats.waiting import wait_for\n"
        "if __name__ == '__main__':\n"
        "    match = Match.new(seed=5)\n"
        "    seat = match.current_seat\n"
        f"    worker = AiWorker({{seat: '{BOTS}StuckOnceBot'}})\n"
        "    worker.submit(DecideRequest(1, match.view_for(seat), seat_rng_state(5, seat)))\n"
        f"    wait_for(Path({str(flag)!r}).exists, 'the seat to be stuck')\n"
    )
    started = time.monotonic()
    environment = os.environ | {STUCK_FLAG: str(flag)}
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=environment, timeout=90)
    assert result.returncode == 0
    assert time.monotonic() - started < 20, "exit waited for the stuck decision"


class LateFuture(Future[Reply]):
    """Not done when first asked, done from then on: it finishes while poll looks."""

    def __init__(self, reply: Reply) -> None:
        super().__init__()
        self.asked = 0
        self.set_result(reply)

    def done(self) -> bool:
        self.asked += 1
        return self.asked > 1


def test_a_reply_that_arrives_while_the_thread_is_polled_is_not_lost() -> None:
    transport = ThreadTransport({})
    try:
        reply = Failed(1, FailureKind.RAISED, "late")
        transport._futures = [(1, LateFuture(reply))]
        assert transport.poll() == []
        assert [delivery.open() for delivery in transport.poll()] == [reply]
    finally:
        transport.stop()


def test_a_reply_that_cannot_be_read_is_a_failure() -> None:
    match = Match.new(seed=6)
    seat = match.current_seat
    view = match.view_for(seat)
    script = Script()
    script.expect(HintRequest, Then.UNREADABLE, view=view)
    worker = AiWorker({seat: "greedy"}, transport=script)
    worker.submit(HintRequest(1, view))
    [reply] = worker.replies()
    script.assert_done()
    assert isinstance(reply, Failed) and reply.kind is FailureKind.ILLEGAL
    assert "could not be read" in reply.detail and "scripted" in reply.detail


@pytest.mark.parametrize(
    "sent",
    [
        pytest.param(
            lambda asked: Advised(asked.job, suggest(asked.view)), id="a-hint-for-a-decision"
        ),
        pytest.param(lambda asked: asked, id="the-request-itself"),
        pytest.param(lambda asked: "Decided", id="a-word"),
    ],
)
def test_a_reply_of_the_wrong_kind_is_a_failure(sent: Callable[[Request], object]) -> None:
    match = Match.new(seed=6)
    seat = match.current_seat
    script = Script()
    script.expect(DecideRequest, sent)
    worker = AiWorker({seat: "greedy"}, transport=script)
    worker.submit(DecideRequest(1, match.view_for(seat), seat_rng_state(6, seat)))
    [reply] = worker.replies()
    assert isinstance(reply, Failed) and reply.kind is FailureKind.ILLEGAL
    assert "not an answer" in reply.detail


def test_a_worker_that_ends_fails_every_request_it_owed_and_then_no_more() -> None:
    match = Match.new(seed=6)
    seat = match.current_seat
    view = match.view_for(seat)
    script = Script()
    script.expect(DecideRequest, Then.SILENT)
    script.expect(HintRequest, Then.SILENT)
    worker = AiWorker({seat: "greedy"}, transport=script)
    worker.submit(DecideRequest(1, view, seat_rng_state(6, seat)))
    worker.submit(HintRequest(2, view))
    assert worker.replies() == []
    script.transports[0].end()
    failed = worker.replies()
    assert {(reply.job, reply.kind) for reply in failed if isinstance(reply, Failed)} == {
        (1, FailureKind.WORKER_ENDED),
        (2, FailureKind.WORKER_ENDED),
    }
    assert len(failed) == 2 and worker.replies() == []


def test_restart_stops_the_transport_drops_what_it_owed_and_makes_a_fresh_one() -> None:
    match = Match.new(seed=5)
    seat = match.current_seat
    view = match.view_for(seat)
    script = Script()
    script.expect(DecideRequest, Then.SILENT, seat=seat)
    script.expect(HintRequest, view=view)
    worker = AiWorker({seat: "greedy"}, transport=script)
    worker.submit(DecideRequest(1, view, seat_rng_state(5, seat)))
    worker.restart()
    stuck, fresh = script.transports
    assert stuck.stopped and not fresh.stopped
    assert worker.replies() == [], "the stuck request is dropped, not answered"
    worker.submit(HintRequest(2, view))
    [advised] = worker.replies()
    assert isinstance(advised, Advised) and advised.job == 2
    worker.close()
    script.assert_done()
    assert fresh.stopped


def test_the_games_transports_think_on_a_thread_once_no_process_can_start(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def no_process(specs: Mapping[int, str]) -> Transport:
        raise OSError("no processes here")

    monkeypatch.setattr("game.seats.worker.ProcessTransport", no_process)
    transports = LocalTransports()
    first = transports({0: "greedy"})
    try:
        assert isinstance(first, ThreadTransport) and first.pid is None
        assert not transports.use_process and "thinking on a thread" in caplog.text
    finally:
        first.stop()
    assert isinstance(LocalTransports(use_process=False)({}), ThreadTransport)


def test_a_lay_down_the_view_does_not_list_is_a_legal_answer_made_the_engines_own() -> None:
    """At the open table a view lists only some lay-downs: any legal one is still an answer,
    handed on as the engine's object; melds the rules refuse are not."""
    match = rig(
        RuleSet(players=2, table="open"),
        ["7H 8H 9H KC 2S", "AC 2D 3H 4S 6D"],
        discard="JD",
        stock_top="10H",
        round_index=2,
    )
    match.apply(Draw(DrawSource.STOCK))
    view = match.view_for(0)
    hearts = [card for card in view.hand if card.suit is Suit.HEARTS][:3]
    down = LayDown(readings(hearts, view.wild_rank, view.rules)[:1])
    assert down not in view.legal_actions() and view.is_legal(down)
    wrong = LayDown((replace(down.melds[0], positions=(2, 3, 4)),))
    script = Script()
    script.expect(DecideRequest, lambda asked: Decided(asked.job, down, seat_rng_state(6, 0)))
    script.expect(HintRequest, lambda asked: Advised(asked.job, Suggestion(down, REASON)))
    script.expect(DecideRequest, lambda asked: Decided(asked.job, wrong, seat_rng_state(6, 0)))
    worker = AiWorker({0: "greedy"}, transport=script)
    worker.submit(DecideRequest(1, view, seat_rng_state(6, 0)))
    worker.submit(HintRequest(2, view))
    worker.submit(DecideRequest(3, view, seat_rng_state(6, 0)))
    decided, advised, refused = worker.replies()
    script.assert_done()
    assert isinstance(decided, Decided) and decided.action == down
    assert decided.action is not down, "the engine's own object, not the bot's"
    assert isinstance(advised, Advised) and advised.suggestion.action == down
    assert isinstance(refused, Failed) and refused.kind is FailureKind.ILLEGAL


ORPHAN = """
import multiprocessing.util
import os
import signal
import sys
import time

from game.engine.match import Match
from game.seats.messages import DecideRequest, HintRequest, seat_rng_state
from game.seats.worker import AiWorker
from tests.seats.waiting import wait_for


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def spawn_then_die(path, args, passfds):
    pid = SPAWN(path, args, passfds)
    if any("spawn_main" in os.fsdecode(arg) for arg in args):  # not the resource tracker
        print(pid, flush=True)
        die()
    return pid


if __name__ == "__main__":
    moment = sys.argv[1]
    if moment == "before-it-is-told-what-to-run":
        SPAWN = multiprocessing.util.spawnv_passfds
        multiprocessing.util.spawnv_passfds = spawn_then_die
    match = Match.new(seed=5)
    seat = match.current_seat
    view = match.view_for(seat)
    worker = AiWorker({seat: "tests.seats.slow_bot:SlowBot"})
    print(worker.pid, flush=True)
    if moment == "while-it-starts":
        die()
    worker.submit(HintRequest(1, view))
    wait_for(worker.replies, "the hint")
    if moment == "while-it-waits":
        die()
    worker.submit(DecideRequest(2, view, seat_rng_state(5, seat)))
    time.sleep(0.5)  # the slow bot thinks for 1.5 s
    die()
"""
"""A program that starts a worker and is killed (SIGKILL) at the moment its argument names."""


def running(pid: int) -> bool:
    """True if process ``pid`` runs (a zombie no one reaped has ended)."""
    stat = Path(f"/proc/{pid}/stat")
    if stat.exists():
        try:
            return stat.read_text().rpartition(")")[2].split()[0] != "Z"
        except OSError:
            return False
    return alive(pid)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
@pytest.mark.parametrize(
    "moment",
    ["before-it-is-told-what-to-run", "while-it-starts", "while-it-waits", "while-it-thinks"],
)
def test_a_worker_whose_window_is_killed_ends_quietly(tmp_path: Path, moment: str) -> None:
    """The worker's standard streams are the test's pipes: they close once it has ended."""
    program = tmp_path / "orphan.py"
    program.write_text(ORPHAN, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(program), moment],
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == -signal.SIGKILL, result.stderr
    assert result.stderr == "", result.stderr
    pid = int(result.stdout.split()[0])
    wait_for(lambda: not running(pid), f"worker {pid} to end", 10)
