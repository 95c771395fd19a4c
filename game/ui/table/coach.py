"""The coach: a short tip at the moment it matters, for a player's first matches.

The coach reads your view and, once you have drawn, the hint's decision for that same
view (:func:`game.ai.hint.suggest`, worked out off the frame loop): it names the card
the hint would discard, never another, and never calls a wild card dead weight. As
your first turn of a round begins it names the round's wild rank (and its contract, which
going out needs). It says a discard goes out only when the hint found so, under the contract.
At the open table it says so as the round begins (the contract is the first lay-down), words
the hint's lay moves, and names a card that fits a meld on the table before your discard.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.evaluation import open_contract
from game.ai.hint import Suggestion, Why
from game.engine.actions import Discard, LayDown, LayOffCard, Phase
from game.engine.cards import Card
from game.engine.melds import Meld
from game.engine.open_table import laid_down, lay_off_spots
from game.engine.solver import best_arrangement, min_penalty
from game.engine.view import PlayerView
from game.i18n import _, ngettext
from game.words.card_words import card_short, meld_words, wild_sentence
from game.words.contract_words import contract_words, not_counting
from game.words.hint_words import by_place, lay_off_words

COACHED_MATCHES = 3
"""The coach speaks during your first this many matches (while its setting is on)."""


@dataclass(frozen=True, slots=True)
class CoachTip:
    """A tip in words, and the card it tells you to discard (the hint's), if any."""

    text: str
    """The tip, in the language in use."""
    discard: Card | None = None
    """The card the tip names for your discard: always the hint's."""


def coach_tip(view: PlayerView, advice: Suggestion | None = None) -> CoachTip | None:
    """The tip for your seat's turn now, if there is one worth giving.

    Once you have drawn, the tip words ``advice``, the hint's decision for ``view``
    (no advice yet: no tip).
    """
    if not view.is_my_turn:
        return None
    if view.phase is Phase.DRAW:
        if not any(move.seat == view.seat for move in view.log):
            return _round_tip(view)
        return None
    if advice is None:
        return None
    match advice.action:
        case LayDown(melds):
            shown = " · ".join(map(meld_words, melds))
            if advice.reason.why is Why.LAY_DOWN_CONTRACT and view.contract is not None:
                text = _("Coach: lay down {melds}: that is your contract, {contract}")
                return CoachTip(text.format(melds=shown, contract=contract_words(view.contract)))
            return CoachTip(
                _("Coach: lay down {melds}: on the table they count 0").format(melds=shown)
            )
        case LayOffCard(card, index):
            placed = view.table[index]
            words = _lay_off_order(view, card, placed.meld, placed.owner)
            return CoachTip(_("Coach: {lay_off}: there it counts 0").format(lay_off=words))
        case Discard(card):
            return _fitting_tip(view, card) or _discard_tip(view, advice, card)
    return None


def _lay_off_order(view: PlayerView, card: Card, meld: Meld, owner: int) -> str:
    """``lay the 10♥ off onto Left's meld 7♥ 8♥ 9♥``: the hint's order, inside a tip."""
    order = lay_off_words(card, meld, owner, by_place(view.rules.players))
    return order[:1].lower() + order[1:]


def _round_tip(view: PlayerView) -> CoachTip:
    """The first tip of a round: its wild rank, and its contract or the open table's moves."""
    wild = wild_sentence(view.wild_rank)
    open_table = view.rules.table == "open"
    if view.contract is not None:
        contract = contract_words(view.contract)
        if open_table:
            text = _(
                "Coach: {wild} this round; open table: your first lay-down must be {contract},"
                " then you may add cards to any meld on the table"
            )
        else:
            text = _("Coach: {wild} this round; to go out, your melds must include {contract}")
        return CoachTip(text.format(wild=wild, contract=contract))
    if open_table:
        text = _(
            "Coach: {wild} this round; open table: after drawing, lay down melds or add"
            " cards to melds on the table"
        )
    else:
        text = _("Coach: {wild} this round: a wild card stands for any card in a meld")
    return CoachTip(text.format(wild=wild))


def _fitting_tip(view: PlayerView, discard: Card) -> CoachTip | None:
    """Open table, once you have laid down: a card of your hand (not the hint's discard)
    that fits a meld on the table, to lay off before you discard."""
    if view.rules.table != "open" or not laid_down(view.table, view.seat):
        return None
    for card in view.hand:
        if card == discard:
            continue
        spots = lay_off_spots(card, view.table, view.wild_rank, view.rules)
        if spots:
            placed = view.table[spots[0][0]]
            words = _lay_off_order(view, card, placed.meld, placed.owner)
            text = _("Coach: {lay_off}, then discard the {card}")
            return CoachTip(text.format(lay_off=words, card=card_short(discard)), discard)
    return None


def _discard_tip(view: PlayerView, advice: Suggestion, card: Card) -> CoachTip:
    short = card_short(card)
    why = advice.reason.why
    if why is Why.DISCARD_TO_GO_OUT:
        return CoachTip(_("Coach: discard the {card} and you go out!").format(card=short), card)
    if why is Why.DISCARD_LAST_TURN:
        text = _("Coach: a last turn: discard the {card}, it leaves you the fewest points")
        return CoachTip(text.format(card=short), card)
    if why is Why.DISCARD_UNCOUNTED:
        meld, contract = advice.reason.meld, advice.reason.contract
        assert meld is not None and contract is not None
        text = _("Coach: discard the {card}: {not_counting}")
        return CoachTip(text.format(card=short, not_counting=not_counting(meld, contract)), card)
    completed = _completed_by_draw(view, card)
    if completed is not None:
        drawn, meld = completed
        contract = open_contract(view)
        if contract is not None and not contract.counts(meld, view.wild_rank):
            text = _(
                "Coach: the {drawn} you drew makes a meld, but {not_counting}: discard the {card}"
            )
            words = not_counting(meld, contract)
            return CoachTip(
                text.format(drawn=card_short(drawn), not_counting=words, card=short), card
            )
        text = _("Coach: the {drawn} you drew completes {meld}: discard the {card}")
        return CoachTip(
            text.format(drawn=card_short(drawn), meld=meld_words(meld), card=short), card
        )
    if why is Why.DISCARD_DEAD_WEIGHT and not card.is_wild(view.wild_rank):
        points = advice.reason.points[0]
        text = ngettext(
            "Coach: the {card} fits no meld: it would cost {points} point at the round's end",
            "Coach: the {card} fits no meld: it would cost {points} points at the round's end",
            points,
        )
        return CoachTip(text.format(card=short, points=points), card)
    text = _("Coach: discard the {card} and keep the cards that may still meld")
    return CoachTip(text.format(card=short), card)


def _completed_by_draw(view: PlayerView, discard: Card) -> tuple[Card, Meld] | None:
    """The card you drew and the meld it completes once ``discard`` is gone, if it does."""
    hand, rules, wild = view.hand, view.rules, view.wild_rank
    drawn = hand[-1]
    if drawn == discard:
        return None
    rest = [card for card in hand if card != discard]
    after = best_arrangement(rest, wild, rules)
    if after.penalty >= min_penalty(hand[:-1], wild, rules):
        return None
    for meld in after.melds:
        if drawn in meld.cards:
            return drawn, meld
    return None
