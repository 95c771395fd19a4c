"""The import graph of ``game/``, read from the source (``TYPE_CHECKING`` imports included)."""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"


def imports_of(source: str) -> set[str]:
    """Every module and every ``module.name`` that ``source`` imports, wherever it does."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def module_name(path: Path) -> str:
    """``game.ui.table.table`` for ``game/ui/table/table.py``, ``game.ui`` for its
    ``__init__.py``."""
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def game_modules() -> dict[str, Path]:
    """Every module of ``game/`` by name."""
    return {module_name(path): path for path in sorted(GAME.rglob("*.py"))}


def import_graph() -> dict[str, set[str]]:
    """Per module of ``game/``, the modules of ``game/`` it imports.

    ``from game.ui.table import hand_order`` imports the module ``game.ui.table.hand_order``;
    ``from game.engine import Match`` imports the package ``game.engine``.
    """
    modules = game_modules()
    return {
        name: {found for found in imports_of(path.read_text(encoding="utf-8")) if found in modules}
        - {name}
        for name, path in modules.items()
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's cycles: each strongly connected group of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for after in sorted(graph.get(node, ())):
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in on_stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups
