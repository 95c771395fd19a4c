"""Open the window on a rigged match (``tests.engine.match_tools.rig``), you to move."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.actions import Discard, Draw, DrawSource, LayDown
from game.engine.cards import parse_cards
from game.engine.match import Match
from game.engine.open_table import readings
from game.engine.rules import RuleSet
from game.engine.seating import default_names
from game.profile.saved_match import SavedMatch
from game.seats.messages import seat_rng_state
from game.ui.app import App
from game.ui.table.table import TableScene
from tests.engine.match_tools import rig
from tests.ui.driver import FRAME, make_app, post, step_until, table_of

CROWDED_HANDS = (
    "AH 2H 3H 4H 5H 6H 7H 8C 8D 8S 9C 10C JC",
    "2C 7D KD QC JS 3S 4S 5S 6S 7S 9S 10S JD",
    "5C 9H JH 6D 7C 2D 3D 4D 5D 6C 10D QD AD",
    "QS AS 10H 9D 2S 3C 4C QH KH KS KC AC JD",
)
"""The last round's thirteen cards each: you draw the 8♥, and nine of your cards go out."""


def crowded_last_round() -> Match:
    """The last round, you to discard with :data:`CROWDED_HANDS` and the 8♥ drawn."""
    match = rig(RuleSet(), CROWDED_HANDS, discard="QC", stock_top="8H", round_index=10)
    match.apply(Draw(DrawSource.STOCK))
    return match


def open_rigged(
    folder: Path,
    match: Match,
    size: tuple[int, int] = (1280, 800),
    ai_process: bool = False,
    language: str | None = None,
) -> App:
    """A window (the AI on a thread unless ``ai_process``, its profile in ``folder``) at the
    table of ``match``, its other seats easy. A rigged match cannot be read back from a save
    (no actions lead to it), so the table is handed the match itself."""
    app = make_app(
        profile=str(folder), mute=True, ai_process=ai_process, size=size, language=language
    )
    app.replace(rigged_table(app, match))
    return app


def rigged_table(app: App, match: Match) -> TableScene:
    """The table of the rigged ``match`` in ``app``'s window, its other seats easy."""
    policies = dict.fromkeys(range(1, match.players), "easy")
    states = {seat: seat_rng_state(match.seed, seat) for seat in policies}
    names = default_names(match.players)
    saved = SavedMatch(match, policies, names, tuple(match.hands[0]), states)
    table = TableScene.resumed(app, saved)
    table.playback.banner = None  # the round's title, as a resume announces it: let go
    return table


def screenshot(app: App, path: str, size: tuple[int, int] | None = None) -> None:
    """Save the window (resized to ``size`` first) as a PNG at ``path`` after a few frames."""
    if size is not None:
        post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    for _ in range(40):  # a card lifted has settled
        app.step(FRAME)
    app.save_screenshot(path)


def at_rest(app: App) -> TableScene:
    """The rigged table once you have drawn and it is yours to discard."""
    table = table_of(app)
    step_until(app, lambda: table.your_turn and table.drawn)
    return table


def laid(match: Match, cards: str) -> LayDown:
    """A lay-down of ``cards`` as one meld."""
    return LayDown((readings(parse_cards(cards), match.wild_rank, match.rules)[0],))


def unplayed(match: Match) -> Match:
    """``match`` as a rigged position: its actions (from a rig, not from its seed) dropped."""
    document = match.to_json()
    document["actions"] = []
    return Match.from_json(document, verify=False)


JUNK = ("4C 6D QS", "5C 7D KS", "4D 6S QD", "5D 7S KD", "4S 6C QH", "5S 7C KH", "4H 6H QC")
"""Three cards for each seat that plays no part (a first round's hand)."""


def taken_back(players: int) -> Match:
    """The first round (threes wild) at a table of ``players``, you to draw: the discard
    pile's top is the J♠ (once taken, it may not go back this turn)."""
    hands = ["2C 9H 10D", *JUNK[: players - 1]]
    return rig(RuleSet(players=players), hands, discard="8C JS", stock_top="AD")


def meld_to_miss(players: int) -> Match:
    """The third round at the open table (fives wild) of ``players``: the next seat has laid
    down 9♠ 10♠ J♠, you have laid down 9♥ 10♥ J♥ and hold 8♠ Q♣ 2♦, to discard (the 8♠
    fits the spades, the Q♣ fits no meld)."""
    rules = RuleSet(players=players, table="open")
    fillers = [" ".join(f"{rank}{suit}" for rank in ("3", "4", "6", "7", "8")) for suit in "CD"]
    others = [fillers[seat % 2] for seat in range(2, players)]
    thrown = ["KH", "KS", "QH", "QS", "QD", "KC"][: players - 2]
    match = rig(
        rules,
        ["9H 10H JH 8S QC", "9S 10S JS KD 2C", *others],
        stock_top=" ".join(["AD", *thrown, "2D"]),
        round_index=2,
        current_seat=1,
    )
    match.apply(Draw(DrawSource.STOCK))
    match.apply(laid(match, "9S 10S JS"))
    match.apply(Discard(parse_cards("KD")[0]))
    _throw_until_yours(match)
    match.apply(Draw(DrawSource.STOCK))
    match.apply(laid(match, "9H 10H JH"))
    return unplayed(match)


def goer_of(players: int) -> int:
    """The seat that goes out in :func:`going_out`: one with seats between it and you."""
    return players // 2


def going_out(players: int, played: bool = False) -> Match:
    """The first round at a table of ``players``, the seat :func:`goer_of` to draw the K♦ and
    go out with 7♥ 8♥ 9♥ (easy seats keep it: the K♦ is its only card to throw); with
    ``played``, it has gone out and the seats after it have played their last turns: yours
    is next."""
    goer = goer_of(players)
    hands = [*JUNK[:goer], "7H 8H 9H", *JUNK[goer : players - 1]]
    hands[0] = "2C 9D 10D"
    match = rig(
        RuleSet(players=players),
        hands,
        stock_top="KD QC KC QH",
        current_seat=goer,
        discard="KC",
        turns_played=players,  # not your first turn of the round: the coach has spoken
    )
    if played:
        _throw_until_yours(match)  # the goer first: it throws the K♦ it drew, and goes out
        match = unplayed(match)
    return match


def _throw_until_yours(match: Match) -> None:
    """The seats before yours draw from the stock and throw what they drew."""
    while match.current_seat != 0:
        match.apply(Draw(DrawSource.STOCK))
        match.apply(Discard(match.hands[match.current_seat][-1]))
