"""The rules of a given rule set, written from the rule set itself.

Every number in the text is read from the :class:`~game.engine.rules.RuleSet`
(its values, :attr:`~game.engine.rules.RuleSet.hand_sizes`,
:meth:`~game.engine.rules.RuleSet.multiplier`, :meth:`~game.engine.rules.RuleSet.penalty`
…) or from the engine (:func:`~game.engine.cards.wild_rank_for`,
:data:`~game.engine.match.MAX_REBUILDS`, the solver for the smallest meld), so
the rules screen cannot disagree with the game it describes. The lines of
:attr:`RulesText.changed` are those of :mod:`game.words.rule_options`.

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
from dataclasses import dataclass, replace
from functools import cache

from game.engine.cards import SUITS, Card, Rank, Suit, new_shoe, wild_rank_for
from game.engine.contracts import contract_for
from game.engine.match import MAX_REBUILDS
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement
from game.i18n import N_, _, ngettext
from game.words.card_words import rank_index, rank_plural, wild_sentence
from game.words.contract_words import contract_words
from game.words.rule_options import non_default, points
from game.words.rules_pictures import (
    Picture,
    going_out_pictures,
    meld_pictures,
    open_table_pictures,
    scoring_pictures,
    wild_pictures,
)


@dataclass(frozen=True, slots=True)
class Section:
    """One part of the rules, e.g. "Melds"."""

    title: str
    """The heading."""
    paragraphs: tuple[str, ...]
    """The text, one paragraph each."""
    pictures: tuple[Picture, ...] = ()
    """Its ideas shown with cards, after the text."""


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
        lines.append(_("Schedule"))
        for row in self.schedule:
            line = ngettext(
                "Round {number}: {count} card, {wild}",
                "Round {number}: {count} cards, {wild}",
                row.hand_size,
            ).format(
                number=row.round_number, count=row.hand_size, wild=wild_sentence(row.wild_rank)
            )
            lines.append(_("{round} (doubled)").format(round=line) if row.doubled else line)
        if self.changed:
            lines += ["", _("Changed from the base game"), *self.changed]
        return "\n".join(lines)


def rules_text(rules: RuleSet) -> RulesText:
    """The rules of ``rules``, every figure read from it or from the engine, in the language
    in use."""
    sections = (
        _deck(rules),
        _rounds(rules),
        replace(_melds(rules), pictures=meld_pictures(rules)),
        replace(_wilds(rules), pictures=wild_pictures(rules)),
        replace(_turn(rules), pictures=open_table_pictures(rules)),
        replace(_going_out(rules), pictures=going_out_pictures(rules)),
        _last_turns(rules),
        _stock(rules),
        _values(rules),
        replace(_scoring(rules), pictures=scoring_pictures(rules)),
        _winning(rules),
    )
    return RulesText(
        sections=sections,
        schedule=schedule(rules),
        changed=tuple(
            _("{option}: {choice} — {explanation}").format(
                option=rule_option.label, choice=choice.label, explanation=choice.explanation
            )
            for rule_option, choice in non_default(rules)
        ),
    )


def schedule(rules: RuleSet) -> tuple[ScheduleRow, ...]:
    """Every round of ``rules``: its hand size, wild rank and whether it is doubled."""
    return tuple(
        ScheduleRow(
            round_number=index + 1,
            hand_size=size,
            wild_rank_name=rank_plural(wild_rank_for(size)),
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
    if len(words) == 1:
        return words[0]
    # TRANSLATORS: a list, "a, b and c"; ", " separates its items.
    return _("{items} and {last}").format(items=_(", ").join(words[:-1]), last=words[-1])


def _cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def _times(count: int) -> str:
    """``once``, ``twice``, ``3 times``."""
    if count == 1:
        return _("once")
    return _("twice") if count == 2 else _("{count} times").format(count=count)


def _run(*ranks: Rank) -> str:
    return "-".join(rank_index(rank) for rank in ranks)


def _deck(rules: RuleSet) -> Section:
    per_deck = len(new_shoe(1, 0))
    decks = ngettext(
        "{count} standard deck of {cards} cards is shuffled",
        "{count} standard decks of {cards} cards are shuffled together",
        rules.decks,
    ).format(count=rules.decks, cards=per_deck)
    if rules.jokers:
        jokers = ngettext(
            "{shuffled}, with {count} printed joker: {total} cards in all.",
            "{shuffled}, with {count} printed jokers: {total} cards in all.",
            rules.jokers,
        ).format(shuffled=decks, count=rules.jokers, total=rules.shoe_size)
    else:
        jokers = _("{shuffled}, with no printed jokers: {total} cards in all.").format(
            shuffled=decks, total=rules.shoe_size
        )
    return Section(
        _("The deck"),
        (
            _("{players} players; play goes clockwise.").format(players=rules.players),
            jokers,
            _(
                "So every card is there {times}, once per deck; identical cards "
                "cannot be told apart at the table."
            ).format(times=_times(rules.decks)),
        ),
    )


def _rounds(rules: RuleSet) -> Section:
    sizes = rules.hand_sizes
    return Section(
        _("Rounds"),
        (
            _(
                "A match has {rounds} rounds. Each round deals every player the number of "
                "cards in the schedule, from {low} to {high}, and that number sets "
                "the round's wild rank."
            ).format(rounds=rules.rounds, low=min(sizes), high=max(sizes)),
            _(
                "The first dealer is chosen by cutting for the highest card; the deal passes one "
                "seat clockwise each round, and the player after the dealer plays first."
            ),
            _(
                "After the deal the next card is turned face up to start the discard pile; the "
                "rest, face down, is the stock."
            ),
        ),
    )


def _melds(rules: RuleSet) -> Section:
    set_size, run_size = smallest_meld()
    low, high, around = (
        _run(Rank.ACE, Rank.TWO, Rank.THREE),
        _run(Rank.QUEEN, Rank.KING, Rank.ACE),
        _run(Rank.KING, Rank.ACE, Rank.TWO),
    )
    if rules.aces_high:
        aces = _("An Ace may be low or high: {low} and {high} are runs; {around} never is.").format(
            low=low, high=high, around=around
        )
    else:
        aces = _("Aces are low only: {low} is a run; {high} and {around} are not.").format(
            low=low, high=high, around=around
        )
    cap = rules.max_wilds_per_meld
    if cap is None:
        wilds = _(
            "Wild cards stand for any card in a set or a run; a meld may hold any number of them"
        )
    else:
        wilds = ngettext(
            "Wild cards stand for any card in a set or a run; a meld may hold at most "
            "{count} wild card",
            "Wild cards stand for any card in a set or a run; a meld may hold at most "
            "{count} wild cards",
            cap,
        ).format(count=cap)
    if all_wild_meld_legal(rules):
        wilds = _("{wilds}, and a meld made only of wilds is legal.").format(wilds=wilds)
    elif rules.all_wild_melds:
        wilds = _("{wilds}, so no meld is made of wilds only.").format(wilds=wilds)
    else:
        wilds = _("{wilds}, but every meld needs at least one natural card.").format(wilds=wilds)
    return Section(
        _("Melds"),
        (
            _(
                "A set is {size} or more cards of the same rank, in any suits; with "
                "{decks} decks the same suit may repeat."
            ).format(size=set_size, decks=rules.decks),
            _(
                "A run is {size} or more cards of one suit in consecutive ranks, each rank at "
                "most once, so at most {cards}. {aces}"
            ).format(size=run_size, cards=_cards(len(Rank)), aces=aces),
            _("A card belongs to at most one meld."),
            wilds,
        ),
    )


def _wilds(rules: RuleSet) -> Section:
    copies = rules.decks * len(Suit)
    if rules.jokers:
        jokers = ngettext(
            "The printed joker is wild in every round.",
            "The {count} printed jokers are wild in every round.",
            rules.jokers,
        ).format(count=rules.jokers)
    else:
        jokers = _("There are no printed jokers.")
    return Section(
        _("Wild cards"),
        (
            _(
                "Each round has a wild rank, set by its hand size (see the schedule): every card "
                "of that rank is wild, {copies} cards with {decks} decks."
            ).format(copies=copies, decks=rules.decks),
            jokers,
            _("A wild card stands for any card in a meld and scores 0 there."),
        ),
    )


def _turn(rules: RuleSet) -> Section:
    if rules.discard_taken_card:
        taken = _("The card just taken from the discard pile may go straight back onto it.")
    else:
        taken = _("A card taken from the discard pile may not be discarded again the same turn.")
    return Section(
        _("A turn"),
        (
            _(
                "Draw exactly one card, the top of the stock or the top of the discard pile; "
                "then discard exactly one card face up onto the discard pile."
            ),
            taken,
            _(
                "Every player draws and discards on every turn, even with a hand already "
                "fully in melds."
            ),
            *(_open_table(rules) if rules.table == "open" else ()),
        ),
    )


def _open_table(rules: RuleSet) -> tuple[str, ...]:
    """The open table's part of a turn, in words."""
    paragraphs = [
        _(
            "The open table: between drawing and discarding, you may lay melds from your hand "
            "face up in front of you, as many as you like. Once you have laid down this round, "
            "you may also lay single cards off onto any meld on the table, yours or another "
            "player's. You always keep one card you may discard."
        ),
        _(
            "A set on the table takes cards of its rank and wilds; a run takes the next card "
            "of its suit at either end, or a wild, up to 13 cards. A wild on the table keeps "
            "the place it stands for and is never taken back."
        ),
    ]
    if rules.contracts:
        paragraphs.append(
            _(
                "With contracts, your first lay-down of a round is exactly the round's contract, "
                "all at once (a meld may be longer than three cards); before it you may neither "
                "lay down nor lay off."
            )
        )
    if all_wild_meld_legal(rules):
        paragraphs.append(
            _(
                "A meld made only of wilds is laid down as a set and takes the rank of the "
                "first natural card laid off onto it."
            )
        )
    return tuple(paragraphs)


