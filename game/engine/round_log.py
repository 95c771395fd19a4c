"""A round's public log: its grammar, and what follows from it.

The log of a round is a list of turns in clockwise order from the dealer's left,
each ``[stock_rebuilt] drew_stock | took_discard, (laid_down | laid_off)*, discarded``
by one seat (the lay moves at the open table only). From it follow how many turns
were played, which cards taken from the discard pile a seat is still known to hold,
and at the open table the melds on the table and the round's scores. Its JSON form
is here too.

>>> from game.engine.cards import Card
>>> seven = Card.parse("7H")
>>> log = [PublicMove(0, MoveKind.TOOK_DISCARD, seven), PublicMove(0, MoveKind.DISCARDED, seven)]
>>> turns_played(log), still_held(log, 2)
(1, ((), ()))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from game.engine.actions import Discard, Phase
from game.engine.cards import Card, Rank
from game.engine.codec import (
    card_code,
    card_from_code,
    card_from_json,
    expect,
    expect_int,
    meld_from_json,
    meld_to_json,
)
from game.engine.layoff import score_round
from game.engine.melds import ACE_HIGH, Arrangement, LayOff, Meld, meld_fault
from game.engine.open_table import TableMeld, extended, laid_down
from game.engine.rules import RuleSet
from game.engine.solver import contract_arrangement
from game.engine.view import MoveKind, PlayerView, PublicMove

_DRAWS = frozenset({MoveKind.DREW_STOCK, MoveKind.TOOK_DISCARD})
_LAYS = frozenset({MoveKind.LAID_DOWN, MoveKind.LAID_OFF})


def turns_played(log: Sequence[PublicMove]) -> int:
    """Turns finished in the round: each ends with a discard."""
    return sum(1 for move in log if move.kind is MoveKind.DISCARDED)


def _same(card: Card) -> Card:
    return card


def still_held(
    log: Sequence[PublicMove], players: int, key: Callable[[Card], Card] = _same
) -> tuple[tuple[Card, ...], ...]:
    """Per seat, the cards it took from the discard pile and has not discarded since.

    ``key`` is what tells two cards apart: by default the physical card; with
    :func:`game.engine.view.public_card`, only rank and suit, as at the table,
    where a seat that took a 7♥ and later threw a 7♥ no longer holds one that
    anyone knows of.
    """
    held: list[list[Card]] = [[] for _ in range(players)]
    for move in log:
        cards = [card for meld in move.melds for card in meld.cards]
        if move.card is not None:
            cards.append(move.card)
        for card in map(key, cards):
            if move.kind is MoveKind.TOOK_DISCARD:
                held[move.seat].append(card)
            elif card in held[move.seat]:
                held[move.seat].remove(card)
    return tuple(tuple(cards) for cards in held)


def turn_due(log: Sequence[PublicMove], players: int, first_seat: int) -> tuple[int, bool]:
    """Where the round stands after ``log``, a round's log from its first turn (by
    ``first_seat``): the seat whose turn it is, and whether it has drawn.

    Raises ``ValueError`` naming the first entry that breaks the order of play:
    turns clockwise, each an optional rebuild, a draw (a rebuilt stock is drawn
    from) and a discard.
    """
    seat, step = first_seat, "draw"
    for index, move in enumerate(log):
        kind = move.kind
        if move.seat != seat:
            raise ValueError(f"log[{index}]: seat {move.seat} moved in the turn of seat {seat}")
        if step == "draw" and kind is MoveKind.STOCK_REBUILT:
            step = "stock draw"
        elif (step == "draw" and kind in _DRAWS) or (
            step == "stock draw" and kind is MoveKind.DREW_STOCK
        ):
            step = "discard"
        elif step == "discard" and kind in _LAYS:
            pass
        elif step == "discard" and kind is MoveKind.DISCARDED:
            seat, step = (seat + 1) % players, "draw"
        else:
            raise ValueError(f"log[{index}]: {kind.value!r} where a {step} was due")
    if step == "stock draw":
        raise ValueError("the log ends with a rebuilt stock that nobody drew from")
    return seat, step == "discard"


def table_from_log(
    log: Sequence[PublicMove], wild_rank: Rank | None, rules: RuleSet
) -> list[TableMeld]:
    """The table the round's ``log`` builds: each lay-down adds its melds in order, each
    lay-off grows its meld. Raises ``ValueError`` naming the first move that does not fit."""
    table: list[TableMeld] = []
    for index, move in enumerate(log):
        if move.kind is MoveKind.LAID_DOWN:
            for meld in move.melds:
                fault = meld_fault(meld, wild_rank, rules)
                if fault is not None:
                    raise ValueError(f"log[{index}]: {fault}")
                table.append(TableMeld(move.seat, meld))
        elif move.kind is MoveKind.LAID_OFF:
            assert move.card is not None and move.target is not None
            if not 0 <= move.target < len(table):
                raise ValueError(f"log[{index}]: no meld {move.target} on the table")
            grown = extended(
                table[move.target].meld, move.card, move.position or 0, wild_rank, rules
            )
            if grown is None:
                raise ValueError(f"log[{index}]: {move.card.code} does not fit that meld")
            table[move.target] = TableMeld(table[move.target].owner, grown)
    return table


def laid_by_log(log: Sequence[PublicMove], players: int) -> tuple[tuple[Card, ...], ...]:
    """Per seat, the cards the round's ``log`` shows it put on the table."""
    laid: list[list[Card]] = [[] for _ in range(players)]
    for move in log:
        if move.kind is MoveKind.LAID_DOWN:
            laid[move.seat] += [card for meld in move.melds for card in meld.cards]
        elif move.kind is MoveKind.LAID_OFF and move.card is not None:
            laid[move.seat].append(move.card)
    return tuple(tuple(cards) for cards in laid)


