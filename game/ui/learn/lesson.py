"""The guided round's deal and its steps: what each says, and what each waits for.

Pure (no pygame): the deal is a match the engine accepts, dealt by hand; a step waits for
a click on Next, a draw from the stock, a discard (of a named card, or any that goes out),
the hint, or the table (the teacher's turn, the last turns, the round's summary).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from game.engine.actions import Action, Discard, Draw, DrawSource
from game.engine.cards import Card, new_shoe, parse_cards, wild_rank_for
from game.engine.events import Dealt, DiscardStarted, Event, RoundStarted
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.i18n import N_, _
from game.words.card_words import card_short

LESSON_RULES = RuleSet(players=2)
"""You and the teacher, the base game."""
YOUR_HAND = "7H 7S KC"
TEACHERS_HAND = "JC QD 2S"
FIRST_DISCARD = "5D"
STOCK_TOP = "8H 6C 3D 10S"
"""The stock's first cards, top first: yours, the teacher's, yours (a wild), the teacher's
last turn's."""
TEACHER = "teacher"
"""The teacher's policy (see :mod:`game.ai.teacher`)."""


class Wait(Enum):
    """What a step waits for."""

    NEXT = "next"
    """A click on Next (or Enter)."""
    DRAW = "draw"
    """A draw from the stock."""
    DISCARD = "discard"
    """The discard of :attr:`Step.card`."""
    GO_OUT = "go out"
    """A discard that goes out."""
    HINT = "hint"
    """The hint, asked with H or the Hint button."""
    TABLE = "table"
    """The table: the teacher's turn, then your draw."""
    SUMMARY = "summary"
    """The last turns and the round's summary, until you close it."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the guided round."""

    words: str
    """What it says (English, marked with ``N_``)."""
    wait: Wait
    card: str = ""
    """The card it is about (``KC``), if any."""

    @property
    def named(self) -> Card | None:
        """The card the step is about, if any."""
        return parse_cards(self.card)[0] if self.card else None


STEPS = (
    Step(
        N_(
            "Learn to play: one round against the teacher. In every round you try to put all "
            "your cards into melds. After 11 rounds the lowest total wins."
        ),
        Wait.NEXT,
    ),
    Step(N_("Your turn starts with a draw: click the stock (or drag its top card)."), Wait.DRAW),
    Step(
        N_(
            "A set is three or more cards of one rank: your {seven_hearts} {seven_spades} want a "
            "third Seven. A run is three or more cards of one suit in a row: your {seven_hearts} "
            "{eight_hearts} want the {six_hearts} or the {nine_hearts}."
        ),
        Wait.NEXT,
    ),
    Step(
        N_(
            "A turn ends with a discard: drag the {king} onto the discard pile. Left in your "
            "hand when the round ends, a King costs 10 points."
        ),
        Wait.DISCARD,
        "KC",
    ),
    Step(N_("Now the teacher plays: it draws and discards too."), Wait.TABLE),
    Step(N_("Your turn again: draw from the stock."), Wait.DRAW),
    Step(
        N_(
            "This round Threes are wild: the {wild} stands for any card. {seven_hearts} "
            "{seven_spades} {wild} is a set, {seven_hearts} {eight_hearts} {wild} a run. The wild "
            "rank follows the cards dealt: Fours with four, and so on."
        ),
        Wait.NEXT,
    ),
    Step(
        N_(
            "Not sure what to throw? Press H or click Hint: the strongest AI says what it would "
            "do. In your first matches the coach gives tips too, in blue over your hand."
        ),
        Wait.HINT,
    ),
    Step(
        N_("Throw the card the hint names: every other card melds, so you go out and score 0."),
        Wait.GO_OUT,
    ),
    Step(
        N_(
            "You went out. Every other player now has one last turn, then the round is scored: "
            "the cards left in a hand cost their points, melds nothing."
        ),
        Wait.SUMMARY,
    ),
    Step(
        N_(
            "That is the game: eleven rounds from 3 to 13 cards, the lowest total wins. Rules "
            "shows every detail with pictures. Have fun!"
        ),
        Wait.NEXT,
    ),
)
"""The guided round, in order."""


NAMED_CARDS = {
    "seven_hearts": "7H",
    "seven_spades": "7S",
    "eight_hearts": "8H",
    "six_hearts": "6H",
    "nine_hearts": "9H",
    "king": "KC",
    "wild": "3D",
}
"""The cards the steps name, by the name of their place in the words."""


def said(step: Step) -> str:
    """What ``step`` says, in the language in use, its cards named as the table names them."""
    names = {name: card_short(parse_cards(label)[0]) for name, label in NAMED_CARDS.items()}
    return _(step.words).format(**names)


def lesson_match() -> Match:
    """The guided round's fixed deal: the first round, you to draw, the teacher opposite."""
    rules = LESSON_RULES
    free: dict[str, list[Card]] = {}
    for card in new_shoe(rules.decks, rules.jokers):
        free.setdefault(str(card), []).append(card)

    def take(labels: str) -> list[Card]:
        return [free[str(card)].pop(0) for card in parse_cards(labels)]

    hands = [take(YOUR_HAND), take(TEACHERS_HAND)]
    discard = take(FIRST_DISCARD)
    top = take(STOCK_TOP)
    rest = sorted(card for cards in free.values() for card in cards)
    document = Match.new(rules, 0).to_json()
    document["actions"] = []
    document["state"].update(
        first_dealer=1,
        round_index=0,
        phase="draw",
        current_seat=0,
        hands=[[card.code for card in hand] for hand in hands],
        stock=[card.code for card in [*rest, *reversed(top)]],
        discard_pile=[card.code for card in discard],
        taken_card=None,
        known_cards=[[], []],
        log=[],
        went_out=None,
        last_turns_left=0,
        stock_rebuilds=0,
        round_scores=[],
        goers=[],
    )
    return Match.from_json(document, verify=False)


def lesson_opening(match: Match) -> list[Event]:
    """The guided round's deal as events (for the log): the round, the hands, the first
    discard."""
    size = match.rules.hand_sizes[0]
    dealt = Dealt(tuple(tuple(hand) for hand in match.hands))
    started = RoundStarted(0, size, wild_rank_for(size), match.dealer, match.rules.multiplier(0))
    return [started, dealt, DiscardStarted(match.discard_pile[0])]


def expected(step: Step, action: Action, going_out: Sequence[Card]) -> bool:
    """True if ``action`` is what ``step`` asks for (``going_out``: the discards that go out
    now)."""
    match step.wait, action:
        case Wait.DRAW, Draw(DrawSource.STOCK):
            return True
        case Wait.DISCARD, Discard(card):
            return str(card) == step.card
        case Wait.GO_OUT, Discard(card):
            return card in going_out
    return False
