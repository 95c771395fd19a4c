"""Where the opponents sit at a table of 2 to 8 players, and what they are called until the
player renames them: their places, clockwise from you at the bottom.

Plain data and English words marked for translation: the settings, the table's words and the
table's layout all read it from here.
"""

from __future__ import annotations

from game.i18n import N_

PLACES = (
    N_("Bottom-left"),
    N_("Left"),
    N_("Top-left"),
    N_("Top"),
    N_("Top-right"),
    N_("Right"),
    N_("Bottom-right"),
)
"""Every place an opponent can sit, clockwise from you at the bottom."""
PLACES_BY_COUNT = {
    2: ("Top",),
    3: ("Left", "Right"),
    4: ("Left", "Top", "Right"),
    5: ("Left", "Top-left", "Top-right", "Right"),
    6: ("Left", "Top-left", "Top", "Top-right", "Right"),
    7: ("Bottom-left", "Left", "Top-left", "Top-right", "Right", "Bottom-right"),
    8: PLACES,
}
"""The opponents' places at a table of 2 to 8 players, in play order (clockwise from you):
with more than three opponents, places along the top and, with seven or eight players, low
on the sides."""
MIN_PLAYERS, MAX_PLAYERS = min(PLACES_BY_COUNT), max(PLACES_BY_COUNT)
"""The table seats 2 to 8 players."""


def seat_place(seat: int, players: int) -> str:
    """Where seat ``seat`` (1 up to ``players - 1``) sits at a table of ``players``, by its
    place clockwise from you at the bottom: ``Top`` heads-up; ``Left``, ``Top``, ``Right``
    at four; ``Top-left``, ``Top-right``, … with more (English: shown through
    :func:`~game.i18n._`)."""
    if players not in PLACES_BY_COUNT:
        raise ValueError(f"a table seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if not 1 <= seat < players:
        raise ValueError(f"seat {seat} is not an opponent's at a table of {players}")
    return PLACES_BY_COUNT[players][seat - 1]


def default_names(players: int) -> tuple[str, ...]:
    """The opponents' names at a table of ``players`` before the player renames them: their
    places (see :func:`seat_place`)."""
    return tuple(seat_place(seat, players) for seat in range(1, players))
