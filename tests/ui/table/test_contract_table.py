"""The table speaks of the contract: its corner, the round's title and log line, the coach's
first tip, the GO OUT badges and the coach's going out (the engine's word, contract and all),
the round summary and the rules screen.

Set ``THREE_THIRTEEN_SHOTS`` to a folder to keep a screenshot of each table looked at.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.ai.hint import Why, reason_for, suggest
from game.engine.actions import Discard, Draw, DrawSource
from game.engine.cards import Card, Rank
from game.engine.contracts import Contract
from game.engine.events import RoundStarted
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.settings import Settings
from game.ui.app import App
from game.ui.kit.type_scale import TypeScale
from game.ui.screens.rules_screen import RulesScene
from game.ui.seen.action_log import log_line
from game.ui.table.coach import coach_tip
from game.ui.table.round_summary import RoundSummaryScene
from game.ui.table.table import TableScene
from game.words.seat_words import Seating
from game.words.table_words import contract_line
from tests.engine.match_tools import rig
from tests.ui.driver import FRAME, step_until, table_of, wait_until
from tests.ui.every_screen import Seen, overlaps, scale_problems
from tests.ui.rigged import CROWDED_HANDS, at_rest, open_rigged

CONTRACTS = RuleSet(contracts=True)
SIZES = [(800, 600), (1280, 800), (2560, 1440)]
OTHERS = ["2C 9D KD 5S", "5C 8C JH 6D", "QS AD 10C 3S"]
"""The other seats' four cards in the second round (fours wild, a run the contract)."""


def four_of_a_kind() -> Match:
    """Round 2 (a run the contract): you hold 7♥ 7♦ 7♣ Q♦ and drew the 7♠. Without the
    Q♦ your hand melds completely, as a set: no run, no going out."""
    match = rig(CONTRACTS, ["7H 7D 7C QD", *OTHERS], discard="KS", stock_top="7S", round_index=1)
    match.apply(Draw(DrawSource.STOCK))
    return match


def a_run() -> Match:
    """Round 2: you hold 7♥ 8♥ 9♥ Q♦ and drew the 10♥: the Q♦'s discard leaves a run."""
    match = rig(CONTRACTS, ["7H 8H 9H QD", *OTHERS], discard="KS", stock_top="10H", round_index=1)
    match.apply(Draw(DrawSource.STOCK))
    return match


