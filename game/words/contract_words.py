"""The contract tracker's words, and how the coach and the hint say a meld does not count.

What the hand holds is the engine's (:class:`~game.engine.contract_hold.ContractHold`);
this module only words it, e.g. ``You have K♠ K♥ K♦; one more set``.
"""

from __future__ import annotations

from game.engine.contract_hold import ContractHold
from game.engine.contracts import Contract
from game.engine.melds import Meld, MeldKind
from game.i18n import _, ngettext
from game.words.card_words import meld_words


def contract_words(contract: Contract) -> str:
    """A contract in words, e.g. "2 sets and 1 run"."""
    sets = ngettext("{count} set", "{count} sets", contract.sets).format(count=contract.sets)
    runs = ngettext("{count} run", "{count} runs", contract.runs).format(count=contract.runs)
    if not contract.runs:
        return sets
    if not contract.sets:
        return runs
    return _("{sets} and {runs}").format(sets=sets, runs=runs)


def still_missing(hold: ContractHold) -> str:
    """``one more set``, ``2 more runs``, ``one more set and one more run``."""
    sets = ngettext("one more set", "{count} more sets", hold.sets_missing)
    runs = ngettext("one more run", "{count} more runs", hold.runs_missing)
    sets, runs = sets.format(count=hold.sets_missing), runs.format(count=hold.runs_missing)
    if not hold.runs_missing:
        return sets
    if not hold.sets_missing:
        return runs
    return _("{sets} and {runs}").format(sets=sets, runs=runs)


def hold_sentence(hold: ContractHold, cards: bool = True) -> str:
    """What the hand holds of the contract and what it lacks, in one sentence (``cards``:
    naming the cards of its melds; else only what is missing, for a narrow room)."""
    if hold.met:
        if not cards:
            return _("You have the whole contract")
        melds = " · ".join(map(meld_words, hold.melds))
        return _("You have {melds}: the whole contract").format(melds=melds)
    missing = still_missing(hold)
    if not hold.melds:
        return _("You have none of it yet")
    if not cards:
        return _("Still needed: {missing}").format(missing=missing)
    melds = " · ".join(map(meld_words, hold.melds))
    return _("You have {melds}; {missing}").format(melds=melds, missing=missing)


def not_counting(meld: Meld, contract: Contract) -> str:
    """``the set 8♦ 8♥ 8♠ does not count toward 1 run``."""
    if meld.kind is MeldKind.SET:
        text = _("the set {meld} does not count toward {contract}")
    else:
        text = _("the run {meld} does not count toward {contract}")
    return text.format(meld=meld_words(meld), contract=contract_words(contract))