def _going_out(rules: RuleSet) -> Section:
    paragraphs = [
        _(
            "After discarding, a player whose whole hand can be split into melds goes out "
            "and shows the melds. The game sees this by itself: nobody has to claim it, and "
            "it is never a mistake."
        ),
        _("A player may go out on any turn, the very first included."),
    ]
    if rules.table == "open":
        paragraphs[0] = _(
            "At the open table a player goes out when the hand is empty after the discard, or "
            "when the cards left after the discard split completely into melds: the game lays "
            "them down for the player (with contracts, melds that include the contract, unless "
            "it is already laid down)."
        )
    if rules.contracts:
        sizes = sorted(set(rules.hand_sizes))
        paragraphs += [
            _(
                "Contracts: each round has a contract, and a player goes out only when the "
                "melds of the hand left after the discard include it: at least that many sets "
                "and that many runs (a meld may be longer than three cards)."
            ),
            _("The contracts: {list}.").format(
                # TRANSLATORS: separates the contracts, "3 cards: 1 set; 4 cards: 1 run".
                list=_("; ").join(
                    _("{cards}: {contract}").format(
                        cards=_cards(size), contract=contract_words(contract_for(size))
                    )
                    for size in sizes
                )
            ),
            *(
                [
                    _(
                        "A meld made only of wilds counts as a set or a run, whichever the "
                        "contract needs."
                    )
                ]
                if all_wild_meld_legal(rules)
                else []
            ),
        ]
        if rules.table == "closed":
            paragraphs.append(
                _(
                    "Only going out needs the contract. Everything else is unchanged: every "
                    "other hand is scored on its best arrangement, contract or not, and a hand "
                    "that melds completely without the contract still scores 0."
                )
            )
    return Section(_("Going out"), tuple(paragraphs))


