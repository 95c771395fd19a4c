"""The statistics: what each kind of match adds, streaks, levels, and the JSON form."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.profile.player_stats import (
    ABANDONED_RULE,
    COUNTED_KEPT,
    FORMAT,
    LEVEL_KEYS,
    TABLE_SIZES,
    UPGRADES,
    LevelStats,
    MatchResult,
    Stats,
    level_key,
    result_from,
)


def result(
    level: str = "normal",
    total: int = 50,
    *,
    won: bool = False,
    shared: bool = False,
    zeros: int = 0,
    went_out: int = 0,
    abandoned: bool = False,
    players: int = 4,
) -> MatchResult:
    return MatchResult(level, total, won, shared, zeros, went_out, abandoned, players=players)


WIN = result(total=40, won=True, zeros=5, went_out=4)
LOSS = result(total=90, zeros=2, went_out=1)
SHARED = result(total=55, won=True, shared=True, zeros=3, went_out=2)
ABANDONED = result(total=12, zeros=1, went_out=1, abandoned=True)


def figures(stats: LevelStats) -> dict[str, Any]:
    return {
        "played": stats.played,
        "won": stats.won,
        "lost": stats.lost,
        "shared": stats.shared,
        "abandoned": stats.abandoned,
        "win_rate": stats.win_rate,
        "best": stats.best_total,
        "worst": stats.worst_total,
        "average": stats.average,
        "zeros": stats.rounds_at_zero,
        "went_out": stats.went_out,
        "streak": stats.current_streak,
        "best_streak": stats.best_streak,
    }


def test_no_match_yet() -> None:
    stats = Stats()
    assert figures(stats.overall) == {
        "played": 0,
        "won": 0,
        "lost": 0,
        "shared": 0,
        "abandoned": 0,
        "win_rate": 0.0,
        "best": None,
        "worst": None,
        "average": None,
        "zeros": 0,
        "went_out": 0,
        "streak": 0,
        "best_streak": 0,
    }
    assert all(stats.for_level(key) == LevelStats() for key in LEVEL_KEYS)
    assert all(stats.for_table(size) == LevelStats() for size in TABLE_SIZES)


@pytest.mark.parametrize(
    ("match", "expected"),
    [
        (
            WIN,
            dict(won=1, lost=0, shared=0, abandoned=0, win_rate=1.0, best=40, worst=40)
            | dict(average=40.0, zeros=5, went_out=4, streak=1, best_streak=1),
        ),
        (
            LOSS,
            dict(won=0, lost=1, shared=0, abandoned=0, win_rate=0.0, best=90, worst=90)
            | dict(average=90.0, zeros=2, went_out=1, streak=0, best_streak=0),
        ),
        (
            SHARED,
            dict(won=1, lost=0, shared=1, abandoned=0, win_rate=1.0, best=55, worst=55)
            | dict(average=55.0, zeros=3, went_out=2, streak=1, best_streak=1),
        ),
        (
            ABANDONED,
            dict(won=0, lost=1, shared=0, abandoned=1, win_rate=0.0, best=None, worst=None)
            | dict(average=None, zeros=1, went_out=1, streak=0, best_streak=0),
        ),
    ],
    ids=["won", "lost", "shared", "abandoned"],
)
def test_one_match(match: MatchResult, expected: dict[str, Any]) -> None:
    stats = Stats().record(match)
    assert figures(stats.overall) == {"played": 1, **expected}
    assert stats.for_level("normal") == stats.overall == stats.for_table(4)
    assert stats.for_level("easy") == LevelStats() == stats.for_table(6)


def test_an_abandoned_match_breaks_the_streak_and_leaves_the_totals_alone() -> None:
    stats = Stats().record(WIN).record(LOSS).record(ABANDONED).overall
    assert (stats.played, stats.won, stats.lost, stats.abandoned) == (3, 1, 2, 1)
    assert (stats.best_total, stats.worst_total, stats.average) == (40, 90, 65.0)
    assert stats.win_rate == pytest.approx(1 / 3)
    streak = Stats().record(WIN).record(WIN).record(ABANDONED).overall
    assert (streak.current_streak, streak.best_streak) == (0, 2)


def test_the_abandoned_rule_is_stated_for_the_screen() -> None:
    for words in ("played", "lost", "streak", "best, worst and average"):
        assert words in ABANDONED_RULE


@pytest.mark.parametrize(
    ("sequence", "current", "best"),
    [
        ("", 0, 0),
        ("WWLWWW", 3, 3),
        ("WWWLW", 1, 3),
        ("WSWAW", 1, 3),
        ("LLL", 0, 0),
        ("WWWWA", 0, 4),
        ("SSLS", 1, 2),
    ],
    ids=["none", "ends-best", "broken", "abandon-breaks", "no-wins", "abandon-last", "shared"],
)
def test_streaks_across_a_sequence(sequence: str, current: int, best: int) -> None:
    kinds = {"W": WIN, "L": LOSS, "S": SHARED, "A": ABANDONED}
    stats = Stats()
    for letter in sequence:
        stats = stats.record(kinds[letter])
    assert (stats.overall.current_streak, stats.overall.best_streak) == (current, best)


def test_levels_are_kept_apart_and_added_up_overall() -> None:
    easy_win = result("easy", 30, won=True, zeros=6, went_out=5)
    hard_loss = result("hard", 120, zeros=1)
    stats = Stats().record(easy_win).record(hard_loss).record(easy_win)
    easy, hard = stats.for_level("easy"), stats.for_level("hard")
    assert (easy.played, easy.won, easy.current_streak, easy.best_streak) == (2, 2, 2, 2)
    assert (hard.played, hard.won, hard.best_total) == (1, 0, 120)
    assert stats.for_level("normal") == LevelStats()
    overall = stats.overall
    assert (overall.played, overall.won, overall.rounds_at_zero, overall.went_out) == (3, 2, 13, 10)
    assert (overall.current_streak, overall.best_streak) == (1, 1), "the loss broke it overall"
    assert (overall.best_total, overall.worst_total, overall.average) == (30, 120, 60.0)
    assert [key for key, _ in stats.levels] == ["easy", "hard"]


def test_table_sizes_are_kept_apart_and_added_up_overall() -> None:
    heads_up = result("easy", 30, won=True, zeros=6, went_out=5, players=2)
    six = result("hard", 120, zeros=1, players=6)
    stats = Stats().record(heads_up).record(six).record(heads_up).record(result(players=4))
    two, at_six = stats.for_table(2), stats.for_table(6)
    assert (two.played, two.won, two.win_rate, two.current_streak, two.average) == (
        2,
        2,
        1.0,
        2,
        30.0,
    )
    assert (at_six.played, at_six.won, at_six.best_total, at_six.average) == (1, 0, 120, 120.0)
    assert stats.for_table(4).played == 1 and stats.for_table(8) == LevelStats()
    assert [size for size, _ in stats.tables] == [2, 4, 6], "smallest first"
    assert stats.overall.played == 4 and stats.overall.current_streak == 0
    assert stats.for_level("easy") == two, "all the heads-up matches were easy ones"


def test_a_table_size_no_table_has_is_refused() -> None:
    for size in (0, 1, 9):
        with pytest.raises(ValueError, match=f"no table of {size} players"):
            Stats().for_table(size)
    for players in (1, 9, 4.0, True, "4"):
        with pytest.raises(ValueError, match="players must be from 2 to 8"):
            result(players=players)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="table sizes must be distinct"):
        Stats(tables=((6, LevelStats()), (2, LevelStats())))


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        Stats().for_level("expert")
    with pytest.raises(ValueError, match="level must be one of"):
        result("expert")


@pytest.mark.parametrize(
    ("policies", "expected"),
    [
        ({1: "easy", 2: "easy", 3: "easy"}, "easy"),
        ({1: "hard", 2: "hard", 3: "hard"}, "hard"),
        ({0: "greedy", 1: "normal", 2: "normal", 3: "normal"}, "normal"),
        ({1: "easy", 2: "normal", 3: "hard"}, "mixed"),
        ({1: "hard", 2: "hard", 3: "normal"}, "mixed"),
        ({1: "greedy", 2: "greedy", 3: "greedy"}, "custom"),
        ({1: "pkg.mod:Bot", 2: "pkg.mod:Bot", 3: "pkg.mod:Bot"}, "custom"),
        ({1: "normal", 2: "pkg.mod:Bot", 3: "normal"}, "custom"),
    ],
    ids=["easy", "hard", "seat-0-ignored", "mixed", "mixed-two", "greedy", "spec", "one-spec"],
)
def test_level_key(policies: dict[int, str], expected: str) -> None:
    assert level_key(policies, 4) == expected


def test_level_key_needs_the_three_ai_seats() -> None:
    with pytest.raises(ValueError, match="no policy for AI seat 3"):
        level_key({1: "easy", 2: "easy"}, 4)


ROUNDS = ((0, 12, 30, 5), (7, 0, 9, 0), (0, 3, 0, 18))
"""Three rounds' scores of four seats."""


