"""Device ports and their real and simulated backends. Nothing here knows which game is played."""
