"""The teacher (Learn to play's other seat) draws from the stock and throws its dearest card,
so the guided round plays the same every time and the teacher never goes out of it."""

from __future__ import annotations

import random

from game.ai.teacher import TeacherPolicy
from game.engine.actions import Discard, Draw, DrawSource
from game.engine.cards import Card
from game.ui.learn.lesson import lesson_match


def test_the_teacher_draws_from_the_stock_and_throws_its_dearest_card() -> None:
    match = lesson_match()
    match.apply(Draw(DrawSource.STOCK))
    match.apply(Discard(Card.parse("KC")))
    teacher = TeacherPolicy(random.Random(0))
    assert teacher.choose(match.view_for(1)) == Draw(DrawSource.STOCK)
    match.apply(Draw(DrawSource.STOCK))
    thrown = teacher.choose(match.view_for(1))
    assert isinstance(thrown, Discard) and str(thrown.card) == "QD"


def test_the_teacher_never_goes_out_of_the_guided_round() -> None:
    match = lesson_match()
    teacher = TeacherPolicy(random.Random(0))
    for _turn in range(6):  # you throw what you draw; the teacher plays its way
        match.apply(Draw(DrawSource.STOCK))
        match.apply(Discard(match.hands[0][-1]))
        match.apply(teacher.choose(match.view_for(1)))
        match.apply(teacher.choose(match.view_for(1)))
        assert match.round_index == 0, "nobody went out"
