"""Rules engines, one package per game; each imports only the standard library."""
