"""The table as played: the scene where a match is played and its desks (playback, pointer
and drag, hint and coach, laying, keeping, undo, keys, the ends), and the overlays on it
(round summary, score sheet, match end). What it shows is :mod:`game.ui.seen`'s."""
