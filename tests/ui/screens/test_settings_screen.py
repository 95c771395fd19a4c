"""The settings screen, by keyboard and mouse: every setting reaches the engine or the window."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine.cards import Card
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.settings import Settings
from game.ui.app import App
from game.ui.kit.form import ChoiceRow, NameRow
from game.ui.kit.sprites import Pose
from game.ui.screens.settings_screen import SettingsScene
from game.ui.screens.title import TitleScene
from game.ui.table.table import TableScene
from game.words.rule_options import RuleOption, rule_options
from tests.ui.driver import FRAME, click, key, make_app, post, step_until
from tests.ui.key_help import differences, drawn_help_line, keys_taken, keys_told

OPTIONS = list(rule_options())
FREED: dict[str, dict[str, Any]] = {
    "joker_penalty": {"jokers": 2},
    "free_jokers": {"jokers": 2},
    "ace_high_penalty": {"aces": "low_or_high"},
}
"""For an option that another rules out at the defaults, the change that lets it apply."""


def open_settings(app: App) -> SettingsScene:
    title = app.stack.top
    assert isinstance(title, TitleScene)
    button = next(b for b in title.buttons if b.label == "Settings")
    click(button.rect.center)
    app.step(FRAME)
    screen = app.stack.top
    assert isinstance(screen, SettingsScene)
    return screen


def tab_to(app: App, screen: SettingsScene, label: str) -> int:
    """Press Tab until the section shown holds the row whose label starts with ``label``;
    that row's index."""
    for _ in range(len(screen.forms)):
        found = [i for i, row in enumerate(screen.form.rows) if row.label.startswith(label)]
        if found:
            return found[0]
        key(pygame.K_TAB)
        app.step(FRAME)
    raise AssertionError(f"no section holds a row {label!r}")


def focus_row(app: App, screen: SettingsScene, label: str) -> int:
    """Tab to the section of the row called ``label``, then press Down until it has the
    focus; its index."""
    tab_to(app, screen, label)
    for _ in range(len(screen.form.rows)):
        if screen.form.rows[screen.form.focus].label == label:
            return screen.form.focus
        key(pygame.K_DOWN)
        app.step(FRAME)
    raise AssertionError(f"no row {label!r}")


def new_match(app: App) -> TableScene:
    """Back to the title, then New game."""
    key(pygame.K_ESCAPE)
    app.step(FRAME)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    click(next(b for b in title.buttons if b.label == "New game").rect.center)
    app.step(FRAME)
    table = app.stack.top
    assert isinstance(table, TableScene)
    return table


@pytest.mark.slow
@pytest.mark.parametrize("option", OPTIONS, ids=[option.field for option in OPTIONS])
def test_each_rule_reaches_the_next_match(app: App, option: RuleOption) -> None:
    field = option.field
    memory = app.memory
    rules = replace(memory.settings.rules, **FREED.get(field, {}))
    memory.save_settings(memory.settings.changed(rules=rules))
    screen = open_settings(app)
    focus_row(app, screen, option.label)
    key(pygame.K_RIGHT)
    app.step(FRAME)
    chosen = option.choices[1].value
    assert getattr(app.memory.settings.rules, field) == chosen
    table = new_match(app)
    assert getattr(table.match.rules, field) == chosen


def test_a_click_on_an_arrow_changes_a_row_and_says_when_it_applies(app: App) -> None:
    screen = open_settings(app)
    index = tab_to(app, screen, "Printed jokers")
    while screen.form.row_rect(index).bottom > screen.form.area.bottom:
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
        app.step(FRAME)
    left, right = screen.form.arrow_rects(index)
    click(right.center)
    app.step(FRAME)
    assert app.memory.settings.rules.jokers == 2
    click(left.center)
    app.step(FRAME)
    assert app.memory.settings.rules.jokers == 0
    rules_note = next(row for row in screen.form.rows if row.label == "The rules")
    assert rules_note.explanation() == "Rule changes apply from the next match"


