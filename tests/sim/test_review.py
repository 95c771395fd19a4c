"""The round review: what each of a seat's decisions cost, judged from its view only."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.ai.planner import HardPolicy
from game.ai.registry import make_policy
from game.engine.actions import Action, Discard, Draw, DrawSource, LayDown, LayOffCard
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.view import PlayerView
from game.profile.saved_match import SavedMatch
from game.sim import review as review_module
from game.sim.review import (
    Decision,
    Judgement,
    Reviewer,
    costliest,
    decision_to_json,
    describe,
    in_round,
    main,
    notation,
    review,
)
from tests.engine.match_tools import STOCK, card, rig

ROOT = Path(__file__).resolve().parents[2]
RULES = RuleSet()
SHORT = RuleSet(schedule="short")


def played_out(match: Match, specs: list[str], actions: int | None = None, seed: int = 0) -> Match:
    """``match`` played on by one policy per seat, for ``actions`` actions or to its end."""
    seats = [make_policy(spec, random.Random(seed * 10 + i)) for i, spec in enumerate(specs)]
    while not match.is_over and (actions is None or len(match.actions) < actions):
        seat = match.current_seat
        match.apply(seats[seat].choose(match.view_for(seat)))
    return match


def acting_seats(match: Match) -> list[int]:
    """Per action of ``match``, the seat that played it."""
    replay = Match.new(match.rules, match.seed)
    seats = []
    for action in match.actions:
        seats.append(replay.current_seat)
        replay.apply(action)
    return seats


@pytest.fixture(scope="module")
def easy_match() -> Match:
    """120 actions (into round 5) of the short schedule: seat 0 casual, three hard seats."""
    return played_out(Match.new(SHORT, seed=21), ["easy", "hard", "hard", "hard"], 120)


# --- 1. a planted blunder ----------------------------------------------------


def planted_blunder() -> tuple[Match, Match]:
    """Round 3 (Fives wild): seat 0 draws as the hard AI would, then throws its wild 5♠
    though the K♣ and Q♦ are dead weight. Returns the rigged start and the match after."""
    start = rig(
        RULES,
        ["5S 7H 8H KC QD", "2S 9D JC 4H 10S", "AC 6S 9C JD 3H", "2D 10H 4C KS AD"],
        discard="2C",
        stock_top="9S",
        round_index=2,
    )
    match = start.copy()
    hard = HardPolicy(random.Random(0))
    match.apply(hard.choose(match.view_for(0)))
    wild = card("5S")
    assert wild in match.hands[0]
    assert hard.choose(match.view_for(0)) != Discard(wild), "hard keeps its wild"
    match.apply(Discard(wild))
    return start, match


def test_a_thrown_wild_is_among_the_costliest_and_the_hard_ai_choice_costs_nothing() -> None:
    start, match = planted_blunder()
    draw, blunder = review(match, 0, start=start)
    assert draw.played == draw.best and draw.loss == 0.0
    assert draw.played_expected == draw.best_expected
    assert blunder.played == Discard(card("5S")) and blunder.best != blunder.played
    assert isinstance(blunder.best, Discard) and blunder.best.card.rank not in (None, 5)
    assert blunder.loss > 5, "a wild is worth far more than a king"
    assert blunder.played_expected == pytest.approx(blunder.best_expected + blunder.loss)
    assert costliest([draw, blunder]) == [blunder]
    assert (blunder.action_index, blunder.round, blunder.turn, blunder.seat) == (1, 3, 1, 0)
    assert sorted(blunder.hand) == sorted((*match.hands[0], card("5S")))
    assert draw.hand == start.hands[0] and draw.discard_top == card("2C")


@pytest.mark.slow
def test_a_decision_the_hard_ai_takes_costs_nothing_and_best_is_its_choice(
    easy_match: Match,
) -> None:
    decisions = review(easy_match, 0)
    replay = Match.new(easy_match.rules, easy_match.seed)
    by_index = {decision.action_index: decision for decision in decisions}
    for index, action in enumerate(easy_match.actions):
        if index in by_index:
            view = replay.view_for(0)
            assert by_index[index].best == HardPolicy(random.Random(0)).choose(view)
        replay.apply(action)
    assert all(d.loss == 0.0 for d in decisions if d.played == d.best)
    assert all(d.loss >= 0.0 for d in decisions)
    assert any(d.loss > 0 for d in decisions), "easy slips now and then"


def test_costliest_takes_the_dearest_decisions_that_cost_something() -> None:
    def decision(index: int, loss: float) -> Decision:
        return Decision(index, 1, 1, 0, STOCK, STOCK, loss, (), None, loss, 0.0)

    decisions = [decision(0, 1.0), decision(1, 0.0), decision(2, 4.0), decision(3, 1.0)]
    assert [d.action_index for d in costliest(decisions)] == [2, 0, 3]
    assert [d.action_index for d in costliest(decisions, n=1)] == [2]
    assert costliest([decision(0, 0.0)]) == []


def test_one_round_is_reviewed_as_in_the_whole_match(easy_match: Match) -> None:
    whole = review(easy_match, 0)
    rounds = range(1, easy_match.round_index + 2)
    assert {d.round for d in whole} == set(rounds)
    for number in rounds:
        alone = review(easy_match, 0, round_number=number)
        assert alone == in_round(whole, number) and alone


@pytest.mark.parametrize(
    ("seat", "round_number", "message"),
    [(4, None, "no seat 4"), (-1, None, "no seat -1"), (0, 12, "no round 12")],
    ids=["seat-4", "seat-minus-1", "round-12"],
)
def test_a_seat_or_round_the_match_lacks_is_refused(
    easy_match: Match, seat: int, round_number: int | None, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        review(easy_match, seat, round_number=round_number)


def test_a_match_that_does_not_come_from_its_deal_needs_its_start() -> None:
    start, match = planted_blunder()
    with pytest.raises(ValueError):
        review(match, 0)
    with pytest.raises(ValueError, match="not a position of this match"):
        review(start, 0, start=match)


# --- 2. the command line -------------------------------------------------------


def saved_file(tmp_path: Path, match: Match) -> Path:
    """The profile's ``match.json`` for ``match`` (seats 1–3 hard)."""
    saved = SavedMatch(
        match,
        policies={1: "hard", 2: "hard", 3: "hard"},
        names=("Left", "Top", "Right"),
        hand_order=match.hands[0],
        rng_states={seat: random.Random(seat).getstate() for seat in (1, 2, 3)},
    )
    path = tmp_path / "match.json"
    path.write_text(json.dumps(saved.to_json()), encoding="utf-8")
    return path


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


