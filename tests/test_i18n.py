"""The language machinery: catalogues found, looked up live, plurals, the system's language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from game import i18n
from game.resources import asset_root


@pytest.fixture
def french(tmp_path: Path) -> Iterator[Path]:
    """A folder with a small French catalogue; English again afterwards."""
    catalog = Catalog(locale="fr", domain=i18n.DOMAIN)
    catalog.add("Discard pile", "Défausse")
    forms = ("{count} carte", "{count} cartes", "{count} cartes")  # CLDR: one, many, other
    catalog.add(("{count} card", "{count} cards"), forms)
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / f"{i18n.DOMAIN}.mo", "wb") as file:
        write_mo(file, catalog)
    yield tmp_path
    i18n.use("en")


def test_a_language_switches_live_and_back(french: Path) -> None:
    assert i18n._("Discard pile") == "Discard pile"
    i18n.use("fr", french)
    assert i18n.language() == "fr" and i18n._("Discard pile") == "Défausse"
    assert i18n._("Not in the catalogue") == "Not in the catalogue", "English stands in"
    i18n.use("en")
    assert i18n._("Discard pile") == "Discard pile"


def test_numbers_take_the_plural_form_of_the_language(french: Path) -> None:
    i18n.use("fr", french)
    forms = {count: i18n.ngettext("{count} card", "{count} cards", count) for count in (0, 1, 2)}
    assert forms == {0: "{count} carte", 1: "{count} carte", 2: "{count} cartes"}
    i18n.use("en")
    assert i18n.ngettext("{count} card", "{count} cards", 0) == "{count} cards"


def test_a_missing_catalogue_falls_back_to_english_and_an_unknown_language_is_refused(
    tmp_path: Path,
) -> None:
    i18n.use("nl", tmp_path)
    assert i18n._("Discard pile") == "Discard pile"
    i18n.use("en")
    with pytest.raises(ValueError, match="unknown language 'de'"):
        i18n.use("de")


@pytest.mark.parametrize(
    ("preferred", "environment", "expected"),
    [
        pytest.param(["fr_BE"], {}, "fr", id="pygame-first"),
        pytest.param(["de_DE", "nl-NL"], {}, "nl", id="first-spoken"),
        pytest.param([], {"LANG": "it_IT.UTF-8"}, "it", id="environment"),
        pytest.param([], {"LANGUAGE": "de:fr", "LANG": "it_IT"}, "fr", id="language-list"),
        pytest.param([], {"LANG": "C.UTF-8"}, "en", id="c-locale"),
        pytest.param(["ja_JP"], {}, "en", id="unspoken"),
    ],
)
def test_the_system_language(
    preferred: list[str], environment: dict[str, str], expected: str
) -> None:
    assert i18n.system_language(preferred, environment) == expected


def test_catalogues_are_looked_for_among_the_assets() -> None:
    assert i18n.locale_folder() == asset_root() / "locale"


def test_decimals_take_the_mark_of_the_language() -> None:
    assert i18n.decimal(3.84) == "3.8"
    i18n.use("fr")
    assert i18n.decimal(3.84) == "3,8" and i18n.decimal(12, 0) == "12"
    assert set(i18n.DECIMAL_MARKS) == set(i18n.LANGUAGES)
