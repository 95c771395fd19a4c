"""The table's words for seats, winners and rounds: each worked out in one place."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.engine.actions import Action, Discard, LayOffCard, Phase
from game.engine.cards import Rank
from game.engine.contracts import Contract
from game.engine.events import AbandonReason
from game.engine.legality import Refusal
from game.engine.match import TURN_LIMIT
from game.i18n import N_, _, ngettext
from game.words.card_words import card_short, wild_sentence
from game.words.contract_words import contract_words
from game.words.seat_words import Seating, policy_label

WIDEST_TOTAL = 8888
"""A total as wide as any a match reaches (room is kept for it beside your hand)."""


def your_line(
    seating: Seating, policies: Mapping[int, str], total: int, sample: bool = False
) -> str:
    """The line above your hand: ``You · total 40``; in autoplay, the seat's name and level
    (``sample``: with a total as wide as any)."""
    if not seating.human:
        return seat_label(0, seating, policies)
    return _("You · total {total}").format(total=max(total, WIDEST_TOTAL) if sample else total)


def held_line(cards: int, total: int) -> str:
    """An opponent's plate's second line: ``7 cards · total 40``."""
    return ngettext("{count} card · total {total}", "{count} cards · total {total}", cards).format(
        count=cards, total=total
    )


def seat_label(seat: int, seating: Seating, policies: Mapping[int, str]) -> str:
    """The seat's name with its AI level, e.g. ``Left · Hard``."""
    name = seating.name(seat)
    policy = policies.get(seat)
    return _("{name} · {level}").format(name=name, level=policy_label(policy)) if policy else name


def winners_line(winners: Sequence[int], seating: Seating) -> str:
    """Who won, in words (a tie under the rule "nobody wins" has no winner)."""
    names = [seating.name(seat) for seat in winners]
    if not names:
        return _("A tie: nobody wins the match")
    if len(names) == 1:
        if seating.human and winners[0] == 0:
            return _("You win the match!")
        return _("{name} wins the match").format(name=names[0])
    return _("{names} and {last} share the win").format(names=", ".join(names[:-1]), last=names[-1])


def abandoned_line(reason: AbandonReason) -> str:
    """Why a round ends before anyone went out, as the table announces it."""
    if reason == "turns":
        return ngettext(
            "{count} turn each and nobody went out: the round ends",
            "{count} turns each and nobody went out: the round ends",
            TURN_LIMIT,
        ).format(count=TURN_LIMIT)
    return _("The stock cannot be rebuilt again: the round ends")


def first_dealer_line(dealer: int, seating: Seating) -> str:
    """``Left deals first`` (``You deal first`` for the person at the bottom)."""
    if dealer == 0 and seating.human:
        return _("You deal first")
    return _("{name} deals first").format(name=seating.name(dealer))


def round_title(
    round_index: int,
    rounds: int,
    wild_rank: Rank | None = None,
    contract: Contract | None = None,
    move: tuple[int, int] | None = None,
) -> str:
    """``Round 3 of 11``; with ``wild_rank`` ``Round 3 of 11 — Fives are wild``, and under
    contracts ``— contract: 1 set and 1 run``; with ``move`` (the move shown, of how many)
    ``Round 4 of 11 · move 37 of 338``. The one place a round's number is worded."""
    number = round_index + 1
    if move is not None:
        return _("Round {number} of {rounds} · move {move} of {moves}").format(
            number=number, rounds=rounds, move=move[0], moves=move[1]
        )
    if wild_rank is None:
        return _("Round {number} of {rounds}").format(number=number, rounds=rounds)
    wild = wild_sentence(wild_rank)
    if contract is None:
        return _("Round {number} of {rounds} — {wild}").format(
            number=number, rounds=rounds, wild=wild
        )
    return _("Round {number} of {rounds} — {wild} — contract: {contract}").format(
        number=number, rounds=rounds, wild=wild, contract=contract_words(contract)
    )


