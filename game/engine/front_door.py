"""A package's front door that imports each name on first use (PEP 562).

``from game.engine import Match`` works as ever, but a module that needs only
``game.engine.cards`` no longer loads the whole engine with the package: the window's
title, for one, shows before the rules, the solver and the AI are imported.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package``: a name of ``homes`` is imported from the module
    given there when first asked for, then kept in the package like any other name."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        setattr(importlib.import_module(package), name, value)
        return value

    return __getattr__
