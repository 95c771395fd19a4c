"""A match shared as a file: exported from the history, opened from a friend's file.

The file is one JSON object::

    {"format": 1, "kind": "three-thirteen match", "ended": "2026-12-03T09:12:00+00:00",
     "names": ["Left", "Top", "Right"], "policies": {"1": "hard", ...},
     "match": {...}}

``"match"`` is the engine's own document (:meth:`Match.to_json`), so ``python -m game.review
FILE`` reviews a shared file as it reviews a saved match. A file is read with the same
checks as a save (:func:`~game.files.read_text_file`: a regular file, not too large, UTF-8;
its format, upgraded if earlier, refused if newer; every action replayed from the deal), and
it must hold an ended match: finished, or marked ``"abandoned"``.
"""

from __future__ import annotations

import contextlib
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from game.engine.match import Match
from game.files import UnreadableFile, read_text_file, shown
from game.i18n import _
from game.profile.folder import write_atomically
from game.profile.json_format import NO_UPGRADES, FormatError, Upgrades, upgraded
from game.profile.kept_match import KeptMatch
from game.profile.saved_match import read_seats
from game.profile.settings import check_table_size

FORMAT = 1
"""The version of a shared match file this code writes."""
KIND = "three-thirteen match"
"""What the file's ``"kind"`` says: a shared match, not a save or another game's JSON."""
UPGRADES: Upgrades = NO_UPGRADES
"""The steps that bring an earlier shared file to :data:`FORMAT` (none yet)."""
SUFFIX = ".json"
SHARED_FOLDER = "Three-Thirteen matches"
"""The folder in the player's documents that exported matches go to."""


class ShareError(Exception):
    """Why a file cannot be opened as a shared match, in the player's words."""


def to_json(kept: KeptMatch) -> dict[str, Any]:
    """The shared file's content for ``kept``."""
    summary = kept.summary
    data: dict[str, Any] = {
        "format": FORMAT,
        "kind": KIND,
        "ended": summary.ended.astimezone(UTC).isoformat(timespec="seconds"),
        "names": list(summary.names),
        "policies": {str(seat): spec for seat, spec in sorted(summary.policies.items())},
        "match": kept.match.to_json(),
    }
    if summary.abandoned:
        data["abandoned"] = True
    return data


def from_json(data: Any) -> KeptMatch:
    """The match a shared file holds; ``ValueError`` (or :class:`FormatError`) saying what
    is wrong."""
    document = upgraded(data, FORMAT, UPGRADES)
    if document.get("kind") != KIND:
        raise FormatError("foreign", f"its kind is not {KIND!r}")
    known = {"format", "kind", "ended", "names", "policies", "match", "abandoned"}
    unknown = sorted(set(document) - known, key=str)
    if unknown:
        raise ValueError(f"unknown key {shown(unknown[0], 24)!r}")
    match = Match.from_json(document.get("match"), verify=True)
    check_table_size(match.players)
    abandoned = document.get("abandoned", False)
    if abandoned is not True and abandoned is not False:
        raise ValueError("abandoned must be true or false")
    if match.is_over == abandoned:
        raise ValueError("the match is not over" if not abandoned else "an abandoned match is over")
    policies, names = read_seats(document, match.players)
    ended = document.get("ended")
    if not isinstance(ended, str):
        raise ValueError("ended must be a date and time")
    when = datetime.fromisoformat(ended)
    if when.tzinfo is None:
        raise ValueError("ended must say its time zone")
    return KeptMatch.of(match, names, policies, when)


def read(path: Path) -> KeptMatch:
    """The match shared in the file ``path``; :class:`ShareError` saying in one line why it
    cannot be opened."""
    try:
        text = read_text_file(path)
    except FileNotFoundError:
        raise ShareError(_("{file} is not there").format(file=shown(path))) from None
    except UnreadableFile as error:
        raise ShareError(f"{shown(path)}: {error}") from None
    except OSError as error:
        raise ShareError(f"{shown(path)}: {shown(error)}") from None
    try:
        return from_json(json.loads(text))
    except (ValueError, TypeError, RecursionError) as error:
        why = _("{file} is not a shared match ({error})")
        raise ShareError(why.format(file=shown(path), error=shown(error))) from None


def file_name(kept: KeptMatch) -> str:
    """A name for the file of ``kept`` that says when it ended: ``match-20261203-0912-7.json``."""
    stamp = kept.summary.ended.astimezone().strftime("%Y%m%d-%H%M")
    return f"match-{stamp}-{kept.summary.id}{SUFFIX}"


def export(kept: KeptMatch, folder: Path) -> Path:
    """Write ``kept`` to a new file in ``folder`` (made if missing), atomically; its path.
    :class:`ShareError` saying why if it cannot be written."""
    name = file_name(kept)
    path = folder / name
    try:
        folder.mkdir(parents=True, exist_ok=True)
        number = 1
        while path.exists():
            number += 1
            path = folder / name.replace(SUFFIX, f"-{number}{SUFFIX}")
        text = json.dumps(to_json(kept), separators=(",", ":"), ensure_ascii=False)
        write_atomically(path, text)
    except OSError as error:
        why = _("The match could not be written to {folder} ({error})")
        raise ShareError(why.format(folder=shown(folder), error=shown(error))) from None
    return path


def exported_files(folder: Path) -> list[Path]:
    """The match files in ``folder`` (``*.json``), newest first; none if it cannot be read."""
    found: list[tuple[float, str, Path]] = []
    try:
        for path in folder.glob(f"*{SUFFIX}"):
            with contextlib.suppress(OSError):  # gone meanwhile, or unreadable: not listed
                if path.is_file():
                    found.append((-path.stat().st_mtime, path.name, path))
    except OSError:
        return []
    return [path for *_order, path in sorted(found)]


def shared_folder(profile: Path, chosen: bool) -> Path:
    """Where exported matches go: :data:`SHARED_FOLDER` in the player's documents; in the
    profile's folder (``shared``) when the profile was chosen (``--profile``: tests, a
    portable install), so that such a run writes nowhere else."""
    if chosen:
        return profile / "shared"
    return platformdirs.user_documents_path() / SHARED_FOLDER