def look(app: App, name: str) -> Seen:
    """Draw a frame and keep what it drew (kept as a screenshot under THREE_THIRTEEN_SHOTS)."""
    app.text.drawn, app.text.buttons = [], []
    app.draw()
    seen = Seen(name, app.text.drawn, app.screen, app.text.buttons)
    app.text.drawn = app.text.buttons = None
    folder = os.environ.get("THREE_THIRTEEN_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(folder) / f"{name}.png"))
    return seen


def in_language(folder: Path, match: Match, size: tuple[int, int], language: str) -> App:
    """The rigged table of ``match``, the profile speaking ``language``."""
    Memory(Profile(folder)).save_settings(Settings(language=language))
    app = open_rigged(folder, match, size)
    app.step(FRAME)
    assert i18n.language() == language
    return app


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_corner_names_the_contract(
    tmp_path: Path, language: str, size: tuple[int, int]
) -> None:
    """The last round's contract (two sets and two runs, the widest of the usual schedule)
    under the wild rank, with the last turns below it: clear of every other text, on the
    type scale."""
    match = rig(CONTRACTS, CROWDED_HANDS, discard="QC", stock_top="8H", round_index=10)
    app = in_language(tmp_path, match, size, language)
    try:
        table = table_of(app)
        step_until(app, lambda: table.your_turn and not table.busy)
        table.shown.last_turns = True  # the corner at its fullest
        seen = look(app, f"corner-{language}-{size[0]}")
        corner = table.layout.corner_box
        said = " ".join(d.message for d in seen.texts if corner.contains(d.rect))
        assert contract_line(Contract(2, 2)) in said, said
        assert i18n._("Last turns") in said
        assert overlaps(seen) == []
        assert scale_problems(seen, TypeScale.for_window(size)) == []
    finally:
        app.close()
        i18n.use("en")


def test_the_round_title_and_its_log_line_name_the_contract() -> None:
    started = RoundStarted(6, 9, Rank.NINE, 1, 1)
    seating = Seating()
    assert log_line(started, seating, 11) == "Round 7 of 11 — Nines are wild"
    assert log_line(started, seating, 11, contracts=True) == (
        "Round 7 of 11 — Nines are wild — contract: 3 sets"
    )


def test_the_first_tip_of_a_round_says_the_contract() -> None:
    match = rig(CONTRACTS, ["7H 8H 9H QD", *OTHERS], discard="KS", round_index=1)
    tip = coach_tip(match.view_for(0))
    assert tip is not None
    assert tip.text == "Coach: Fours are wild this round; to go out, your melds must include 1 run"


def test_the_hint_says_going_out_only_under_the_contract() -> None:
    """Taking the 7♠ or discarding the Q♦ after it leaves a set of four: not a run."""
    hands = ["7H 7D 7C QD", *OTHERS]
    for rules, going in ((CONTRACTS, False), (RuleSet(), True)):
        before = rig(rules, hands, discard="7S", round_index=1).view_for(0)
        taking = reason_for(before, Draw(DrawSource.DISCARD)).why
        assert (taking is Why.TAKE_TO_GO_OUT) is going, (rules.contracts, taking)
        match = rig(rules, hands, discard="KS", stock_top="7S", round_index=1)
        match.apply(Draw(DrawSource.STOCK))
        view = match.view_for(0)
        queen = next(card for card in view.hand if card == Card.parse("QD"))  # its very card
        discarding = reason_for(view, Discard(queen)).why
        assert (discarding is Why.DISCARD_TO_GO_OUT) is going, (rules.contracts, discarding)


def test_a_complete_hand_without_the_contract_is_no_going_out(tmp_path: Path) -> None:
    """A set of four meets no run: no badge, no green pile, and neither the hint nor the
    coach says it goes out (without contracts it would)."""
    match = four_of_a_kind()
    assert match.going_out_discards() == ()
    blind = rig(RuleSet(), ["7H 7D 7C QD", *OTHERS], discard="KS", stock_top="7S", round_index=1)
    blind.apply(Draw(DrawSource.STOCK))
    assert blind.going_out_discards() == (Card.parse("QD"),), "the contract is what stops it"
    view = match.view_for(0)
    advice = suggest(view)
    assert advice.reason.why is not Why.DISCARD_TO_GO_OUT
    app = open_rigged(tmp_path, match)
    try:
        table = at_rest(app)
        assert table.picture().go_out == frozenset()
        assert not any(table.goes_out(card) for card in table.hand)
        wait_until(app, lambda: table.picture().coach is not None)
        seen = look(app, "no-contract-1280")
        assert not any(d.shown == "GO OUT" for d in seen.texts)
        coach = table.picture().coach
        assert coach is not None and "go out" not in coach, coach
    finally:
        app.close()


@pytest.mark.slow
def test_a_hand_that_meets_the_contract_goes_out_and_the_summary_says_so(
    tmp_path: Path,
) -> None:
    match = a_run()
    queen = Card.parse("QD")
    assert match.going_out_discards() == (queen,)
    app = open_rigged(tmp_path, match)
    try:
        table = at_rest(app)
        assert table.picture().go_out == {queen}
        wait_until(app, lambda: table.picture().coach is not None)
        seen = look(app, "contract-met-1280")
        assert sum(d.shown == "GO OUT" for d in seen.texts) == 1
        assert table.picture().coach == "Coach: discard the Q♦ and you go out!"
        assert table.play(Discard(queen))
        wait_until(app, lambda: isinstance(app.stack.top, RoundSummaryScene), 60.0)
        summary = app.stack.top
        assert isinstance(summary, RoundSummaryScene)
        assert summary.name_line(0) == "You (went out, contract met)"
        assert summary.name_line(1) == "Left"
        look(app, "contract-met-summary-1280")
    finally:
        app.close()


def test_the_rules_screen_lists_the_contracts(tmp_path: Path) -> None:
    app = open_rigged(tmp_path, a_run())
    try:
        assert isinstance(app.stack.top, TableScene)
        scene = RulesScene(app, CONTRACTS)
        app.push(scene)
        app.step(FRAME)
        said: list[str] = []
        while True:
            said += [d.message for d in look(app, "rules-contracts").texts]
            if scene.scroll + scene.visible >= len(scene.laid_out):
                break
            scene.scroll += scene.visible
        assert any(
            line.startswith("The contracts: 3 cards: 1 set; 4 cards: 1 run") for line in said
        )
    finally:
        app.close()
