"""The engine's events shown one at a time: cards glide, sounds play, banners say what happened.

The match runs ahead (a whole AI turn is applied at once); :class:`Playback`
keeps its events in a queue and shows the next only when the cards have come
to rest and the pause after the last one is over. Showing an event updates the
:class:`ShownTable` (what the painter reads) and sends the cards on the
:class:`CardStage` where it puts them. A round's end and the match's end are
handed to the table, which opens their scenes.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol, assert_never

from game.engine.cards import Card
from game.engine.events import (
    CutForDeal,
    Dealt,
    Discarded,
    DiscardStarted,
    DrewFromStock,
    Event,
    LaidDown,
    LaidOff,
    LastTurnsBegan,
    MatchOver,
    RoundAbandoned,
    RoundScored,
    RoundStarted,
    StockReshuffled,
    TookDiscard,
    WentOut,
)
from game.engine.rules import RuleSet
from game.i18n import _
from game.profile.settings import SPEEDS
from game.ui.kit.celebration import GO_OUT_PACES, GO_OUT_PIECES, Confetti
from game.ui.kit.sound import Sounds
from game.ui.kit.sprites import CardSprite, Pose
from game.ui.kit.timed_text import TimedText
from game.ui.seen.action_log import ActionLog
from game.ui.seen.layout import TableLayout
from game.ui.seen.shown import ShownTable
from game.ui.seen.stage import CardStage, Gap
from game.words.seat_words import Seating
from game.words.table_words import abandoned_line, first_dealer_line, round_title

LAY_PAUSE = 0.5
"""The pause after melds are laid down or a card laid off, in paces (to see where they went)."""
GOER_PAUSE = 4.0
"""The pause after a player goes out, in paces (1.8 s at the normal pace, none at the
instant one): their hand is shown large meanwhile, before the last turns."""


@dataclass(frozen=True, slots=True)
class Arrival:
    """Where a card you are drawing goes: its place in your hand, and where it was let go."""

    index: int | None
    """Its place among your cards (None: at the end)."""
    pose: Pose | None
    """Where a drag let it go (None: it comes from the pile)."""


class PlaybackHost(Protocol):
    """What the playback tells the table and asks of it: the table's hooks, in one place."""

    def moved(self, seat: int | None) -> None:
        """A draw or a discard of ``seat`` was shown (None: a new deal)."""
        ...

    def round_ending(self, event: RoundScored) -> None:
        """A round's hands turn face up: ready what opens at its end (its summary)."""
        ...

    def round_scored(self, event: RoundScored) -> None:
        """The round's hands are at rest (and what was readied is ready)."""
        ...

    def match_over(self, event: MatchOver) -> None:
        """The match's end was shown."""
        ...

    def ready(self) -> bool:
        """Whether what waits for the rest may be done: False while the table still readies
        it (renders the summary's cards)."""
        ...

    def lifted(self) -> Mapping[Card, float]:
        """The cards of your hand that stand raised, and by how much."""
        ...

    def dragged(self) -> CardSprite | None:
        """The sprite under the pointer, which no placing moves."""
        ...

    def gap(self) -> Gap | None:
        """The room your hand makes for a card dragged over it."""
        ...

    def hurried(self) -> bool:
        """Whether the player holds the table to hurry it."""
        ...


class QuietHost:
    """A host that asks for nothing and raises nothing (a playback on its own)."""

    def moved(self, seat: int | None) -> None:
        pass

    def round_ending(self, event: RoundScored) -> None:
        pass

    def round_scored(self, event: RoundScored) -> None:
        pass

    def match_over(self, event: MatchOver) -> None:
        pass

    def ready(self) -> bool:
        return True

    def lifted(self) -> Mapping[Card, float]:
        return {}

    def dragged(self) -> CardSprite | None:
        return None

    def gap(self) -> Gap | None:
        return None

    def hurried(self) -> bool:
        return False


