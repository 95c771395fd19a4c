"""The seating: where each seat sits at a table of 2 to 8 players, said once. Each place has
its name (what the opponent there is called until the player renames them) and the edge of
the table it is at; the settings, the table's words and the table's layout all read it from
here, and the table's sizes are the rules' (``ALLOWED["players"]``).

Plain data: the places' names are English, marked for the catalogues; the words show them
through :func:`~game.i18n._`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.engine.rules import ALLOWED


def N_(message: str) -> str:
    """Mark a place's name for the catalogues (``tools/i18n.py extract`` finds ``N_``) and
    return it as it is: the engine speaks no language (see :func:`game.i18n.N_`)."""
    return message


class Edge(StrEnum):
    """The edge of the table a seat is at, seen from you at the bottom."""

    LEFT = "L"
    TOP = "T"
    RIGHT = "R"


@dataclass(frozen=True, slots=True)
class Place:
    """Where an opponent sits."""

    name: str
    """Its English name, clockwise from you at the bottom: ``Left``, ``Top-right``, …"""
    edge: Edge
    """The edge of the table it is at."""


BOTTOM_LEFT = Place(N_("Bottom-left"), Edge.LEFT)
LEFT = Place(N_("Left"), Edge.LEFT)
TOP_LEFT = Place(N_("Top-left"), Edge.TOP)
TOP = Place(N_("Top"), Edge.TOP)
TOP_RIGHT = Place(N_("Top-right"), Edge.TOP)
RIGHT = Place(N_("Right"), Edge.RIGHT)
BOTTOM_RIGHT = Place(N_("Bottom-right"), Edge.RIGHT)

EVERY_PLACE = (BOTTOM_LEFT, LEFT, TOP_LEFT, TOP, TOP_RIGHT, RIGHT, BOTTOM_RIGHT)
"""Every place an opponent can sit, clockwise from you at the bottom."""
PLACES = tuple(place.name for place in EVERY_PLACE)
"""Their names, in the same order."""
SEATING: dict[int, tuple[Place, ...]] = {
    2: (TOP,),
    3: (LEFT, RIGHT),
    4: (LEFT, TOP, RIGHT),
    5: (LEFT, TOP_LEFT, TOP_RIGHT, RIGHT),
    6: (LEFT, TOP_LEFT, TOP, TOP_RIGHT, RIGHT),
    7: (BOTTOM_LEFT, LEFT, TOP_LEFT, TOP_RIGHT, RIGHT, BOTTOM_RIGHT),
    8: EVERY_PLACE,
}
"""The opponents' places at each table size the rules allow, in play order (clockwise from
you: up the left edge, along the top, down the right edge): with more than three opponents,
places along the top and, with seven or eight players, low on the sides."""
MIN_PLAYERS, MAX_PLAYERS = min(ALLOWED["players"]), max(ALLOWED["players"])
"""The table seats 2 to 8 players (the rules' ``players``)."""


def seating(players: int) -> tuple[Place, ...]:
    """The opponents' places at a table of ``players``, in play order; ``ValueError`` for a
    size the rules do not allow."""
    if players not in ALLOWED["players"]:
        raise ValueError(f"a table seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    return SEATING[players]


def seat_place(seat: int, players: int) -> str:
    """Where seat ``seat`` (1 up to ``players - 1``) sits at a table of ``players``, by its
    place's name clockwise from you at the bottom: ``Top`` heads-up; ``Left``, ``Top``,
    ``Right`` at four; ``Top-left``, ``Top-right``, … with more (English: shown through
    :func:`~game.i18n._`)."""
    places = seating(players)
    if not 1 <= seat < players:
        raise ValueError(f"seat {seat} is not an opponent's at a table of {players}")
    return places[seat - 1].name


def default_names(players: int) -> tuple[str, ...]:
    """The opponents' names at a table of ``players`` before the player renames them: their
    places (see :func:`seat_place`)."""
    return tuple(place.name for place in seating(players))
