"""Prove that the one-file executable runs on a player's machine: a minimal Debian root.

Makes (or reuses) a Debian root with ``debootstrap --variant=minbase`` plus only the
libraries a desktop has (X11, Wayland, ALSA and PulseAudio clients, OpenGL): no Python,
no development package. It copies the executable in, runs ``--smoke-test`` there with
``chroot`` and a clean environment, on a real X display (an ``Xvfb`` of its own, its socket
bound into the root) when the host has one, and prints the verdict with every shared
library the executable took from the system rather than from its own bundle.

Needs root, ``debootstrap`` and the Debian mirror (the package registry); not part of the
test run. Usage::

    pyinstaller build.spec
    sudo python tools/debian_smoke.py [--executable dist/ThreeThirteen] [--root DIR]

Exit status 0 when the smoke test passed in the root.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUITE = "bookworm"
MIRROR = "http://deb.debian.org/debian"
DESKTOP_PACKAGES = (
    "libx11-6",
    "libxext6",
    "libxcursor1",
    "libxrandr2",
    "libxi6",
    "libxfixes3",
    "libxss1",
    "libxkbcommon0",
    "libwayland-client0",
    "libwayland-cursor0",
    "libwayland-egl1",
    "libdecor-0-0",
    "libasound2",
    "libpulse0",
    "libgl1",
    "libegl1",
    "libdbus-1-3",
)
"""What a desktop brings beyond the base system: the clients of its display and sound."""
DISPLAY_NUMBER = 77
"""The X display the script's own Xvfb opens (``:77``)."""
BUNDLE_MARK = "/_MEI"
"""Part of the path of every library the executable unpacks from itself."""


def make_root(root: Path, suite: str, mirror: str) -> None:
    """A minimal Debian ``suite`` in ``root`` with :data:`DESKTOP_PACKAGES` (kept if there)."""
    if (root / "etc" / "debian_version").is_file():
        return
    include = ",".join(DESKTOP_PACKAGES)
    command = ["debootstrap", "--variant=minbase", f"--include={include}", suite, str(root)]
    subprocess.run([*command, mirror], check=True)


def what_the_root_lacks(root: Path) -> list[str]:
    """What would make the root more than a player's machine: a Python, a -dev package."""
    found = [str(path) for path in (root / "usr" / "bin").glob("python*")]
    packages = subprocess.run(
        ["chroot", str(root), "dpkg-query", "-W", "-f", "${Package}\n"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return found + [name for name in packages if name.endswith("-dev")]


@contextlib.contextmanager
def x_display(root: Path) -> Iterator[str | None]:
    """An Xvfb of the script's own, its socket bound into ``root``; None without Xvfb."""
    if shutil.which("Xvfb") is None:
        yield None
        return
    server = subprocess.Popen(
        ["Xvfb", f":{DISPLAY_NUMBER}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    sockets = root / "tmp" / ".X11-unix"
    sockets.mkdir(parents=True, exist_ok=True)
    try:
        socket = Path("/tmp/.X11-unix") / f"X{DISPLAY_NUMBER}"
        for _ in range(100):
            if socket.exists():
                break
            time.sleep(0.05)
        subprocess.run(["mount", "--bind", "/tmp/.X11-unix", str(sockets)], check=True)
        try:
            yield f":{DISPLAY_NUMBER}"
        finally:
            subprocess.run(["umount", str(sockets)], check=False)
    finally:
        server.terminate()
        server.wait()


def smoke_test(root: Path, executable: Path, display: str | None) -> tuple[int, str, list[str]]:
    """Run the executable's smoke test in ``root``: its exit status, its output and the
    shared libraries it took from the system."""
    inside = Path("opt") / executable.name
    shutil.copy2(executable, root / inside)
    env = ["HOME=/root", "LD_DEBUG=libs"]  # no sound device there: the game plays silent
    env += [f"DISPLAY={display}"] if display else ["SDL_VIDEODRIVER=dummy"]
    with tempfile.TemporaryFile("w+") as loader_log:
        result = subprocess.run(
            ["chroot", str(root), "/usr/bin/env", "-i", *env, f"/{inside}", "--smoke-test"],
            stdout=subprocess.PIPE,
            stderr=loader_log,
            text=True,
            timeout=600,
        )
        loader_log.seek(0)
        taken = system_libraries(loader_log.read())
    return result.returncode, result.stdout, taken


def system_libraries(loader_log: str) -> list[str]:
    """The libraries the dynamic loader started (``LD_DEBUG=libs``) from outside the bundle."""
    started = {
        line.rsplit(maxsplit=1)[-1] for line in loader_log.splitlines() if "calling init:" in line
    }
    return sorted(path for path in started if BUNDLE_MARK not in path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    name = "ThreeThirteen.exe" if sys.platform == "win32" else "ThreeThirteen"
    parser.add_argument("--executable", type=Path, default=ROOT / "dist" / name)
    parser.add_argument("--root", type=Path, default=Path(tempfile.gettempdir()) / "tt-debian")
    parser.add_argument("--suite", default=SUITE)
    parser.add_argument("--mirror", default=MIRROR)
    args = parser.parse_args(argv)
    if os.geteuid() != 0 or shutil.which("debootstrap") is None:
        parser.error("needs root and debootstrap (apt-get install debootstrap)")
    if not args.executable.is_file():
        parser.error(f"no executable at {args.executable} (pyinstaller build.spec makes it)")
    make_root(args.root, args.suite, args.mirror)
    extra = what_the_root_lacks(args.root)
    if extra:
        print(f"the root is more than a player's machine: {', '.join(extra)}")
        return 1
    with x_display(args.root) as display:
        status, output, taken = smoke_test(args.root, args.executable, display)
    print(f"Debian {args.suite} minbase + desktop libraries, in {args.root}")
    print(f"display: {'X11 (Xvfb ' + display + ')' if display else 'none (SDL dummy driver)'}")
    print(output.rstrip())
    print("shared libraries taken from the system:")
    for path in taken:
        print(f"  {path}")
    print(f"exit status {status}")
    return 0 if status == 0 and "one round played" in output else 1


if __name__ == "__main__":
    sys.exit(main())