def _last_turns(rules: RuleSet) -> Section:
    others = rules.players - 1
    paragraphs = [
        ngettext(
            "After someone goes out, the other player takes exactly one more turn (draw, then "
            "discard). Nobody can end the round again; it ends after that turn.",
            "After someone goes out, each of the other {count} players takes exactly one more "
            "turn (draw, then discard), clockwise. Nobody can end the round again; it ends after "
            "the last of these turns.",
            others,
        ).format(count=others)
    ]
    if rules.table == "open":
        paragraphs.append(
            _(
                "At the open table the last turns are ordinary turns: draw, lay down and lay "
                "off, discard. A player who empties the hand in a last turn scores 0. Laying off "
                "is part of every turn, so the laying-off option does not apply."
            )
        )
    elif rules.lay_off == "all":
        paragraphs.append(
            _(
                "Redemption round: in the last turns, each player in turn lays down the melds "
                "of the hand's best arrangement and lays off leftover cards (wilds too) onto any "
                "meld already on the table: those of the player who went out and those laid "
                "down in the earlier last turns, with the cards laid off onto them. A player "
                "with no card left scores 0."
            )
        )
        paragraphs.append(
            _(
                "The game finds each player's best use of the table as it stands at their "
                "turn. Between equally good uses it keeps the one with the fewest cards left "
                "in the hand, then a meld of wilds as it stands, then always the same one for "
                "the same hand and table, so a match replays the same."
            )
        )
    elif rules.lay_off:
        paragraphs.append(
            _(
                "Laying off: when the others are scored after their last turn, leftover cards "
                "(wilds too) that extend the melds of the player who went out count as melded. "
                "Each player lays off onto those melds as they were laid down, independently of "
                "the others, and the game finds the best such use."
            )
        )
        if all_wild_meld_legal(rules):
            paragraphs.append(
                _(
                    "A meld made only of wilds stands for whichever set or run suits the cards "
                    "laid off onto it."
                )
            )
    else:
        paragraphs.append(
            _(
                "There is no laying off: cards left over count against their holder, whatever "
                "the melds shown."
            )
        )
    return Section(_("Last turns"), tuple(paragraphs))