KEYS = {"action_index": int, "round": int, "seat": int, "played": str, "best": str, "loss": float}


@pytest.mark.parametrize("seat", [0, 2], ids=["seat-0", "seat-2"])
def test_json_of_a_saved_match_has_one_entry_per_decision_of_the_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], easy_match: Match, seat: int
) -> None:
    path = saved_file(tmp_path, easy_match)
    status, out, err = run_main(capsys, str(path), "--seat", str(seat), "--json")
    assert (status, err) == (0, "")
    rows: list[dict[str, Any]] = json.loads(out)
    seats = acting_seats(easy_match)
    assert [row["action_index"] for row in rows] == [i for i, s in enumerate(seats) if s == seat]
    for row in rows:
        assert KEYS.keys() <= row.keys()
        assert all(type(row[key]) is kind for key, kind in KEYS.items()), row
        assert row["seat"] == seat and row["loss"] >= 0
        assert row["played"] == notation(easy_match.actions[row["action_index"]])
        assert row["best"] in ("draw stock", "draw discard") or row["best"].startswith("discard ")
        assert 1 <= row["round"] <= easy_match.round_index + 1
    assert sum(row["costly"] for row in rows) == min(3, sum(row["loss"] > 0 for row in rows))


def test_plain_match_json_works_and_prints_one_line_per_decision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], easy_match: Match
) -> None:
    path = tmp_path / "plain.json"
    path.write_text(json.dumps(easy_match.to_json()), encoding="utf-8")
    status, out, _ = run_main(capsys, str(path), "--json")
    assert status == 0
    decisions = review(easy_match)
    marked = costliest(decisions)
    assert json.loads(out) == [
        review_module.decision_to_json(d, costly=d in marked) for d in decisions
    ]
    status, out, _ = run_main(capsys, str(path), "--round", "2")
    lines = out.splitlines()
    assert status == 0 and len(lines) == len(review(easy_match, round_number=2))
    assert all(line.startswith("round 2 ") and "best: " in line for line in lines)
    assert any(" loss " in line for line in lines)