@pytest.mark.parametrize(
    ("winners", "seat", "abandoned", "expected"),
    [
        ((0,), 0, False, result(total=7, won=True, zeros=2, went_out=1)),
        ((0, 2), 2, False, result(total=39, won=True, shared=True, zeros=1, went_out=1)),
        ((0,), 1, False, result(total=15, zeros=1, went_out=1)),
        ((), 0, True, result(total=7, zeros=2, went_out=1, abandoned=True)),
        ((), 0, False, result(total=7, zeros=2, went_out=1)),
    ],
    ids=["won", "shared", "lost", "abandoned", "nobody-wins"],
)
def test_a_result_from_the_facts_of_a_match(
    winners: tuple[int, ...], seat: int, abandoned: bool, expected: MatchResult
) -> None:
    totals = tuple(sum(scores[s] for scores in ROUNDS) for s in range(4))
    assert result_from("normal", totals, winners, ROUNDS, 1, abandoned, seat) == expected


@pytest.mark.parametrize("players", TABLE_SIZES)
def test_a_result_carries_its_table_size(players: int) -> None:
    """The table size is the number of seats the facts give a figure for."""
    totals = tuple(range(10, 10 + players))
    rounds = (tuple(range(players)),)
    found = result_from("normal", totals, (0,), rounds, 1)
    assert found.players == players
    assert Stats().record(found).for_table(players).played == 1


