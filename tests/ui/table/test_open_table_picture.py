"""The open table as drawn: melds in front of four seats (a wild among them tagged with
what it stands for), clear of every text, at several window sizes.

Set ``THREE_THIRTEEN_SHOTS`` to a folder to keep a screenshot of each table looked at.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.actions import Discard, Draw, DrawSource, LayDown
from game.engine.cards import parse_cards
from game.engine.match import Match
from game.engine.open_table import readings
from game.engine.rules import RuleSet
from game.ui.seen.meld_layout import meld_areas
from game.ui.seen.stage import rect_of
from tests.engine.match_tools import rig
from tests.ui.every_screen import overlaps
from tests.ui.rigged import at_rest, open_rigged
from tests.ui.table.test_contract_table import look

SIZES = [(800, 600), (1280, 800), (2560, 1440)]
HANDS = (
    "7H 8H 9H KC QD 2S",
    "4C 4D 4S 10D KH 2H",
    "9C 10C 6D QH 3D AS",
    "8S 8C 8D 5S 3C 7D",
)
"""Round 4 (six cards, sixes wild): each seat holds a meld; Top's run has the 6♦ for J♣."""
TURNS = ((1, "4C 4D 4S", "KH"), (2, "9C 10C 6D", "QH"), (3, "8S 8C 8D", "7D"))


def four_seats_laid_down() -> Match:
    """Left, Top and Right have laid down and discarded; you have drawn the J♠ and laid
    down 7♥ 8♥ 9♥ (the actions dropped: a rigged position)."""
    rules = RuleSet(table="open")
    match = rig(rules, HANDS, discard="5D", stock_top="2D AC AH JS", round_index=3, current_seat=1)
    for _seat, meld, thrown in TURNS:
        match.apply(Draw(DrawSource.STOCK))
        match.apply(lay_down(match, meld))
        match.apply(Discard(parse_cards(thrown)[0]))
    match.apply(Draw(DrawSource.STOCK))
    match.apply(lay_down(match, "7H 8H 9H"))
    document = match.to_json()
    document["actions"] = []
    return Match.from_json(document, verify=False)


def lay_down(match: Match, cards: str) -> LayDown:
    return LayDown((readings(parse_cards(cards), match.wild_rank, match.rules)[0],))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_seats_melds_lie_in_its_area_clear_of_every_text(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = open_rigged(tmp_path, four_seats_laid_down(), size)
    try:
        table = at_rest(app)
        seen = look(app, f"open-table-{size[0]}x{size[1]}")
        assert not overlaps(seen)
        sprites = table.playback.stage.sprites
        texts = [drawn for drawn in seen.texts if drawn.rect.width]
        for placed in table.match.table:
            areas = meld_areas(table.layout, placed.owner)
            for card in placed.meld.cards:
                rect = rect_of(sprites[card])
                assert sprites[card].pose.face_up
                assert any(area.contains(rect) for area in areas), (placed.owner, rect, areas)
                hit = [d.message for d in texts if d.rect.colliderect(rect) and d.message != "J♣"]
                assert not hit, (card, hit)
        tags = [drawn.message for drawn in seen.texts]
        assert tags.count("J♣") == 1, "the wild of Top's run is tagged with the card it stands for"
    finally:
        app.close()
