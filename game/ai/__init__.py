"""The AI seats: policies that play from a :class:`~game.engine.view.PlayerView` only.

See :mod:`game.ai.policy` for the protocol and :mod:`game.ai.registry` for names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.front_door import lazy_names

if TYPE_CHECKING:
    from game.ai.policy import Policy, PolicyFactory
    from game.ai.registry import POLICIES, make_policy, policy_factory

_HOMES = {
    "POLICIES": "game.ai.registry",
    "Policy": "game.ai.policy",
    "PolicyFactory": "game.ai.policy",
    "make_policy": "game.ai.registry",
    "policy_factory": "game.ai.registry",
}
"""Where each name of the front door lives (imported on first use)."""
__getattr__ = lazy_names(__name__, _HOMES)

__all__ = ["POLICIES", "Policy", "PolicyFactory", "make_policy", "policy_factory"]
