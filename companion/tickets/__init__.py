"""What printed tickets say, per game: game state and events in, a hardware.document.Document out."""
