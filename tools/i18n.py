"""Keep the game's translations: extract the template, update the catalogues, compile them.

Usage: ``python tools/i18n.py extract|update|compile|all``.

- ``extract`` writes ``assets/locale/three_thirteen.pot`` from the messages marked
  in ``game/`` with ``_()`` and ``ngettext()``;
- ``update`` merges the template into each language's ``.po`` (made if missing);
- ``compile`` writes each ``.mo`` beside its ``.po`` (the game reads those);
- ``all`` does the three in turn.

Babel does the work (``pip install -e ".[dev]"``); its output is stable, so a
catalogue that did not change is not rewritten.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.i18n import DOMAIN, LANGUAGES  # noqa: E402

LOCALE = ROOT / "assets" / "locale"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"


def catalogue_path(language: str, suffix: str = ".po") -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def pybabel(*arguments: str) -> None:
    # Babel's CommandLineInterface.run has no annotations.
    CommandLineInterface().run(["pybabel", "--quiet", *arguments])  # type: ignore[no-untyped-call]


def extract(output: Path = TEMPLATE) -> None:
    """Write the template of every message marked in ``game/`` to ``output``."""
    output.parent.mkdir(parents=True, exist_ok=True)
    pybabel(
        "extract",
        "--keywords=_ N_ ngettext:1,2 pgettext:1c,2 NC_:1c,2",
        "--no-location",
        "--add-comments=TRANSLATORS:",
        "--sort-output",
        "--omit-header",
        "--project=Three-Thirteen",
        f"--output-file={output}",
        str(ROOT / "game"),
    )


def update() -> None:
    for language in LANGUAGES[1:]:
        common = [f"--input-file={TEMPLATE}", f"--output-dir={LOCALE}", f"--domain={DOMAIN}"]
        if catalogue_path(language).exists():
            pybabel("update", *common, f"--locale={language}", "--no-fuzzy-matching")
        else:
            pybabel("init", *common, f"--locale={language}")


def compile_all() -> None:
    for language in LANGUAGES[1:]:
        pybabel(
            "compile",
            f"--input-file={catalogue_path(language)}",
            f"--output-file={catalogue_path(language, '.mo')}",
            f"--locale={language}",
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("extract", "update", "compile", "all"))
    step = parser.parse_args().step
    if step in ("extract", "all"):
        extract()
    if step in ("update", "all"):
        update()
    if step in ("compile", "all"):
        compile_all()


if __name__ == "__main__":
    main()
