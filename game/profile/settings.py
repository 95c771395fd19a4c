"""The player's settings: the rules of the next match, the opponents, pace, sound and looks.

A :class:`Settings` value is frozen; changing one setting makes a new value.
Its JSON form (``settings.json`` in the profile) carries an integer
``"format"``; :meth:`Settings.from_json` refuses anything else with a
``ValueError`` that says what is wrong. Rule changes apply from the next
match; everything else at once (the window decides how).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from game.ai.levels import OFFERED_LEVELS
from game.engine.rules import RuleSet, rules_of_format_2, rules_of_format_3
from game.engine.seating import MAX_PLAYERS, MIN_PLAYERS, default_names, seat_place
from game.files import is_printable, shown
from game.i18n import LANGUAGES
from game.profile.json_format import Upgrades

FORMAT = 3
"""The version of ``settings.json`` this code writes."""
CARD_GLIDE_SECONDS = 0.45
"""How long one card takes to travel at normal speed (the table's pace)."""
SPEEDS: dict[str, float] = {
    "slow": CARD_GLIDE_SECONDS * 1.6,
    "normal": CARD_GLIDE_SECONDS,
    "fast": CARD_GLIDE_SECONDS * 0.45,
    "instant": 0.0,
}
"""Seconds one card takes to travel, per animation speed."""
DECK_STYLES = ("classic", "four_colour")
"""Card faces: two colours (♠♣ black, ♥♦ red), or four (♠ black, ♥ red, ♦ blue, ♣ green)."""
CARD_BACKS = ("blue", "red")
"""The card backs, the default first."""
NAME_LENGTH = 16
"""The longest name a seat may be given."""
NEW_SEAT_LEVEL = "normal"
"""The level of every opponent of a new profile."""


_SHAPED = ("rules", "levels", "names")
"""The settings whose JSON form differs from their value (a rule set, lists for tuples)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the player chose; the defaults are a new profile's."""

    rules: RuleSet = field(default_factory=RuleSet)
    """The rules of the next match."""
    levels: tuple[str, ...] = (NEW_SEAT_LEVEL,) * 3
    """The level of each opponent, seats 1, 2, … in play order (Left, Top, Right at the
    default table of four): one per opponent of :attr:`rules`' table."""
    names: tuple[str, ...] = default_names(4)
    """What each opponent is called at the table: its place (untranslated) unless the
    player renamed it."""
    speed: str = "normal"
    """Animation speed, a key of :data:`SPEEDS`."""
    volume: float = 0.8
    """Sound volume from 0 to 1."""
    muted: bool = False
    deck: str = DECK_STYLES[0]
    """Card faces, one of :data:`DECK_STYLES`."""
    back: str = CARD_BACKS[0]
    """Card back, one of :data:`CARD_BACKS`."""
    fullscreen: bool = False
    language: str | None = None
    """One of :data:`~game.i18n.LANGUAGES`, or None to follow the system's language."""
    local_indices: bool = True
    """Court cards show the indices of the language in use (R D V in French); off: A K Q J."""
    show_log: bool = True
    """The action log beside the table (in windows wide enough for it)."""
    undo: bool = False
    """Your last discard may be taken back while no AI seat has acted since."""
    coach: bool = True
    """Tips at the table during your first matches."""

    def __post_init__(self) -> None:
        _check_choice("speed", self.speed, tuple(SPEEDS))
        _check_choice("deck", self.deck, DECK_STYLES)
        _check_choice("back", self.back, CARD_BACKS)
        check_table_size(self.rules.players)
        opponents = self.rules.players - 1
        if len(self.levels) != opponents or len(self.names) != opponents:
            raise ValueError(
                f"levels and names take one entry per opponent: {opponents} at a table of "
                f"{self.rules.players}, not {len(self.levels)} levels and {len(self.names)} names"
            )
        for level in self.levels:
            _check_choice("level", level, OFFERED_LEVELS)
        for name in self.names:
            check_seat_name(name)
        if type(self.volume) not in (int, float) or not 0 <= self.volume <= 1:
            raise ValueError(f"volume must be a number from 0 to 1, not {self.volume!r}")
        if self.language is not None:
            _check_choice("language", self.language, LANGUAGES)
        for flag in ("muted", "fullscreen", "local_indices", "show_log", "undo", "coach"):
            if type(getattr(self, flag)) is not bool:
                raise ValueError(f"{flag} must be true or false, not {getattr(self, flag)!r}")

    @property
    def move_seconds(self) -> float:
        """How long a card takes to travel at the chosen speed."""
        return SPEEDS[self.speed]

    @property
    def policies(self) -> dict[int, str]:
        """The AI seats of a new match: seat number → level."""
        return dict(enumerate(self.levels, start=1))

    def seated(self, players: int) -> Settings:
        """A copy at a table of ``players``: the seats that stay keep their levels and the names
        the player gave them (the others' names follow their new places); new seats play the
        last seat's level. Raises ``ValueError`` for a count the table cannot seat."""
        check_table_size(players)
        was = self.rules.players
        levels = self.levels[: players - 1]
        levels += (self.levels[-1],) * (players - 1 - len(levels))
        names = tuple(
            self.names[seat - 1]
            if seat < was and self.names[seat - 1] != seat_place(seat, was)
            else seat_place(seat, players)
            for seat in range(1, players)
        )
        return replace(self, rules=replace(self.rules, players=players), levels=levels, names=names)

    def changed(self, **values: Any) -> Settings:
        """A copy with ``values`` changed (checked like any settings)."""
        return replace(self, **values)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "rules": self.rules.to_json(),
            "levels": list(self.levels),
            "names": list(self.names),
            **{key: getattr(self, key) for key in _AS_THEY_ARE},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        """Read the JSON form; a missing key takes its default (the opponents' levels and
        names: those of a new profile's seats at the table of the rules). Raises
        ``ValueError``."""
        known = {"format", *(name for name in cls.__dataclass_fields__)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown settings {sorted(unknown)}")
        rules = RuleSet.from_json(data["rules"]) if "rules" in data else RuleSet()
        check_table_size(rules.players)
        seated = cls().seated(rules.players)
        values: dict[str, Any] = {"rules": rules, "levels": seated.levels, "names": seated.names}
        for key in ("levels", "names"):
            if key in data:
                if not isinstance(data[key], list):
                    raise ValueError(f"{key} must be a list, not {data[key]!r}")
                values[key] = tuple(data[key])
        for key in _AS_THEY_ARE:
            if key in data:
                values[key] = data[key]
        return cls(**values)


_AS_THEY_ARE = tuple(name for name in Settings.__dataclass_fields__ if name not in _SHAPED)
"""The settings kept in ``settings.json`` as they are (checked by :class:`Settings` itself)."""


UPGRADES: Upgrades = {1: rules_of_format_2, 2: rules_of_format_3}
"""The steps that bring an earlier ``settings.json`` to :data:`FORMAT`, one per format
(:mod:`game.engine.formats`); the profile applies them as it reads the file."""


def check_seat_name(name: object) -> None:
    """Raise ``ValueError`` unless ``name`` can name a seat: 1 to :data:`NAME_LENGTH`
    characters, not all spaces, none of them a control character or a lone surrogate
    (what no font draws and no file can hold)."""
    if (
        not isinstance(name, str)
        or not name.strip()
        or len(name) > NAME_LENGTH
        or not all(map(is_printable, name))
    ):
        raise ValueError(
            f"a seat's name is 1 to {NAME_LENGTH} printable characters, not {shown(name, 40)!r}"
        )


def check_table_size(players: object) -> None:
    """Raise ``ValueError`` for a count of players the table cannot seat (2 to 8)."""
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"the table seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {shown(players, 24)}"
        )


def _check_choice(name: str, value: object, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}; not {value!r}")
