"""Mine table: a Discord bot for mining board games."""