def open_table_scores(
    log: Sequence[PublicMove],
    hands: Sequence[Sequence[Card]],
    went_out: int | None,
    wild_rank: Rank,
    rules: RuleSet,
) -> tuple[tuple[Arrangement, ...], tuple[tuple[Card, ...], ...]]:
    """Per seat, what the open table scores at the round's end, and the printed jokers it
    threw onto a meld (rule ``free_jokers``, once a player went out).

    An arrangement's melds are those the seat laid down, as it laid them; its lay-offs
    are the cards it laid off, each naming the meld's owner and that meld's index among
    the owner's melds; its leftover is the hand, counted in full."""
    players = len(hands)
    melds: list[list[Meld]] = [[] for _ in range(players)]
    layoffs: list[list[LayOff]] = [[] for _ in range(players)]
    owners: list[tuple[int, int]] = []
    for move in log:
        if move.kind is MoveKind.LAID_DOWN:
            for meld in move.melds:
                owners.append((move.seat, len(melds[move.seat])))
                melds[move.seat].append(meld)
        elif move.kind is MoveKind.LAID_OFF:
            assert move.card is not None and move.target is not None
            owner, index = owners[move.target]
            layoffs[move.seat].append(LayOff(index, (move.card,), (move.position or 0,), owner))
    arrangements, thrown_all = [], []
    for seat, hand in enumerate(hands):
        throw = rules.free_jokers and went_out is not None and seat != went_out
        thrown = tuple(card for card in hand if throw and card.rank is None)
        leftover = tuple(card for card in hand if card not in thrown)
        penalty = sum(rules.penalty(card, wild_rank) for card in leftover)
        arrangements.append(
            Arrangement(tuple(melds[seat]), leftover, penalty, tuple(layoffs[seat]))
        )
        thrown_all.append(thrown)
    return tuple(arrangements), tuple(thrown_all)


def penalty_if_ended(view: PlayerView) -> int:
    """What ``view.seat``'s hand pays if the round ended now, another seat gone out: the
    round's end-of-round scoring (:func:`open_table_scores` at the open table,
    :func:`~game.engine.layoff.score_round` at the closed one), its multiplier applied.

    "Now" is where the seat stands. While it is to discard, the turn must end with a
    discard: the figure is after its best legal discard, a rest that goes out (or, in a
    last turn, is laid down for it) scoring 0, as :meth:`Match.apply` would play it; the
    seat lays nothing more down. Otherwise it is the hand as it is. The seat that went out
    pays 0. Only what the seat may know counts: at the closed table its leftover cards are
    laid off onto the melds of who went out (rule ``lay_off``), not onto those the others
    lay down in the redemption round, which are shown only at the round's end.
    """
    seat, hand = view.seat, view.hand
    if view.went_out == seat:
        return 0
    if view.is_my_turn and view.phase is Phase.DISCARD:
        scores = []
        for card in sorted(set(hand), key=lambda card: -view.rules.penalty(card, view.wild_rank)):
            if not view.is_legal(Discard(card)):
                continue
            rest = list(hand)
            rest.remove(card)
            if _goes_out(view, rest):
                return 0
            scores.append(_ending_penalty(view, rest))
        return min(scores)
    return _ending_penalty(view, hand)


def _goes_out(view: PlayerView, rest: Sequence[Card]) -> bool:
    """True if the seat's ``rest`` after its discard is laid down for it at the open table
    (empty, or melding completely with the contract until it is laid down); the closed
    table scores a complete rest 0 anyway."""
    if view.rules.table != "open":
        return False
    contract = None if laid_down(view.table, view.seat) else view.contract
    found = contract_arrangement(rest, view.wild_rank, view.rules, contract)
    return not rest or (found is not None and found.is_complete)


