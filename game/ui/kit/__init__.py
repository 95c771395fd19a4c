"""The window's drawing kit: card art, text, widgets, forms, tweens, sprites, sounds and the
felt; every room of the window uses it, and it uses none of them."""
