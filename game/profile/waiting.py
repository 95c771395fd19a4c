"""Ended matches waiting for the history: ``ended-<token>.json`` in the profile.

A match that ends (finished, or abandoned for a new one) is durable before anything that
held it goes: the table writes it over ``match.json`` as a waiting document, then renames
that file to ``ended-<token>.json`` — a kill at any moment leaves the match in one of the
two — and only then does the history's writing thread add it. Once the history holds it
(the token is kept with its row, so it is never added twice) and the statistics have
counted it, the file goes. Every start files whatever still waits
(:meth:`game.profile.memory.Memory.file_what_waits`), so a history that was locked, read-only
or damaged at the match's end loses nothing once the obstacle is gone.

The document is a shared match (:mod:`game.profile.shared_match`) wrapped with its token::

    {"format": 1, "kind": "three-thirteen ended match", "token": "20261205-011500-1a2b3c4d",
     "match": {shared match}}
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from game.profile import shared_match
from game.profile.json_format import NO_UPGRADES, FormatError, Upgrades, upgraded
from game.profile.kept_match import KeptMatch

FORMAT = 1
"""The version of a waiting document this code writes."""
KIND = "three-thirteen ended match"
"""What the document's ``"kind"`` says (it may be found in ``match.json`` after a kill)."""
UPGRADES: Upgrades = NO_UPGRADES
"""The steps that bring an earlier waiting document to :data:`FORMAT` (none yet)."""
PREFIX = "ended-"
SUFFIX = ".json"
TOKEN = re.compile(r"[0-9]{8}-[0-9]{6}-[0-9a-f]{8}")
"""A token: when the match ended (local time, so the files sort in order) and 32 random bits."""


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


def file_name(token: str) -> str:
    return f"{PREFIX}{token}{SUFFIX}"


def is_file_name(name: str) -> bool:
    """True for the name of a waiting file (``ended-<token>.json``)."""
    return (
        name.startswith(PREFIX)
        and name.endswith(SUFFIX)
        and TOKEN.fullmatch(name[len(PREFIX) : -len(SUFFIX)]) is not None
    )


def is_waiting(data: object) -> bool:
    """True if the JSON ``data`` says it is a waiting document (checked or not)."""
    return isinstance(data, dict) and data.get("kind") == KIND


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