def _stock(rules: RuleSet) -> Section:
    if rules.lay_off and rules.table == "closed":
        last_turns = _(
            "If that happens during the last turns, the round ends at once: the player who "
            "went out keeps 0 and the others are scored on the hands they hold, laying off "
            "included."
        )
    else:
        last_turns = _(
            "If that happens during the last turns, the round ends at once: the player who "
            "went out keeps 0 and the others are scored on the hands they hold."
        )
    return Section(
        _("When the stock runs out"),
        (
            _(
                "When a player must draw from an empty stock, the discard pile except its top "
                "card is shuffled into a new stock. No card is ever lost: all {total} cards are "
                "always in the hands, the stock or the discard pile."
            ).format(total=rules.shoe_size),
            _(
                "The stock may be rebuilt {times} in a round. If it would have to be rebuilt "
                "once more, the round ends instead, before that draw: every player is scored on "
                "the best arrangement of the hand they hold, and nobody gets the 0 for going out "
                "(a hand that melds completely still scores 0)."
            ).format(times=_times(MAX_REBUILDS)),
            last_turns,
        ),
    )


def _values(rules: RuleSet) -> Section:
    ace = points(rules.natural_value(Rank.ACE))
    if rules.aces_high:
        ace_line = _("Ace: {points} (aces may be high).").format(points=ace)
    else:
        ace_line = _("Ace: {points}.").format(points=ace)
    pips = [rank for rank in Rank if Rank.TWO <= rank <= Rank.TEN]
    if all(rules.natural_value(rank) == int(rank) for rank in pips):
        pip_line = _("{low} to {high}: their face value.").format(
            low=pips[0].label, high=pips[-1].label
        )
    else:
        pip_line = (
            _join(
                _("{rank}: {points}").format(rank=r.label, points=points(rules.natural_value(r)))
                for r in pips
            )
            + "."
        )
    faces = {rank: rules.natural_value(rank) for rank in (Rank.JACK, Rank.QUEEN, Rank.KING)}
    if len(set(faces.values())) == 1:
        face_line = _("Jack, Queen, King: {points} each.").format(points=points(faces[Rank.JACK]))
    else:
        face_line = _("Jack {jack}, Queen {queen}, King {king} points.").format(
            jack=faces[Rank.JACK], queen=faces[Rank.QUEEN], king=faces[Rank.KING]
        )
    wild = Card(Rank.SEVEN, Suit.HEARTS)
    lines = [
        _("A card in a meld scores 0, wild cards included. A card left over costs:"),
        ace_line,
        pip_line,
        face_line,
        _("A card of the round's wild rank: {points}.").format(
            points=points(rules.penalty(wild, wild.rank))
        ),
    ]
    if rules.jokers:
        lines.append(
            _("A printed joker: {points}.").format(
                points=points(rules.penalty(Card(None, None), None))
            )
        )
        if rules.free_jokers:
            lines.append(
                _(
                    "When a round ends with a player gone out, every printed joker left in "
                    "another hand is thrown onto a meld and scores 0. A joker the best "
                    "arrangement uses stays in its meld; when nobody went out, jokers count "
                    "as usual."
                )
            )
    return Section(_("Card values"), tuple(lines))


