"""No module of the window is a scene that gathers every desk: each stays under 600 lines."""

from __future__ import annotations

from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
LONGEST = 600
"""The most lines a module of ``game/ui`` may have (split one that grows past it by job)."""


def test_no_module_of_the_window_is_over_600_lines() -> None:
    modules = sorted(UI.rglob("*.py"))
    assert len(modules) > 50, "the window's modules are found"
    sizes = {
        path.relative_to(UI).as_posix(): len(path.read_text("utf-8").splitlines())
        for path in modules
    }
    assert {name: lines for name, lines in sizes.items() if lines > LONGEST} == {}
