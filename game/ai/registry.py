"""Policies by name, and policies from outside the project as ``package.module:ClassName``."""

from __future__ import annotations

import contextlib
import importlib
import io
import random
import sys
from dataclasses import replace
from types import ModuleType
from typing import Any

from game.ai.collector import CollectorPolicy
from game.ai.depth_one import DepthOnePolicy
from game.ai.levels import BUILT_IN_LEVELS, TEACHER
from game.ai.planner import HARD, NORMAL, HardPolicy, NormalPolicy, Style
from game.ai.policy import Policy, PolicyFactory
from game.ai.sampler import SamplerPolicy
from game.ai.teacher import TeacherPolicy

POLICIES: dict[str, PolicyFactory] = {level.name: level.factory for level in BUILT_IN_LEVELS}
"""The built-in policies, weakest first (see :mod:`game.ai.levels`)."""
PLANNERS: dict[str, tuple[type[NormalPolicy | HardPolicy], Style]] = {
    "normal": (NormalPolicy, NORMAL),
    "hard": (HardPolicy, HARD),
}
"""The planning levels, with the style each plays by default."""
SPARRING: dict[str, PolicyFactory] = {
    "sampler": SamplerPolicy,
    "collector": CollectorPolicy,
    "depth-one": DepthOnePolicy,
}
"""Opponents kept to measure the levels against (not offered at the table)."""
LESSON: dict[str, PolicyFactory] = {TEACHER.name: TeacherPolicy}
"""The other seat of Learn to play (not offered at the table)."""
_KNOWN = {**POLICIES, **SPARRING, **LESSON}


def policy_factory(spec: str) -> PolicyFactory:
    """The policy class named by ``spec``: a built-in name or ``package.module:ClassName``;
    or a planning level with numbers of its style changed, ``hard/stock_share=0.4/…``
    (how the tuner tries styles: see ``tools/tune_ai.py``).

    Raises ``ValueError`` saying what was wrong (unknown name, module, class or number),
    and nothing else, whatever a module does while it is imported.
    """
    check_spec(spec)
    if "/" in spec:
        return restyled(spec)
    return _KNOWN[spec] if spec in _KNOWN else _outside_policy(spec)


def from_outside(spec: str) -> bool:
    """True if ``spec`` names a policy the project did not write (``package.module:ClassName``),
    whose code a program runs behind a guard (the seats' worker) rather than trusting it."""
    return spec not in _KNOWN and "/" not in spec


def _outside_policy(spec: str) -> PolicyFactory:
    """The class ``package.module:ClassName`` names; raises ``ValueError`` in one line if its
    module cannot be imported in any way (raising, a syntax error, exiting) or lacks it."""
    module_name, _, class_name = spec.partition(":")
    try:
        module = _imported(module_name)
        factory = getattr(module, class_name, None)
    except (Exception, SystemExit) as error:  # a policy's module cannot end the game
        why = _first_line(error)
        raise ValueError(f"cannot import {module_name!r} for policy {spec!r}: {why}") from None
    if factory is None or not callable(factory):
        raise ValueError(f"{module_name!r} has no policy class {class_name!r}")
    return factory  # type: ignore[no-any-return]


def _imported(module_name: str) -> ModuleType:
    """The module ``module_name``; what it prints while it is imported is shown (on standard
    error) only if the import succeeds: a module run as a program, like ``venv.__main__``,
    prints its usage before it exits."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        module = importlib.import_module(module_name)
    if printed.getvalue() and sys.stderr is not None:
        sys.stderr.write(printed.getvalue())
    return module


def _first_line(error: BaseException) -> str:
    """``Type: message`` of ``error``, its message cut to its first line."""
    try:
        lines = str(error).strip().splitlines()
    except Exception:  # a module's own exception that cannot even say what it is
        lines = []
    name = type(error).__name__
    return f"{name}: {lines[0]}" if lines else name


def make_policy(spec: str, rng: random.Random) -> Policy:
    """A new policy of kind ``spec`` playing with ``rng``."""
    return policy_factory(spec)(rng)


def restyled(spec: str) -> PolicyFactory:
    """The factory of ``level/name=value/…``: the planning ``level`` (``normal`` or
    ``hard``) with those numbers of its :class:`~game.ai.planner.Style` changed."""
    level, style = parse_style(spec)
    planner = PLANNERS[level][0]

    def make(rng: random.Random) -> Policy:
        return planner(rng, style)

    return make


def parse_style(spec: str) -> tuple[str, Style]:
    """The planning level and the style that ``level/name=value/…`` names (a bare level
    names its own style); raises ``ValueError`` saying what was wrong."""
    level, *changes = spec.split("/")
    if level not in PLANNERS:
        raise ValueError(f"{level!r} in {spec!r} is not a planning level (normal or hard)")
    base = PLANNERS[level][1]
    numbers: dict[str, Any] = {}
    for change in changes:
        name, equals, value = change.partition("=")
        if not equals or name not in Style.__dataclass_fields__:
            fields = ", ".join(Style.__dataclass_fields__)
            raise ValueError(f"{change!r} in {spec!r}: write name=value, with a name of {fields}")
        kind = type(getattr(base, name))
        try:
            numbers[name] = kind(value)
        except ValueError:
            raise ValueError(f"{change!r} in {spec!r}: {value!r} is no {kind.__name__}") from None
    return level, replace(base, **numbers)


SPEC_LENGTH = 1000
"""The longest policy spec a save or a command line may name."""


def check_spec(spec: object) -> str:
    """``spec`` if it is written as a policy spec (see :func:`policy_factory`), without
    importing anything: a save names policies that are imported only when it is played.

    Raises ``ValueError`` saying what is wrong.
    """
    if not isinstance(spec, str) or not 0 < len(spec) <= SPEC_LENGTH:
        raise ValueError(f"a policy is a name or module:Class of 1 to {SPEC_LENGTH} characters")
    if "/" in spec:
        parse_style(spec)
    elif spec not in _KNOWN:
        module_name, colon, class_name = spec.partition(":")
        dotted = module_name.split(".")
        if not colon or not all(part.isidentifier() for part in (*dotted, class_name)):
            known = ", ".join(_KNOWN)
            raise ValueError(
                f"unknown policy {spec[:60]!r}: use one of {known} or package.module:ClassName"
            )
    return spec