@pytest.mark.parametrize("seat", [0, 1, 2], ids=["left", "top", "right"])
def test_each_seat_level_reaches_the_next_match(app: App, seat: int) -> None:
    screen = open_settings(app)
    name = ("Left", "Top", "Right")[seat]
    focus_row(app, screen, f"{name}: level")
    key(pygame.K_RIGHT)
    app.step(FRAME)
    table = new_match(app)
    expected = {1: "normal", 2: "normal", 3: "normal"} | {seat + 1: "hard"}
    assert table.setup.policies == expected


def rename_top(app: App, typed: str) -> None:
    """In the settings, rub out Top's name and type ``typed`` in its place."""
    screen = open_settings(app)
    index = focus_row(app, screen, "Top: name")
    assert isinstance(screen.form.rows[index], NameRow)
    key(pygame.K_RETURN)
    for _ in range(3):
        key(pygame.K_BACKSPACE)
    post(pygame.TEXTINPUT, text=typed)
    key(pygame.K_RETURN)
    app.step(FRAME)


def test_a_seat_renamed_by_typing_is_called_so_at_the_table(app: App) -> None:
    rename_top(app, "Zoé")
    assert app.memory.settings.names == ("Left", "Zoé", "Right")
    table = new_match(app)  # typing is over: Escape now leaves the screen
    assert table.picture().seat_labels[2] == "Zoé · Normal"


def test_a_name_typed_with_characters_no_name_may_hold_keeps_the_rest(app: App) -> None:
    rename_top(app, "Z\x00o\ud800\te")
    assert app.memory.settings.names == ("Left", "Zoe", "Right")


def test_players_seats_each_opponent_with_a_level_and_a_name_of_its_own(app: App) -> None:
    rename_top(app, "Zoé")
    screen = app.stack.top
    assert isinstance(screen, SettingsScene)
    assert app.memory.settings.names == ("Left", "Zoé", "Right")
    choose(app, screen, "Top: level", "hard")
    choose(app, screen, "Players", 6)
    assert "6 players share 2 decks" in screen.form.rows[screen.form.focus].explanation()
    labels = [row.label for row in screen.form.rows]
    places = ["Left", "Top-left", "Top", "Top-right", "Right"]
    assert [label for label in labels if label.endswith(": level")] == [
        f"{place}: level" for place in places
    ]
    settings = app.memory.settings
    assert settings.rules.players == 6
    assert settings.names == ("Left", "Zoé", "Top", "Top-right", "Right")
    assert settings.levels == ("normal", "hard", "normal", "normal", "normal")
    choose(app, screen, "Top-right: level", "easy")
    choose(app, screen, "Players", 2)
    assert list(app.memory.settings.names) == ["Top"]
    assert app.memory.settings.levels == ("normal",)
    assert [row.label for row in screen.form.rows if row.label.endswith(": name")] == ["Top: name"]
    choose(app, screen, "Players", 8)
    table = new_match(app)
    assert table.match.players == 8 and table.layout.players == 8
    assert table.setup.seating.name(1) == "Bottom-left"
    assert set(table.setup.policies) == set(range(1, 8))


def choose(app: App, screen: SettingsScene, label: str, value: object) -> None:
    """Step the row ``label`` with → until it shows ``value``."""
    index = focus_row(app, screen, label)
    row = screen.form.rows[index]
    assert isinstance(row, ChoiceRow)
    for _ in range(len(row.values)):
        if row.get() == value:
            return
        key(pygame.K_RIGHT)
        app.step(FRAME)
    raise AssertionError(f"{label} never showed {value!r}")


def test_speed_reaches_the_table_and_instant_leaves_no_frame_waiting(app: App) -> None:
    screen = open_settings(app)
    choose(app, screen, "Animation speed", "instant")
    table = new_match(app)
    assert table.setup.move_seconds == 0.0
    for _ in range(300):
        app.step(FRAME)
        assert not table.playback.animating, "nothing waits on an animation at instant speed"


