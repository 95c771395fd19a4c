"""The match in progress as the profile keeps it (``match.json``), so that it can go on exactly.

Besides the engine's own save (``Match.to_json()`` under ``"match"``) the file
holds what the table needs to go on as if it had never stopped: who sits
where, the seats' names, the order you keep your hand in, and each AI seat's
random stream, so that the seats decide from there exactly as they would have.
"""

from __future__ import annotations

import base64
import binascii
import struct
from dataclasses import dataclass
from typing import Any

from game.ai.registry import check_spec
from game.engine.cards import Card
from game.engine.codec import card_code, card_from_code
from game.engine.match import Match
from game.profile.folder import SAVED_MATCH_FILE
from game.profile.json_format import Upgrades
from game.profile.settings import check_seat_name, check_table_size
from game.seats.messages import RngState, savable_rng_state

FORMAT = 4
"""The version of ``match.json`` this code writes."""
FILE = SAVED_MATCH_FILE


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """A match in progress with everything the table needs to resume it."""

    match: Match
    policies: dict[int, str]
    """Per AI seat, its policy spec; seat 0 is the person unless listed (autoplay). A spec is
    checked as written, not imported: :func:`~game.ai.registry.policy_factory` does that
    when the match is played (see :meth:`game.profile.memory.Memory.playable`)."""
    names: tuple[str, ...]
    """What each AI seat is called (seats 1, 2, 3)."""
    hand_order: tuple[Card, ...]
    """Seat 0's cards in the order kept at the table."""
    rng_states: dict[int, RngState]
    """Per AI seat, its random stream as of the last decision played."""
    went_out: int = 0
    """How many rounds so far seat 0 went out in (for the statistics)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "match": self.match.to_json(),
            "policies": {str(seat): spec for seat, spec in sorted(self.policies.items())},
            "names": list(self.names),
            "hand_order": [card_code(card) for card in self.hand_order],
            "rng_states": {
                str(seat): _state_to_json(state) for seat, state in sorted(self.rng_states.items())
            },
            "went_out": self.went_out,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SavedMatch:
        """Read the JSON form; raises ``ValueError`` saying what is wrong."""
        match = Match.from_json(data.get("match"))
        if match.is_over:
            raise ValueError("the saved match is already over")
        check_table_size(match.players)
        policies, names = read_seats(data, match.players)
        order = data.get("hand_order")
        if not isinstance(order, list) or not all(isinstance(code, str) for code in order):
            raise ValueError(f"hand_order must be a list of card codes, not {order!r}")
        hand_order = tuple(card_from_code(code) for code in order)
        if sorted(hand_order) != sorted(match.hands[0]):
            raise ValueError("hand_order does not hold the cards of seat 0's hand")
        raw_states = _seat_map(data.get("rng_states"), "rng_states", match.players)
        states = {seat: _state_from_json(state) for seat, state in raw_states.items()}
        if set(states) != set(policies):
            raise ValueError("rng_states must name exactly the AI seats")
        went_out = data.get("went_out", 0)
        if type(went_out) is not int or not 0 <= went_out <= len(match.round_scores):
            raise ValueError(f"went_out must count rounds already scored, not {went_out!r}")
        return cls(match, policies, names, hand_order, states, went_out)


def _engine_changed(old: dict[str, Any]) -> dict[str, Any]:
    """Format N → N + 1 where only the engine's document under ``"match"`` changed, which
    :meth:`Match.from_json` upgrades itself: 1 → 2 (its format 2, the rules' ``"contracts"``
    and ``"free_jokers"``), 2 → 3 (its format 3, the open table) and 3 → 4 (its format 4,
    who went out in each round scored)."""
    return {**old, "format": old["format"] + 1}


UPGRADES: Upgrades = {1: _engine_changed, 2: _engine_changed, 3: _engine_changed}
"""The steps that bring an earlier ``match.json`` to :data:`FORMAT`, one per format
(:mod:`game.engine.formats`); the profile applies them as it reads the file. The engine's
document under ``"match"`` has its own format and steps, which :meth:`Match.from_json`
applies: a change to it alone needs a step here only to raise this format (what the
file holds when written again differs)."""


def read_seats(data: dict[str, Any], players: int) -> tuple[dict[int, str], tuple[str, ...]]:
    """The ``"policies"`` (per AI seat, each spec checked as written, every opponent's seat
    named) and the opponents' ``"names"`` of a document about a match of ``players``;
    ``ValueError`` saying what is wrong."""
    policies = _seat_map(data.get("policies"), "policies", players)
    for spec in policies.values():
        check_spec(spec)
    if not set(range(1, players)) <= set(policies):
        raise ValueError("policies must name every AI seat")
    names = data.get("names")
    if not isinstance(names, list) or len(names) != players - 1:
        raise ValueError(f"names must list the {players - 1} AI seats' names")
    for name in names:
        check_seat_name(name)
    return policies, tuple(names)


def _seat_map(data: Any, name: str, players: int) -> dict[int, Any]:
    """``{"1": …, "2": …}`` read as seat numbers of a match of ``players``."""
    if not isinstance(data, dict):
        raise ValueError(f"{name} must be an object keyed by seat, not {data!r}")
    seats: dict[int, Any] = {}
    for key, value in data.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) < players):
            raise ValueError(f"{name}: {key!r} is not a seat of this match")
        seats[int(key)] = value
    return seats


def _state_to_json(state: RngState) -> list[Any]:
    """``[version, base64 of the 625 words, gauss]``: packed, since a save is written on
    every action and 625 numbers per seat would triple the cost of writing it."""
    version, internal, gauss = state
    words = struct.pack(f"<{len(internal)}I", *internal)
    return [version, base64.b64encode(words).decode("ascii"), gauss]


def _state_from_json(data: Any) -> RngState:
    """A ``random.Random`` state from its JSON form; raises ``ValueError`` if it is not one."""
    if not (isinstance(data, list) and len(data) == 3 and isinstance(data[1], str)):
        raise ValueError("a random stream is [version, base64 words, gauss]")
    try:
        words = base64.b64decode(data[1], validate=True)
        internal = struct.unpack(f"<{len(words) // 4}I", words)
    except (ValueError, struct.error, binascii.Error) as error:
        raise ValueError(f"not a random stream: {error}") from None
    state = savable_rng_state((data[0], internal, data[2]))
    if state is None:
        raise ValueError("not a random stream a save can keep")
    return state
