"""The committed message template is the one the code marks (run ``tools/i18n.py extract``)."""

from __future__ import annotations

from pathlib import Path

from tests.tools.loading import load_tool

ROOT = Path(__file__).resolve().parents[2]


def test_the_template_holds_exactly_the_messages_marked_in_the_code(tmp_path: Path) -> None:
    tool = load_tool("i18n")
    fresh = tmp_path / "fresh.pot"
    tool.extract(fresh)
    committed = (ROOT / "assets" / "locale" / "three_thirteen.pot").read_text("utf-8")
    assert fresh.read_text("utf-8") == committed, "run: python tools/i18n.py extract"
    assert 'msgid "Discard pile"' in committed and 'msgid "Hint"' in committed