def _rounds_words(rounds: list[int]) -> str:
    """``round 11`` or ``rounds 9, 10 and 11``."""
    if len(rounds) == 1:
        return _("round {number}").format(number=rounds[0])
    return _("rounds {numbers}").format(numbers=_join(map(str, rounds)))


def _doubling(factor: int, rounds: list[int], court_rounds: bool) -> str:
    where = _rounds_words(rounds)
    if court_rounds and factor == 2:
        return _(
            "Penalties count double in the rounds where Jacks, Queens or Kings are wild: {rounds}."
        ).format(rounds=where)
    if factor == 2:
        return _("Penalties count double in {rounds}.").format(rounds=where)
    return _("Penalties are multiplied by {factor} in {rounds}.").format(
        factor=factor, rounds=where
    )


def _scoring(rules: RuleSet) -> Section:
    factors: dict[int, list[int]] = {}
    for index in range(rules.rounds):
        factor = rules.multiplier(index)
        if factor > 1:
            factors.setdefault(factor, []).append(index + 1)
    court_rounds = rules.double_penalties == "jqk"
    doubling = [_doubling(factor, rounds, court_rounds) for factor, rounds in factors.items()]
    if rules.table == "open":
        scored = _(
            "The player who went out scores 0. Cards on the table score 0; every card still in "
            "a hand at the round's end counts in full, with no best arrangement: that is what "
            "makes laying down worth its risk."
        )
    else:
        scored = _(
            "The player who went out scores 0. Every other player scores the cards left "
            "over after the best possible arrangement of the hand into melds: the game finds "
            "the arrangement with the lowest penalty, so nobody pays for a poorly sorted "
            "hand. A hand wholly in melds scores 0."
        )
    return Section(
        _("Scoring"),
        (
            scored,
            *(doubling or [_("Every round counts the same: no penalties are doubled.")]),
            _("A player's total is the sum of their round scores."),
        ),
    )


_TIES = {
    "zero_rounds": N_(
        "If several players share the lowest total, the one with more rounds scored "
        "at 0 wins; if they are still tied, they share the win."
    ),
    "shared": N_("Players tied on the lowest total share the win."),
    "nobody": N_("If several players share the lowest total, nobody wins the match."),
}


def _winning(rules: RuleSet) -> Section:
    return Section(
        _("Winning"),
        (
            _("After the last round, round {rounds}, the lowest total wins.").format(
                rounds=rules.rounds
            ),
            _(_TIES[rules.tie]),
        ),
    )
