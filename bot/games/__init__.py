"""Rules engines, one package per game, and the registry that names them."""
