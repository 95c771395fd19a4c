"""The window's command line: ``--seats`` sits any policy at the table, checked like the runner."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.settings import Settings
from game.sim.match_setup import AUTOPLAY_SEATS, CARD_GLIDE_SECONDS, MatchSetup
from game.ui.app import App
from game.ui.command_line import parse_options
from game.ui.screens.title import TitleScene
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, click, make_app

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = "tests.ai.sample_bot:FirstLegalPolicy"


def test_seats_set_left_top_and_right() -> None:
    options = parse_options(["--seats", f"hard,{SAMPLE},easy"])
    assert options.opponents(Settings()) == {1: "hard", 2: SAMPLE, 3: "easy"}
    mixed = Settings(levels=("easy", "hard", "normal"))
    assert parse_options([]).opponents(mixed) == {1: "easy", 2: "hard", 3: "normal"}


def test_with_autoplay_four_seats_set_bottom_left_top_and_right() -> None:
    options = parse_options(["--autoplay", "--seats", f"{SAMPLE},greedy,normal,hard"])
    assert options.opponents(Settings()) == {0: SAMPLE, 1: "greedy", 2: "normal", 3: "hard"}
    assert parse_options(["--autoplay"]).opponents(Settings()) == dict(enumerate(AUTOPLAY_SEATS))


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        pytest.param(["--players", "4", "--seats", "hard,hard"], "takes 3 policies", id="too-few"),
        pytest.param(
            ["--players", "4", "--autoplay", "--seats", "hard,hard,hard"],
            "takes 4",
            id="autoplay-three",
        ),
        pytest.param(["--seats", "hard,,hard"], "takes 1 to 7 policies", id="empty"),
        pytest.param(["--seats", ",".join(["easy"] * 8)], "takes 1 to 7", id="too-many"),
        pytest.param(["--autoplay", "--seats", "easy"], "takes 2 to 8", id="autoplay-one"),
        pytest.param(["--players", "9"], "invalid choice: 9", id="nine-players"),
        pytest.param(["--players", "1"], "invalid choice: 1", id="one-player"),
        pytest.param(["--seats", "hard,grandmaster,easy"], "unknown policy", id="unknown"),
        pytest.param(["--seats", "hard,no.such:Bot,easy"], "cannot import", id="no-module"),
    ],
)
def test_bad_seats_are_refused_with_the_reason(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        parse_options(argv)
    assert stopped.value.code == 2
    assert words in capsys.readouterr().err


def test_players_seats_that_many_and_the_seats_follow() -> None:
    options = parse_options(["--players", "6"])
    assert options.players == 6
    six = options.kept(Settings())
    assert six.rules.players == 6 and len(six.levels) == len(six.names) == 5
    assert options.opponents(six) == dict.fromkeys(range(1, 6), "normal")
    assert parse_options(["--level", "hard"]).opponents(six) == dict.fromkeys(range(1, 6), "hard")
    eight = parse_options(["--autoplay", "--players", "8"])
    assert list(eight.opponents(Settings().seated(8)).values()) == [*AUTOPLAY_SEATS] * 2


def test_seats_without_players_set_the_table_size() -> None:
    assert parse_options(["--seats", "hard,easy"]).players == 3
    assert parse_options(["--autoplay", "--seats", "hard,easy"]).players == 2
    assert parse_options([]).players is None
    assert parse_options([]).kept(Settings()) == Settings()


def test_players_is_kept_with_the_settings(tmp_path: Path) -> None:
    app = make_app(profile=str(tmp_path), players=2, mute=True, ai_process=False)
    try:
        assert app.memory.settings.rules.players == 2
        assert app.memory.settings.names == ("Top",)
    finally:
        app.close()
    assert Memory(Profile(tmp_path)).settings.rules.players == 2


def test_one_pace_for_options_and_setups() -> None:
    normal = Settings()
    assert parse_options([]).move_seconds(normal) == CARD_GLIDE_SECONDS
    assert MatchSetup(seed=1).move_seconds == CARD_GLIDE_SECONDS
    assert parse_options(["--speed", "max"]).move_seconds(normal) == 0.0
    assert parse_options([]).move_seconds(Settings(speed="instant")) == 0.0


def test_the_title_names_the_given_seats_and_deals_them(tmp_path: Path) -> None:
    app: App = make_app(mute=True, seats=("hard", SAMPLE, "easy"))
    try:
        title = app.stack.top
        assert isinstance(title, TitleScene)
        assert title.seats_line == "Left: Hard   Top: FirstLegalPolicy   Right: Easy"
        labels = [button.label for button in title.buttons]
        assert labels == [
            "New game",
            "Learn to play",
            "Settings",
            "Statistics",
            "History",
            "Rules",
            "Quit",
        ]
        click(title.buttons[0].rect.center)
        app.step(FRAME)
        table = app.stack.top
        assert isinstance(table, TableScene)
        assert table.setup.policies == {1: "hard", 2: SAMPLE, 3: "easy"}
        assert table.picture().seat_labels[2] == "Top · FirstLegalPolicy"
    finally:
        app.close()


@pytest.mark.slow
def test_your_own_bot_plays_a_round_from_the_command_line() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [
        sys.executable,
        "-m",
        "game",
        "--autoplay",
        "--seats",
        f"{SAMPLE},greedy,{SAMPLE},hard",
    ]
    command += ["--speed", "max", "--rounds", "1", "--quit-when-done", "--mute", "--seed", "4"]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr.decode()
    bad = subprocess.run(
        [sys.executable, "-m", "game", "--seats", "hard,nobody:Bot,easy"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert bad.returncode == 2 and b"cannot import" in bad.stderr


def test_level_sets_every_opponent_for_this_run_without_touching_the_settings() -> None:
    options = parse_options(["--level", "hard"])
    assert options.opponents(Settings(levels=("easy", "easy", "normal"))) == {
        1: "hard",
        2: "hard",
        3: "hard",
    }
    app = make_app(mute=True, level="easy")
    try:
        app.memory.save_settings(app.memory.settings.changed(volume=0.5))
        assert app.memory.settings.levels == Settings().levels, "the run's level is not saved"
        title = app.stack.top
        assert isinstance(title, TitleScene)
        assert title.seats_line == "Left: Easy   Top: Easy   Right: Easy"
        click(title.buttons[0].rect.center)
        app.step(FRAME)
        table = app.stack.top
        assert isinstance(table, TableScene) and table.setup.policies == dict.fromkeys(
            (1, 2, 3), "easy"
        )
    finally:
        app.close()