@pytest.mark.parametrize(
    ("facts", "message"),
    [
        (dict(seat=4), "seat 4 is not one of the 4 seats"),
        (dict(winners=(5,)), "winners"),
        (dict(winners=(1, 1)), "winners"),
        (dict(winners=(0,), abandoned=True), "abandoned match has no winners"),
        (dict(round_scores=((0, 1, 2),)), "one figure per seat"),
        (dict(went_out_rounds=4), "went out in 4 rounds"),
        (dict(level="expert"), "level must be one of"),
        (dict(seat_totals=(7,), round_scores=((7,),), seat=0), "players must be from 2 to 8"),
    ],
    ids=[
        "seat",
        "winner-seat",
        "winner-twice",
        "abandoned-won",
        "row",
        "out",
        "level",
        "one-seat",
    ],
)
def test_facts_that_do_not_fit_are_refused(facts: dict[str, Any], message: str) -> None:
    arguments: dict[str, Any] = dict(
        level="normal",
        seat_totals=(7, 15, 39, 23),
        winners=(0,),
        round_scores=ROUNDS,
        went_out_rounds=1,
    )
    with pytest.raises(ValueError, match=message):
        result_from(**(arguments | facts))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (dict(shared=True), "shared needs won"),
        (dict(won=True, abandoned=True), "cannot be won"),
        (dict(total=-1), "total must be a whole number"),
        (dict(zeros=True), "rounds_at_zero must be a whole number"),
        (dict(won=1), "won must be True or False"),
    ],
    ids=["shared-not-won", "abandoned-won", "negative", "bool-count", "int-flag"],
)
def test_a_result_that_cannot_be_is_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        result(**fields)


results = st.builds(
    lambda level, total, outcome, zeros, went_out, players: MatchResult(
        level,
        total,
        won=outcome in ("won", "shared"),
        shared=outcome == "shared",
        rounds_at_zero=zeros + went_out,
        went_out=went_out,
        abandoned=outcome == "abandoned",
        players=players,
    ),
    st.sampled_from(LEVEL_KEYS),
    st.integers(0, 400),
    st.sampled_from(["won", "shared", "lost", "abandoned"]),
    st.integers(0, 11),
    st.integers(0, 11),
    st.sampled_from(TABLE_SIZES),
)


def recorded(sequence: list[MatchResult]) -> Stats:
    stats = Stats()
    for match in sequence:
        stats = stats.record(match)
    return stats


@given(st.lists(results, max_size=30))
def test_the_json_form_round_trips(sequence: list[MatchResult]) -> None:
    stats = recorded(sequence)
    document = json.loads(json.dumps(stats.to_json()))
    assert document["format"] == FORMAT
    assert Stats.from_json(document) == stats


def longest_run(wins: list[bool]) -> tuple[int, int]:
    """The current and the longest run of True, counted the plain way."""
    runs = "".join("W" if won else "-" for won in wins).split("-")
    return len(runs[-1]), max(len(run) for run in runs)