def test_speed_changed_from_the_table_applies_at_once(app: App) -> None:
    open_settings(app)
    table = new_match(app)
    assert table.playback.pace == Settings().move_seconds
    key(pygame.K_o)
    app.step(FRAME)
    opened = app.stack.top
    assert isinstance(opened, SettingsScene)
    choose(app, opened, "Animation speed", "slow")
    key(pygame.K_ESCAPE)
    app.step(FRAME)
    assert app.stack.top is table and table.playback.pace == Settings(speed="slow").move_seconds


def test_volume_and_mute_reach_the_sounds(app: App) -> None:
    screen = open_settings(app)
    choose(app, screen, "Sound volume", 0.3)
    assert app.sounds.volume == pytest.approx(0.3)
    choose(app, screen, "Mute", True)
    assert app.sounds.muted


def test_full_screen_from_the_settings_and_by_f11(app: App) -> None:
    screen = open_settings(app)
    choose(app, screen, "Full screen", True)
    assert app.screen.get_flags() & pygame.FULLSCREEN
    key(pygame.K_F11)
    app.step(FRAME)
    assert not app.screen.get_flags() & pygame.FULLSCREEN
    assert not app.memory.settings.fullscreen
    assert app.screen.get_size() == (1280, 800)


def test_choices_are_kept_in_the_profile(tmp_path: Path) -> None:
    app = make_app(mute=True, profile=str(tmp_path))
    try:
        screen = open_settings(app)
        choose(app, screen, "Animation speed", "fast")
    finally:
        app.close()
    assert Memory(Profile(tmp_path)).settings.speed == "fast"
    again = make_app(mute=True, profile=str(tmp_path))
    try:
        title = again.stack.top
        assert isinstance(title, TitleScene)
        step_until(again, lambda: True)
        assert again.memory.settings.speed == "fast"
    finally:
        again.close()


def test_deck_and_back_reach_the_card_art_at_once_and_on_the_next_start(tmp_path: Path) -> None:
    app = make_app(mute=True, profile=str(tmp_path))
    try:
        screen = open_settings(app)
        before = app.art.image("7D", 84)
        choose(app, screen, "Deck", "four_colour")
        choose(app, screen, "Card back", "red")
        assert (app.art.deck, app.art.back) == ("four_colour", "red")
        after = app.art.image("7D", 84)
        assert pygame.image.tobytes(before, "RGBA") != pygame.image.tobytes(after, "RGBA")
    finally:
        app.close()
    again = make_app(mute=True, profile=str(tmp_path))
    try:
        assert (again.art.deck, again.art.back) == ("four_colour", "red")
    finally:
        again.close()


def test_the_help_line_tells_exactly_the_keys_the_screen_takes(app: App) -> None:
    """Every key pygame knows, pressed on the settings (on the Coach row): those that do
    something are the ones its help line names."""
    screen = open_settings(app)
    coach = focus_row(app, screen, "Coach")
    told = keys_told(drawn_help_line(app))
    assert pygame.K_ESCAPE in told

    section = screen.section

    def state() -> object:
        form = screen.form
        typing = form.typing is not None
        settings = app.memory.settings.to_json()
        return app.stack.top, screen.section, form.focus, form.scroll, settings, typing

    def back_on_the_coach_row() -> None:
        if app.stack.top is not screen:
            app.push(screen)
        screen.show_section(section)
        screen.form.focus = coach
        screen.form.place(screen.form.area, screen.form.text_size)

    found = keys_taken(app, state, back_on_the_coach_row)
    assert found == told, differences(found, told)


