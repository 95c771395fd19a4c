"""Every option of the rule set, described once: for the settings screen and the rules screen.

:func:`rule_options` gives one :class:`RuleOption` per field of
:class:`~game.engine.rules.RuleSet`, in the order a settings screen shows them,
worded in the language in use (:mod:`game.i18n`).
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

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, TypeAlias

from game.engine.cards import Rank, wild_rank_for
from game.engine.rules import ALLOWED, SCHEDULES, RuleSet
from game.i18n import N_, _, language, ngettext
from game.words.card_words import rank_plural

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


def points(value: int) -> str:
    """``1 point``, ``5 points``, in the language in use."""
    return ngettext("{count} point", "{count} points", value).format(count=value)


def _schedule_choice(name: str, label: str) -> Choice:
    """A schedule's choice, its explanation read from :data:`SCHEDULES` and the wild ranks."""
    sizes = SCHEDULES[name]
    top = max(sizes)
    wild = {size: rank_plural(wild_rank_for(size)) for size in sizes}
    if sizes[-1] != top:
        shape = _("{first} cards up to {top}, then back down to {last}").format(
            first=sizes[0], top=top, last=sizes[-1]
        )
        notes = [
            _("{rank} at {size} cards").format(rank=wild[top], size=top),
            _("{rank} again last").format(rank=wild[sizes[-1]]),
        ]
    else:
        shape = _("{first} cards up to {top}").format(first=sizes[0], top=top)
        odd = sorted(size for size in wild if int(wild_rank_for(size)) != size)
        notes = [_("{rank} at {size} cards").format(rank=wild[size], size=size) for size in odd]
        notes = notes or [_("{rank} last").format(rank=wild[top])]
    first = _("{rank} are wild first").format(rank=wild[sizes[0]])
    rounds = ngettext("{count} round", "{count} rounds", len(sizes)).format(count=len(sizes))
    explanation = _("{rounds}: {shape}; {wilds}.").format(
        rounds=rounds,
        shape=shape,
        wilds=_(", ").join([first, *notes]),
    )
    return Choice(name, _(label), explanation)


def _player_choice(players: int) -> Choice:
    decks = RuleSet(players=players).decks
    return Choice(
        players,
        str(players),
        _("{players} players share {decks} decks shuffled together.").format(
            players=players, decks=decks
        ),
    )


def _face(face_values: str, rank: Rank) -> int:
    return RuleSet(face_values=face_values).natural_value(rank)


def _face_explanation(face_values: str) -> str:
    jack, queen, king = (_face(face_values, rank) for rank in (Rank.JACK, Rank.QUEEN, Rank.KING))
    if jack == queen == king:
        return _("Jacks, Queens and Kings cost {points} each.").format(points=points(jack))
    return _("A Jack costs {jack}, a Queen {queen}, a King {king}.").format(
        jack=points(jack), queen=queen, king=king
    )


_LOW_ACE = RuleSet(aces="low").natural_value(Rank.ACE)

_SCHEDULE_LABELS = {
    "3-13": N_("3 to 13"),
    "6-14": N_("Six-Fourteen"),
    "short": N_("Short game"),
    "3-15": N_("3 to 15"),
    "up_down": N_("Up and down"),
}

_DEFAULT_PLAYERS = RuleSet().players


