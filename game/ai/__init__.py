"""The AI seats: policies that play from a :class:`~game.engine.view.PlayerView` only.

See :mod:`game.ai.policy` for the protocol and :mod:`game.ai.registry` for names.
"""

from __future__ import annotations

from game.ai.policy import Policy, PolicyFactory
from game.ai.registry import POLICIES, make_policy, policy_factory

__all__ = ["POLICIES", "Policy", "PolicyFactory", "make_policy", "policy_factory"]
