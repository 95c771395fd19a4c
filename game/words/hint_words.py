"""A hint's reason in words, in the language in use.

The hint (:mod:`game.ai.hint`) is worked out in the AI's process and returns its
reason as data; this module words it where the player's language is known.
"""

from __future__ import annotations

from game.ai.hint import Suggestion, Why
from game.engine.actions import Action, Discard, Draw, DrawSource, LayDown, LayOffCard
from game.engine.cards import Card
from game.i18n import _, ngettext
from game.words.card_words import card_short, meld_words


def action_words(action: Action, top: Card | None) -> str:
    """A move as an order: ``Take the 9♥`` (``top`` is the discard pile's top card)."""
    match action:
        case Draw(DrawSource.DISCARD) if top is not None:
            return _("Take the {card}").format(card=card_short(top))
        case Draw():
            return _("Draw from the stock")
        case Discard(card):
            return _("Discard the {card}").format(card=card_short(card))
        case LayDown(melds):
            return _("Lay down {melds}").format(melds=", ".join(meld_words(m) for m in melds))
        case LayOffCard(card):
            return _("Lay off the {card}").format(card=card_short(card))
    raise ValueError(f"no words for {action!r}")


def hint_line(suggestion: Suggestion) -> str:
    """One line a player understands, e.g. ``Take the 9♥: it completes 7♥ 8♥ 9♥``."""
    reason = suggestion.reason
    action = action_words(suggestion.action, reason.card)
    card = card_short(reason.card) if reason.card is not None else ""
    points = reason.points
    match reason.why:
        case Why.TAKE_TO_GO_OUT:
            why = _("with it you can go out")
        case Why.TAKE_WILD:
            why = _("it is wild and fits any meld")
        case Why.TAKE_TO_COMPLETE:
            assert reason.meld is not None
            why = _("it completes {meld}").format(meld=meld_words(reason.meld))
        case Why.TAKE_TO_LOWER:
            why = _("it lowers your penalty from {before} to {after}").format(
                before=points[0], after=points[1]
            )
        case Why.TAKE_FOR_CHANCES:
            why = _("it gives your hand the best chances to meld")
        case Why.STOCK_PILE_EMPTY:
            why = _("the discard pile is empty")
        case Why.STOCK_TOP_WEAK:
            why = _("the {card} does not help you enough").format(card=card)
        case Why.DISCARD_TO_GO_OUT:
            return _("{action} and go out!").format(action=action)
        case Why.DISCARD_LAST_TURN:
            why = ngettext(
                "on your last turn it leaves the fewest points ({points} point)",
                "on your last turn it leaves the fewest points ({points} points)",
                points[0],
            ).format(points=points[0])
        case Why.DISCARD_DEAD_WEIGHT:
            why = ngettext(
                "it fits no meld and would cost {points} point",
                "it fits no meld and would cost {points} points",
                points[0],
            ).format(points=points[0])
        case Why.DISCARD_FOR_CHANCES:
            why = _("the rest of your hand has better chances to meld")
        case Why.LAY_DOWN:
            why = _("cards on the table score nothing")
        case Why.LAY_OFF:
            assert reason.meld is not None
            why = _("it fits {meld} and scores nothing there").format(meld=meld_words(reason.meld))
    return _("{action}: {why}").format(action=action, why=why)
