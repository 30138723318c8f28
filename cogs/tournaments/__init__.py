"""Tournaments in Discord (docs/tournaments.md): ``/tournament`` and its card
(`commands`, `card`, `buttons`), the rounds' tables, deadlines and podium (`rounds`),
the words (`words`). The rules are `bot.tournaments`', the rows the service's
(`bot.service.tournaments`, `bot.service.tournament_rounds`).

Loaded as the extension ``cogs.tournaments`` (`bot.app.EXTENSIONS`)."""

from cogs.tournaments.commands import setup

__all__ = ["setup"]
