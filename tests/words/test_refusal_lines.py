"""Every refusal the engine gives has its line for the player, in every language; the lines
of the open table name the card and the round's contract where they speak of them."""

from __future__ import annotations

import pytest

from game import i18n
from game.engine.actions import LayDown, LayOffCard
from game.engine.cards import parse_cards
from game.engine.contracts import Contract
from game.engine.legality import Refusal
from game.words.card_words import card_short
from game.words.contract_words import contract_words
from game.words.table_words import REFUSALS, refusal_line


def test_every_refusal_has_a_line() -> None:
    assert set(REFUSALS) == set(Refusal)


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_open_tables_lines_name_the_card_and_the_contract(language: str) -> None:
    i18n.use(language)
    try:
        card = parse_cards("QC")[0]
        off = LayOffCard(card, 0, 12)
        for refusal in Refusal:
            assert "{" not in refusal_line(refusal, off, Contract(2, 1))
        assert card_short(card) in refusal_line(Refusal.DOES_NOT_FIT, off)
        contract = refusal_line(Refusal.NOT_THE_CONTRACT, LayDown(()), Contract(2, 1))
        assert contract.endswith(contract_words(Contract(2, 1)))
    finally:
        i18n.use("en")
