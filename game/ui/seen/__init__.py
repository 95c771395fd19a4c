"""The table as seen: where everything goes (layout, stage, meld layout), what has been shown
(the shown table, hand order, action log), and its picture, built in one place and painted
(picture, painter, the layer at rest, the log panel). The table as played
(:mod:`game.ui.table`) and the replay both show a position through it; it knows nothing of
either."""
