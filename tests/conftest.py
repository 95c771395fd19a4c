"""No test ever touches the real user's profile: the user data folder points at a temporary one."""

from __future__ import annotations

import os
import tempfile

os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="three-thirteen-xdg-")