class Playback:
    """Shows a match's events in order, each once the table is at rest."""

    def __init__(
        self,
        rules: RuleSet,
        layout: TableLayout,
        pace: float,
        seating: Seating,
        sounds: Sounds,
        host: PlaybackHost | None = None,
    ) -> None:
        """``host`` hears what is shown and says what stands raised (see
        :class:`PlaybackHost`; by default :class:`QuietHost`)."""
        self.shown = ShownTable(rules, seating.human)
        self.stage = CardStage(self.shown, layout)
        self.pace = pace
        """How long one card takes to travel; 0 shows everything at once."""
        self.seating = seating
        self._sounds = sounds
        self.host: PlaybackHost = QuietHost() if host is None else host
        """The table: told what was shown, asked what stands raised."""
        self.queue: deque[Event] = deque()
        self.wait = 0.0
        """Seconds of pause left before the next event is shown."""
        self.banner: TimedText | None = None
        self.log = ActionLog()
        """Every event shown, for the action log."""
        self.arrival = Arrival(None, None)
        """Where your next drawn card goes."""
        self.at_rest: Callable[[], None] | None = None
        """What to do once the cards now moving have come to rest (open a round's summary)."""
        self.goer: int | None = None
        """The opponent who just went out, while their hand is shown large (the pause after
        their going out)."""
        self.celebration: Confetti | None = None
        """The burst of confetti while you go out (a click or Space ends it)."""

    @property
    def animating(self) -> bool:
        """True while a pause runs, a card glides or the confetti of your going out flies."""
        return self.wait > 0 or self.stage.moving or self.celebration is not None

    @property
    def may_hurry(self) -> bool:
        """True if the cards move slower than at the fast speed: then the player may hurry
        them."""
        return self.pace > SPEEDS["fast"]

    @property
    def speedup(self) -> float:
        """How many times faster than the pace the cards and the pauses go: while the player
        hurries the table, as at the fast speed."""
        return self.pace / SPEEDS["fast"] if self.may_hurry and self.host.hurried() else 1.0

    @property
    def busy(self) -> bool:
        """True while events wait to be shown or cards are moving."""
        return bool(self.queue) or self.at_rest is not None or self.animating

    @property
    def round_title(self) -> str:
        shown = self.shown
        return round_title(shown.round_index, shown.rounds, shown.wild_rank, shown.contract)

    def resume(self, shown: ShownTable) -> None:
        """Show a match that goes on from ``shown``: every card at rest in its place."""
        self.shown = shown
        self.stage.rest(shown)
        self.announce(self.round_title, 1.6)

    def extend(self, events: Iterable[Event]) -> None:
        """Queue ``events`` to be shown after those already waiting."""
        self.queue.extend(events)

    def update(self, dt: float) -> None:
        """Advance the banner by ``dt`` seconds, the cards and the pause by :attr:`speedup`
        times that."""
        moved = dt * self.speedup
        for sprite in self.stage.sprites.values():
            sprite.update(moved)
        self.banner = TimedText.tick(self.banner, dt)
        self.wait = max(0.0, self.wait - moved)
        if not self.wait:
            self.goer = None
        if self.celebration is not None:
            self.celebration.update(moved)
            if self.celebration.done:
                self.celebration = None

    def show_next(self) -> bool:
        """Show the next event if the table is at rest (after what waited for the rest);
        False if there was nothing to do."""
        if self.animating:
            return False
        if self.at_rest is not None:
            if not self.host.ready():
                return False
            then, self.at_rest = self.at_rest, None
            then()
            return True
        if not self.queue:
            return False
        self._show(self.queue.popleft())
        return True

    def finish(self) -> None:
        """Every card jumps to its place and the pause ends."""
        self.stage.finish()
        self.wait = 0.0
        self.goer = None
        self.celebration = None

    def place(self, share: float) -> None:
        """Send every card to its place in ``share`` of the pace, the lifted ones raised and
        your hand making room for a card dragged over it."""
        self.stage.lifted = self.host.lifted()
        self.stage.gap = self.host.gap()
        self.stage.place(self.pace * share, self.host.dragged())

    def announce(self, text: str, seconds: float) -> None:
        self.banner = TimedText(text, max(seconds, 0.8))

    # --- each event -----------------------------------------------------------

    def _show(self, event: Event) -> None:
        drawing = isinstance(event, DrewFromStock | TookDiscard)
        insert_at = self.arrival.index if drawing else None
        arriving = self._arriving_sprite(event)
        self.shown.follow(event, insert_at)
        self.log.follow(event)
        match event:
            case CutForDeal():
                self.announce(first_dealer_line(event.dealer, self.seating), 1.5)
            case RoundStarted():
                self.stage.new_round()
                self.announce(self.round_title, 1.6)
                self._sounds.play("shuffle")
                self.host.moved(None)
            case Dealt():
                self.stage.deal(self.shown.hands, self.pace)
                self._sounds.play("deal")
            case DiscardStarted():
                self.stage.sprites[event.card] = self.stage.at_stock(event.card)
                self.place(1.0)
            case DrewFromStock() | TookDiscard():
                self.stage.sprites[event.card] = arriving or self.stage.at_stock(event.card)
                self.host.moved(event.seat)
                self._moved("draw", 0.25)
            case Discarded():
                self.host.moved(event.seat)
                self._moved("discard", 0.35)
            case LaidDown() | LaidOff():
                self.host.moved(event.seat)
                self._moved("discard", LAY_PAUSE)
            case StockReshuffled():
                self.stage.drop_hidden_discards()
                self.announce(_("The discard pile is shuffled into a new stock"), 2.0)
                self._sounds.play("shuffle")
            case WentOut():
                self.announce(self.seating.went_out(event.seat), 2.5)
                self._celebrate(event.seat)
                self.stage.revealed.add(event.seat)
                self._moved("go_out", GOER_PAUSE)
                if event.seat != 0 and self.shown.hands[event.seat] and self.wait:
                    self.goer = event.seat
            case LastTurnsBegan():
                if self.seating.human and 0 in event.seats:
                    who = self.seating.name(event.went_out)
                    self.announce(_("{name} went out! Your last turn").format(name=who), 3.0)
            case RoundAbandoned():
                self.announce(abandoned_line(event.reason), 2.5)
                self.wait = self.pace * 2
            case RoundScored():
                self.banner = None  # its news (a going out, the last turns) is stale
                self.place(1.0)
                self.stage.reveal_seats(self.pace)
                self._sounds.play("round_end")
                self.host.round_ending(event)
                self.at_rest = lambda: self.host.round_scored(event)
            case MatchOver():
                self.host.match_over(event)
            case _:
                assert_never(event)

    def _celebrate(self, seat: int) -> None:
        """You went out: a short burst of confetti, at the animation speed (none at the
        instant speed)."""
        if seat == 0 and self.seating.human and self.pace > 0:
            seed = len(self.shown.discard)
            self.celebration = Confetti(seed, GO_OUT_PACES * self.pace, GO_OUT_PIECES)

    def _moved(self, sound: str, pause: float) -> None:
        """A card changed places: it glides there, a sound plays, then a pause of ``pause``
        paces."""
        self.place(1.0)
        self.wait = self.pace * pause
        self._sounds.play(sound)

    def _arriving_sprite(self, event: Event) -> CardSprite | None:
        """The sprite of a card about to join a hand: from where it was let go, the discard
        pile's top, or the stock. Your draw uses up the arrival."""
        match event:
            case DrewFromStock(seat, card):
                sprite = self.stage.at_stock(card)
                start = self.arrival.pose if seat == 0 else None
                if start is not None:
                    sprite.pose = sprite.target = Pose(start.center, start.height, 0.0, False)
            case TookDiscard(seat, card):
                sprite = self.stage.sprites.get(card) or self.stage.at_stock(card)
            case _:
                return None
        if seat == 0:
            self.arrival = Arrival(None, None)
        return sprite
