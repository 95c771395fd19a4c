"""The window runs on pygame-ce, and no dependency brought upstream pygame in beside it."""

from __future__ import annotations

from importlib import metadata

import pygame
import pytest


def test_pygame_is_the_community_edition() -> None:
    assert getattr(pygame, "IS_CE", False)  # 1 on pygame-ce; upstream has no such name
    assert metadata.version("pygame-ce")


def test_upstream_pygame_is_not_installed() -> None:
    with pytest.raises(metadata.PackageNotFoundError):
        metadata.distribution("pygame")
