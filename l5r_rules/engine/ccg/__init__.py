"""Procedures of the L5R collectible card game (Gold, Lotus and Ivory Editions)."""
