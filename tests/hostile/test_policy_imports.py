"""Importing a policy is an action with its own failure: one line that names the module."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.registry import policy_factory
from game.sim.__main__ import main as sim_main
from game.ui.command_line import parse_options

ROOT = Path(__file__).resolve().parents[2]
MODULES = {
    "raises_at_import": 'raise RuntimeError("refused at import\\nand more")\n',
    "not_python": "def (:\n",
    "exits_at_import": 'import sys\n\nsys.exit("this module ends its importer")\n',
    "exits_quietly_at_import": "import sys\n\nsys.exit()\n",
    "talks_then_raises": 'import sys\n\nprint("noise", file=sys.stderr)\nprint("noise")\n1 / 0\n',
}
"""Policy modules that cannot be imported, by name, with their text."""
FIRST_LINES = {
    "raises_at_import": "RuntimeError: refused at import",
    "not_python": "SyntaxError: invalid syntax",
    "exits_at_import": "SystemExit: this module ends its importer",
    "exits_quietly_at_import": "SystemExit",
    "talks_then_raises": "ZeroDivisionError: division by zero",
}
"""What the error of each says of it."""


@pytest.fixture
def modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder of :data:`MODULES`, first on ``sys.path``."""
    for name, text in MODULES.items():
        (tmp_path / f"{name}.py").write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    return tmp_path


def error_lines(text: str) -> list[str]:
    """What a command printed on standard error, line by line (blank lines left out)."""
    return [line for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize("name", MODULES)
def test_a_module_that_cannot_be_imported_is_a_value_error_in_one_line(
    name: str, modules: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ValueError) as refused:
        policy_factory(f"{name}:Bot")
    message = str(refused.value)
    assert message.startswith(f"cannot import {name!r} for policy '{name}:Bot': ")
    assert message.endswith(FIRST_LINES[name]) or name == "not_python"
    assert FIRST_LINES[name] in message and "\n" not in message
    assert name not in sys.modules
    assert capsys.readouterr() == ("", ""), "what it printed is not shown"


def test_a_module_that_runs_as_a_program_does_not_end_the_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["three-thirteen"])  # venv then exits: no ENV_DIR
    with pytest.raises(ValueError, match=r"cannot import 'venv\.__main__'.*SystemExit: 2"):
        policy_factory("venv.__main__:EnvBuilder")
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("name", MODULES)
def test_seats_naming_a_module_that_cannot_be_imported_is_a_usage_error(
    name: str, modules: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        parse_options(["--seats", f"hard,{name}:Bot,easy"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    [line] = error_lines(err)
    assert line.startswith(f"three-thirteen: --seats: cannot import {name!r}")
    assert FIRST_LINES[name] in line and "Traceback" not in err


def test_a_tournament_seat_that_cannot_be_imported_is_a_usage_error(
    modules: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert sim_main(["--matches", "1", "--seats", "greedy,exits_at_import:Bot"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "python -m game.sim: cannot import 'exits_at_import' for policy 'exits_at_import:Bot': "
        + FIRST_LINES["exits_at_import"]
    ]


def test_the_window_refuses_a_module_that_runs_as_a_program_in_one_line() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [sys.executable, "-m", "game", "--seats", "hard,venv.__main__:EnvBuilder,easy"]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "usage: venv" not in result.stderr
    assert error_lines(result.stderr) == [
        "three-thirteen: --seats: cannot import 'venv.__main__' for policy "
        "'venv.__main__:EnvBuilder': SystemExit: 2 (see --help)"
    ]
