"""The rule set: every option of the rules contract, validated, with its JSON form.

>>> rules = RuleSet.from_json({"schedule": "6-14", "jokers": 2})
>>> rules.hand_sizes[:3], rules.decks, rules.shoe_size
((6, 7, 8), 2, 106)
>>> RuleSet.from_json({"aces": "high"})
Traceback (most recent call last):
...
ValueError: rule 'aces' must be one of 'low', 'low_or_high'; got 'high'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from game.engine.cards import Card, Rank, wild_rank_for

SCHEDULES: dict[str, tuple[int, ...]] = {
    "3-13": tuple(range(3, 14)),
    "6-14": tuple(range(6, 15)),
    "short": tuple(range(3, 11)),
    "3-15": tuple(range(3, 16)),
    "up_down": tuple(range(3, 14)) + tuple(range(13, 2, -1)),
}
"""Hand size of each round, per schedule name."""

_DOUBLED_LAST = {"none": 0, "last": 1, "last_three": 3}
"""How many rounds at the end of the schedule count double, per ``double_penalties``."""
_FACE_RANKS = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING})
"""Wild ranks of the rounds doubled under ``double_penalties="jqk"``."""

ALLOWED: dict[str, tuple[Any, ...]] = {
    "players": tuple(range(2, 9)),
    "jokers": (0, 2, 4),
    "joker_penalty": (20, 25),
    "wild_penalty": (15, 0),
    "max_wilds_per_meld": (None, 1),
    "all_wild_melds": (True, False),
    "aces": ("low", "low_or_high"),
    "ace_high_penalty": (15, 1),
    "face_values": ("ten", "rank"),
    "discard_taken_card": (False, True),
    "schedule": tuple(SCHEDULES),
    "double_penalties": (*_DOUBLED_LAST, "jqk"),
    "tie": ("zero_rounds", "shared", "nobody"),
    "lay_off": (False, True, "all"),
    "contracts": (False, True),
    "free_jokers": (False, True),
    "table": ("closed", "open"),
}
"""The values each option accepts; the first of each is the default (``players`` defaults to 4)."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One reading of the rules; the defaults are the base game of docs/RULES.md."""

    players: int = 4
    """Seats at the table, 2–8; 7 or 8 players add a third deck."""
    jokers: int = 0
    """Printed jokers shuffled into the shoe: 0, 2 or 4."""
    joker_penalty: int = 20
    """Penalty of a printed joker left over: 20 or 25."""
    wild_penalty: int = 15
    """Penalty of a wild-rank card left over: 15 or 0."""
    max_wilds_per_meld: int | None = None
    """Wilds allowed in one meld: ``None`` (unlimited) or 1."""
    all_wild_melds: bool = True
    """Whether a meld made only of wilds is legal."""
    aces: str = "low"
    """``"low"`` (A-2-3 only) or ``"low_or_high"`` (Q-K-A too; never K-A-2)."""
    ace_high_penalty: int = 15
    """Penalty of an Ace left over when aces may be high: 15 or 1."""
    face_values: str = "ten"
    """``"ten"`` (J, Q, K score 10) or ``"rank"`` (J 11, Q 12, K 13)."""
    discard_taken_card: bool = False
    """Whether the card just taken from the discard pile may be discarded again."""
    schedule: str = "3-13"
    """Round schedule, a key of :data:`SCHEDULES`."""
    double_penalties: str = "none"
    """Rounds whose penalties count double: ``"none"``, ``"last"``, ``"last_three"``, or
    ``"jqk"``: the rounds whose wild rank is the Jack, Queen or King (11, 12, 13 cards)."""
    tie: str = "zero_rounds"
    """Tie on the lowest total: ``"zero_rounds"`` (most 0-rounds, then shared),
    ``"shared"``, or ``"nobody"`` (a tie gives the match to no one)."""
    lay_off: bool | str = False
    """Laying off in the last turns: ``False``; ``True``, onto the melds of who went out;
    ``"all"``, the redemption round: onto every meld on the table (:mod:`game.engine.layoff`)."""
    contracts: bool = False
    """Whether going out needs the round's contract (:mod:`game.engine.contracts`)."""
    free_jokers: bool = False
    """Whether, when a round ends with a player gone out, printed jokers left in the other
    hands are thrown onto a meld and score 0."""
    table: str = "closed"
    """``"closed"``: melds are shown only when a player goes out; ``"open"``: melds are laid
    down and built on during turns, and hands count in full (:mod:`game.engine.open_table`)."""

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            allowed = ALLOWED[field.name]
            # bool is an int: compare types too, so True is not taken for 1.
            if not any(value == ok and type(value) is type(ok) for ok in allowed):
                raise ValueError(
                    f"rule {field.name!r} must be one of {_describe(allowed)}; got {value!r}"
                )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RuleSet:
        """Build from a (possibly partial) JSON object; missing keys take defaults.

        Raises ``ValueError`` naming an unknown key, or a field and its allowed values.
        """
        if not isinstance(data, Mapping):
            raise ValueError(f"rules must be a JSON object, not {type(data).__name__}")
        known = {field.name for field in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            names = ", ".join(sorted(known))
            raise ValueError(f"unknown rule {unknown[0]!r}; known rules: {names}")
        return cls(**data)

    def to_json(self) -> dict[str, Any]:
        """The JSON object form: every field by name."""
        return asdict(self)

    @property
    def decks(self) -> int:
        """Standard decks in the shoe: 2, or 3 with 7–8 players."""
        return 3 if self.players >= 7 else 2

    @property
    def shoe_size(self) -> int:
        """Cards in the shoe: 52 per deck plus the printed jokers."""
        return 52 * self.decks + self.jokers

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """The hand size of every round, in order."""
        return SCHEDULES[self.schedule]

    @property
    def rounds(self) -> int:
        """Number of rounds in a match."""
        return len(self.hand_sizes)

    @property
    def aces_high(self) -> bool:
        """True if an Ace may also end a run above the King (Q-K-A)."""
        return self.aces == "low_or_high"

    def multiplier(self, round_index: int) -> int:
        """Factor applied to penalties of round ``round_index`` (0-based): 1 or 2.

        >>> rules = RuleSet(schedule="6-14", double_penalties="jqk")
        >>> [rules.multiplier(index) for index in range(rules.rounds)]
        [1, 1, 1, 1, 1, 2, 2, 2, 1]
        """
        if self.double_penalties == "jqk":
            wild_rank = wild_rank_for(self.hand_sizes[round_index])
            return 2 if wild_rank in _FACE_RANKS else 1
        doubled = _DOUBLED_LAST[self.double_penalties]
        return 2 if round_index >= self.rounds - doubled else 1

    def natural_value(self, rank: Rank) -> int:
        """Penalty of a natural card of ``rank`` left over."""
        if rank == Rank.ACE:
            return self.ace_high_penalty if self.aces_high else 1
        if rank >= Rank.JACK:
            return int(rank) if self.face_values == "rank" else 10
        return int(rank)

    def penalty(self, card: Card, wild_rank: Rank | None) -> int:
        """Penalty of ``card`` left over in a round whose wild rank is ``wild_rank``."""
        if card.rank is None:
            return self.joker_penalty
        if card.rank == wild_rank:
            return self.wild_penalty
        return self.natural_value(card.rank)


def _describe(values: tuple[Any, ...]) -> str:
    if values == ALLOWED["players"]:
        return f"{values[0]}-{values[-1]}"
    return ", ".join(_json_literal(value) for value in values)


def _json_literal(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


FORMAT_2_RULES = {"contracts": False, "free_jokers": False}
"""The rules format 2 of the saved documents added, as every format-1 document played them."""


def rules_of_format_2(document: dict[str, Any]) -> dict[str, Any]:
    """Format 1 → 2 of a saved document that keeps its rules under ``"rules"`` (a match, the
    settings): the rules, when there, name :data:`FORMAT_2_RULES` as format 1 played them."""
    return _with_rules(document, 2, FORMAT_2_RULES)


FORMAT_3_RULES = {"table": "closed"}
"""The rules format 3 of the saved documents added, as every earlier one played them."""


def rules_of_format_3(document: dict[str, Any]) -> dict[str, Any]:
    """Format 2 → 3 of a saved document that keeps its rules under ``"rules"``: the rules,
    when there, name :data:`FORMAT_3_RULES` as format 2 played them."""
    return _with_rules(document, 3, FORMAT_3_RULES)


def _with_rules(document: dict[str, Any], format: int, added: dict[str, Any]) -> dict[str, Any]:
    rules = document.get("rules")
    if isinstance(rules, dict):
        return {**document, "format": format, "rules": {**added, **rules}}
    return {**document, "format": format}
