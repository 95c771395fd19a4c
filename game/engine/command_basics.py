"""What every command line of the game shares: its exit statuses, a parser that reports a
bad command line in one line, and a quiet end when output is cut short or Ctrl+C is pressed.

Standard library only, and light: the window imports it before its first frame.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import NoReturn

BROKEN_PIPE = 1
"""Exit status when the reader of standard output went away (``| head``): Python's own."""
INTERRUPTED = 130
"""Exit status after Ctrl+C: 128 + SIGINT, as shells report a process it ended."""


class OneLineParser(argparse.ArgumentParser):
    """Reports a bad command line in one line (no usage block), exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def run_command(main: Callable[[], int]) -> int:
    """``main()``'s exit status; quietly :data:`BROKEN_PIPE` when the reader of standard
    output goes away (``| head -1``), :data:`INTERRUPTED` after Ctrl+C: no traceback.

    The recipe of Python's documentation (``signal``, note on SIGPIPE): what is left
    to write goes to the null device, so that the exit does not fail again.
    """
    try:
        try:
            return main()
        finally:
            if sys.stdout is not None:
                sys.stdout.flush()
    except BrokenPipeError:
        if sys.stdout is not None:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE
    except KeyboardInterrupt:
        return INTERRUPTED