def bad_documents(match: Match) -> dict[str, str]:
    over = match.to_json()
    tampered = json.loads(json.dumps(over))
    tampered["actions"][3] = {"discard": "KS.1"}
    return {
        "not-json": "{",
        "a-list": "[1, 2]",
        "other-game": json.dumps({"game": "chess"}),
        "bad-match-key": json.dumps({"match": {"game": "three-thirteen", "format": 1}}),
        "actions-not-replaying": json.dumps(tampered),
    }


@pytest.mark.parametrize(
    "kind", ["not-json", "a-list", "other-game", "bad-match-key", "actions-not-replaying"]
)
def test_a_bad_file_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], easy_match: Match, kind: str
) -> None:
    path = tmp_path / f"{kind}.json"
    path.write_text(bad_documents(easy_match)[kind], encoding="utf-8")
    status, out, err = run_main(capsys, str(path))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("python -m game.review: ") and str(path) in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["missing.json"], "cannot read missing.json"), (["{file}", "--seat", "4"], "no seat 4")],
    ids=["missing-file", "seat-out-of-range"],
)
def test_a_missing_file_or_seat_exits_2_with_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    easy_match: Match,
    argv: list[str],
    message: str,
) -> None:
    path = saved_file(tmp_path, easy_match)
    status, out, err = run_main(capsys, *[arg.format(file=path) for arg in argv])
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and message in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["match.json", "--seat", "four"], "invalid int value"), ([], "required")],
    ids=["seat-not-a-number", "no-file"],
)
def test_a_bad_command_line_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    err = capsys.readouterr().err
    assert exited.value.code == 2
    assert err.count("\n") == 1 and message in err


@pytest.mark.parametrize("option", ["--seat", "--round"])
@pytest.mark.parametrize("digits", [4000, 5000], ids=["a-number", "too-long-for-python"])
def test_a_number_of_thousands_of_digits_is_echoed_cut_short(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    easy_match: Match,
    option: str,
    digits: int,
) -> None:
    path = saved_file(tmp_path, easy_match)
    try:
        status = main([str(path), option, "9" * digits])
    except SystemExit as exited:  # refused by the command line's parser
        status = exited.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and len(err) < 300 and "99…" in err, err[:300]


def test_python_m_game_review_runs(tmp_path: Path, easy_match: Match) -> None:
    path = saved_file(tmp_path, easy_match)
    command = [sys.executable, "-m", "game.sim.review", str(path), "--json"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)) == len(review(easy_match))
    command[3] = str(tmp_path / "nowhere.json")
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


# --- 3. deterministic -----------------------------------------------------------


def test_two_reviews_of_a_match_are_the_same(easy_match: Match) -> None:
    again = Match.from_json(json.loads(json.dumps(easy_match.to_json())))
    assert review(easy_match, 0) == review(again, 0)
    assert review(easy_match, 1) == review(easy_match, 1)


# --- 4. only the seat's view is judged -------------------------------------------


