"""Run Python code in a clean interpreter that sees only this checkout."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_isolated(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` under ``python -I`` (no user site or environment), this project on the path."""
    return subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r}); {code}"],
        capture_output=True,
        text=True,
        check=False,
    )
