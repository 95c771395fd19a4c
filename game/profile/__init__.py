"""The player's folder: settings, statistics, the saved match, and the files that hold them.

:mod:`~game.profile.folder` reads and writes the files safely, :mod:`~game.profile.memory`
knows which file holds what; each kept value (:mod:`~game.profile.settings`,
:mod:`~game.profile.player_stats`, :mod:`~game.profile.saved_match`) reads and writes its
own JSON form, checked (and brought up from an earlier format) by
:mod:`~game.profile.json_format`.
"""
