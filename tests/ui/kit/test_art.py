"""CardArt's deck styles, backs and index languages: the right pictures on screen, switched at
once."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from game.engine.cards import Card, Rank
from game.i18n import LANGUAGES
from game.profile.settings import CARD_BACKS, DECK_STYLES
from game.ui.kit.art import BACK, CardArt, card_file, card_width
from game.ui.kit.sprites import Pose

HEIGHT = 84  # small, so every pixel can be read quickly
RANKS = [rank.label for rank in Rank]
# The one strong colour each suit's faces show in each style (None: black ink only).
SUIT_HUES = {
    "classic": {"S": None, "H": "red", "D": "red", "C": None},
    "four_colour": {"S": None, "H": "red", "D": "blue", "C": "green"},
}


def hue(pixel: pygame.Color) -> str | None:
    """``red``, ``blue`` or ``green`` for a clearly coloured opaque pixel, else None."""
    r, g, b, a = pixel
    if a < 200:
        return None
    if r > g + 80 and r > b + 80:
        return "red"
    if b > r + 80 and b > g + 60:
        return "blue"
    if g > r + 60 and g > b + 10:
        return "green"
    return None


def hues(picture: pygame.Surface) -> Counter[str | None]:
    """How many pixels of ``picture`` show each strong colour."""
    w, h = picture.get_size()
    return Counter(hue(picture.get_at((x, y))) for x in range(w) for y in range(h))


def pixels(picture: pygame.Surface) -> bytes:
    return pygame.image.tobytes(picture, "RGBA")


def test_the_styles_and_backs_on_offer_with_todays_look_first() -> None:
    assert DECK_STYLES == ("classic", "four_colour")
    assert CARD_BACKS[0] == "blue" and len(CARD_BACKS) >= 2
    art = CardArt()
    assert (art.deck, art.back, art.indices) == (DECK_STYLES[0], CARD_BACKS[0], "en")


def test_court_cards_in_another_language_have_their_own_files() -> None:
    assert card_file("QH") == card_file("QH", indices="en") == ("cards", "QH.svg")
    assert card_file("QH", indices="fr") == ("cards", "indices", "fr", "classic", "QH.svg")
    assert card_file("JS", "four_colour", indices="nl") == (
        "cards",
        "indices",
        "nl",
        "four_colour",
        "JS.svg",
    )
    assert card_file("KD", "four_colour", indices="en") == ("cards", "four_colour", "KD.svg")
    # Aces, numbers, the joker and the backs are the same in every language.
    for name in ("AH", "7H", "10C"):
        assert card_file(name, "four_colour", indices="it") == card_file(name, "four_colour")
    assert card_file("JK", "four_colour", indices="fr") == ("cards", "JK.svg")
    assert card_file(BACK, back="red", indices="nl") == ("cards", "backs", "red.svg")


@pytest.mark.parametrize("deck", DECK_STYLES)
def test_a_french_queen_looks_different_and_a_french_seven_the_same(deck: str) -> None:
    english, french = CardArt(deck), CardArt(deck, indices="fr")
    assert french.indices == "fr"
    assert pixels(french.image("QH", HEIGHT)) != pixels(english.image("QH", HEIGHT))
    assert pixels(french.image("7H", HEIGHT)) == pixels(english.image("7H", HEIGHT))
    assert pixels(french.image("JK", HEIGHT)) == pixels(english.image("JK", HEIGHT))
    # The design is the same: the queen keeps her suit's colour.
    assert hues(french.image("QH", HEIGHT))["red"] > 40


@pytest.mark.parametrize("deck", DECK_STYLES)
def test_every_face_shows_its_suits_colour_and_no_other(deck: str) -> None:
    art = CardArt(deck)
    for suit, expected in SUIT_HUES[deck].items():
        for rank in RANKS:
            seen = hues(art.image(f"{rank}{suit}", HEIGHT))
            others = {colour for colour in seen if colour not in (None, expected)}
            assert not others, (deck, rank, suit, seen)
            if expected is not None:
                assert seen[expected] > 40, (deck, rank, suit, seen)


def test_four_colour_diamonds_are_blue_and_clubs_green_where_classic_diamonds_are_red() -> None:
    classic, four = CardArt("classic"), CardArt("four_colour")
    assert hues(classic.image("7D", HEIGHT))["red"] > 100
    assert hues(four.image("7D", HEIGHT))["blue"] > 100
    assert hues(four.image("7C", HEIGHT))["green"] > 100
    assert hues(classic.image("7C", HEIGHT))["green"] == 0


def test_the_joker_is_shared_by_every_style() -> None:
    jokers = {pixels(CardArt(deck).image("JK", HEIGHT)) for deck in DECK_STYLES}
    assert len(jokers) == 1


def test_every_back_looks_different() -> None:
    backs = [CardArt(back=back).image(BACK, HEIGHT) for back in CARD_BACKS]
    assert len({pixels(picture) for picture in backs}) == len(CARD_BACKS)
    assert all(picture.get_size() == (card_width(HEIGHT), HEIGHT) for picture in backs)
    by_name = dict(zip(CARD_BACKS, map(hues, backs), strict=True))
    assert by_name["blue"]["blue"] > by_name["blue"]["red"]
    assert by_name["red"]["red"] > by_name["red"]["blue"]


def test_set_style_changes_what_image_returns_at_once() -> None:
    art = CardArt()
    art.use_heights((HEIGHT,))
    classic_face, blue_back = pixels(art.image("7D", HEIGHT)), pixels(art.image(BACK, HEIGHT))
    art.set_style("four_colour", "red")
    assert (art.deck, art.back) == ("four_colour", "red")
    assert hues(art.image("7D", HEIGHT))["blue"] > 100
    assert pixels(art.image(BACK, HEIGHT)) != blue_back
    # A height between the declared ones is scaled from the new style too.
    assert hues(art.image("7D", HEIGHT + 7))["blue"] > 100
    art.set_style("classic", "blue")
    assert pixels(art.image("7D", HEIGHT)) == classic_face
    assert pixels(art.image(BACK, HEIGHT)) == blue_back


def test_set_style_switches_the_index_language_and_keeps_it_when_left_out() -> None:
    art = CardArt()
    art.use_heights((HEIGHT,))
    english = pixels(art.image("KS", HEIGHT))
    art.set_style("classic", "blue", "nl")
    assert art.indices == "nl"
    dutch = pixels(art.image("KS", HEIGHT))
    assert dutch != english
    art.set_style("classic", "red")
    assert (art.back, art.indices) == ("red", "nl")
    assert pixels(art.image("KS", HEIGHT)) == dutch
    art.set_style("classic", "red", "en")
    assert pixels(art.image("KS", HEIGHT)) == english


def test_a_face_down_card_is_drawn_with_the_chosen_back() -> None:
    surface = pygame.Surface((200, 200))
    art = CardArt(back="red")
    art.draw(surface, Card(None, None), Pose((100, 100), HEIGHT, 0.0, False))
    assert hues(surface)["red"] > 1000


@pytest.mark.parametrize(
    ("deck", "back", "indices", "named"),
    [
        ("two_colour", "blue", "en", "deck style 'two_colour': choose one of classic, four_colour"),
        ("classic", "green", "en", "back 'green': choose one of " + ", ".join(CARD_BACKS)),
        ("classic", "blue", "de", "index language 'de': choose one of en, fr, nl, it"),
    ],
)
def test_an_unknown_style_is_refused_naming_the_choices(
    deck: str, back: str, indices: str, named: str
) -> None:
    assert LANGUAGES == ("en", "fr", "nl", "it")
    with pytest.raises(ValueError, match=named):
        CardArt(deck, back, indices)
    art = CardArt()
    before = pixels(art.image("QD", HEIGHT))
    with pytest.raises(ValueError, match=named):
        art.set_style(deck, back, indices)
    assert (art.deck, art.back, art.indices) == (DECK_STYLES[0], CARD_BACKS[0], "en")
    assert pixels(art.image("QD", HEIGHT)) == before