def _build() -> tuple[RuleOption, ...]:
    """Every option, worded in the language in use."""
    low, high = min(ALLOWED["players"]), max(ALLOWED["players"])
    return (
        RuleOption(
            "schedule",
            _("Rounds"),
            _("How many cards each round deals, and so which rank is wild."),
            tuple(_schedule_choice(name, _SCHEDULE_LABELS[name]) for name in ALLOWED["schedule"]),
        ),
        RuleOption(
            "double_penalties",
            _("Doubled rounds"),
            _("Rounds whose penalty points count double."),
            (
                Choice("none", _("None"), _("Every round counts the same.")),
                Choice(
                    "last", _("Last round"), _("Penalty points of the last round count double.")
                ),
                Choice(
                    "last_three",
                    _("Last three rounds"),
                    _("Penalty points of the last three rounds count double."),
                ),
                Choice(
                    "jqk",
                    _("Jack, Queen, King rounds"),
                    _(
                        "Penalty points count double in the rounds where Jacks, Queens or Kings "
                        "are wild (the last three of 3 to 13)."
                    ),
                ),
            ),
        ),
        RuleOption(
            "jokers",
            _("Printed jokers"),
            _("Printed jokers shuffled into the decks; they are wild in every round."),
            tuple(
                Choice(
                    count, _("None"), _("No printed jokers: only the round's wild rank is wild.")
                )
                if count == 0
                else Choice(
                    count,
                    str(count),
                    ngettext(
                        "{count} printed joker joins the decks.",
                        "{count} printed jokers join the decks.",
                        count,
                    ).format(count=count),
                )
                for count in ALLOWED["jokers"]
            ),
        ),
        RuleOption(
            "joker_penalty",
            _("Joker penalty"),
            _("What a printed joker left over in your hand costs."),
            tuple(
                Choice(
                    value,
                    points(value),
                    _("A printed joker left over costs {points}.").format(points=points(value)),
                )
                for value in ALLOWED["joker_penalty"]
            ),
        ),
        RuleOption(
            "wild_penalty",
            _("Wild card penalty"),
            _("What a card of the round's wild rank left over in your hand costs."),
            tuple(
                Choice(
                    value,
                    points(value),
                    _("A wild-rank card left over costs {points}.").format(points=points(value)),
                )
                if value
                else Choice(value, points(value), _("A wild-rank card left over costs nothing."))
                for value in ALLOWED["wild_penalty"]
            ),
        ),
        RuleOption(
            "max_wilds_per_meld",
            _("Wilds per meld"),
            _("How many wild cards one set or run may hold."),
            (
                Choice(None, _("Any number"), _("A meld may hold as many wild cards as you like.")),
                Choice(
                    1,
                    _("At most 1"),
                    _("Each meld holds at most one wild card; the rest are naturals."),
                ),
            ),
        ),
        RuleOption(
            "all_wild_melds",
            _("Melds of wilds only"),
            _("Whether a meld may be made of wild cards alone."),
            (
                Choice(True, _("Allowed"), _("Wild cards alone make a meld.")),
                Choice(False, _("Not allowed"), _("Every meld needs at least one natural card.")),
            ),
        ),
        RuleOption(
            "aces",
            _("Aces"),
            _("Where an Ace may sit in a run."),
            (
                Choice("low", _("Low only"), _("A-2-3 is a run; Q-K-A and K-A-2 are not.")),
                Choice(
                    "low_or_high",
                    _("Low or high"),
                    _("Q-K-A counts as a run too; K-A-2 never does."),
                ),
            ),
        ),
        RuleOption(
            "ace_high_penalty",
            _("Ace penalty"),
            _(
                "What an Ace left over costs when aces may be high (a low-only Ace costs {points})."
            ).format(points=points(_LOW_ACE)),
            tuple(
                Choice(
                    value,
                    points(value),
                    _("With high aces, an Ace left over costs {points}.").format(
                        points=points(value)
                    ),
                )
                for value in ALLOWED["ace_high_penalty"]
            ),
        ),
        RuleOption(
            "face_values",
            _("Face cards"),
            _("What a Jack, Queen or King left over in your hand costs."),
            (
                Choice(
                    "ten",
                    _("{points} each").format(points=_face("ten", Rank.JACK)),
                    _face_explanation("ten"),
                ),
                Choice("rank", _("By rank"), _face_explanation("rank")),
            ),
        ),
        RuleOption(
            "discard_taken_card",
            _("Discard the card taken"),
            _("Whether the card you took from the discard pile may go straight back."),
            (
                Choice(
                    False,
                    _("Not allowed"),
                    _("A card taken from the discard pile may not go back on it the same turn."),
                ),
                Choice(
                    True,
                    _("Allowed"),
                    _("You may throw back the card you just took from the discard pile."),
                ),
            ),
        ),
        RuleOption(
            "lay_off",
            _("Laying off"),
            _("Whether, after someone goes out, the others may add cards to the melds shown."),
            (
                Choice(False, _("Off"), _("Every card left over in your hand counts against you.")),
                Choice(
                    True,
                    _("On"),
                    _("Leftover cards that extend the melds of whoever went out count as melded."),
                ),
                Choice(
                    "all",
                    _("Every meld"),
                    _(
                        "Redemption round: in turn, each player lays down and lays off onto "
                        "every meld on the table."
                    ),
                ),
            ),
        ),
        RuleOption(
            "free_jokers",
            _("Printed jokers left over"),
            _("What a printed joker left in a hand scores when someone has gone out."),
            (
                Choice(False, _("Counted"), _("A printed joker left over scores its penalty.")),
                Choice(
                    True,
                    _("Thrown onto a meld"),
                    _("A printed joker left over is thrown onto a meld and scores 0."),
                ),
            ),
        ),
        RuleOption(
            "contracts",
            _("Contracts"),
            _("Whether going out needs the round's contract: so many sets and so many runs."),
            (
                Choice(False, _("Off"), _("Any hand that splits completely into melds goes out.")),
                Choice(
                    True,
                    _("On"),
                    _(
                        "To go out, your melds must include the round's contract, from one set "
                        "at 3 cards to two sets and three runs at 15."
                    ),
                ),
            ),
        ),
        RuleOption(
            "table",
            _("The table"),
            _("Whether melds stay in the hand until someone goes out, or go on the table."),
            (
                Choice(
                    "closed",
                    _("Closed"),
                    _("Melds stay in the hand; your best arrangement is scored at the end."),
                ),
                Choice(
                    "open",
                    _("Open"),
                    _(
                        "Lay melds down and add to any meld during your turn; cards left in "
                        "hand count in full."
                    ),
                ),
            ),
        ),
        RuleOption(
            "tie",
            _("Tie for lowest"),
            _("Who wins when several players share the lowest total."),
            (
                Choice(
                    "zero_rounds",
                    _("Most zero rounds"),
                    _("The tied player with more rounds at 0 wins; still tied, the win is shared."),
                ),
                Choice(
                    "shared",
                    _("Shared"),
                    _("All players tied on the lowest total share the win."),
                ),
                Choice(
                    "nobody",
                    _("Nobody wins"),
                    _("When the lowest total is tied, nobody wins the match."),
                ),
            ),
        ),
        RuleOption(
            "players",
            _("Players"),
            _("Seats at the table: you and {low} to {high} opponents.").format(
                low=low - 1, high=high - 1
            ),
            (
                _player_choice(_DEFAULT_PLAYERS),
                *(_player_choice(n) for n in ALLOWED["players"] if n != _DEFAULT_PLAYERS),
            ),
        ),
    )


