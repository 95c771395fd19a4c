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
from game.engine.rules import RuleSet
from game.files import is_printable, shown
from game.i18n import LANGUAGES
from game.profile.json_format import Upgrades

FORMAT = 1
"""The version of ``settings.json`` this code writes."""
SEATS = ("Left", "Top", "Right")
"""The AI seats, in playing order after you."""
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
TABLE_PLAYERS = len(SEATS) + 1
"""How many players the table seats: you and the AI seats."""


_SHAPED = ("rules", "levels", "names")
"""The settings whose JSON form differs from their value (a rule set, lists for tuples)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the player chose; the defaults are a new profile's."""

    rules: RuleSet = field(default_factory=RuleSet)
    """The rules of the next match."""
    levels: tuple[str, str, str] = ("normal", "normal", "normal")
    """The AI level of Left, Top and Right."""
    names: tuple[str, str, str] = SEATS
    """What Left, Top and Right are called at the table."""
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
        if len(self.levels) != len(SEATS) or len(self.names) != len(SEATS):
            raise ValueError(f"levels and names take one entry per seat ({', '.join(SEATS)})")
        for level in self.levels:
            _check_choice("level", level, OFFERED_LEVELS)
        for name in self.names:
            check_seat_name(name)
        check_table_size(self.rules.players)
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
        """Read the JSON form; a missing key takes its default. Raises ``ValueError``."""
        known = {"format", *(name for name in cls.__dataclass_fields__)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown settings {sorted(unknown)}")
        values: dict[str, Any] = {}
        if "rules" in data:
            values["rules"] = RuleSet.from_json(data["rules"])
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

UPGRADES: Upgrades = {}
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


def check_table_size(players: int) -> None:
    """Raise ``ValueError`` for a count of players the table cannot seat."""
    if players != TABLE_PLAYERS:
        raise ValueError(f"this table seats {TABLE_PLAYERS} players, not {players}")


def _check_choice(name: str, value: object, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}; not {value!r}")
