"""The table the player sees: the only package that imports pygame.

Two SDL settings are made before pygame starts (a player's own environment
wins): no pygame banner on the console, and the window drawn by the plain
software framebuffer. The game draws with the CPU anyway; SDL's default would
upload every frame through OpenGL, which on machines without a GPU driver
(software OpenGL) costs about 16 ms and 100 MB per window, against 0.5 ms
and 28 MB here (measured under Xvfb).
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
