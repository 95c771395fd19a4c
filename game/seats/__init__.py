"""The AI seats at work off the frame loop: a worker process and the controller the table asks.

Nothing here imports pygame. The worker (:mod:`game.seats.worker`) runs the
policies and checks every answer against the view it was asked about; the
controller (:mod:`game.seats.controller`) owns patience, the retry and the
fall-back, so no bot can crash or freeze the window.
"""

import logging

# The seats tell what goes wrong through logging: the window shows it, the tournament runner
# says it its own way, and no other program gets Python's last-resort lines on standard error.
logging.getLogger(__name__).addHandler(logging.NullHandler())
