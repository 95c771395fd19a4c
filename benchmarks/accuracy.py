"""The decision accuracy of each AI level, as the review prices its decisions: the yardsticks
README gives for the accuracy a player sees.

Plays ``--matches`` matches per level with that level in seat 0 against three seats of
``--field``, reviews seat 0's decisions (``game.sim.review``), and prints per level the
average expected loss per decision (``L``, over every decision the review priced) and the
accuracy ``100 × 2 ** -L`` (:attr:`~game.profile.kept_match.ReviewFigures.accuracy`).
Usage: ``python benchmarks/accuracy.py [--matches 4] [--field normal] [--seed 100]``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.rules import RuleSet
from game.profile.kept_match import ReviewFigures
from game.sim.review import review, review_figures
from tools.make_history_fixture import played

LEVELS = ("random", "easy", "greedy", "normal", "hard")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--field", default="normal")
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args()
    print(f"{'level':10}{'decisions':>10}{'L':>8}{'accuracy':>10}")
    for level in LEVELS:
        decisions, loss = 0, 0.0
        for index in range(args.matches):
            seats = (level, args.field, args.field, args.field)
            match = played(RuleSet(), args.seed + index, seats)
            figures = review_figures(review(match, 0))
            decisions, loss = decisions + figures.decisions, loss + figures.loss
        total = ReviewFigures(decisions, loss)
        print(f"{level:10}{decisions:10}{total.average_loss or 0:8.2f}{total.accuracy or 0:9.0f}%")


if __name__ == "__main__":
    main()
