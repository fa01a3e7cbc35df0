"""Desk-mode simulators: each port's stand-in, drawn on screen by the app."""
