"""Policies by name, and policies from outside the project as ``package.module:ClassName``."""

from __future__ import annotations

import importlib
import random

from game.ai.easy import EasyPolicy
from game.ai.greedy import GreedyPolicy
from game.ai.planner import HardPolicy, NormalPolicy
from game.ai.policy import Policy, PolicyFactory
from game.ai.random_policy import RandomPolicy

POLICIES: dict[str, PolicyFactory] = {
    "random": RandomPolicy,
    "easy": EasyPolicy,
    "greedy": GreedyPolicy,
    "normal": NormalPolicy,
    "hard": HardPolicy,
}
"""The built-in policies, weakest first."""


def policy_factory(spec: str) -> PolicyFactory:
    """The policy class named by ``spec``: a built-in name or ``package.module:ClassName``.

    Raises ``ValueError`` saying what was wrong (unknown name, module or class).
    """
    if spec in POLICIES:
        return POLICIES[spec]
    module_name, colon, class_name = spec.partition(":")
    if not colon:
        known = ", ".join(POLICIES)
        raise ValueError(f"unknown policy {spec!r}: use one of {known} or package.module:ClassName")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(f"cannot import {module_name!r} for policy {spec!r}: {error}") from None
    factory = getattr(module, class_name, None)
    if factory is None or not callable(factory):
        raise ValueError(f"{module_name!r} has no policy class {class_name!r}")
    return factory  # type: ignore[no-any-return]


def make_policy(spec: str, rng: random.Random) -> Policy:
    """A new policy of kind ``spec`` playing with ``rng``."""
    return policy_factory(spec)(rng)
