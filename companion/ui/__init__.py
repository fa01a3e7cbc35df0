"""The touchscreen app (pygame-ce): draws the session's state and turns taps into intents."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any module here imports pygame
