"""The game's words, in the language in use: cards, hints, rule options, the rules text and
the table's sentences. Pure text from engine values: no pygame, no files."""
