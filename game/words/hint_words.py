"""A hint's reason in words, in the language in use.

The hint (:mod:`game.ai.hint`) is worked out in the AI's process and returns its
reason as data; this module words it where the player's language is known.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.ai.hint import Reason, Suggestion, Why
from game.engine.actions import Action, Discard, Draw, DrawSource, LayDown, LayOffCard
from game.engine.cards import Card
from game.engine.melds import Meld
from game.engine.open_table import TableMeld
from game.engine.seating import seat_place
from game.i18n import _, ngettext
from game.words.card_words import card_short, meld_words
from game.words.contract_words import not_counting

SeatName = Callable[[int], str]
"""How an opponent's seat is called (its name as the table shows it)."""


def by_place(players: int) -> SeatName:
    """Opponents called by their places at a table of ``players`` (``Left``, ``Top`` …)."""
    return lambda seat: _(seat_place(seat, players))


def action_words(
    action: Action,
    top: Card | None,
    table: Sequence[TableMeld] = (),
    name: SeatName | None = None,
) -> str:
    """A move as an order: ``Take the 9♥`` (``top`` is the discard pile's top card); at the
    open table ``Lay down 7♥ 8♥ 9♥`` or ``Lay the 10♥ off onto Left's meld 7♥ 8♥ 9♥``
    (``table`` holds the melds on the table, their owners called by ``name``)."""
    match action:
        case Draw(DrawSource.DISCARD) if top is not None:
            return _("Take the {card}").format(card=card_short(top))
        case Draw():
            return _("Draw from the stock")
        case Discard(card):
            return _("Discard the {card}").format(card=card_short(card))
        case LayDown(melds):
            return _("Lay down {melds}").format(melds=" · ".join(map(meld_words, melds)))
        case LayOffCard(card, index) if name is not None:
            placed = table[index]
            return lay_off_words(card, placed.meld, placed.owner, name)
    raise ValueError(f"no words for {action!r}")


def lay_off_words(card: Card, meld: Meld, owner: int, name: SeatName) -> str:
    """``Lay the 10♥ off onto Left's meld 7♥ 8♥ 9♥`` (``your meld`` for the player's, seat
    0; another seat called by ``name``)."""
    short, shown = card_short(card), meld_words(meld)
    if owner == 0:
        return _("Lay the {card} off onto your meld {meld}").format(card=short, meld=shown)
    return _("Lay the {card} off onto {name}'s meld {meld}").format(
        card=short, name=name(owner), meld=shown
    )


def hint_line(suggestion: Suggestion, name: SeatName | None = None) -> str:
    """One line a player understands, e.g. ``Take the 9♥: it completes 7♥ 8♥ 9♥`` (another
    seat called by ``name``, by default by its place at the table)."""
    reason = suggestion.reason
    if reason.why is Why.LAY_OFF:
        assert reason.card is not None and reason.meld is not None and reason.owner is not None
        called = name or by_place(reason.players)
        action = lay_off_words(reason.card, reason.meld, reason.owner, called)
    else:
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
            return _("{action} to go out").format(action=action)
        case _:
            why = _playing_why(reason)
    return _("{action}: {why}").format(action=action, why=why)


def _playing_why(reason: Reason) -> str:
    """Why a discard (not going out) or a lay move is worth playing, in words."""
    points = reason.points
    match reason.why:
        case Why.DISCARD_LAST_TURN:
            return ngettext(
                "on your last turn it leaves the fewest points ({points} point)",
                "on your last turn it leaves the fewest points ({points} points)",
                points[0],
            ).format(points=points[0])
        case Why.DISCARD_DEAD_WEIGHT:
            return ngettext(
                "it fits no meld and would cost {points} point",
                "it fits no meld and would cost {points} points",
                points[0],
            ).format(points=points[0])
        case Why.DISCARD_FOR_CHANCES:
            return _("the rest of your hand has better chances to meld")
        case Why.DISCARD_UNCOUNTED:
            assert reason.meld is not None and reason.contract is not None
            return not_counting(reason.meld, reason.contract)
        case Why.LAY_DOWN:
            return ngettext(
                "{points} point in your hand, 0 on the table",
                "{points} points in your hand, 0 on the table",
                points[0],
            ).format(points=points[0])
        case Why.LAY_DOWN_CONTRACT:
            return _("this round's contract")
        case Why.LAY_OFF:
            return ngettext(
                "{points} point in your hand, 0 there",
                "{points} points in your hand, 0 there",
                points[0],
            ).format(points=points[0])
    raise ValueError(f"not a reason of a discard or a lay move: {reason.why}")
