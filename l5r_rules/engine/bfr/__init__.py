"""Procedures of the board game Battle for Rokugan (German rulebook "Kampf um Rokugan")."""