def twin_matches() -> tuple[Match, Match, Match, Match]:
    """Two starts alike but for the order of the stock below the cards drawn, and the
    same actions played from both: seat 0 sees the same all along; the card it draws
    last differs. Returns (start, match, twin start, twin match)."""
    start = rig(
        RULES,
        ["5S 7H 8H KC QD", "2S 9D JC 4H 10S", "AC 6S 9C JD 3H", "2D 10H 4C KS AD"],
        discard="2C",
        round_index=2,
    )
    match = played_out(start.copy(), ["hard"] * 4, actions=16)
    assert match.current_seat == 0 and match.round_index == 2 and len(match.actions) == 16
    match.apply(STOCK)
    drawn = len(start.stock) - len(match.stock) - 1  # before seat 0's last draw
    document = start.to_json()
    stock = document["state"]["stock"]
    below = len(stock) - drawn
    document["state"]["stock"] = stock[:below][::-1] + stock[below:]
    twin_start = Match.from_json(document, verify=False)  # rigged: no actions lead there
    twin, again = twin_start.copy(), start.copy()
    for action in match.actions:
        assert twin.view_for(0) == again.view_for(0)
        twin.apply(action)
        again.apply(action)
    assert twin.hands[0] != match.hands[0], "the last card seat 0 drew differs"
    return start, match, twin_start, twin


def test_hidden_cards_in_another_order_change_nothing() -> None:
    start, match, twin_start, twin = twin_matches()
    decisions = review(match, 0, start=start)
    assert len(decisions) == 5
    assert decisions == review(twin, 0, start=twin_start)


def test_the_reviewer_is_shown_only_views_of_the_seat(
    monkeypatch: pytest.MonkeyPatch, easy_match: Match
) -> None:
    shown: list[object] = []
    judge = Reviewer.judge

    def spy(self: Reviewer, view: PlayerView, played: Action, rng: random.Random) -> Judgement:
        shown.append(view)
        return judge(self, view, played, rng)

    monkeypatch.setattr(Reviewer, "judge", spy)
    decisions = review(easy_match, 1)
    assert len(shown) == len(decisions) > 0
    assert all(type(view) is PlayerView and view.seat == 1 for view in shown)


def test_the_reviewer_refuses_an_action_the_view_does_not_allow() -> None:
    start = rig(RULES, ["3S 4S 5S", "2S 9D JC", "AC 6S 9C", "2D 10H 4C"], discard="7H")
    match = start.copy()
    match.apply(Draw(DrawSource.DISCARD))
    view = match.view_for(0)
    with pytest.raises(ValueError, match="not a legal action"):
        Reviewer().judge(view, Draw(DrawSource.STOCK), random.Random(0))


# --- the open table -------------------------------------------------------------


@pytest.fixture(scope="module")
def open_match() -> Match:
    """An open-table match of random seats (they lay melds down and cards off as they come):
    its first 80 actions."""
    rules = RuleSet(schedule="short", table="open")
    return played_out(Match.new(rules, seed=13), ["random"] * 4, 80, seed=13)


def test_an_open_table_match_is_reviewed_with_its_lay_moves_in_words(open_match: Match) -> None:
    decisions = review(open_match, 0)
    laid = [d for d in decisions if isinstance(d.played, LayDown | LayOffCard)]
    kinds = {type(d.played) for d in laid}
    assert kinds == {LayDown, LayOffCard}, "the random seat laid down and laid off"
    assert all(not d.priced and d.loss == 0 for d in laid), "lay moves are not priced"
    assert any(d.priced for d in decisions), "draws and discards still are"
    lines = [describe(d, symbols=False) for d in laid]
    assert any(" laid down " in line and line.endswith("not priced") for line in lines)
    off = next(d for d in laid if isinstance(d.played, LayOffCard))
    assert isinstance(off.played, LayOffCard)
    placed = off.table[off.played.meld]
    line = describe(off, symbols=False)
    assert f"laid the {off.played.card} off onto seat {placed.owner}'s " in line
    rows = [decision_to_json(d) for d in laid]
    assert all(row["played"].startswith("lay ") and row["played_expected"] is None for row in rows)
    json.dumps(rows)
