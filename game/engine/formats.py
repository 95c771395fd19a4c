"""Document formats that can grow: every JSON document the game keeps is an object with an
integer ``"format"``, and a document of an earlier format is upgraded as it is read.

Each kind of document (the engine's match document here, the profile's settings,
statistics and saved match) declares the format it writes, ``FORMAT``, and beside its
reader the chain of steps that bring each earlier format to the next, ``UPGRADES``:
``{1: step_1_to_2, 2: step_2_to_3, …}``, one key per format from 1 to ``FORMAT - 1``. A
step is a pure function from the JSON object of format *N* to the object of format
*N + 1*, ``"format"`` included; it may assume its input is a whole document of format *N*
(the reader that follows checks the result as it checks any document). :func:`upgraded`
applies them in order. Writing always writes ``FORMAT``; an upgraded document is never
written back by the reading, only by the next save.

A document this version cannot read raises :class:`FormatError`, a ``ValueError``: it
is not an object, has no integer format, or one below 1 (``foreign``), or comes from a
newer version of the game (``newer``). A chain with a step missing, or a step that
returns anything but an object of the next format, is the code's fault, not the
document's: :class:`UpgradeError`, which is no ``ValueError``, so that it is never taken
for a bad document; the tests check every chain with :func:`missing_steps`.

>>> steps = {1: lambda old: {"format": 2, "names": old["seats"]}}
>>> upgraded({"format": 1, "seats": ["Ann"]}, 2, steps)
{'format': 2, 'names': ['Ann']}
>>> upgraded({"format": 3}, 2, steps)
Traceback (most recent call last):
...
game.engine.formats.FormatError: format 3 comes from a newer version of the game \
(this reads 2)
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

Step = Callable[[dict[str, Any]], dict[str, Any]]
"""One upgrade: the document of format N in, the document of format N + 1 out."""
Upgrades = Mapping[int, Step]
"""A kind's chain of steps, keyed by the format each step reads."""
NO_UPGRADES: Upgrades = MappingProxyType({})
"""The chain of a kind still at its first format."""


class FormatError(ValueError):
    """A document is not one this version of the game reads; says why."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        """``newer`` (a later version's format) or ``foreign`` (not a document of ours): in
        the profile, the word in the set-aside file's name."""


class UpgradeError(RuntimeError):
    """A chain of upgrade steps is broken: a step is missing or returned the wrong format."""


def upgraded(data: Any, current: int, steps: Upgrades) -> dict[str, Any]:
    """``data``, an object of any format from 1 to ``current``, brought to ``current``.

    Raises :class:`FormatError` for anything else, :class:`UpgradeError` if ``steps`` cannot
    bring it there. A document already at ``current`` is returned as it is; otherwise the
    steps work on a copy, and ``data`` is left unchanged.
    """
    if not isinstance(data, dict):
        raise FormatError("foreign", f"expected a JSON object, found {type(data).__name__}")
    number = data.get("format")
    if type(number) is not int:
        raise FormatError("foreign", f"no integer 'format' (found {number!r})")
    if number > current:
        newer = f"format {number} comes from a newer version of the game (this reads {current})"
        raise FormatError("newer", newer)
    if number < 1:
        raise FormatError("foreign", f"unknown format {number}")
    document: dict[str, Any] = data if number == current else copy.deepcopy(data)
    for start in range(number, current):
        step = steps.get(start)
        if step is None:
            raise UpgradeError(f"no upgrade step from format {start} to {start + 1}")
        document = step(document)
        if not isinstance(document, dict) or type(document.get("format")) is not int:
            raise UpgradeError(f"the step from format {start} returned no document with a format")
        if document["format"] != start + 1:
            raise UpgradeError(
                f"the step from format {start} returned format {document['format']}, "
                f"not {start + 1}"
            )
    return document


def missing_steps(current: int, steps: Upgrades) -> list[str]:
    """What is wrong with the chain ``steps`` of a kind at format ``current``: a step missing
    for a format from 1 to ``current - 1``, or one keyed by any other format; [] if none."""
    wanted = set(range(1, current))
    wrong = [f"no step from format {number}" for number in sorted(wanted - set(steps))]
    strays = sorted(set(steps) - wanted, key=repr)
    outside = [f"a step from format {number!r}, outside 1 to {current - 1}" for number in strays]
    return wrong + outside
