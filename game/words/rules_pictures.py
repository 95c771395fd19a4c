"""The rules' pictures: each idea of the rules shown with cards, for the rule set in force.

A picture is a caption and a row of cards, each with a mark under it where it needs one (what
a wild stands for, a card's points, the card you throw). Every picture is asked of the engine
before it is shown (the meld is read by :func:`~game.engine.open_table.readings`, the hand
goes out by :func:`~game.engine.solver.is_complete`, the points are the rule set's), so a
rule set where it would not hold shows none rather than a false one.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.cards import Card, Rank, parse_cards, wild_rank_for
from game.engine.contracts import contract_for
from game.engine.melds import MeldKind
from game.engine.open_table import readings
from game.engine.rules import RuleSet
from game.engine.solver import is_complete
from game.i18n import _
from game.words.card_words import card_short, leftover_sum, stands_short
from game.words.contract_words import contract_words


@dataclass(frozen=True, slots=True)
class Picture:
    """An idea of the rules shown with cards."""

    caption: str
    """What it shows, in the language in use."""
    cards: tuple[Card, ...]
    """The cards, left to right."""
    marks: tuple[str, ...]
    """Under each card, a word or nothing ("=10♣", "10", "discard")."""


def meld_pictures(rules: RuleSet) -> tuple[Picture, ...]:
    """A set and a run."""
    found = []
    sevens = parse_cards("7S 7H 7D")
    if _melds_as(sevens, None, rules, MeldKind.SET):
        found.append(_plain(_("A set: three cards of one rank"), sevens))
    hearts = parse_cards("4H 5H 6H 7H")
    if _melds_as(hearts, None, rules, MeldKind.RUN):
        found.append(_plain(_("A run: four cards of one suit in a row"), hearts))
    return tuple(found)


def wild_pictures(rules: RuleSet) -> tuple[Picture, ...]:
    """A wild standing in for the card a run lacks."""
    wild = wild_rank_for(5)
    cards = parse_cards("9C 5D JC")
    runs = [meld for meld in readings(cards, wild, rules) if meld.kind is MeldKind.RUN]
    if not runs:
        return ()
    meld = runs[0]
    stands = [stands_short(position, meld.suit) for position in meld.positions]
    marks = tuple(
        f"={stood}" if card.is_wild(wild) else ""
        for card, stood in zip(meld.cards, stands, strict=True)
    )
    wild_card, stood = next(
        (card, stood) for card, stood in zip(meld.cards, stands, strict=True) if card.is_wild(wild)
    )
    caption = _("In the round of five cards the {wild} is wild: here it stands for the {card}")
    return (Picture(caption.format(wild=card_short(wild_card), card=stood), meld.cards, marks),)


def going_out_pictures(rules: RuleSet) -> tuple[Picture, ...]:
    """A hand that goes out, and (contracts on) a contract met."""
    found = []
    wild = wild_rank_for(3)
    held, thrown = parse_cards("8D 8C 8H"), parse_cards("KS")[0]
    if is_complete(held, wild, rules, contract_for(3) if rules.contracts else None):
        caption = _(
            "The first round: you draw the {card} and discard it; the other three meld: you go out"
        ).format(card=card_short(thrown))
        found.append(Picture(caption, (*held, thrown), ("", "", "", _("discard"))))
    if rules.contracts:
        contract = contract_for(6)
        cards = parse_cards("4C 4D 4S JH JC JS")
        if is_complete(cards, wild_rank_for(6), rules, contract):
            caption = _("The round of six cards asks for {contract}: these six meet it").format(
                contract=contract_words(contract)
            )
            found.append(_plain(caption, cards))
    return tuple(found)


def open_table_pictures(rules: RuleSet) -> tuple[Picture, ...]:
    """Open table: a card laid off onto a meld on the table."""
    if rules.table != "open":
        return ()
    run = parse_cards("7H 8H 9H")
    added = parse_cards("10H")[0]
    if not _melds_as((*run, added), None, rules, MeldKind.RUN):
        return ()
    caption = _("Once you have laid down, the {card} goes onto {meld} on the table").format(
        card=card_short(added), meld=" ".join(card_short(card) for card in run)
    )
    return (Picture(caption, (*run, added), ("", "", "", "+")),)


def scoring_pictures(rules: RuleSet) -> tuple[Picture, ...]:
    """A hand scored: the points of the cards left over and their sum."""
    wild = wild_rank_for(4)
    cards = parse_cards("QH 8D")
    points = [rules.penalty(card, wild) for card in cards]
    summed = leftover_sum(list(zip(cards, points, strict=True)))
    caption = _("Left over when the round ends: {sum} points").format(sum=summed)
    return (Picture(caption, cards, tuple(str(value) for value in points)),)


def _plain(caption: str, cards: tuple[Card, ...]) -> Picture:
    return Picture(caption, cards, ("",) * len(cards))


def _melds_as(cards: tuple[Card, ...], wild: Rank | None, rules: RuleSet, kind: MeldKind) -> bool:
    """True if ``cards`` read as a meld of ``kind`` under ``rules``."""
    return any(meld.kind is kind for meld in readings(cards, wild, rules))
