"""Each language's catalogue holds every message the code marks, translated, not fuzzy, with
its placeholders intact, and the compiled catalogue that ships is the one its ``.po`` makes."""

from __future__ import annotations

import gettext
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from game import i18n

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "assets" / "locale"
TEMPLATE = LOCALE / f"{i18n.DOMAIN}.pot"
TRANSLATED = i18n.LANGUAGES[1:]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def po_path(language: str, suffix: str = ".po") -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{i18n.DOMAIN}{suffix}"


def read(path: Path) -> Catalog:
    with open(path, "rb") as file:
        return read_po(file)


def keys(catalog: Catalog) -> set[tuple[str | None, str]]:
    """Each message as (context, English singular)."""
    return {(m.context, m.id if isinstance(m.id, str) else str(m.id[0])) for m in catalog if m.id}


def forms(message: Message) -> list[str]:
    return (
        [str(form) for form in message.string]
        if isinstance(message.string, tuple)
        else [str(message.string)]
    )


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogue_holds_every_message_of_the_template(language: str) -> None:
    catalogue, template = read(po_path(language)), read(TEMPLATE)
    assert keys(catalogue) == keys(template), "run: python tools/i18n.py update, then translate"
    assert not catalogue.obsolete, "obsolete entries left over"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_not_fuzzy_and_keeps_its_placeholders(language: str) -> None:
    catalogue = read(po_path(language))
    assert catalogue.num_plurals == Catalog(locale=language).num_plurals, "CLDR plural forms"
    problems = []
    for message in catalogue:
        if not message.id:
            continue
        english = [message.id] if isinstance(message.id, str) else list(message.id)
        shown = english[0]
        if message.fuzzy:
            problems.append(f"fuzzy: {shown!r}")
        translations = forms(message)
        if isinstance(message.id, tuple) and len(translations) != catalogue.num_plurals:
            problems.append(f"{len(translations)} plural forms for {shown!r}")
        sets = [placeholders(text) for text in english]
        least, most = set.intersection(*sets), set.union(*sets)
        for translation in translations:
            if not translation.strip():
                problems.append(f"untranslated: {shown!r}")
            elif not least <= placeholders(translation) <= most:
                problems.append(f"placeholders of {shown!r} changed in {translation!r}")
        problems += [f"{shown!r}: {error}" for error in message.check(catalogue)]
    assert not problems, "\n".join(problems)


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not here")
@pytest.mark.parametrize("language", TRANSLATED)
def test_msgfmt_checks_the_catalogue(language: str, tmp_path: Path) -> None:
    result = subprocess.run(
        ["msgfmt", "-c", "--statistics", "-o", str(tmp_path / "out.mo"), str(po_path(language))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "untranslated" not in result.stderr and "fuzzy" not in result.stderr, result.stderr


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_shipped_compiled_catalogue_is_the_one_its_po_makes(
    language: str, tmp_path: Path
) -> None:
    fresh = tmp_path / "fresh.mo"
    with open(fresh, "wb") as file:
        write_mo(file, read(po_path(language)))
    with open(fresh, "rb") as made, open(po_path(language, ".mo"), "rb") as shipped:
        made_messages = gettext.GNUTranslations(made)._catalog  # type: ignore[attr-defined]
        shipped_messages = gettext.GNUTranslations(shipped)._catalog  # type: ignore[attr-defined]
    assert made_messages == shipped_messages, "run: python tools/i18n.py compile"


def test_the_wheel_ships_the_compiled_catalogues() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["game.assets"]
    assets = ROOT / "assets"
    listed = {path for glob in globs for path in assets.glob(glob)}
    assert {po_path(language, ".mo") for language in TRANSLATED} <= listed


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_game_speaks_each_language_from_its_shipped_catalogue(language: str) -> None:
    i18n.use(language)
    assert i18n._("Discard pile") != "Discard pile"
    assert "{count}" in i18n.ngettext("{count} card", "{count} cards", 3)
    assert i18n.pgettext("rank", "Kings") != ""
