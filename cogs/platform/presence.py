"""``/game away`` and ``/game dm``: a user's presence settings (docs/weeks.md).

Away until a date: no reminders and no skips on the user's turns at any table
until then, and every ``/game status`` of their tables says so. The others at
a table may vote (``/game pause``; a majority of them) to pause it meanwhile:
then nobody there is reminded or skipped. Reminders by
direct message: off by default; the reminder loop (`cogs.reminders`) reads it.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from bot.i18n import t
from bot.service import Table
from cogs.platform.errors import AwayBadDate
from cogs.platform.host import service_of
from cogs.platform.items import Interaction
from cogs.platform.names import mention
from cogs.platform.replies import public_locale, send_private
from cogs.platform.stand_in import hand_back_everywhere

DATE_TEXT_LIMIT = 32


def day_start(text: str) -> float:
    """The unix time of the start (UTC) of the day written `text` (year-month-day)."""
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise AwayBadDate(date=text[:DATE_TEXT_LIMIT]) from None
    return datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()


def day_text(unix: float) -> str:
    """A Discord timestamp showing the date in the reader's own format."""
    return f"<t:{int(unix)}:D>"


async def set_away(interaction: Interaction, until: str | None) -> None:
    """Away until the day `until` (back that day at 00:00 UTC), or back now without it."""
    service = service_of(interaction)
    if until is None:
        await service.preferences.set_away(interaction.user.id, None)
        text = t(interaction.locale, "away.back")
        handed = await hand_back_everywhere(service, interaction.guild_id, interaction.user.id)
        if handed:
            text += "\n" + t(interaction.locale, "standin.back_private", count=handed)
        await send_private(interaction, text)
        return
    back = day_start(until)
    await service.preferences.set_away(interaction.user.id, back)
    await send_private(interaction, t(interaction.locale, "away.set", until=day_text(back)))


async def vote_pause(interaction: Interaction, table: Table) -> None:
    """Vote, publicly, to pause `table` while its other players away are away."""
    service = service_of(interaction)
    counts = await service.seats.vote_pause(table.id, interaction.user.id)
    away = await service.preferences.away(tuple(counts))
    locale = public_locale(interaction)
    lines = []
    for user, (votes, needed) in counts.items():
        key = "pause.paused" if votes >= needed else "pause.voted"
        lines.append(t(locale, key, voter=mention(interaction.user.id), player=mention(user),
                       until=day_text(away[user]), votes=votes, needed=needed))
    await interaction.response.send_message("\n".join(lines))


async def set_dm_reminders(interaction: Interaction, enabled: bool) -> None:
    await service_of(interaction).preferences.set_dm_reminders(interaction.user.id, enabled)
    await send_private(interaction, t(interaction.locale, "dm.on" if enabled else "dm.off"))
