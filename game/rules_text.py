"""The rules of a given rule set, written from the rule set itself.

Every number in the text is read from the :class:`~game.engine.rules.RuleSet`
(its values, :attr:`~game.engine.rules.RuleSet.hand_sizes`,
:meth:`~game.engine.rules.RuleSet.multiplier`, :meth:`~game.engine.rules.RuleSet.penalty`
…) or from the engine (:func:`~game.engine.cards.wild_rank_for`,
:data:`~game.engine.match.MAX_REBUILDS`, the solver for the smallest meld), so
the rules screen cannot disagree with the game it describes. The lines of
:attr:`RulesText.changed` are those of :mod:`game.rule_options`.

>>> text = rules_text(RuleSet(jokers=2))
>>> text.section("The deck").paragraphs[1]
'2 standard decks of 52 cards are shuffled together, with 2 printed jokers: 106 cards in all.'
>>> text.schedule[-1]
ScheduleRow(round_number=11, hand_size=13, wild_rank_name='Kings', doubled=False)
>>> text.changed
('Printed jokers: 2 — 2 printed jokers join the decks.',)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from game.engine.cards import SUITS, Card, Rank, Suit, new_shoe, wild_rank_for
from game.engine.match import MAX_REBUILDS
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement
from game.rule_options import non_default


@dataclass(frozen=True, slots=True)
class Section:
    """One part of the rules, e.g. "Melds"."""

    title: str
    """The heading."""
    paragraphs: tuple[str, ...]
    """The text, one paragraph each."""


@dataclass(frozen=True, slots=True)
class ScheduleRow:
    """One round of the schedule."""

    round_number: int
    """1 for the first round."""
    hand_size: int
    """Cards dealt to each player."""
    wild_rank_name: str
    """The wild rank, plural, as in "Threes are wild"."""
    doubled: bool
    """True if the round's penalties are multiplied (:meth:`RuleSet.multiplier` above 1)."""

    @property
    def wild_rank(self) -> Rank:
        """The round's wild rank."""
        return wild_rank_for(self.hand_size)


@dataclass(frozen=True, slots=True)
class RulesText:
    """The rules of one rule set: sections, the round schedule and what differs from the base."""

    sections: tuple[Section, ...]
    """The rules, deck first, winning last."""
    schedule: tuple[ScheduleRow, ...]
    """Every round, in order."""
    changed: tuple[str, ...]
    """One line per option away from the base game, in settings-screen order; empty if none."""

    def section(self, title: str) -> Section:
        """The section titled ``title``; ``KeyError`` if there is none."""
        for section in self.sections:
            if section.title == title:
                return section
        raise KeyError(title)

    def plain(self) -> str:
        """The whole text as plain text: sections, the schedule, then the changes."""
        lines: list[str] = []
        for section in self.sections:
            lines += [section.title, *section.paragraphs, ""]
        lines.append("Schedule")
        for row in self.schedule:
            doubled = " (doubled)" if row.doubled else ""
            lines.append(
                f"Round {row.round_number}: {row.hand_size} cards, "
                f"{row.wild_rank_name} wild{doubled}"
            )
        if self.changed:
            lines += ["", "Changed from the base game", *self.changed]
        return "\n".join(lines)


def rules_text(rules: RuleSet) -> RulesText:
    """The rules of ``rules``, every figure read from it or from the engine."""
    sections = (
        _deck(rules),
        _rounds(rules),
        _melds(rules),
        _wilds(rules),
        _turn(rules),
        _going_out(rules),
        _last_turns(rules),
        _stock(rules),
        _values(rules),
        _scoring(rules),
        _winning(rules),
    )
    return RulesText(
        sections=sections,
        schedule=schedule(rules),
        changed=tuple(
            f"{rule_option.label}: {choice.label} — {choice.explanation}"
            for rule_option, choice in non_default(rules)
        ),
    )


def schedule(rules: RuleSet) -> tuple[ScheduleRow, ...]:
    """Every round of ``rules``: its hand size, wild rank and whether it is doubled."""
    return tuple(
        ScheduleRow(
            round_number=index + 1,
            hand_size=size,
            wild_rank_name=wild_rank_for(size).plural,
            doubled=rules.multiplier(index) > 1,
        )
        for index, size in enumerate(rules.hand_sizes)
    )


@cache
def smallest_meld() -> tuple[int, int]:
    """The fewest naturals the solver melds as a set, and as a run: asked, not restated."""
    rules = RuleSet()
    sevens = [Card(Rank.SEVEN, suit, copy) for copy in range(rules.decks) for suit in SUITS]
    hearts = [Card(rank, Suit.HEARTS) for rank in Rank]
    sizes = []
    for cards in (sevens, hearts):
        sizes.append(
            next(
                n
                for n in range(1, len(cards) + 1)
                if best_arrangement(tuple(cards[:n]), None, rules).is_complete
            )
        )
    return sizes[0], sizes[1]


