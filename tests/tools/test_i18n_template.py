"""The committed message template is the one the code marks (run ``tools/i18n.py extract``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_template_holds_exactly_the_messages_marked_in_the_code(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    sys.modules["i18n_tool"] = tool
    spec.loader.exec_module(tool)
    fresh = tmp_path / "fresh.pot"
    tool.extract(fresh)
    committed = (ROOT / "assets" / "locale" / "three_thirteen.pot").read_text("utf-8")
    assert fresh.read_text("utf-8") == committed, "run: python tools/i18n.py extract"
    assert 'msgid "Discard pile"' in committed and 'msgid "Hint"' in committed
