"""The rules screen: the rules of the rule set in force, written from the rule set itself."""

from __future__ import annotations

from game.engine.rules import RuleSet
from game.i18n import N_, _
from game.ui.kit.widgets import GOLD, MUTED
from game.ui.scene import SceneContext
from game.ui.screens.reading import (
    BLANK,
    Line,
    ReadingScene,
    heading,
    paragraph,
    picture,
    row,
)
from game.words.rules_text import rules_text


class RulesScene(ReadingScene):
    """How to play by ``rules`` (by default the rules of the next match, from the settings)."""

    title = N_("The rules")

    def __init__(self, context: SceneContext, rules: RuleSet | None = None) -> None:
        super().__init__(context)
        self.rules = rules

    def lines(self) -> list[Line]:
        rules = self.rules if self.rules is not None else self.context.memory.settings.rules
        text = rules_text(rules)
        lines: list[Line] = []
        if text.changed:
            lines.append(heading(_("Played here with")))
            lines += [paragraph(f"• {change}") for change in text.changed]
            lines.append(BLANK)
        for section in text.sections:
            lines.append(heading(section.title))
            lines += [paragraph(text_) for text_ in section.paragraphs]
            for shown in section.pictures:
                lines += [paragraph(shown.caption, MUTED), picture(shown.cards, shown.marks)]
            lines.append(BLANK)
        lines.append(heading(_("The rounds")))
        lines.append(row(_("Round"), _("Cards"), _("Wild"), _("Doubled"), colour=GOLD, bold=True))
        lines += [
            row(
                str(step.round_number),
                str(step.hand_size),
                step.wild_rank_name,
                "×2" if step.doubled else "",
                colour=GOLD if step.doubled else MUTED,
            )
            for step in text.schedule
        ]
        return lines
