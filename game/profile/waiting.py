"""Ended matches waiting for the history: ``ended-<token>.json`` in the profile.

A match that ends (finished, or abandoned for a new one) is durable before anything that
held it goes: the table writes it over ``match.json`` as a waiting document, then renames
that file to ``ended-<token>.json`` — a kill at any moment leaves the match in one of the
two — and only then does the history's writing thread add it. Once the history holds it
(the token is kept with its row, so it is never added twice) and the statistics have
counted it, the file goes. Every start files whatever still waits
(:meth:`game.profile.memory.Memory.open_history`), so a history that was locked, read-only
or damaged at the match's end loses nothing once the obstacle is gone.

The document is a shared match (:mod:`game.profile.shared_match`) wrapped with its token::

    {"format": 1, "kind": "three-thirteen ended match", "token": "20261205-011500-1a2b3c4d",
     "match": {shared match}}
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from game.profile import shared_match
from game.profile.json_format import NO_UPGRADES, FormatError, Upgrades, upgraded
from game.profile.kept_match import KeptMatch
from game.profile.waiting_files import KIND, TOKEN, file_name

FORMAT = 1
"""The version of a waiting document this code writes."""
UPGRADES: Upgrades = NO_UPGRADES
"""The steps that bring an earlier waiting document to :data:`FORMAT` (none yet)."""


@dataclass(frozen=True, slots=True)
class Waiting:
    """An ended match and the token it is filed under."""

    token: str
    kept: KeptMatch

    @property
    def file_name(self) -> str:
        return file_name(self.token)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "kind": KIND,
            "token": self.token,
            "match": shared_match.to_json(self.kept),
        }


def new_token(ended: datetime) -> str:
    """A fresh token for a match that ended at ``ended``."""
    return f"{ended.astimezone():%Y%m%d-%H%M%S}-{secrets.token_hex(4)}"


def from_json(data: Any) -> Waiting:
    """A waiting document read back with a shared file's checks; ``ValueError`` (or
    :class:`FormatError`) saying what is wrong."""
    document = upgraded(data, FORMAT, UPGRADES)
    if document.get("kind") != KIND:
        raise FormatError("foreign", f"its kind is not {KIND!r}")
    unknown = sorted(set(document) - {"format", "kind", "token", "match"}, key=str)
    if unknown:
        raise ValueError(f"unknown key {unknown[0][:24]!r}")
    token = document.get("token")
    if not isinstance(token, str) or TOKEN.fullmatch(token) is None:
        raise ValueError("token must be a waiting file's token")
    return Waiting(token, shared_match.from_json(document.get("match")))
