"""pygame is imported only under game/ui."""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_ui_package_imports_pygame() -> None:
    offenders = [
        str(path.relative_to(GAME))
        for path in GAME.rglob("*.py")
        if "pygame" in imported_modules(path) and path.parent.name != "ui"
    ]
    assert offenders == []
    assert "pygame" in imported_modules(GAME / "ui" / "app.py")
