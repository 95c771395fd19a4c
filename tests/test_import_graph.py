"""The arrows between the game's modules point one way: no cycles, pygame only in the window."""

from __future__ import annotations

from tests.import_graph import cycles, game_modules, import_graph, imports_of


def test_a_cycle_is_found_where_there_is_one() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_game_imports_another_in_a_circle() -> None:
    graph = import_graph()
    assert "game.ui.table" in graph["game.ui.app"], "the graph sees the app's imports"
    assert "game.ui.scene" in graph["game.ui.table"]
    assert cycles(graph) == []


def test_the_layers_import_downwards_only() -> None:
    """engine ← ai ← seats ← ui; the engine imports none of the others, the AI no seats or ui."""
    below = {
        "game.engine": {"game.engine"},
        "game.ai": {"game.engine", "game.ai"},
        "game.seats": {"game.engine", "game.ai", "game.seats"},
    }
    for name, imported in import_graph().items():
        layer = ".".join(name.split(".")[:2])
        if layer in below:
            outside = {m for m in imported if ".".join(m.split(".")[:2]) not in below[layer]}
            assert not outside, f"{name} imports {sorted(outside)}"


def test_only_the_ui_package_imports_pygame() -> None:
    offenders = [
        name
        for name, path in game_modules().items()
        if "pygame" in {found.split(".")[0] for found in imports_of(path.read_text("utf-8"))}
        and not name.startswith("game.ui")
    ]
    assert offenders == []
    assert "pygame" in imports_of((game_modules()["game.ui.app"]).read_text("utf-8"))