@given(st.lists(results, max_size=30))
def test_the_figures_agree_with_counting_by_hand(sequence: list[MatchResult]) -> None:
    stats = recorded(sequence)
    parts: list[tuple[LevelStats, list[MatchResult]]] = [
        (stats.overall, sequence),
        *((stats.for_level(key), [m for m in sequence if m.level == key]) for key in LEVEL_KEYS),
        *((stats.for_table(n), [m for m in sequence if m.players == n]) for n in TABLE_SIZES),
    ]
    for figures, chosen in parts:
        totals = [m.total for m in chosen if not m.abandoned]
        assert figures.played == len(chosen)
        assert figures.won == sum(m.won for m in chosen)
        assert figures.shared == sum(m.shared for m in chosen)
        assert figures.abandoned == sum(m.abandoned for m in chosen)
        assert figures.rounds_at_zero == sum(m.rounds_at_zero for m in chosen)
        assert figures.went_out == sum(m.went_out for m in chosen)
        assert figures.best_total == min(totals, default=None)
        assert figures.worst_total == max(totals, default=None)
        assert figures.average == (sum(totals) / len(totals) if totals else None)
        expected = longest_run([m.won for m in chosen])
        assert (figures.current_streak, figures.best_streak) == expected


def document() -> dict[str, Any]:
    """A valid document: an easy win heads-up and an abandoned hard match at six."""
    stats = Stats().record(result("easy", 40, won=True, zeros=3, went_out=2, players=2))
    return stats.record(result("hard", 10, zeros=1, abandoned=True, players=6)).to_json()


def put(path: tuple[str, ...], value: Any) -> Callable[[dict[str, Any]], Any]:
    def change(data: dict[str, Any]) -> Any:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return data

    return change


def drop(path: tuple[str, ...]) -> Callable[[dict[str, Any]], Any]:
    def change(data: dict[str, Any]) -> Any:
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
        return data

    return change


MALFORMED: dict[str, tuple[Callable[[dict[str, Any]], Any], str]] = {
    "list": (lambda data: [data], "expected a JSON object, found list"),
    "string": (lambda data: "stats", "expected a JSON object, found str"),
    "null": (lambda data: None, "expected a JSON object, found NoneType"),
    "no-format": (drop(("format",)), "no integer 'format' \\(found None\\)"),
    "format-null": (put(("format",), None), "no integer 'format' \\(found None\\)"),
    "format-text": (put(("format",), "1"), "no integer 'format' \\(found '1'\\)"),
    "format-bool": (put(("format",), True), "no integer 'format' \\(found True\\)"),
    "format-float": (put(("format",), 1.0), "no integer 'format' \\(found 1.0\\)"),
    "format-newer": (put(("format",), FORMAT + 1), "comes from a newer version"),
    "format-zero": (put(("format",), 0), "unknown format 0"),
    "unknown-key": (put(("extra",), 1), "unknown key 'extra'"),
    "no-overall": (drop(("overall",)), "missing key 'overall'"),
    "no-levels": (drop(("levels",)), "missing key 'levels'"),
    "overall-list": (put(("overall",), []), "'overall' must be a JSON object"),
    "levels-list": (put(("levels",), []), "'levels' must be a JSON object"),
    "unknown-level": (put(("levels", "expert"), {}), "unknown level 'expert'"),
    "level-missing": (drop(("levels", "easy", "won")), "'easy': missing key 'won'"),
    "level-unknown": (put(("levels", "easy", "lost"), 0), "'easy': unknown key 'lost'"),
    "negative": (put(("levels", "easy", "went_out"), -1), "went_out must be a whole number"),
    "float": (put(("overall", "played"), 2.0), "played must be a whole number"),
    "text": (put(("levels", "hard", "played"), "1"), "played must be a whole number"),
    "bool": (put(("levels", "hard", "abandoned"), True), "abandoned must be a whole number"),
    "best-text": (put(("levels", "easy", "best_total"), "40"), "best_total must be"),
    "won-gt-played": (put(("levels", "easy", "won"), 2), "more than the matches played"),
    "streak-gt-won": (put(("levels", "easy", "best_streak"), 2), "current ≤ best ≤ won"),
    "best-gt-worst": (put(("levels", "easy", "best_total"), 41), "totals do not fit"),
    "no-best": (put(("levels", "easy", "best_total"), None), "need a best and a worst"),
    "abandoned-best": (put(("levels", "hard", "best_total"), 10), "no finished match"),
    "overall-sum": (put(("overall", "rounds_at_zero"), 5), "not the sum of the levels"),
    "overall-worst": (put(("overall", "worst_total"), 45), "overall best and worst totals"),
    "no-tables": (drop(("tables",)), "missing key 'tables'"),
    "tables-list": (put(("tables",), []), "'tables' must be a JSON object"),
    "table-nine": (put(("tables", "9"), {}), "unknown table size '9'; table sizes: 2, 3,"),
    "table-padded": (put(("tables", "02"), {}), "unknown table size '02'"),
    "table-word": (put(("tables", "two"), {}), "unknown table size 'two'"),
    "table-missing": (drop(("tables", "2", "won")), "table size '2': missing key 'won'"),
    "table-negative": (put(("tables", "6", "played"), -1), "played must be a whole number"),
    "table-dropped": (drop(("tables", "6")), "not the sum of the table sizes'"),
    "tables-sum": (put(("tables", "2", "went_out"), 1), "went_out is not the sum of the table"),
    "tables-worst": (put(("tables", "2", "best_total"), 39), "best and worst totals are not"),
}


