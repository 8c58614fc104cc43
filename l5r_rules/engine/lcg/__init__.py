"""Procedures of Legend of the Five Rings: The Card Game (Rules Reference 1.01)."""
