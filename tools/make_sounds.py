"""Synthesise the game's sound effects as WAV files in ``assets/sounds/``.

Standard library only: 16-bit 44.1 kHz mono, noise from seeded ``random.Random`` generators,
so every run writes the same bytes. Each sound is normalised to a peak of about -6 dBFS and
faded in and out so it starts and ends on silence.

Usage: ``python tools/make_sounds.py [--out DIR]``.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "sounds"

RATE = 44_100
PEAK_DBFS = -6.0
Signal = list[float]


def silence(seconds: float) -> Signal:
    """A buffer of zeros ``seconds`` long."""
    return [0.0] * round(seconds * RATE)


def noise(seconds: float, seed: int) -> Signal:
    """White noise in [-1, 1] from a seeded generator."""
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def bandpass(signal: Signal, centre: Callable[[float], float], q: float) -> Signal:
    """A resonant band-pass (RBJ biquad) whose centre frequency follows ``centre(t)``."""
    out = []
    x1 = x2 = y1 = y2 = 0.0
    for i, x in enumerate(signal):
        w = 2 * math.pi * centre(i / RATE) / RATE
        alpha = math.sin(w) / (2 * q)
        a0 = 1 + alpha
        b0, b2 = alpha / a0, -alpha / a0
        a1, a2 = -2 * math.cos(w) / a0, (1 - alpha) / a0
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def lowpass(signal: Signal, cutoff: float) -> Signal:
    """A one-pole low-pass filter."""
    k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for x in signal:
        y += k * (x - y)
        out.append(y)
    return out


def highpass(signal: Signal, cutoff: float) -> Signal:
    """A one-pole high-pass filter (the input minus its low-passed part)."""
    return [x - y for x, y in zip(signal, lowpass(signal, cutoff), strict=True)]


def envelope(signal: Signal, shape: Callable[[float], float]) -> Signal:
    """Multiply each sample by ``shape(t)``."""
    return [x * shape(i / RATE) for i, x in enumerate(signal)]


def attack_decay(attack: float, decay: float) -> Callable[[float], float]:
    """Rise linearly over ``attack`` seconds, then decay exponentially (time constant ``decay``)."""

    def shape(t: float) -> float:
        if t < attack:
            return t / attack
        return math.exp(-(t - attack) / decay)

    return shape


def tone(
    freq: float, seconds: float, partials: tuple[tuple[float, float], ...], decay: float
) -> Signal:
    """A decaying tone: ``partials`` are ``(frequency ratio, amplitude)`` pairs."""
    n = round(seconds * RATE)
    sin = math.sin
    out = [0.0] * n
    for ratio, amp in partials:
        step = 2 * math.pi * freq * ratio / RATE
        out = [x + amp * sin(step * i) for i, x in enumerate(out)]
    return envelope(out, attack_decay(0.004, decay))


def mix_into(target: Signal, source: Signal, start: float, gain: float = 1.0) -> None:
    """Add ``source`` into ``target`` from ``start`` seconds on (clipped to ``target``)."""
    offset = round(start * RATE)
    for i, x in enumerate(source[: max(0, len(target) - offset)]):
        target[offset + i] += gain * x


def finish(signal: Signal, fade_in: float = 0.002, fade_out: float = 0.012) -> Signal:
    """Remove DC, fade the ends with raised cosines and normalise to ``PEAK_DBFS``."""
    mean = sum(signal) / len(signal)
    out = [x - mean for x in signal]
    n_in, n_out = max(1, round(fade_in * RATE)), max(1, round(fade_out * RATE))
    for i in range(min(n_in, len(out))):
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_in)
    for i in range(min(n_out, len(out))):
        out[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_out)
    peak = max(abs(x) for x in out) or 1.0
    gain = 10 ** (PEAK_DBFS / 20) / peak
    return [x * gain for x in out]


def write_wav(path: Path, signal: Signal) -> None:
    """Write a normalised signal as a 16-bit mono WAV."""
    frames = b"".join(struct.pack("<h", round(max(-1.0, min(1.0, x)) * 32767)) for x in signal)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


# --- the sounds ----------------------------------------------------------------------------


def swish(seconds: float, seed: int, f0: float, f1: float, attack: float, decay: float) -> Signal:
    """Band-passed noise sweeping from ``f0`` to ``f1`` Hz: a card sliding over felt."""

    def centre(t: float) -> float:
        rise: float = (f1 / f0) ** (t / seconds)  # typeshed: float ** float may be complex
        return f0 * rise

    sound = bandpass(noise(seconds, seed), centre, q=1.2)
    return envelope(sound, attack_decay(attack, decay))


def draw() -> Signal:
    """A card slid off the pile: a soft falling swish."""
    return finish(swish(0.15, 11, 3200, 1300, 0.035, 0.04), fade_out=0.02)


def discard() -> Signal:
    """A card placed on the table: a papery snap over a small low thump."""
    sound = silence(0.12)
    snap = highpass(noise(0.03, 21), 1800)
    mix_into(sound, envelope(snap, attack_decay(0.001, 0.006)), 0.0)
    thump = [
        math.sin(2 * math.pi * (150 * t - 200 * t * t)) for t in (i / RATE for i in range(5300))
    ]
    mix_into(sound, envelope(thump, attack_decay(0.002, 0.022)), 0.0, gain=0.7)
    mix_into(sound, swish(0.1, 22, 1400, 700, 0.004, 0.025), 0.002, gain=0.5)
    return finish(sound)


def deal() -> Signal:
    """A quick flick of a dealt card."""
    sound = silence(0.08)
    mix_into(sound, swish(0.075, 31, 5200, 2400, 0.008, 0.018), 0.0)
    mix_into(sound, envelope(highpass(noise(0.01, 32), 3000), attack_decay(0.0005, 0.002)), 0.0)
    return finish(sound, fade_out=0.008)


def shuffle() -> Signal:
    """A riffle: a quickening patter of tiny card clicks, then the bridge settling."""
    rng = random.Random(41)
    sound = silence(0.6)
    t = 0.02
    step = 0.024
    n = 0
    while t < 0.47:
        click = highpass(noise(0.006, 100 + n), 2200)
        level = 0.55 + 0.45 * rng.random()
        mix_into(sound, envelope(click, attack_decay(0.0004, 0.0012)), t, gain=level)
        t += step * (0.75 + 0.5 * rng.random())
        step = max(0.0095, step * 0.93)
        n += 1
    mix_into(sound, swish(0.13, 42, 2600, 900, 0.02, 0.035), 0.46, gain=0.8)
    bed = envelope(bandpass(noise(0.47, 43), lambda _t: 3500, q=0.8), lambda t: 0.18 * t / 0.47)
    mix_into(sound, bed, 0.0)
    return finish(sound, fade_out=0.03)


BELL = ((1.0, 1.0), (2.0, 0.35), (2.76, 0.25), (5.4, 0.08))


def go_out() -> Signal:
    """A bright short chime: two bell notes a fifth apart."""
    sound = silence(0.6)
    mix_into(sound, tone(1046.5, 0.6, BELL, 0.18), 0.0)
    mix_into(sound, tone(1568.0, 0.54, BELL, 0.16), 0.06, gain=0.9)
    return finish(sound, fade_out=0.06)


def round_end() -> Signal:
    """A soft falling two-note cue."""
    soft = ((1.0, 1.0), (2.0, 0.18), (3.0, 0.05))
    sound = silence(0.62)
    mix_into(sound, tone(659.3, 0.3, soft, 0.12), 0.0)
    mix_into(sound, tone(523.3, 0.5, soft, 0.16), 0.2)
    return finish(sound, fade_in=0.004, fade_out=0.08)


def win() -> Signal:
    """A short fanfare: a rising major arpeggio ending on a held chord."""
    brass = ((1.0, 1.0), (2.0, 0.5), (3.0, 0.3), (4.0, 0.15), (5.0, 0.07))
    sound = silence(1.2)
    for k, freq in enumerate((523.3, 659.3, 784.0)):
        mix_into(sound, tone(freq, 0.3, brass, 0.09), 0.11 * k, gain=0.8)
    chord = silence(0.87)
    for freq, gain in ((1046.5, 0.8), (784.0, 0.45), (659.3, 0.4)):
        mix_into(chord, tone(freq, 0.87, brass[:4], 0.32), 0.0, gain=gain)
    vibrato = envelope(chord, lambda t: 1 + 0.06 * math.sin(2 * math.pi * 5.5 * t) * min(1, t * 3))
    mix_into(sound, vibrato, 0.33)
    return finish(sound, fade_out=0.15)


def illegal() -> Signal:
    """A soft low thud: not allowed."""
    sound = silence(0.15)
    body = [
        math.sin(2 * math.pi * (120 * t - 110 * t * t)) for t in (i / RATE for i in range(6600))
    ]
    mix_into(sound, envelope(body, attack_decay(0.003, 0.04)), 0.0)
    mix_into(sound, envelope(lowpass(noise(0.05, 81), 400), attack_decay(0.002, 0.01)), 0.0, 0.6)
    return finish(sound, fade_out=0.03)


def click() -> Signal:
    """A crisp UI button tick."""
    sound = silence(0.05)
    mix_into(sound, tone(2200, 0.05, ((1.0, 1.0), (1.5, 0.3)), 0.007), 0.0)
    mix_into(sound, envelope(highpass(noise(0.01, 91), 4000), attack_decay(0.0003, 0.0015)), 0.0)
    return finish(sound, fade_in=0.0005, fade_out=0.01)


SOUNDS: dict[str, Callable[[], Signal]] = {
    "draw": draw,
    "discard": discard,
    "deal": deal,
    "shuffle": shuffle,
    "go_out": go_out,
    "round_end": round_end,
    "win": win,
    "illegal": illegal,
    "click": click,
}


def write_all(out: Path) -> list[Path]:
    """Write every sound into ``out``; return the paths."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in SOUNDS.items():
        target = out / f"{name}.wav"
        write_wav(target, make())
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="output folder")
    write_all(parser.parse_args(argv).out)


if __name__ == "__main__":
    main()
