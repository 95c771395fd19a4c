"""The coach: the wild rank when a round begins, then going out, a completed meld or the
dead weight once you have drawn; only in your first matches, and only with the setting on."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.ai.hint import suggest
from game.ai.planner import HardPolicy
from game.engine.actions import Action, Discard, Draw, DrawSource, LayDown, LayOffCard
from game.engine.open_table import readings
from game.engine.rules import RuleSet
from game.engine.view import PlayerView
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.player_stats import result_from
from game.ui.table.coach import coach_tip
from game.words.contract_words import contract_words
from tests.engine.match_tools import rig
from tests.ui.driver import make_app, step_until, table_of, wait_until
from tests.ui.every_screen import late_saved_match, profile_with

TWO = RuleSet(players=2)


def tip(view: PlayerView) -> str | None:
    """The coach's words for ``view``, with the hint's decision for it."""
    advice = suggest(view) if view.is_my_turn else None
    told = coach_tip(view, advice)
    return None if told is None else told.text


def test_a_round_begins_with_its_wild_rank() -> None:
    match = rig(TWO, ["7H 8H KC QD 2S", "AC 2D 3H 4S 6D"], discard="9H", round_index=2)
    assert (
        tip(match.view_for(0))
        == "Coach: Fives are wild this round: a wild card stands for any card in a meld"
    )
    assert tip(match.view_for(1)) is None, "not your turn: no tip"


def test_going_out_is_named() -> None:
    match = rig(TWO, ["7H 8H 9H QD", "AC 2D 3H 4S"], discard="QC", stock_top="4S", round_index=1)
    match.apply(Draw(DrawSource.STOCK))
    assert tip(match.view_for(0)) == "Coach: discard the Q♦ and you go out!"


def test_a_drawn_card_that_completes_a_meld() -> None:
    match = rig(TWO, ["7H 8H KC QD 2S", "AC 2D 3H 4S 6D"], discard="9H", round_index=2)
    match.apply(Draw(DrawSource.DISCARD))
    assert tip(match.view_for(0)) == (
        "Coach: the 9♥ you drew completes 7♥ 8♥ 9♥: discard the K♣"
    ), "the discard it names is the hint's"


def test_dead_weight_is_named_with_its_cost() -> None:
    match = rig(
        TWO, ["7H 8H 9H KC 2S", "AC 2D 3H 4S 6D"], discard="JD", stock_top="3C", round_index=2
    )
    match.apply(Draw(DrawSource.STOCK))
    assert tip(match.view_for(0)) == (
        "Coach: the K♣ fits no meld: it would cost 10 points at the round's end"
    )


OPEN = RuleSet(players=2, table="open")


def test_an_open_table_round_begins_with_its_moves() -> None:
    match = rig(OPEN, ["7H 8H KC QD 2S", "AC 2D 3H 4S 6D"], discard="9H", round_index=2)
    assert tip(match.view_for(0)) == (
        "Coach: Fives are wild this round; open table: after drawing, lay down melds or add"
        " cards to melds on the table"
    )
    contracts = replace(OPEN, contracts=True)
    match = rig(contracts, ["7H 8H KC QD 2S", "AC 2D 3H 4S 6D"], discard="9H", round_index=2)
    contract = match.contract
    assert contract is not None
    assert tip(match.view_for(0)) == (
        "Coach: Fives are wild this round; open table: your first lay-down must be"
        f" {contract_words(contract)}, then you may add cards to any meld on the table"
    )


def test_at_the_open_table_the_hints_lay_moves_and_a_card_that_fits_are_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = rig(
        OPEN, ["7H 8H 9H KC 2S", "AC 2D 3H 4S 6D"], discard="JD", stock_top="10H", round_index=2
    )
    match.apply(Draw(DrawSource.STOCK))
    cards = [card for card in match.hands[0] if card.pretty() in ("7♥", "8♥", "9♥")]
    down = LayDown((readings(cards, match.wild_rank, match.rules)[0],))
    chosen: list[Action] = [down]
    monkeypatch.setattr(HardPolicy, "choose", lambda _self, _view: chosen[0])
    assert tip(match.view_for(0)) == "Coach: lay down 7♥ 8♥ 9♥: on the table they count 0"
    match.apply(down)
    ten, king = (next(c for c in match.hands[0] if c.pretty() == p) for p in ("10♥", "K♣"))
    chosen[0] = LayOffCard(ten, 0, 10)
    assert tip(match.view_for(0)) == (
        "Coach: lay the 10♥ off onto your meld 7♥ 8♥ 9♥: there it counts 0"
    )
    chosen[0] = Discard(king)
    told = coach_tip(match.view_for(0), suggest(match.view_for(0)))
    assert told is not None and told.discard == king, "the discard is still the hint's"
    assert told.text == ("Coach: lay the 10♥ off onto your meld 7♥ 8♥ 9♥, then discard the K♣"), (
        "the 10♥ fits the run on the table"
    )


@pytest.mark.slow
def test_the_table_coaches_a_new_player_only(tmp_path: Path) -> None:
    Memory(Profile(tmp_path)).save_match(late_saved_match())
    app = make_app(profile=str(tmp_path), resume=True, mute=True, ai_process=False)
    try:
        table = table_of(app)
        step_until(app, lambda: table.your_turn and not table.busy)
        assert table.play(Draw(DrawSource.STOCK))
        wait_until(app, lambda: not table.busy and table.picture().coach is not None)
        said = table.picture().coach
        assert said is not None and said.startswith("Coach: ")
        app.text.drawn = []
        app.draw()
        assert said in [drawn.shown for drawn in app.text.drawn]
        app.text.drawn = None
        app.memory.save_settings(app.memory.settings.changed(language="fr"))
        app.apply_settings()
        french = table.picture().coach
        assert french is not None and french.startswith("Coach : "), "the tip follows the language"
    finally:
        app.close()
    folder = profile_with(late_saved_match())
    Memory(Profile(Path(folder))).record(
        result_from("easy", (1, 2, 3, 4), (0,), ((1, 2, 3, 4),), 0)
    )
    seasoned = make_app(profile=folder, resume=True, mute=True)
    try:
        table = table_of(seasoned)
        step_until(seasoned, lambda: table.your_turn and not table.busy)
        assert table.play(Draw(DrawSource.STOCK))
        step_until(seasoned, lambda: not table.busy)
        assert seasoned.memory.stats.overall.played >= 3 and table.picture().coach is None
    finally:
        seasoned.close()