def all_wild_meld_legal(rules: RuleSet) -> bool:
    """True if some meld of wilds only is legal: allowed, and not ruled out by the wilds cap."""
    cap = rules.max_wilds_per_meld
    return rules.all_wild_melds and (cap is None or cap >= min(smallest_meld()))


def _join(items: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = list(items)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _points(value: int) -> str:
    return f"{value} point" if value == 1 else f"{value} points"


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _ordinal(number: int) -> str:
    words = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
    return words.get(number, f"{number}th")


def _run(*ranks: Rank) -> str:
    return "-".join(rank.label for rank in ranks)


def _deck(rules: RuleSet) -> Section:
    per_deck = len(new_shoe(1, 0))
    jokers = f"{rules.jokers} printed jokers" if rules.jokers else "no printed jokers"
    return Section(
        "The deck",
        (
            f"{rules.players} players; play goes clockwise.",
            f"{rules.decks} standard decks of {per_deck} cards are shuffled together, "
            f"with {jokers}: {rules.shoe_size} cards in all.",
            f"So every card is there {_times(rules.decks)}, once per deck; identical cards "
            "cannot be told apart at the table.",
        ),
    )


def _rounds(rules: RuleSet) -> Section:
    sizes = rules.hand_sizes
    return Section(
        "Rounds",
        (
            f"A match has {rules.rounds} rounds. Each round deals every player the number of "
            f"cards in the schedule, from {min(sizes)} to {max(sizes)}, and that number sets "
            "the round's wild rank.",
            "The first dealer is chosen by cutting for the highest card; the deal passes one "
            "seat clockwise each round, and the player after the dealer plays first.",
            "After the deal the next card is turned face up to start the discard pile; the "
            "rest, face down, is the stock.",
        ),
    )


def _melds(rules: RuleSet) -> Section:
    set_size, run_size = smallest_meld()
    if rules.aces_high:
        aces = (
            f"An Ace may be low or high: {_run(Rank.ACE, Rank.TWO, Rank.THREE)} and "
            f"{_run(Rank.QUEEN, Rank.KING, Rank.ACE)} are runs; "
            f"{_run(Rank.KING, Rank.ACE, Rank.TWO)} never is."
        )
    else:
        aces = (
            f"Aces are low only: {_run(Rank.ACE, Rank.TWO, Rank.THREE)} is a run; "
            f"{_run(Rank.QUEEN, Rank.KING, Rank.ACE)} and "
            f"{_run(Rank.KING, Rank.ACE, Rank.TWO)} are not."
        )
    cap = rules.max_wilds_per_meld
    if cap is None:
        wilds = (
            "Wild cards stand for any card in a set or a run; a meld may hold any number of them"
        )
    else:
        wilds = (
            "Wild cards stand for any card in a set or a run; a meld may hold at most "
            f"{cap} wild {'card' if cap == 1 else 'cards'}"
        )
    if all_wild_meld_legal(rules):
        wilds += ", and a meld made only of wilds is legal."
    elif rules.all_wild_melds:
        wilds += ", so no meld is made of wilds only."
    else:
        wilds += ", but every meld needs at least one natural card."
    return Section(
        "Melds",
        (
            f"A set is {set_size} or more cards of the same rank, in any suits; with "
            f"{rules.decks} decks the same suit may repeat.",
            f"A run is {run_size} or more cards of one suit in consecutive ranks, each rank at "
            f"most once, so at most {_cards(len(Rank))}. {aces}",
            "A card belongs to at most one meld.",
            wilds,
        ),
    )


def _wilds(rules: RuleSet) -> Section:
    copies = rules.decks * len(Suit)
    if rules.jokers:
        jokers = f"The {rules.jokers} printed jokers are wild in every round."
    else:
        jokers = "There are no printed jokers."
    return Section(
        "Wild cards",
        (
            "Each round has a wild rank, set by its hand size (see the schedule): every card "
            f"of that rank is wild, {copies} cards with {rules.decks} decks.",
            jokers,
            "A wild card stands for any card in a meld and scores 0 there.",
        ),
    )


def _turn(rules: RuleSet) -> Section:
    if rules.discard_taken_card:
        taken = "The card just taken from the discard pile may go straight back onto it."
    else:
        taken = "A card taken from the discard pile may not be discarded again the same turn."
    return Section(
        "A turn",
        (
            "Draw exactly one card, the top of the stock or the top of the discard pile; then "
            "discard exactly one card face up onto the discard pile.",
            taken,
            "Every player draws and discards on every turn, even with a hand already "
            "fully in melds.",
        ),
    )


def _going_out(rules: RuleSet) -> Section:
    return Section(
        "Going out",
        (
            "After discarding, a player whose whole hand can be split into melds goes out and "
            "shows the melds. The game sees this by itself: nobody has to claim it, and it is "
            "never a mistake.",
            "A player may go out on any turn, the very first included.",
        ),
    )


def _last_turns(rules: RuleSet) -> Section:
    others = rules.players - 1
    paragraphs = [
        f"After someone goes out, each of the other {others} players takes exactly one more "
        "turn (draw, then discard), clockwise. Nobody can end the round again; it ends after "
        "the last of these turns."
    ]
    if rules.lay_off:
        paragraphs.append(
            "Laying off: when the others are scored after their last turn, leftover cards "
            "(wilds too) that extend the melds of the player who went out count as melded. "
            "Each player lays off onto those melds as they were laid down, independently of "
            "the others, and the game finds the best such use."
        )
        if all_wild_meld_legal(rules):
            paragraphs.append(
                "A meld made only of wilds stands for whichever set or run suits the cards "
                "laid off onto it."
            )
    else:
        paragraphs.append(
            "There is no laying off: cards left over count against their holder, whatever "
            "the melds shown."
        )
    return Section("Last turns", tuple(paragraphs))


def _stock(rules: RuleSet) -> Section:
    laying_off = ", laying off included" if rules.lay_off else ""
    return Section(
        "When the stock runs out",
        (
            "When a player must draw from an empty stock, the discard pile except its top "
            "card is shuffled into a new stock. No card is ever lost: all "
            f"{rules.shoe_size} cards are always in the hands, the stock or the discard pile.",
            f"The stock may be rebuilt {_times(MAX_REBUILDS)} in a round. If it would have "
            f"to be rebuilt a {_ordinal(MAX_REBUILDS + 1)} time, the round ends instead, "
            "before that draw: every player is scored on the best arrangement of the hand "
            "they hold, and nobody gets the 0 for going out (a hand that melds completely "
            "still scores 0).",
            "If that happens during the last turns, the round ends at once: the player who "
            f"went out keeps 0 and the others are scored on the hands they hold{laying_off}.",
        ),
    )


def _values(rules: RuleSet) -> Section:
    ace = _points(rules.natural_value(Rank.ACE))
    ace_line = f"Ace: {ace} (aces may be high)." if rules.aces_high else f"Ace: {ace}."
    pips = [rank for rank in Rank if Rank.TWO <= rank <= Rank.TEN]
    if all(rules.natural_value(rank) == int(rank) for rank in pips):
        pip_line = f"{pips[0].label} to {pips[-1].label}: their face value."
    else:
        pip_line = _join(f"{r.label}: {_points(rules.natural_value(r))}" for r in pips) + "."
    faces = {rank: rules.natural_value(rank) for rank in (Rank.JACK, Rank.QUEEN, Rank.KING)}
    if len(set(faces.values())) == 1:
        face_line = f"Jack, Queen, King: {_points(faces[Rank.JACK])} each."
    else:
        face_line = ", ".join(f"{rank.name.title()} {value}" for rank, value in faces.items())
        face_line += " points."
    wild = Card(Rank.SEVEN, Suit.HEARTS)
    lines = [
        "A card in a meld scores 0, wild cards included. A card left over costs:",
        ace_line,
        pip_line,
        face_line,
        f"A card of the round's wild rank: {_points(rules.penalty(wild, wild.rank))}.",
    ]
    if rules.jokers:
        lines.append(f"A printed joker: {_points(rules.penalty(Card(None, None), None))}.")
    return Section("Card values", tuple(lines))


def _scoring(rules: RuleSet) -> Section:
    factors: dict[int, list[int]] = {}
    for index in range(rules.rounds):
        factor = rules.multiplier(index)
        if factor > 1:
            factors.setdefault(factor, []).append(index + 1)
    doubling = []
    for factor, rounds in factors.items():
        where = f"round {rounds[0]}" if len(rounds) == 1 else f"rounds {_join(map(str, rounds))}"
        how = "count double" if factor == 2 else f"are multiplied by {factor}"
        doubling.append(f"Penalties {how} in {where}.")
    return Section(
        "Scoring",
        (
            "The player who went out scores 0. Every other player scores the cards left over "
            "after the best possible arrangement of the hand into melds: the game finds the "
            "arrangement with the lowest penalty, so nobody pays for a poorly sorted hand. A "
            "hand wholly in melds scores 0.",
            *(doubling or ["Every round counts the same: no penalties are doubled."]),
            "A player's total is the sum of their round scores.",
        ),
    )


_TIES = {
    "zero_rounds": "If several players share the lowest total, the one with more rounds scored "
    "at 0 wins; if they are still tied, they share the win.",
    "shared": "Players tied on the lowest total share the win.",
}


def _winning(rules: RuleSet) -> Section:
    return Section(
        "Winning",
        (f"After the last round, round {rules.rounds}, the lowest total wins.", _TIES[rules.tie]),
    )
