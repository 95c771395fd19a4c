"""The arrows between the game's modules point one way: no cycles, pygame only in the window."""

from __future__ import annotations

import pytest

from tests.import_graph import cycles, game_modules, import_graph, imports_of


def test_a_cycle_is_found_where_there_is_one() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.slow
def test_no_module_of_game_imports_another_in_a_circle() -> None:
    graph = import_graph()
    assert "game.ui.table.table" in graph["game.ui.app"], "the graph sees the app's imports"
    assert "game.ui.scene" in graph["game.ui.table.table"]
    assert cycles(graph) == []


@pytest.mark.slow
def test_the_layers_import_downwards_only() -> None:
    """engine ← ai ← seats ← ui; the engine imports none of the others, the AI no seats or ui
    (only the languages' marker, for the words of its levels: see test_ai_purity)."""
    below = {
        "game.engine": {"game.engine"},
        "game.ai": {"game.engine", "game.ai", "game.i18n"},
        "game.seats": {"game.engine", "game.ai", "game.seats"},
    }
    for name, imported in import_graph().items():
        layer = ".".join(name.split(".")[:2])
        if layer in below:
            outside = {m for m in imported if ".".join(m.split(".")[:2]) not in below[layer]}
            assert not outside, f"{name} imports {sorted(outside)}"


ROOMS = {
    "game.words": ("game.ui", "game.profile", "game.seats", "game.sim"),
    "game.profile": ("game.ui", "game.words", "game.sim"),
    "game.ui.kit": (
        "game.ui.table",
        "game.ui.seen",
        "game.ui.screens",
        "game.ui.app",
        "game.ui.scene",
    ),
    "game.ui.table": ("game.ui.screens", "game.ui.app"),
    "game.ui.seen": ("game.ui.table", "game.ui.screens", "game.ui.app"),
    "game.sim.match_setup": ("game.ui",),
}
"""Each room of the tree and the rooms it must not import: the game's words and the player's
folder know nothing of the window, the window's drawing kit nothing of what it draws, the
table no other screen (it opens them through its context), the table as seen nothing of the
table as played nor of the replay, and what a match is started with
(who sits where, their policies and names) nothing of the window."""


@pytest.mark.slow
@pytest.mark.parametrize("room", list(ROOMS), ids=list(ROOMS))
def test_each_room_imports_none_of_the_rooms_above_it(room: str) -> None:
    graph = import_graph()
    members = [name for name in graph if name == room or name.startswith(f"{room}.")]
    assert members, f"no module in {room}"
    for name in members:
        above = {found for found in graph[name] if found.startswith(ROOMS[room])}
        assert not above, f"{name} imports {sorted(above)}"


@pytest.mark.slow
def test_only_the_ui_package_imports_pygame() -> None:
    offenders = [
        name
        for name, path in game_modules().items()
        if "pygame" in {found.split(".")[0] for found in imports_of(path.read_text("utf-8"))}
        and not name.startswith("game.ui")
    ]
    assert offenders == []
    assert "pygame" in imports_of((game_modules()["game.ui.app"]).read_text("utf-8"))