@cache
def _options_in(words: str) -> tuple[RuleOption, ...]:
    del words  # the cache key: the options are worded in the language in use
    return _build()


def rule_options() -> tuple[RuleOption, ...]:
    """One option per RuleSet field, in settings-screen order (the match, wilds, values, play,
    end), worded in the language in use."""
    return _options_in(language())


def option(field: str) -> RuleOption:
    """The option of RuleSet field ``field``; ``ValueError`` naming the known fields if none."""
    options = rule_options()
    for found in options:
        if found.field == field:
            return found
    known = ", ".join(sorted(found.field for found in options))
    raise ValueError(f"unknown rule {field!r}; known rules: {known}")


def choice_for(rules: RuleSet, field: str) -> Choice:
    """The choice ``rules`` makes for ``field``."""
    return option(field).choice(getattr(rules, field))


def with_choice(rules: RuleSet, field: str, value: RuleValue) -> RuleSet:
    """A new RuleSet: ``rules`` with ``field`` set to ``value``.

    Raises ``ValueError`` for an unknown field or a value that is not one of its
    choices.
    """
    changes: dict[str, Any] = {field: option(field).choice(value).value}
    return replace(rules, **changes)


def non_default(rules: RuleSet) -> tuple[tuple[RuleOption, Choice], ...]:
    """The options ``rules`` sets away from their default, in :func:`rule_options` order."""
    found = []
    for rule_option in rule_options():
        chosen = choice_for(rules, rule_option.field)
        if chosen is not rule_option.default:
            found.append((rule_option, chosen))
    return tuple(found)


IDLE_WHEN: dict[str, tuple[Callable[[RuleSet], bool], str]] = {
    "joker_penalty": (
        lambda rules: rules.jokers == 0,
        N_("No printed jokers are dealt: choose some under Printed jokers first"),
    ),
    "free_jokers": (
        lambda rules: rules.jokers == 0,
        N_("No printed jokers are dealt: choose some under Printed jokers first"),
    ),
    "lay_off": (
        lambda rules: rules.table == "open",
        N_("At the open table every turn may lay off: this counts at the closed table only"),
    ),
    "ace_high_penalty": (
        lambda rules: not rules.aces_high,
        N_("Aces are low only: this counts once an ace may be high (see Aces)"),
    ),
}
"""The options that cannot apply under some other choice, and why (in words)."""


def idle_reason(rules: RuleSet, field: str) -> str | None:
    """Why the option ``field`` changes nothing under ``rules`` (in the language in use), or
    None if it applies."""
    found = IDLE_WHEN.get(field)
    return _(found[1]) if found is not None and found[0](rules) else None
