"""Every option of the rule set, described once: for the settings screen and the rules screen.

:data:`RULE_OPTIONS` holds one :class:`RuleOption` per field of
:class:`~game.engine.rules.RuleSet`, in the order a settings screen shows them.
Each option lists its choices with the default first; the values are those of
:data:`~game.engine.rules.ALLOWED` in the same order, except ``players``, whose
default (4) comes first and the other counts follow in ``ALLOWED`` order.

>>> option("jokers").default.label
'None'
>>> rules = with_choice(RuleSet(), "aces", "low_or_high")
>>> choice_for(rules, "aces").explanation
'Q-K-A counts as a run too; K-A-2 never does.'
>>> [(o.field, c.label) for o, c in non_default(rules)]
[('aces', 'Low or high')]
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, TypeAlias

from game.engine.cards import Rank, wild_rank_for
from game.engine.rules import ALLOWED, SCHEDULES, RuleSet

RuleValue: TypeAlias = int | str | bool | None
"""A value a rule-set field can take."""


def same_value(a: RuleValue, b: RuleValue) -> bool:
    """Equal and of the same type, so that ``True`` is not taken for ``1`` (as RuleSet checks)."""
    return a == b and type(a) is type(b)


@dataclass(frozen=True, slots=True)
class Choice:
    """One value of an option, as a player reads it."""

    value: RuleValue
    """The RuleSet field's value."""
    label: str
    """Short name of the choice, e.g. "Low or high"."""
    explanation: str
    """One line: what the game is like with this choice."""


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One field of the rule set: its name for a player and its choices, default first."""

    field: str
    """The RuleSet field name."""
    label: str
    """Short name of the option, e.g. "Printed jokers"."""
    explanation: str
    """One line: what the option changes."""
    choices: tuple[Choice, ...]
    """Every allowed value; the first is the default."""
    adjustable: bool = True
    """False if the settings screen shows the option but does not let the player change it."""

    @property
    def default(self) -> Choice:
        """The choice of the base game (the first)."""
        return self.choices[0]

    @property
    def values(self) -> tuple[RuleValue, ...]:
        """The values of :attr:`choices`, in order."""
        return tuple(choice.value for choice in self.choices)

    def choice(self, value: RuleValue) -> Choice:
        """The choice whose value is ``value``; ``ValueError`` naming the choices if none is."""
        for choice in self.choices:
            if same_value(choice.value, value):
                return choice
        known = ", ".join(repr(choice.value) for choice in self.choices)
        raise ValueError(f"rule {self.field!r} has no choice {value!r}; choices: {known}")


def _points(value: int) -> str:
    return f"{value} point" if value == 1 else f"{value} points"


def _schedule_choice(name: str, label: str) -> Choice:
    """A schedule's choice, its explanation read from :data:`SCHEDULES` and the wild ranks."""
    sizes = SCHEDULES[name]
    top = max(sizes)
    wild = {size: wild_rank_for(size).plural for size in sizes}
    shape = f"{sizes[0]} cards up to {top}"
    if sizes[-1] != top:
        shape += f", then back down to {sizes[-1]}"
        notes = [f"{wild[top]} at {top} cards", f"{wild[sizes[-1]]} again last"]
    else:
        odd = sorted(size for size in wild if int(wild_rank_for(size)) != size)
        notes = [f"{wild[size]} at {size} cards" for size in odd] or [f"{wild[top]} last"]
    wilds = ", ".join([f"{wild[sizes[0]]} are wild first", *notes])
    return Choice(name, label, f"{len(sizes)} rounds: {shape}; {wilds}.")


def _player_choice(players: int) -> Choice:
    decks = RuleSet(players=players).decks
    return Choice(
        players, str(players), f"{players} players share {decks} decks shuffled together."
    )


def _face(face_values: str, rank: Rank) -> int:
    return RuleSet(face_values=face_values).natural_value(rank)


def _face_explanation(face_values: str) -> str:
    jack, queen, king = (_face(face_values, rank) for rank in (Rank.JACK, Rank.QUEEN, Rank.KING))
    if jack == queen == king:
        return f"Jacks, Queens and Kings cost {_points(jack)} each."
    return f"A Jack costs {_points(jack)}, a Queen {queen}, a King {king}."


_LOW_ACE = RuleSet(aces="low").natural_value(Rank.ACE)

_SCHEDULE_LABELS = {
    "3-13": "3 to 13",
    "6-14": "Six-Fourteen",
    "short": "Short game",
    "3-15": "3 to 15",
    "up_down": "Up and down",
}

_DEFAULT_PLAYERS = RuleSet().players

RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "schedule",
        "Rounds",
        "How many cards each round deals, and so which rank is wild.",
        tuple(_schedule_choice(name, _SCHEDULE_LABELS[name]) for name in ALLOWED["schedule"]),
    ),
    RuleOption(
        "double_penalties",
        "Doubled rounds",
        "Rounds whose penalty points count double.",
        (
            Choice("none", "None", "Every round counts the same."),
            Choice("last", "Last round", "Penalty points of the last round count double."),
            Choice(
                "last_three",
                "Last three rounds",
                "Penalty points of the last three rounds count double.",
            ),
        ),
    ),
    RuleOption(
        "jokers",
        "Printed jokers",
        "Printed jokers shuffled into the decks; they are wild in every round.",
        tuple(
            Choice(count, "None", "No printed jokers: only the round's wild rank is wild.")
            if count == 0
            else Choice(count, str(count), f"{count} printed jokers join the decks.")
            for count in ALLOWED["jokers"]
        ),
    ),
    RuleOption(
        "joker_penalty",
        "Joker penalty",
        "What a printed joker left over in your hand costs.",
        tuple(
            Choice(value, _points(value), f"A printed joker left over costs {_points(value)}.")
            for value in ALLOWED["joker_penalty"]
        ),
    ),
    RuleOption(
        "wild_penalty",
        "Wild card penalty",
        "What a card of the round's wild rank left over in your hand costs.",
        tuple(
            Choice(value, _points(value), f"A wild-rank card left over costs {_points(value)}.")
            if value
            else Choice(value, _points(value), "A wild-rank card left over costs nothing.")
            for value in ALLOWED["wild_penalty"]
        ),
    ),
    RuleOption(
        "max_wilds_per_meld",
        "Wilds per meld",
        "How many wild cards one set or run may hold.",
        (
            Choice(None, "Any number", "A meld may hold as many wild cards as you like."),
            Choice(1, "At most 1", "Each meld holds at most one wild card; the rest are naturals."),
        ),
    ),
    RuleOption(
        "all_wild_melds",
        "Melds of wilds only",
        "Whether a meld may be made of wild cards alone.",
        (
            Choice(True, "Allowed", "Wild cards alone make a meld."),
            Choice(False, "Not allowed", "Every meld needs at least one natural card."),
        ),
    ),
    RuleOption(
        "aces",
        "Aces",
        "Where an Ace may sit in a run.",
        (
            Choice("low", "Low only", "A-2-3 is a run; Q-K-A and K-A-2 are not."),
            Choice("low_or_high", "Low or high", "Q-K-A counts as a run too; K-A-2 never does."),
        ),
    ),
    RuleOption(
        "ace_high_penalty",
        "Ace penalty",
        f"What an Ace left over costs when aces may be high (a low-only Ace costs {_LOW_ACE}).",
        tuple(
            Choice(
                value, _points(value), f"With high aces, an Ace left over costs {_points(value)}."
            )
            for value in ALLOWED["ace_high_penalty"]
        ),
    ),
    RuleOption(
        "face_values",
        "Face cards",
        "What a Jack, Queen or King left over in your hand costs.",
        (
            Choice("ten", f"{_face('ten', Rank.JACK)} each", _face_explanation("ten")),
            Choice("rank", "By rank", _face_explanation("rank")),
        ),
    ),
    RuleOption(
        "discard_taken_card",
        "Discard the card taken",
        "Whether the card you took from the discard pile may go straight back.",
        (
            Choice(
                False,
                "Not allowed",
                "A card taken from the discard pile may not go back on it the same turn.",
            ),
            Choice(
                True, "Allowed", "You may throw back the card you just took from the discard pile."
            ),
        ),
    ),
    RuleOption(
        "lay_off",
        "Laying off",
        "Whether, after someone goes out, the others may add cards to the melds shown.",
        (
            Choice(False, "Off", "Every card left over in your hand counts against you."),
            Choice(
                True,
                "On",
                "Leftover cards that extend the melds of whoever went out count as melded.",
            ),
        ),
    ),
    RuleOption(
        "tie",
        "Tie for lowest",
        "Who wins when several players share the lowest total.",
        (
            Choice(
                "zero_rounds",
                "Most zero rounds",
                "The tied player with more rounds at 0 wins; still tied, the win is shared.",
            ),
            Choice("shared", "Shared", "All players tied on the lowest total share the win."),
        ),
    ),
    RuleOption(
        "players",
        "Players",
        f"Seats at the table. The engine plays {min(ALLOWED['players'])} to "
        f"{max(ALLOWED['players'])} players, but this table seats four: you and three opponents.",
        (
            _player_choice(_DEFAULT_PLAYERS),
            *(_player_choice(n) for n in ALLOWED["players"] if n != _DEFAULT_PLAYERS),
        ),
        adjustable=False,
    ),
)
"""One option per RuleSet field, in settings-screen order: the match, wilds, values, play, end."""

_BY_FIELD = {rule_option.field: rule_option for rule_option in RULE_OPTIONS}


def option(field: str) -> RuleOption:
    """The option of RuleSet field ``field``; ``ValueError`` naming the known fields if none."""
    found = _BY_FIELD.get(field)
    if found is None:
        raise ValueError(f"unknown rule {field!r}; known rules: {', '.join(sorted(_BY_FIELD))}")
    return found


def choice_for(rules: RuleSet, field: str) -> Choice:
    """The choice ``rules`` makes for ``field``."""
    return option(field).choice(getattr(rules, field))


def with_choice(rules: RuleSet, field: str, value: RuleValue) -> RuleSet:
    """A new RuleSet: ``rules`` with ``field`` set to ``value``.

    Raises ``ValueError`` for an unknown field or a value that is not one of its
    choices. Options that are not :attr:`~RuleOption.adjustable` still accept
    their choices: the flag tells the settings screen, not the engine.
    """
    changes: dict[str, Any] = {field: option(field).choice(value).value}
    return replace(rules, **changes)


def non_default(rules: RuleSet) -> tuple[tuple[RuleOption, Choice], ...]:
    """The options ``rules`` sets away from their default, in :data:`RULE_OPTIONS` order."""
    found = []
    for rule_option in RULE_OPTIONS:
        chosen = choice_for(rules, rule_option.field)
        if chosen is not rule_option.default:
            found.append((rule_option, chosen))
    return tuple(found)