@pytest.mark.parametrize(
    ("label", "ruling", "freeing"),
    [
        pytest.param("Joker penalty", {"jokers": 0}, FREED["joker_penalty"], id="jokers"),
        pytest.param("Ace penalty", {"aces": "low"}, FREED["ace_high_penalty"], id="aces"),
    ],
)
def test_an_option_that_cannot_apply_is_idle_and_says_why(
    app: App, label: str, ruling: dict[str, Any], freeing: dict[str, Any]
) -> None:
    memory = app.memory
    field = next(option.field for option in OPTIONS if option.label == label)
    memory.save_settings(memory.settings.changed(rules=replace(memory.settings.rules, **ruling)))
    screen = open_settings(app)
    index = focus_row(app, screen, label)
    before = getattr(app.memory.settings.rules, field)
    key(pygame.K_RIGHT)
    _left, right = screen.form.arrow_rects(index)
    click(right.center)
    app.step(FRAME)
    assert getattr(app.memory.settings.rules, field) == before, "an idle option changed"
    row = screen.form.rows[index]
    assert row.idle_reason() is not None and row.explanation() == row.idle_reason()
    app.text.drawn = []
    app.draw()
    drawn = [text.message for text in app.text.drawn]
    app.text.drawn = None
    assert row.idle_reason() in drawn
    rules = replace(app.memory.settings.rules, **freeing)
    memory.save_settings(memory.settings.changed(rules=rules))
    key(pygame.K_RIGHT)
    app.step(FRAME)
    assert getattr(app.memory.settings.rules, field) != before, "a free option stays idle"
    assert row.idle_reason() is None


def test_a_list_that_goes_on_shows_where(app: App) -> None:
    screen = open_settings(app)
    tab_to(app, screen, "The rules")
    form = screen.form
    assert form.visible < len(form.rows), "the list fits: nothing to cue"

    def cues() -> set[str]:
        app.text.drawn = []
        app.draw()
        shown = {text.message for text in app.text.drawn} & {"▲", "▼"}
        app.text.drawn = None
        return shown

    assert cues() == {"▼"}
    for _ in range(len(form.rows)):
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
        app.step(FRAME)
    assert cues() == {"▲"}
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    app.step(FRAME)
    assert cues() == {"▲", "▼"}


SECTION_ROWS = {
    "Game": {"Players", "Left: level", "Top: name", "Animation speed", "Coach", "Undo"},
    "Rules": {option.label for option in OPTIONS if option.field != "players"},
    "Table and cards": {"Deck", "Card back", "Card indices", "Action log", "Full screen"},
    "Sound": {"Sound volume", "Mute"},
    "Language": {"Language"},
}
"""What a player looks for in each section (some of it)."""


def test_each_section_opens_by_its_tab_and_holds_its_settings(app: App) -> None:
    screen = open_settings(app)
    assert [tab.words for tab in screen.tabs] == list(SECTION_ROWS)
    for tab, wanted in zip(screen.tabs, SECTION_ROWS.values(), strict=True):
        click(tab.rect.center)
        app.step(FRAME)
        assert screen.tabs[screen.section] is tab
        labels = {row.label for row in screen.form.rows}
        assert wanted <= labels, f"{tab.words}: missing {wanted - labels}"


def test_tab_and_shift_tab_walk_the_sections(app: App) -> None:
    screen = open_settings(app)
    seen = []
    for _ in range(len(screen.tabs)):
        seen.append(screen.section)
        key(pygame.K_TAB)
        app.step(FRAME)
    assert seen == list(range(len(screen.tabs))) and screen.section == 0
    key(pygame.K_TAB, pygame.KMOD_SHIFT)
    app.step(FRAME)
    assert screen.section == len(screen.tabs) - 1


@pytest.mark.parametrize("size", [(640, 400), (1280, 800), (2560, 1440)], ids=str)
def test_the_cards_section_shows_the_cards_as_chosen(size: tuple[int, int]) -> None:
    window = make_app(mute=True, size=size)
    try:
        screen = open_settings(window)
        tab_to(window, screen, "Deck")
        drawn: list[tuple[str, str, bool]] = []
        draw = window.art.draw

        def recorded(surface: pygame.Surface, card: Card, pose: Pose) -> pygame.Rect:
            drawn.append((window.art.deck, window.art.back, pose.face_up))
            return draw(surface, card, pose)

        window.art.draw = recorded  # type: ignore[method-assign]
        window.draw()
        assert screen.preview_height > 0 and (("classic", "blue", False) in drawn)
        choose(window, screen, "Card back", "red")
        choose(window, screen, "Deck", "four_colour")
        drawn.clear()
        window.draw()
        assert ("four_colour", "red", True) in drawn and ("four_colour", "red", False) in drawn
    finally:
        window.close()
