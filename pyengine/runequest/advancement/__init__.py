"""Advancement: creation, background, training, experience, guild credit, CHA."""
