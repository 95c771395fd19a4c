"""A policy module named in a saved match is imported only when the match is played, and a
module that fails to import (or exits) sets the match aside with a notice, never a crash."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.profile.saved_match import FILE as MATCH_FILE
from game.ui.screens.title import TitleScene
from game.ui.table.table import TableScene
from tests.hostile.window import frames, notices_shown, open_window, press, title_button
from tests.profile.test_profile import a_saved_match

MODULES = {
    "raises": "raise RuntimeError('a bot that breaks as it is imported')\n",
    "syntax": "def broken(:\n",
    "exits": "import sys\nsys.exit('a bot that ends whoever imports it')\n",
    "imports nothing": "",
}
"""Bot modules by what importing them does (the last has no class ``Bot``)."""


@pytest.fixture
def bot_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "bots"
    folder.mkdir()
    for kind, source in MODULES.items():
        (folder / f"hostile_{kind.replace(' ', '_')}.py").write_text(source)
    monkeypatch.syspath_prepend(str(folder))
    yield folder
    for kind in MODULES:
        sys.modules.pop(f"hostile_{kind.replace(' ', '_')}", None)


def profile_naming(folder: Path, module: str) -> Path:
    data = a_saved_match().to_json()
    data["policies"]["2"] = f"{module}:Bot"
    (folder / MATCH_FILE).write_text(json.dumps(data))
    return folder


@pytest.mark.parametrize("kind", MODULES)
def test_the_title_draws_without_importing_and_continue_sets_the_match_aside(
    tmp_path: Path, bot_folder: Path, kind: str
) -> None:
    module = f"hostile_{kind.replace(' ', '_')}"
    app = open_window(profile_naming(tmp_path, module))
    try:
        frames(app)
        assert module not in sys.modules, "the title imported the saved match's policy"
        assert press(app, "Continue")
        assert isinstance(app.stack.top, TitleScene)
        assert title_button(app, "Continue") is None
        frames(app)
        notices = notices_shown(app)
    finally:
        app.close()
    assert any(notice.startswith("match.json could not be used") for notice in notices)
    assert any(module in notice for notice in notices)
    assert list(tmp_path.glob("match.json.foreign-*"))


def test_continue_on_the_command_line_starts_afresh_with_a_notice(
    tmp_path: Path, bot_folder: Path
) -> None:
    app = open_window(profile_naming(tmp_path, "hostile_exits"), resume=True)
    try:
        frames(app, 10)
        assert isinstance(app.stack.top, TableScene)
        notices = notices_shown(app)
    finally:
        app.close()
    assert any("hostile_exits" in notice for notice in notices)