def contract_line(contract: Contract) -> str:
    """The round's contract on a line of its own: ``Contract: 2 sets and 1 run``."""
    return _("Contract: {contract}").format(contract=contract_words(contract))


def status_line(
    seat: int,
    phase: Phase | None,
    seating: Seating,
    busy: bool,
    open_table: bool = False,
    last_turn: bool = False,
) -> str:
    """Whose turn is shown and what the player can do now (``open_table``: lay moves too;
    ``last_turn``: someone went out and your last turn is still to be played)."""
    if phase is Phase.MATCH_OVER:
        return _("The match is over")
    if phase is None:
        return ""
    if seat != 0 or not seating.human:
        if last_turn and seating.human:
            return _("{name} is playing: your last turn is still to come").format(
                name=seating.name(seat)
            )
        return _("{name} is playing").format(name=seating.name(seat))
    if last_turn:
        return _last_turn_line(phase, busy, open_table)
    if busy:
        return _("Your turn")
    if phase is Phase.DRAW:
        return _("Your turn: drag the top card of the stock or the discard pile into your hand")
    if open_table:
        # TRANSLATORS: after the draw at the open table; "pick" is a click on a card.
        return _("Pick cards and lay them down, drag a card onto a meld, or discard one")
    return _("Now drag a card from your hand onto the discard pile")


LAST_TURN = N_("Your last turn")
"""Beside your hand from the moment someone else goes out until your last turn is played."""


def _last_turn_line(phase: Phase, busy: bool, open_table: bool) -> str:
    """The status line on your last turn, after someone else went out."""
    if busy:
        return _(LAST_TURN)
    if phase is Phase.DRAW:
        return _("Your last turn: draw from the stock or the discard pile")
    if open_table:
        return _("Your last turn: lay down and off what you can, then discard")
    return _("Your last turn: drag a card onto the discard pile")


REFUSALS = {
    Refusal.MATCH_OVER: N_("The match is over"),
    Refusal.ALREADY_DREW: N_("You have drawn already: now discard a card"),
    Refusal.PILE_EMPTY: N_("The discard pile is empty: draw from the stock"),
    Refusal.MUST_DRAW: N_("Draw first, from the stock or the discard pile"),
    Refusal.NOT_IN_HAND: N_("The {card} is not in your hand"),
    Refusal.TAKEN_CARD: N_("You just took the {card} from the discard pile: it cannot go back"),
    Refusal.NOT_AN_ACTION: N_("That is not a move"),
    Refusal.CLOSED_TABLE: N_("At this table melds stay in your hand until you go out"),
    Refusal.MUST_DRAW_FIRST: N_("Draw first: then you may lay melds down"),
    Refusal.CARDS_NOT_HELD: N_("Those cards are not all in your hand"),
    Refusal.NOT_A_MELD: N_("Those cards are not melds: each must be in a set or a run"),
    Refusal.KEEP_ONE_CARD: N_("Keep a card to discard: you cannot lay down your last card"),
    Refusal.NOT_THE_CONTRACT: N_("Your first lay-down must be the contract exactly: {contract}"),
    Refusal.NOT_LAID_DOWN: N_("Lay down melds of your own before you lay cards off"),
    Refusal.NO_SUCH_MELD: N_("There is no such meld on the table"),
    Refusal.DOES_NOT_FIT: N_("The {card} does not fit that meld"),
}
"""Why the table refuses your move, in words."""


def refusal_line(refusal: Refusal, action: Action, contract: Contract | None = None) -> str:
    """Why ``action`` is refused, e.g. ``Draw first, from the stock or the discard pile``
    (``contract``: the round's, which a first lay-down must be)."""
    card = card_short(action.card) if isinstance(action, Discard | LayOffCard) else ""
    words = contract_words(contract) if contract is not None else ""
    return _(REFUSALS[refusal]).format(card=card, contract=words)
