"""Hostile command lines: a closed standard output, a match "file" that is a
device or a pipe, rules that are not rules, Ctrl+C, a screenshot that cannot be saved,
a profile that is a file. Each ends in one line and the right exit status, never a
traceback, a hang or a folder left behind."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from game.engine.cli import MAX_LINE_BYTES, parse_rules
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.files import MOST_BYTES
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.sim.review import load_match
from game.ui.command_line import parse_options
from tests.hostile.window import frames, open_window
from tests.profile.test_profile import a_saved_match
from tests.ui.driver import make_app

ROOT = Path(__file__).resolve().parents[2]
WINDOW_ENV = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
SECONDS = 60
"""Longest any command here may take (a hang fails the test instead of hanging it)."""
BROKEN_PIPE = 1
"""The exit status after the reader of standard output went away (Python's own)."""
INTERRUPTED = 130
"""The exit status after Ctrl+C (128 + SIGINT), as shells report it."""


def run(
    args: Sequence[str],
    *,
    stdin: str = "",
    stdout: int = subprocess.PIPE,
    env: dict[str, str] | None = None,
    timeout: float = SECONDS,
    preexec_fn: Callable[[], None] | None = None,
) -> subprocess.CompletedProcess[str]:
    """``python -m ARGS`` from the checkout, the window on SDL's dummy drivers."""
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        env=dict(os.environ, **WINDOW_ENV, **(env or {})),
        input=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=timeout,
        preexec_fn=preexec_fn,
    )


def run_into_closed_pipe(args: Sequence[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m ARGS`` writing into a pipe whose reader has gone (like ``| head -1``,
    but always: every write fails)."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        return run(args, stdin=stdin, stdout=writer)
    finally:
        os.close(writer)


def assert_one_line(result: subprocess.CompletedProcess[str], status: int, words: str) -> None:
    """The command ended with ``status`` and said one line on stderr holding ``words``."""
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode == status, result.stderr[-2000:]
    assert result.stderr.count("\n") == 1 and result.stderr.endswith("\n"), result.stderr[-2000:]
    assert words in result.stderr


# --- 1. a closed standard output ---------------------------------------------------------


def a_few_moves(tmp_path: Path) -> Path:
    """A match of two seats four actions in (a review of it is quick), saved in a file."""
    match = Match.new(RuleSet(players=2, schedule="short"), seed=3)
    for _ in range(4):
        match.apply(match.legal_actions()[0])
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.to_json()), encoding="utf-8")
    return path


def test_solve_ends_quietly_when_its_reader_goes() -> None:
    lines = '{"hand": ["KS", "KH", "AS"], "wild": "K"}\n' * 200
    result = run_into_closed_pipe(["game.engine", "solve"], stdin=lines)
    assert (result.returncode, result.stderr) == (BROKEN_PIPE, "")


@pytest.mark.slow
def test_the_tournament_ends_quietly_when_its_reader_goes() -> None:
    seats = ["--seats", "random,random", "--rules", '{"schedule": "short"}', "--matches", "1"]
    result = run_into_closed_pipe(["game.sim", *seats])
    assert (result.returncode, result.stderr) == (BROKEN_PIPE, "")


def test_the_review_ends_quietly_when_its_reader_goes(tmp_path: Path) -> None:
    result = run_into_closed_pipe(["game.sim.review", str(a_few_moves(tmp_path))])
    assert (result.returncode, result.stderr) == (BROKEN_PIPE, "")


@pytest.mark.slow
def test_the_smoke_test_ends_quietly_when_its_reader_goes(tmp_path: Path) -> None:
    result = run_into_closed_pipe(["game", "--smoke-test", "--mute"])
    assert (result.returncode, result.stderr) == (BROKEN_PIPE, "")


# --- 2. the review's match file is a device, a pipe, a folder, or too large ------------------