@pytest.mark.parametrize("name", list(MALFORMED), ids=list(MALFORMED))
def test_malformed_statistics_are_refused(name: str) -> None:
    change, message = MALFORMED[name]
    assert Stats.from_json(document()) is not None, "the unchanged document reads"
    data = change(copy.deepcopy(document()))
    with pytest.raises(ValueError, match=message):
        Stats.from_json(data)


def test_the_level_of_a_table_of_two_to_eight_is_set_by_all_its_opponents() -> None:
    assert level_key({1: "easy"}, 2) == "easy"
    assert level_key(dict.fromkeys(range(1, 8), "hard"), 8) == "hard"
    assert level_key({**dict.fromkeys(range(1, 7), "hard"), 7: "easy"}, 8) == "mixed"
    with pytest.raises(ValueError, match="seat 5"):
        level_key(dict.fromkeys(range(1, 5), "easy"), 6)


def format_1(stats: Stats) -> dict[str, Any]:
    """``stats`` as the version before table sizes wrote it."""
    document = format_2(stats)
    del document["tables"]
    return {**document, "format": 1}


def format_2(stats: Stats) -> dict[str, Any]:
    """``stats`` as the version before the tokens of the matches counted wrote it."""
    document = stats.to_json()
    del document["counted"]
    return {**document, "format": 2}


def test_format_1_is_upgraded_with_every_match_at_a_table_of_four() -> None:
    before = Stats().record(WIN).record(ABANDONED).record(result("hard", 70, players=4))
    old = format_1(before)
    kept = copy.deepcopy(old)
    read = Stats.from_json(old)
    assert read == before and read.for_table(4) == read.overall
    assert [size for size, _ in read.tables] == [4]
    assert old == kept, "the document read is left as it was"
    assert read.to_json()["format"] == FORMAT == 3


def test_format_2_is_upgraded_with_no_match_counted_by_token() -> None:
    before = Stats().record(WIN, "20261205-011500-00000001")
    read = Stats.from_json(format_2(before))
    assert read == before and read.counted == ()
    with pytest.raises(ValueError, match="format 2 has none"):
        Stats.from_json({**format_2(before), "counted": []})


def test_the_latest_tokens_counted_are_kept_and_read_back() -> None:
    stats = Stats()
    for number in range(COUNTED_KEPT + 5):
        stats = stats.record(WIN, f"20261205-011500-{number:08x}")
    assert len(stats.counted) == COUNTED_KEPT and stats.counted[-1].endswith("00000018")
    assert Stats.from_json(stats.to_json()).counted == stats.counted
    with pytest.raises(ValueError, match="counted"):
        Stats.from_json({**stats.to_json(), "counted": [7]})


def test_format_1_without_a_match_has_no_table_size() -> None:
    assert Stats.from_json(format_1(Stats())) == Stats()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (put(("tables",), {}), "unknown key 'tables' \\(format 1 has none\\)"),
        (drop(("overall",)), "missing key 'overall'"),
        (put(("overall",), [1]), "'overall' must be a JSON object"),
        (put(("overall", "played"), "5"), "played must be a whole number"),
        (put(("levels", "normal", "went_out"), 0), "went_out is not the sum of the levels"),
    ],
    ids=["tables-already", "no-overall", "overall-list", "played-text", "levels-sum"],
)
def test_a_malformed_format_1_is_refused_as_strictly_as_before(
    change: Callable[[dict[str, Any]], Any], message: str
) -> None:
    old = format_1(Stats().record(result("easy", 40, won=True)).record(LOSS))
    with pytest.raises(ValueError, match=message):
        Stats.from_json(change(old))


def test_the_chain_of_upgrades_reaches_the_current_format() -> None:
    assert sorted(UPGRADES) == list(range(1, FORMAT))
