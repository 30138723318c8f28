"""What the bot reads and says as it starts: its settings (`config`, from the
environment or `.env`) and the link that adds it to a server (`invite`)."""