def at_most_a_gigabyte() -> None:
    """In the child: a reader of ``/dev/zero`` fails at 1 GB instead of filling the machine."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_review_refuses_a_device() -> None:
    result = run(["game.sim.review", "/dev/zero"], timeout=20, preexec_fn=at_most_a_gigabyte)
    assert_one_line(result, 2, "cannot read /dev/zero: it is not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_review_refuses_a_named_pipe_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "match.json"
    os.mkfifo(fifo)
    result = run(["game.sim.review", str(fifo)], timeout=20)
    assert_one_line(result, 2, "is not a regular file")


def test_review_refuses_a_folder(tmp_path: Path) -> None:
    result = run(["game.sim.review", str(tmp_path)], timeout=20)
    words = "is not a regular file" if os.name == "posix" else "cannot be read"
    assert_one_line(result, 2, words)


def test_review_refuses_a_file_larger_than_a_match_can_be(tmp_path: Path) -> None:
    huge = tmp_path / "match.json"
    with huge.open("wb") as file:
        file.truncate(MOST_BYTES + 1)  # sparse: nothing written
    result = run(["game.sim.review", str(huge)], timeout=20)
    assert_one_line(result, 2, "larger than 4 MB")


# --- 3. --rules that are not rules ----------------------------------------------------------


BAD_RULES = [
    pytest.param("[1]", "a JSON object", id="a-list"),
    pytest.param('"low"', "a JSON object", id="a-string"),
    pytest.param("null", "a JSON object", id="null"),
    pytest.param('{"players": 8}', "8 players", id="more-players-than-seats"),
    pytest.param('{"players": 2}', "2 players", id="fewer-players-than-seats"),
    pytest.param("[" * 100_000, f"longer than {MAX_LINE_BYTES} bytes", id="deeply-nested"),
    pytest.param("[" * 4000, "nested too deeply", id="nested-within-the-length"),
    pytest.param("{oops", "not JSON", id="not-json"),
    pytest.param('{"aces": "high"}', "'aces'", id="a-bad-value"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "words"), BAD_RULES)
def test_sim_reports_bad_rules_in_one_line(rules: str, words: str) -> None:
    result = run(["game.sim", "--matches", "1", "--rules", rules])
    assert_one_line(result, 2, words)
    assert result.stderr.startswith("python -m game.sim: ")


@pytest.mark.slow
def test_sim_plays_eight_seats_when_the_rules_seat_eight() -> None:
    seats = ",".join(["random"] * 8)
    rules = '{"players": 8, "schedule": "short"}'
    result = run(["game.sim", "--matches", "1", "--seats", seats, "--rules", rules, "--json"])
    assert result.returncode == 0, result.stderr
    assert '"random"' in result.stdout


@pytest.mark.parametrize(
    ("text", "words"),
    [
        pytest.param("[1]", "rules must be a JSON object, not a list", id="a-list"),
        pytest.param("[" * 100_000, "longer than", id="too-long"),
        pytest.param("[" * 4000, "nested too deeply", id="too-deep"),
        pytest.param("\udcff", "not UTF-8", id="not-utf-8"),
    ],
)
def test_parse_rules_says_what_is_wrong_in_one_line(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words) as refused:
        parse_rules(text)
    assert "\n" not in str(refused.value)


def test_parse_rules_reads_a_partial_object_over_defaults() -> None:
    assert parse_rules('{"aces": "low_or_high"}', players=3) == RuleSet(
        players=3, aces="low_or_high"
    )
    assert parse_rules('{"players": 5}', players=3).players == 5


# --- 4. Ctrl+C -------------------------------------------------------------------------------


def _as_from_a_terminal() -> None:
    """In the window's process before it starts: Ctrl+C does what it does to a program started
    from a terminal, even where these tests run as a background job (which a shell starts
    with SIGINT ignored, and a child keeps it ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a terminal's signal on POSIX")
@pytest.mark.parametrize("terminal", [False, True], ids=["the-window", "every-process"])
def test_ctrl_c_saves_and_ends_quietly(tmp_path: Path, terminal: bool) -> None:
    """Ctrl+C in a terminal reaches every process of its group (the AI worker too)."""
    profile = tmp_path / "profile"
    saved = profile / "match.json"
    command = [sys.executable, "-X", "faulthandler", "-m", "game", "--autoplay", "--speed"]
    command += ["max", "--mute", "--seed", "5", "--profile", str(profile)]
    window = subprocess.Popen(
        command,
        cwd=ROOT,
        env=dict(os.environ, **WINDOW_ENV),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_as_from_a_terminal,
    )
    try:
        deadline = time.monotonic() + SECONDS
        while not saved.exists() and window.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert saved.exists(), "the match was never saved"
        if terminal:
            os.killpg(window.pid, signal.SIGINT)
        else:
            window.send_signal(signal.SIGINT)
        try:
            _, errors = window.communicate(timeout=SECONDS)
        except subprocess.TimeoutExpired:
            window.send_signal(signal.SIGABRT)  # faulthandler prints where every thread is
            _, stacks = window.communicate(timeout=SECONDS)
            pytest.fail(f"still running {SECONDS} s after Ctrl+C; its threads:\n{stacks[-6000:]}")
    finally:
        window.kill()
        window.wait()
    assert "Traceback" not in errors, errors[-2000:]
    assert window.returncode == INTERRUPTED, errors[-2000:]
    assert load_match(saved).actions, "the saved match replays"


# --- 5. a screenshot that cannot be saved ----------------------------------------------------


@pytest.mark.parametrize(
    ("where", "words"),
    [
        pytest.param("missing/shot.png", "no folder", id="no-folder"),
        pytest.param("", "is a folder", id="a-folder"),
    ],
)
def test_a_screenshot_path_that_cannot_be_written_is_a_usage_error(
    where: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        parse_options(["--autoplay", "--screenshot", str(tmp_path / where)])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "--screenshot" in error and words in error


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes anywhere")
def test_a_screenshot_in_a_folder_not_writable_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    with pytest.raises(SystemExit) as stopped:
        parse_options(["--autoplay", "--screenshot", str(locked / "shot.png")])
    assert stopped.value.code == 2
    assert "cannot write" in capsys.readouterr().err


def test_a_screenshot_that_fails_to_save_is_logged_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    for name, value in WINDOW_ENV.items():
        monkeypatch.setenv(name, value)
    app = make_app(mute=True, ai_process=False, profile=str(tmp_path / "profile"))
    try:
        with caplog.at_level(logging.WARNING, logger="game"):
            app.save_screenshot(str(tmp_path / "vanished" / "shot.png"))
            app.save_screenshot(str(tmp_path))
        assert len(caplog.records) == 2
        assert all("screenshot" in record.getMessage() for record in caplog.records)
        assert app.running
    finally:
        app.close()


# --- 6. the smoke test's profile ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "status"),
    [
        pytest.param([], 0, id="passed", marks=pytest.mark.slow),
        pytest.param(["--frames", "1"], 1, id="failed"),
    ],
)
def test_the_smoke_test_leaves_no_folder_behind(
    args: list[str], status: int, tmp_path: Path
) -> None:
    result = run(["game", "--smoke-test", "--mute", *args], env={"TMPDIR": str(tmp_path)})
    assert result.returncode == status, result.stderr[-2000:]
    assert not list(tmp_path.glob("three-thirteen-smoke-*"))


# --- 7. a profile that is a file ---------------------------------------------------------------


def test_a_profile_that_is_a_file_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "profile"
    file.write_text("not a folder")
    with pytest.raises(SystemExit) as stopped:
        parse_options(["--profile", str(file)])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "is a file, not a folder" in error


def test_continue_with_autoplay_keeps_your_seat_yours_in_the_save(tmp_path: Path) -> None:
    (tmp_path / "match.json").write_text(json.dumps(a_saved_match().to_json()))
    app = open_window(tmp_path, resume=True, autoplay=True, max_speed=True)
    try:
        before = len(app.memory.saved_match().match.actions)  # type: ignore[union-attr]
        for _wait in range(300):
            frames(app, 5)
            saved = app.memory.saved_match()
            if saved is not None and len(saved.match.actions) > before + 4:
                break
            time.sleep(0.01)
    finally:
        app.close()
    saved = Memory(Profile(tmp_path)).saved_match()
    assert saved is not None
    assert len(saved.match.actions) > before + 4, "the AI stand-in did not play"
    assert 0 not in saved.policies, "the player's seat was saved as an AI seat"
    assert set(saved.rng_states) == {1, 2, 3}
