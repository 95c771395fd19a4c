"""One type scale for every screen: the sizes of its styles, from the window's size.

Every text on a screen is drawn in one of these styles, at the style's size: a text that
does not fit gets room from the layout, not a smaller size of its own (``tests/ui/
test_type_scale.py`` checks every text of every screen in every language).
"""

from __future__ import annotations

from dataclasses import dataclass

BODY_SHARE = 0.024
"""The body text's size as a share of the window's height (or of its width ÷ 1.6, if the
window is narrower than that)."""
SMALLEST_BODY = 11
"""The body text's size in the smallest window, 640×400."""


@dataclass(frozen=True, slots=True)
class TypeScale:
    """The sizes (pixels) of the styles, all from :attr:`body`."""

    body: int
    """Labels and values: names, points, rows, buttons, the status line."""

    @classmethod
    def for_window(cls, size: tuple[int, int]) -> TypeScale:
        """The scale of a window of ``size``."""
        width, height = size
        return cls(max(SMALLEST_BODY, round(min(height, width / 1.6) * BODY_SHARE)))

    @property
    def display(self) -> int:
        """The game's name on the title screen."""
        return round(self.body * 2.8)

    @property
    def title(self) -> int:
        """A screen's title, the table's banner."""
        return round(self.body * 1.6)

    @property
    def heading(self) -> int:
        """The round's name at the table, the places at the match end."""
        return round(self.body * 1.2)

    @property
    def help(self) -> int:
        """Explanations, the keys' line, the cards' wild labels, the score sheet when rows
        are many."""
        return max(10, round(self.body * 0.85))

    @property
    def sizes(self) -> frozenset[int]:
        """Every style's size."""
        return frozenset((self.display, self.title, self.heading, self.body, self.help))
