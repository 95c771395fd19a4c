"""Card pictures from the shipped SVG art, rendered sharp at the sizes the layout asks for.

The art comes in deck styles (the faces) and backs, chosen independently; the joker is
the same in every style. The court cards' corner indices can be in any of the game's
languages (a French queen shows D); the other faces are the same in every language.
A picture whose file is missing or damaged is drawn plain (its index and suit in the
font, or a plain back) and reported as a missing piece; the match plays on.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable

import pygame

from game.engine.cards import JOKER_LABEL, Card, Rank, Suit, new_shoe
from game.i18n import LANGUAGES, _
from game.profile.settings import CARD_BACKS, DECK_STYLES
from game.resources import PieceKind
from game.ui.kit.pieces import load_piece
from game.ui.kit.sprites import Pose
from game.ui.kit.text import Color, Text
from game.words.card_words import COURT_INDICES, JOKER

CARD_ASPECT = 5 / 7
"""Card width over height."""
BACK = "back"
"""The picture name of the card back (whichever back is chosen)."""
ANGLE_STEP = 15
"""Cards in flight turn in steps of this many degrees (each step's picture is cached)."""
FLIP_STEPS = 8
"""A card flipping over narrows in this many steps (each step's picture is cached)."""
COURT_LABELS = tuple(rank.label for rank in (Rank.JACK, Rank.QUEEN, Rank.KING))
"""The ranks whose index letter depends on the language."""
IVORY, EDGE, BLACK, RED = (255, 253, 246), (143, 143, 143), (27, 27, 31), (200, 16, 46)
"""A plain picture's card stock, edge and inks (the shipped art's colours)."""
TWO_COLOURS = {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: RED, Suit.CLUBS: BLACK}
PLAIN_INKS = {
    "classic": TWO_COLOURS,
    "four_colour": TWO_COLOURS | {Suit.DIAMONDS: (29, 78, 216), Suit.CLUBS: (20, 122, 102)},
}
"""The ink of each suit on a plain face, per deck style (the shipped art's colours)."""
PLAIN_BACKS = {"blue": (23, 58, 115), "red": (158, 27, 50)}
"""The colour of each plain back."""


def card_height(wanted: float, at_most: bool = False) -> int:
    """The nearest height the art renders exactly (with ``at_most``, the tallest not above
    ``wanted``): a multiple of 7 (width a multiple of 5), 21 at the least."""
    steps = wanted / 7
    return max(21, (math.floor(steps) if at_most else round(steps)) * 7)


def card_width(height: float) -> int:
    """The width of a card ``height`` pixels tall."""
    return round(height * CARD_ASPECT)


def is_court(name: str) -> bool:
    """True if picture ``name`` is a jack, queen or king (not the joker ``JK``)."""
    return name != JOKER_LABEL and name[:-1] in COURT_LABELS


def card_file(
    name: str,
    deck: str = DECK_STYLES[0],
    back: str = CARD_BACKS[0],
    indices: str = LANGUAGES[0],
) -> tuple[str, ...]:
    """The asset path parts of picture ``name`` (a card label or ``back``) in a style.

    The default style's faces and the shared joker sit in ``cards/``, another style's faces
    in ``cards/<style>/``, the backs in ``cards/backs/``. A court card indexed in another
    language than English (``indices``) sits in ``cards/indices/<language>/<style>/``, the
    default style included.
    """
    if name == BACK:
        return ("cards", "backs", f"{back}.svg")
    if indices != LANGUAGES[0] and is_court(name):
        return ("cards", "indices", indices, deck, f"{name}.svg")
    if deck == DECK_STYLES[0] or name == JOKER_LABEL:
        return ("cards", f"{name}.svg")
    return ("cards", deck, f"{name}.svg")


def every_card_file() -> list[tuple[str, ...]]:
    """The asset path parts of every picture the art can show: each face in each deck style
    and index language, and each back."""
    faces = {str(card) for card in new_shoe(1, 1)}
    files = {
        card_file(face, deck, indices=language)
        for deck in DECK_STYLES
        for face in faces
        for language in LANGUAGES
    }
    return sorted(files | {card_file(BACK, back=back) for back in CARD_BACKS})


def load_card(parts: tuple[str, ...], size: tuple[int, int]) -> pygame.Surface | None:
    """The card picture at asset ``parts`` rendered at ``size``; None if it cannot be read
    (then it is reported as a missing piece)."""
    return load_piece(PieceKind.CARD, parts, lambda path: pygame.image.load_sized_svg(path, size))


def check_card_files() -> None:
    """Read every card picture once, small, so that any missing or damaged one is reported
    (the smoke test's look at the cards it did not deal)."""
    for parts in every_card_file():
        load_card(parts, (card_width(21), 21))


def plain_card(
    name: str, size: tuple[int, int], text: Text, deck: str, back: str, indices: str
) -> pygame.Surface:
    """Picture ``name`` drawn plain: a rounded card with its index and suit in the font
    (at the corner and, larger, in the middle), or a plain back of ``back``'s colour."""
    picture = pygame.Surface(size, pygame.SRCALPHA)
    card = picture.get_rect()
    radius = max(2, card.width // 10)
    if name == BACK:
        colour = PLAIN_BACKS.get(back, PLAIN_BACKS[CARD_BACKS[0]])
        pygame.draw.rect(picture, colour, card, border_radius=radius)
        inset = max(2, card.width // 12)
        pygame.draw.rect(picture, IVORY, card.inflate(-2 * inset, -2 * inset), 1, radius)
        return picture
    pygame.draw.rect(picture, IVORY, card, border_radius=radius)
    pygame.draw.rect(picture, EDGE, card, 1, radius)
    label, ink = plain_index(Card.parse(name), deck, indices)
    inside = card.inflate(-radius, -radius)
    text.blit(picture, label, round(card.height * 0.2), ink, True, inside, topleft=inside.topleft)
    text.blit(picture, label, round(card.height * 0.3), ink, True, inside, center=card.center)
    return picture


def plain_index(card: Card, deck: str, indices: str) -> tuple[str, Color]:
    """What a plain face shows and in which ink: ``D♥`` in red for a French queen of hearts."""
    if card.rank is None or card.suit is None:
        return _(JOKER), BLACK
    index = COURT_INDICES[indices].get(card.rank, card.rank.label)
    return index + card.suit.symbol, PLAIN_INKS.get(deck, TWO_COLOURS)[card.suit]


def checked_style(deck: str, back: str, indices: str = LANGUAGES[0]) -> tuple[str, str, str]:
    """``(deck, back, indices)`` if all are known; else ``ValueError`` naming the allowed ones."""
    checks = (
        (deck, DECK_STYLES, "deck style"),
        (back, CARD_BACKS, "back"),
        (indices, LANGUAGES, "index language"),
    )
    for value, allowed, kind in checks:
        if value not in allowed:
            raise ValueError(f"unknown card {kind} {value!r}: choose one of {', '.join(allowed)}")
    return deck, back, indices


class CardArt:
    """Renders and caches card faces and the back.

    Scenes declare the heights they use (:meth:`use_heights`); those are
    rendered from the vector art, and a card caught between two heights (in
    flight) is scaled from the nearest larger one. The last few declared
    heights are kept, so an overlay's cards do not evict the table's. Pictures a scene
    will show may be asked for ahead (:meth:`render_ahead`) and rendered a few a frame
    (:meth:`work_ahead`), so that the frame that first shows them renders none.
    ``deck`` is one of :data:`DECK_STYLES`, ``back`` one of :data:`CARD_BACKS` and
    ``indices`` (the language of the court cards' index letters) one of
    :data:`game.i18n.LANGUAGES`.
    """

    KEPT_HEIGHTS = 12
    CACHE_LIMIT = 800

    def __init__(
        self,
        deck: str = DECK_STYLES[0],
        back: str = CARD_BACKS[0],
        indices: str = LANGUAGES[0],
    ) -> None:
        self._deck, self._back, self._indices = checked_style(deck, back, indices)
        self._heights: tuple[int, ...] = ()
        self._recent: list[int] = []
        self._cache: dict[tuple[str, int, int, int], pygame.Surface] = {}
        self._ahead: list[tuple[str, int]] = []
        """The pictures asked for ahead, each a name and a height."""
        self._text = Text()
        """The font of the plain pictures drawn for missing ones."""

    @property
    def deck(self) -> str:
        """The deck style of the faces."""
        return self._deck

    @property
    def back(self) -> str:
        """The back design."""
        return self._back

    @property
    def indices(self) -> str:
        """The language of the court cards' index letters."""
        return self._indices

    def set_style(self, deck: str, back: str, indices: str | None = None) -> None:
        """Switch deck style, back and index language at once, dropping cached pictures.

        ``indices`` left out keeps the current index language. Raises ``ValueError``
        (changing nothing) if any is unknown.
        """
        style = checked_style(deck, back, self._indices if indices is None else indices)
        if style != (self._deck, self._back, self._indices):
            self._deck, self._back, self._indices = style
            self._cache.clear()

    def use_heights(self, heights: tuple[int, ...]) -> None:
        """Declare card heights in use; the oldest beyond :attr:`KEPT_HEIGHTS` are forgotten
        (never one of ``heights``: a scene's own are all kept)."""
        own = list(dict.fromkeys(max(8, round(height)) for height in heights))
        for height in own:
            if height in self._recent:
                self._recent.remove(height)
            self._recent.append(height)
        del self._recent[: -max(self.KEPT_HEIGHTS, len(own))]
        wanted = tuple(sorted(self._recent))
        if wanted != self._heights:
            dropped = set(self._heights) - set(wanted)
            self._heights = wanted
            if dropped:
                self._cache.clear()

    def render_ahead(self, names: Iterable[str], height: int) -> None:
        """Ask for pictures ``names`` at ``height`` (now declared in use) to be rendered by
        :meth:`work_ahead`, in place of those asked for before."""
        self.use_heights((height,))
        self._ahead = [(name, height) for name in dict.fromkeys(names)]

    @property
    def pending(self) -> bool:
        """True while a picture asked for ahead is not rendered (or was dropped since)."""
        return bool(self._not_rendered())

    def work_ahead(self, seconds: float) -> None:
        """Render pictures asked for ahead for about ``seconds`` (one at least, if any)."""
        until = time.perf_counter() + seconds
        for name, height in self._not_rendered():
            self.image(name, height)
            if time.perf_counter() >= until:
                return

    def _not_rendered(self) -> list[tuple[str, int]]:
        return [
            (name, height)
            for name, height in self._ahead
            if (name, height, 0, FLIP_STEPS) not in self._cache
        ]

    def image(
        self, name: str, height: int, angle: int = 0, narrowed: int = FLIP_STEPS
    ) -> pygame.Surface:
        """The picture ``name`` (a card label such as ``10H`` or ``back``) at ``height``.

        A declared height is rendered from the vector art; any other is scaled
        from the nearest declared one. A card flipping over is ``narrowed`` to that many
        :data:`FLIP_STEPS` of its width. Pictures are cached with their angle and width.
        """
        key = (name, height, angle, narrowed)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > self.CACHE_LIMIT:
                self._cache.clear()
            if narrowed < FLIP_STEPS:
                flat = self.image(name, height)
                width = max(1, round(flat.get_width() * narrowed / FLIP_STEPS))
                found = pygame.transform.scale(flat, (width, height))
                if angle:
                    found = pygame.transform.rotate(found, angle)
            elif angle % 90:
                found = pygame.transform.rotozoom(self.image(name, height), angle, 1.0)
            elif angle:
                found = pygame.transform.rotate(self.image(name, height), angle)
            elif height in self._heights or not self._heights:
                found = self._render(name, height)
            else:
                source = self.image(name, self._nearest_height(height))
                found = pygame.transform.smoothscale(source, (card_width(height), height))
            self._cache[key] = found
        return found

    def draw(self, surface: pygame.Surface, card: Card, pose: Pose) -> pygame.Rect:
        """Draw ``card`` in ``pose``; returns the rectangle covered.

        A card in flight is drawn at the nearest declared height, at its angle
        rounded to 15° and its width (while it flips) to an eighth, so every frame
        of a glide reuses cached pictures.
        """
        name = str(card) if pose.face_up else BACK
        height = self._nearest_height(max(8, round(pose.height)))
        angle = round(pose.angle / ANGLE_STEP) * ANGLE_STEP % 360
        narrowed = max(1, min(FLIP_STEPS, round(pose.turn * FLIP_STEPS)))
        picture = self.image(name, height, angle, narrowed)
        rect = picture.get_rect(center=(round(pose.center[0]), round(pose.center[1])))
        surface.blit(picture, rect)
        return rect

    def _nearest_height(self, height: int) -> int:
        if not self._heights or height in self._heights:
            return height
        return min(self._heights, key=lambda declared: abs(declared - height))

    def _render(self, name: str, height: int) -> pygame.Surface:
        style = (self._deck, self._back, self._indices)
        size = (card_width(height), height)
        picture = load_card(card_file(name, *style), size)
        if picture is None:
            picture = plain_card(name, size, self._text, *style)
        return picture.convert_alpha() if pygame.display.get_surface() else picture
