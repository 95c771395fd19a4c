"""Where the game's shipped files are, from source, an installed package or a bundle.

Nothing is looked up relative to the working directory (a macOS app starts in
``/``): the root is found from this file, or from PyInstaller's unpack folder.
"""

from __future__ import annotations

import sys
from pathlib import Path


def asset_root() -> Path:
    """The folder holding ``cards/``, ``sounds/`` and ``fonts/``.

    In a PyInstaller bundle: its unpack folder's ``assets``. From a checkout
    (or an editable install): the repository's ``assets``. From an installed
    wheel: the data package ``game/assets``.
    """
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / "assets"
    here = Path(__file__).resolve().parent
    checkout = here.parent / "assets"
    return checkout if checkout.is_dir() else here / "assets"


def asset_path(*parts: str) -> Path:
    """The path of one shipped file; raises ``FileNotFoundError`` naming it if missing."""
    path = asset_root().joinpath(*parts)
    if not path.is_file():
        raise FileNotFoundError(f"missing game file {'/'.join(parts)} (looked in {asset_root()})")
    return path
