"""A public post that Discord refuses or fails after its change was stored
(`cogs.delivery.failures`): which failures leave the table waiting to be posted, the
bounded retry of the transient ones, and the cause in the player's words. The turn
poster (`cogs.platform.posting`) uses it; it imports nothing of the platform."""
