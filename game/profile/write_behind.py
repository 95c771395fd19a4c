"""Writes done behind the frame loop: handed to a thread, the newest document per file wins.

Saving after every move must not stall a frame: encoding the document, writing and
syncing the file are done on the thread. A write handed over replaces any still waiting
for the same file; :meth:`WriteBehind.flush` waits until everything handed over is on disk.
The thread never dies of a failed write: ``write`` reports its own failures, and anything
it lets through is logged and the thread goes on to the next document.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


class WriteBehind:
    """One daemon thread that runs ``write(name, document)`` for the documents handed over
    (a document is not changed once handed over: the thread reads it later)."""

    def __init__(self, write: Callable[[str, Any], object]) -> None:
        self._write = write
        self._waiting: dict[str, Any] = {}
        self._busy = False
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None

    def submit(self, name: str, document: Any) -> None:
        """Write ``document`` to ``name`` soon (instead of any still waiting for it)."""
        with self._changed:
            self._waiting[name] = document
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="saves", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def flush(self) -> None:
        """Return once everything handed over has been written (or failed to be)."""
        with self._changed:
            self._changed.wait_for(lambda: not self._waiting and not self._busy)

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: bool(self._waiting))
                name = next(iter(self._waiting))
                document = self._waiting.pop(name)
                self._busy = True
            try:
                self._write(name, document)
            except Exception:  # the writer reports its own failures; the thread lives on
                log.exception("writing %s failed", name)
            finally:
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()
