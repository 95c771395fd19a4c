"""The action log: what happened this round, a line per move, in the language in use.

The log keeps the events as they are shown (not their words), so a change of language
rewords it; :func:`log_line` says one event in words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import assert_never

from game.engine.contracts import contract_for
from game.engine.events import (
    CutForDeal,
    Dealt,
    Discarded,
    DiscardStarted,
    DrewFromStock,
    Event,
    LaidDown,
    LaidOff,
    LastTurnsBegan,
    MatchOver,
    RoundAbandoned,
    RoundScored,
    RoundStarted,
    StockReshuffled,
    TookDiscard,
    WentOut,
)
from game.engine.match import Match
from game.i18n import _, language, ngettext
from game.words.card_words import card_short, meld_words
from game.words.seat_words import Seating
from game.words.table_words import abandoned_line, first_dealer_line, round_title, winners_line


def log_line(event: Event, seating: Seating, rounds: int, contracts: bool = False) -> str:
    """``event`` in words: "Left took 7♥ from the discard pile" (a round's title names its
    contract under ``contracts``)."""
    match event:
        case CutForDeal(_, dealer):
            return first_dealer_line(dealer, seating)
        case RoundStarted(index, size, wild, _dealer, _multiplier):
            return round_title(index, rounds, wild, contract_for(size) if contracts else None)
        case Dealt(hands):
            count = len(hands[0])
            dealt = ngettext(
                "{count} card dealt to each player", "{count} cards dealt to each player", count
            )
            return dealt.format(count=count)
        case DiscardStarted(card):
            return _("{card} starts the discard pile").format(card=card_short(card))
        case DrewFromStock() | TookDiscard() | Discarded() | WentOut():
            return _move_line(event, seating)
        case LaidDown(seat, melds):
            shown = " · ".join(meld_words(meld) for meld in melds)
            if seating.is_you(seat):
                return _("You laid down {melds}").format(melds=shown)
            return _("{name} laid down {melds}").format(name=seating.name(seat), melds=shown)
        case LaidOff(seat, card, _meld, _position, grown):
            if seating.is_you(seat):
                return _("You laid {card} off onto {meld}").format(
                    card=card_short(card), meld=meld_words(grown)
                )
            return _("{name} laid {card} off onto {meld}").format(
                name=seating.name(seat), card=card_short(card), meld=meld_words(grown)
            )
        case StockReshuffled():
            return _("The discard pile was shuffled into a new stock")
        case LastTurnsBegan():
            return _("Last turns: everyone else plays once more")
        case RoundAbandoned(reason=reason):
            return abandoned_line(reason)
        case RoundScored(penalties=penalties):
            scores = " · ".join(
                _("{name} {points}").format(name=seating.name(seat), points=points)
                for seat, points in enumerate(penalties)
            )
            return _("Round scored: {scores}").format(scores=scores)
        case MatchOver(winners, _totals):
            return winners_line(winners, seating)
        case _:
            assert_never(event)


def _move_line(event: DrewFromStock | TookDiscard | Discarded | WentOut, seating: Seating) -> str:
    """A seat's move in words; yours says what you drew (only you saw it)."""
    you = seating.is_you(event.seat)
    match event:
        case DrewFromStock(seat, card):
            if you:
                return _("You drew {card} from the stock").format(card=card_short(card))
            return _("{name} drew from the stock").format(name=seating.name(seat))
        case TookDiscard(seat, card):
            if you:
                return _("You took {card} from the discard pile").format(card=card_short(card))
            return _("{name} took {card} from the discard pile").format(
                name=seating.name(seat), card=card_short(card)
            )
        case Discarded(seat, card):
            if you:
                return _("You discarded {card}").format(card=card_short(card))
            name = seating.name(seat)
            return _("{name} discarded {card}").format(name=name, card=card_short(card))
        case WentOut(seat):
            return seating.went_out(seat)


@dataclass
class ActionLog:
    """The events shown so far, a list per round (the cut for the deal opens the first)."""

    rounds: list[list[Event]] = field(default_factory=lambda: [[]])
    _said: tuple[tuple[object, ...], list[str]] | None = field(default=None, repr=False)
    """The words of this round's events, kept while neither they nor the language change
    (the table asks every frame)."""

    def follow(self, event: Event) -> None:
        """Keep ``event``; a new round starts a new list."""
        if isinstance(event, RoundStarted) and any(
            isinstance(kept, RoundStarted) for kept in self.rounds[-1]
        ):
            self.rounds.append([])
        self.rounds[-1].append(event)

    @classmethod
    def of_match(cls, match: Match) -> ActionLog:
        """The log of ``match`` so far (a resumed match), replayed from its seed."""
        log = cls()
        replay = Match.new(match.rules, match.seed)
        for event in replay.opening_events():
            log.follow(event)
        for action in match.actions:
            for event in replay.apply(action, validate=False):
                log.follow(event)
        return log

    @property
    def current(self) -> list[Event]:
        """This round's events."""
        return self.rounds[-1]

    def lines(self, seating: Seating, rounds: int, contracts: bool = False) -> list[str]:
        """This round's events in words, oldest first (naming the contract under
        ``contracts``)."""
        key = (len(self.rounds), len(self.current), seating, rounds, contracts, language())
        if self._said is None or self._said[0] != key:
            said = [log_line(event, seating, rounds, contracts) for event in self.current]
            self._said = (key, said)
        return list(self._said[1])
