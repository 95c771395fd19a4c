"""A CI-sized sample of hostile profile folders (``benchmarks/profile_fuzz.py`` runs many):
on each, the real window reaches the title and opens Statistics, Settings and Continue
without raising, and what it keeps can be read back."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.profile.folder import Profile
from game.profile.memory import Memory
from game.sim.profile_mutants import Mutant, encoded, good_profile, mutants
from tests.hostile.window import visit_every_screen

SAMPLE = list(mutants(seed=2512, count=120))


def test_the_good_profile_plays_on_with_no_notice(tmp_path: Path) -> None:
    for name, document in good_profile().items():
        (tmp_path / name).write_bytes(encoded(document))
    visit = visit_every_screen(tmp_path)
    assert visit.notices == []
    assert visit.played


FAST_EVERY = 10
"""The fast tier keeps one mutant in this many; the slow one runs the others."""


@pytest.mark.parametrize(
    "mutant",
    [
        pytest.param(mutant, marks=() if index % FAST_EVERY == 0 else pytest.mark.slow)
        for index, mutant in enumerate(SAMPLE)
    ],
    ids=[mutant.what[:60] for mutant in SAMPLE],
)
def test_a_hostile_profile_opens_every_screen(tmp_path: Path, mutant: Mutant) -> None:
    for name, data in mutant.files.items():
        (tmp_path / name).write_bytes(data)
    visit_every_screen(tmp_path)
    again = Memory(Profile(tmp_path))
    again.saved_match()
    assert again.profile.notices == [], "the window left a file it cannot read back"