def _ending_penalty(view: PlayerView, hand: Sequence[Card]) -> int:
    """The round's scoring of ``hand`` for ``view.seat``, another seat out (who went out,
    or the next seat), multiplier applied."""
    seat, players, rules = view.seat, len(view.hand_sizes), view.rules
    goer = (seat + 1) % players if view.went_out is None else view.went_out
    hands = tuple(tuple(hand) if other == seat else () for other in range(players))
    if rules.table == "open":
        scored, _ = open_table_scores(view.log, hands, goer, view.wild_rank, rules)
    else:
        shown = Arrangement(view.went_out_melds, (), 0)
        scored, _ = score_round(hands, goer, shown, view.wild_rank, rules)
    return scored[seat].penalty * rules.multiplier(view.round_index)


_MOVE_KINDS = {kind.value: kind for kind in MoveKind}
_MOVE_NAMES = {kind: kind.value for kind in MoveKind}
_PUBLIC_MOVES = frozenset({MoveKind.TOOK_DISCARD, MoveKind.DISCARDED})


def move_to_json(move: PublicMove) -> dict[str, Any]:
    """``{"seat": 1, "move": "took_discard", "card": "7H.1"}`` (no card when not public);
    at the open table ``{"seat": 1, "move": "laid_down", "melds": [...]}`` and
    ``{"seat": 1, "move": "laid_off", "card": "7H.1", "meld": 2, "position": 9}``."""
    if move.kind is MoveKind.LAID_DOWN:
        melds = [meld_to_json(meld) for meld in move.melds]
        return {"seat": move.seat, "move": "laid_down", "melds": melds}
    if move.kind is MoveKind.LAID_OFF:
        assert move.card is not None
        return {
            "seat": move.seat,
            "move": "laid_off",
            "card": card_code(move.card),
            "meld": move.target,
            "position": move.position,
        }
    if move.card is None:
        return {"seat": move.seat, "move": _MOVE_NAMES[move.kind]}
    return {"seat": move.seat, "move": _MOVE_NAMES[move.kind], "card": card_code(move.card)}


def move_from_json(data: Any, players: int, what: str) -> PublicMove:
    """Read one public log entry."""
    if isinstance(data, dict):
        seat, name, code = data.get("seat"), data.get("move"), data.get("card")
        if name in ("laid_down", "laid_off"):
            return _lay_move(data, players, what)
        if (
            type(seat) is int
            and 0 <= seat < players
            and isinstance(name, str)
            and (code is None or isinstance(code, str))
        ):
            return _move(seat, name, code, what)
    obj: dict[str, Any] = expect(data, dict, what)
    expect_int(obj.get("seat"), f"{what}.seat", 0, players - 1)
    expect(obj.get("move"), str, f"{what}.move")
    expect(obj.get("card"), str, f"{what}.card")
    raise ValueError(f"{what}: bad log entry {data!r}")  # not reached: one check above fails


@lru_cache(maxsize=8192)
def _move_cached(seat: int, name: str, code: str | None) -> PublicMove | str:
    kind = _MOVE_KINDS.get(name)
    if kind is None or kind in _LAYS:
        return f".move must be one of {', '.join(_MOVE_KINDS)}"
    public = kind in _PUBLIC_MOVES
    if public != (code is not None):
        return f": a {name!r} entry {'needs' if public else 'has no'} card"
    try:
        card = None if code is None else card_from_code(code)
    except ValueError as error:
        return f".card: {error}"
    return PublicMove(seat, kind, card)


def _lay_move(data: dict[str, Any], players: int, what: str) -> PublicMove:
    seat = expect_int(data.get("seat"), f"{what}.seat", 0, players - 1)
    if data.get("move") == "laid_down":
        if set(data) != {"seat", "move", "melds"}:
            raise ValueError(f"{what}: a 'laid_down' entry has 'seat', 'move' and 'melds'")
        items: list[Any] = expect(data.get("melds"), list, f"{what}.melds")
        if not items:
            raise ValueError(f"{what}.melds: at least one meld")
        melds = tuple(meld_from_json(m, f"{what}.melds[{i}]") for i, m in enumerate(items))
        return PublicMove(seat, MoveKind.LAID_DOWN, melds=melds)
    if set(data) != {"seat", "move", "card", "meld", "position"}:
        raise ValueError(
            f"{what}: a 'laid_off' entry has 'seat', 'move', 'card', 'meld' and 'position'"
        )
    return PublicMove(
        seat,
        MoveKind.LAID_OFF,
        card_from_json(data.get("card"), f"{what}.card"),
        target=expect_int(data.get("meld"), f"{what}.meld", 0, 10_000),
        position=expect_int(data.get("position"), f"{what}.position", 1, ACE_HIGH),
    )


def _move(seat: int, name: str, code: str | None, what: str) -> PublicMove:
    move = _move_cached(seat, name, code)
    if isinstance(move, str):
        raise ValueError(what + move)
    return move
