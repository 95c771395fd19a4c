"""No test ever touches the real user's profile (the user data folder points at a temporary
one), and every test starts in English, whatever the machine's language."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator

import pytest

from game import i18n

os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="three-thirteen-xdg-")

for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
    os.environ[_name] = "en_US.UTF-8"  # the system's language, as the game and SDL read it


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """A test may switch the game's language; the next one starts in English again."""
    yield
    i18n.use("en")
