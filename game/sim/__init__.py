"""Tournaments between AI policies (``python -m game.sim``)."""
