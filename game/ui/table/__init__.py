"""The table: the scene where a match is played, its parts (layout, stage, playback, drag,
painter, log, coach, undo) and the overlays on it (round summary, score sheet, match end)."""
