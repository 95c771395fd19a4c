"""The coach: a short tip at the moment it matters, for a player's first matches.

Tips come from your view only and the engine's solver: the round's wild rank as your
first turn of a round begins; then, once you have drawn, that you can go out with a
named discard, that the card you drew completes a meld, or which card is dead weight.
"""

from __future__ import annotations

from game.engine.actions import Phase
from game.engine.solver import best_arrangement
from game.engine.view import PlayerView
from game.i18n import _, ngettext
from game.words.card_words import card_short, meld_words, wild_sentence

COACHED_MATCHES = 3
"""The coach speaks during your first this many matches (while its setting is on)."""


def coach_tip(view: PlayerView) -> str | None:
    """The tip for your seat's turn now, if there is one worth giving."""
    if not view.is_my_turn:
        return None
    if view.phase is Phase.DRAW:
        if not any(move.seat == view.seat for move in view.log):
            wild = wild_sentence(view.wild_rank)
            return _("Coach: {wild} this round: a wild card stands for any card in a meld").format(
                wild=wild
            )
        return None
    return _discard_tip(view)


def _discard_tip(view: PlayerView) -> str | None:
    hand, rules, wild = view.hand, view.rules, view.wild_rank
    for card in hand:
        if card == view.taken_card and not rules.discard_taken_card:
            continue
        rest = tuple(other for other in hand if other is not card)
        if best_arrangement(rest, wild, rules).is_complete:
            return _("Coach: discard the {card} and you go out!").format(card=card_short(card))
    drawn = hand[-1]
    now = best_arrangement(hand, wild, rules)
    before = best_arrangement(hand[:-1], wild, rules)
    for meld in now.melds:
        if drawn in meld.cards and now.penalty < before.penalty:
            return _("Coach: the {card} you drew completes {meld}").format(
                card=card_short(drawn), meld=meld_words(meld)
            )
    if now.leftover:
        dead = max(now.leftover, key=lambda card: rules.penalty(card, wild))
        points = rules.penalty(dead, wild)
        return ngettext(
            "Coach: the {card} fits no meld: it would cost {points} point at the round's end",
            "Coach: the {card} fits no meld: it would cost {points} points at the round's end",
            points,
        ).format(card=card_short(dead), points=points)
    return None
