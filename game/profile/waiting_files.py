"""The files ended matches wait in (``ended-<token>.json``), and how a waiting document is
told from a saved match: what a start needs to set one found in ``match.json`` aside
before the title reads that file (the documents themselves are :mod:`game.profile.waiting`).
"""

from __future__ import annotations

import re

KIND = "three-thirteen ended match"
"""What the document's ``"kind"`` says (it may be found in ``match.json`` after a kill)."""
PREFIX = "ended-"
SUFFIX = ".json"
TOKEN = re.compile(r"[0-9]{8}-[0-9]{6}-[0-9a-f]{8}")
"""A token: when the match ended (local time, so the files sort in order) and 32 random bits."""


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
