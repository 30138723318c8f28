"""Discord cogs: the `/game` commands, the table components and the turn reminders."""
