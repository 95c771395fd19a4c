"""The open table's desk: the cards of your hand picked to lay down, and laying them down.

Once you have drawn at the open table, a click on a card of your hand picks it (or puts it
back); Lay down, or a drag onto your meld area, lays the picked cards down, split into melds
by the solver (:func:`laying.lay_down`). A refusal says why they cannot be.
"""

from __future__ import annotations

from typing import Protocol

from game.engine.actions import Action, LayDown, LayOffCard
from game.engine.cards import Card
from game.engine.legality import Refusal
from game.engine.match import Match
from game.ui.table import laying
from game.words.table_words import refusal_line


class LayingTable(Protocol):
    """What the laying desk asks of the table."""

    @property
    def match(self) -> Match: ...

    @property
    def your_turn(self) -> bool: ...

    @property
    def drawn(self) -> bool: ...

    def play(self, action: Action) -> bool: ...

    def refuse(self, reason: str | None = None) -> None: ...


class LayingDesk:
    """The cards picked to lay down, and the lay-downs and lay-offs they make."""

    def __init__(self, table: LayingTable) -> None:
        self._table = table
        self.picked: list[Card] = []
        """The cards of your hand picked to lay down (the open table, once you have drawn)."""
        self._lay_down_cache: tuple[tuple[int, tuple[Card, ...]], LayDown | Refusal] | None = None

    @property
    def laying(self) -> bool:
        """True when you may lay melds down or cards off now: the open table, your turn,
        once you have drawn."""
        table = self._table
        return table.your_turn and table.drawn and table.match.rules.table == "open"

    def pick(self, card: Card) -> None:
        """While you may lay down: pick ``card`` (or, picked, put it back)."""
        if self.laying:
            if card in self.picked:
                self.picked.remove(card)
            else:
                self.picked.append(card)

    def lay_off(self, card: Card, meld: int, toward_high: bool) -> LayOffCard:
        """``card`` laid off onto the table's meld ``meld`` (see :func:`laying.lay_off`)."""
        return laying.lay_off(self._table.match, card, meld, toward_high)

    def lay_down(self, dragged: Card | None = None) -> bool:
        """Lay down: the cards picked (and the ``dragged`` one onto your meld area), split
        into melds by the solver; the refusal says why they cannot be (no draw yet, not
        melds, not the contract, no card left to discard). True if they were laid down."""
        table = self._table
        if not table.your_turn:
            return False
        why = self.lay_down_refusal(dragged)
        if why is not None:
            table.refuse(why)
            return False
        action = self._lay_down_of(dragged)
        assert isinstance(action, LayDown)
        return table.play(action)

    def press(self) -> None:
        """The Lay down button: the cards picked laid down (or the refusal said)."""
        self.lay_down()

    def lay_down_refusal(self, dragged: Card | None) -> str | None:
        """Why the cards picked and ``dragged`` may not be laid down now, in words (the
        engine's refusal); None if they may (a drop on your meld area lays them down)."""
        action = self._lay_down_of(dragged)
        match = self._table.match
        found = action if isinstance(action, Refusal) else match.refusal(action)
        if found is None:
            return None
        return refusal_line(found, LayDown(()), match.contract)

    def _lay_down_of(self, dragged: Card | None) -> LayDown | Refusal:
        """The lay-down of the cards picked and ``dragged`` (worked out once per choice)."""
        cards = tuple(self.picked) + ((dragged,) if dragged and dragged not in self.picked else ())
        match = self._table.match
        key = (len(match.actions), cards)
        if self._lay_down_cache is None or self._lay_down_cache[0] != key:
            self._lay_down_cache = (key, laying.lay_down(match, cards))
        return self._lay_down_cache[1]
