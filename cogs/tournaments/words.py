"""A tournament in words: its card, its settings, its standings and podium, and the
standings image's rows and description (alt text). Public texts are in the server's
language, private ones in the reader's; people are mentioned (posts never ping from
here), computers named in words (`cogs.platform.names.mention`)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.registry import get_game
from bot.i18n import LocaleLike, language_of, t
from bot.service.tournament_record import MAX_ENTRANTS, Tournament
from bot.storage.records import TournamentStatus
from bot.tournaments import Format, Standing
from bot.tournaments.pairing import round_robin_rounds
from cogs.platform.names import computer_name, mention
from cogs.platform.plugins import plugin_for
from cogs.platform.presenter import game_name, timestamp
from cogs.platform.table_options import options_text
from renderer.tournament import MAX_ROWS, StandingRow, figure

PODIUM = ("🥇", "🥈", "🥉")


def title(tournament: Tournament, locale: LocaleLike) -> str:
    """"Tournament #3 · Coal Baron"."""
    return t(locale, "tournament.title", number=tournament.id,
             game=game_name(locale, tournament.settings.game))


def total_rounds(tournament: Tournament) -> int | None:
    """How many rounds it has (None for a knockout: until one entrant is left)."""
    chosen = tournament.settings
    if chosen.format == Format.SWISS:
        return chosen.rounds
    if chosen.format == Format.ROUND_ROBIN:
        return round_robin_rounds(chosen.rules, len(tournament.entrants))
    return None


def round_words(tournament: Tournament, number: int, locale: LocaleLike) -> str:
    """"round 2 of 3" ("round 2" in a knockout)."""
    total = total_rounds(tournament)
    if total is None:
        return t(locale, "tournament.round", round=number)
    return t(locale, "tournament.round_of", round=number, total=total)


def duration(minutes: int, locale: LocaleLike) -> str:
    """A round's time in words: "2 days", "1 day 6 h", "90 min" (hours only when whole)."""
    days, rest = divmod(minutes, 24 * 60)
    hours, left = divmod(rest, 60)
    parts = []
    if days:
        parts.append(t(locale, "tournament.duration.days", count=days))
    if left:
        parts.append(t(locale, "tournament.duration.minutes", count=rest))
    elif hours:
        parts.append(t(locale, "tournament.duration.hours", count=hours))
    return " ".join(parts)


def settings_text(tournament: Tournament, locale: LocaleLike, timed: bool) -> str:
    """The format, table sizes, time per round (none where the clock stands still,
    `cogs.tournaments.messages.timed`), points and options, in one line each."""
    chosen = tournament.settings
    sizes = (str(chosen.max_size) if chosen.min_size == chosen.max_size
             else t(locale, "tournament.sizes_range", min=chosen.min_size, max=chosen.max_size))
    lines = [
        t(locale, f"tournament.format.{chosen.format.value}", rounds=chosen.rounds,
          advance=chosen.advance),
        t(locale, "tournament.tables", sizes=sizes,
          duration=duration(chosen.round_minutes, locale)) if timed
        else t(locale, "tournament.tables_untimed", sizes=sizes),
        t(locale, "tournament.points", top=figure(language_of(locale), chosen.top_points),
          bye=figure(language_of(locale), chosen.bye_points)),
    ]
    shown = options_text(chosen.game, plugin_for(chosen.game).options, chosen.options, locale)
    if shown:
        lines.append(t(locale, "lobby.options", options=shown))
    return "\n".join(lines)


def entrant_name(tournament: Tournament, entrant: int, locale: LocaleLike) -> str:
    return mention(tournament.entrants[entrant].user, locale)


def card_text(tournament: Tournament, locale: LocaleLike, timed: bool) -> str:
    """The tournament's card: what it is, who entered, where it stands (its deadlines
    where the clock runs, `cogs.tournaments.messages.timed`)."""
    head = t(locale, "tournament.card", title=title(tournament, locale),
             organizer=mention(tournament.organizer, locale))
    lines = [head, settings_text(tournament, locale, timed)]
    status = tournament.status
    if status == TournamentStatus.SIGNUP:
        names = " ".join(mention(e.user, locale) for e in tournament.entrants)
        lines.append(t(locale, "tournament.entrants", count=len(tournament.entrants),
                       max=MAX_ENTRANTS, names=names or "-"))
        game = get_game(tournament.settings.game)
        lines.append(t(locale, "tournament.signup", min=max(2, tournament.settings.min_size,
                                                               game.min_players)))
        deadline = tournament.settings.signup_deadline
        if deadline is not None:
            lines.append(t(locale, "tournament.signup_deadline", when=timestamp(deadline))
                         if timed else t(locale, "tournament.signup_untimed"))
        return "\n".join(lines)
    current = tournament.current
    if status in (TournamentStatus.RUNNING, TournamentStatus.PAUSED) and current is not None:
        key = ("tournament.paused" if status == TournamentStatus.PAUSED
               else "tournament.playing" if timed else "tournament.playing_untimed")
        lines.append(t(locale, key, round=round_words(tournament, current.number, locale),
                       ended=sum(slot.done for slot in current.slots),
                       tables=len(current.slots), deadline=timestamp(current.deadline)))
    elif status == TournamentStatus.FINISHED:
        lines.append(podium_text(tournament, locale))
    else:
        lines.append(t(locale, "tournament.cancelled"))
    return "\n".join(lines)


def podium_text(tournament: Tournament, locale: LocaleLike) -> str:
    """The first three (fewer if fewer entrants), with their points."""
    lines = [t(locale, "tournament.podium")]
    lang = language_of(locale)
    for medal, line in zip(PODIUM, tournament.standings(), strict=False):
        lines.append(t(locale, "tournament.podium_line", medal=medal,
                       player=entrant_name(tournament, line.entrant, locale),
                       points=figure(lang, line.points)))
    return "\n".join(lines)


def standing_line(tournament: Tournament, rank: int, line: Standing, locale: LocaleLike) -> str:
    """One entrant's standing in words, with what a computer did for them."""
    lang = language_of(locale)
    text = t(locale, "tournament.standing", rank=rank,
             player=entrant_name(tournament, line.entrant, locale),
             points=figure(lang, line.points), played=line.played,
             skipped=line.byes + line.skipped, byes=line.byes,
             opponents=figure(lang, line.opponents_points),
             average=figure(lang, line.opponents_average))
    finished = tournament.by_computer().get(line.entrant, 0)
    if finished:
        text += t(locale, "tournament.standing_computer", count=finished)
    if line.forfeits:
        text += t(locale, "tournament.standing_forfeit", count=line.forfeits)
    if not tournament.entrants[line.entrant].active:
        text += t(locale, "tournament.standing_out")
    return text


def standings_lines(tournament: Tournament, locale: LocaleLike) -> list[str]:
    """The whole standings, one line per entrant, best first."""
    return [standing_line(tournament, rank, line, locale)
            for rank, line in enumerate(tournament.standings(), start=1)]


def standings_rows(tournament: Tournament, names: Mapping[int, str], locale: LocaleLike
                   ) -> list[StandingRow]:
    """The image's rows: `names` maps user ids to display names (a computer is named by
    its level; a person without a known name is "a former member")."""
    finished = tournament.by_computer()
    rows = []
    for rank, line in enumerate(tournament.standings(), start=1):
        user = tournament.entrants[line.entrant].user
        name = (computer_name(user, locale) or names.get(user)
                or t(locale, "render.leaderboard.former"))
        rows.append(StandingRow(rank, name, line.points, line.played, line.byes + line.skipped,
                                line.opponents_points, line.opponents_average,
                                finished.get(line.entrant, 0),
                                tournament.entrants[line.entrant].active))
    return rows


def standings_title(tournament: Tournament, locale: LocaleLike) -> str:
    """The image's title: the tournament and how far it went."""
    current = tournament.current
    if tournament.status == TournamentStatus.FINISHED or current is None:
        return t(locale, "tournament.image_final", title=title(tournament, locale))
    return t(locale, "tournament.image_title", title=title(tournament, locale),
             round=round_words(tournament, current.number, locale))


def standings_description(
    rows: list[StandingRow], heading: str, locale: LocaleLike, limit: int
) -> str:
    """The image's alt text: its title and each line it shows, in words, as many whole
    lines as fit in `limit` characters, then "and N more" for the rest."""
    lang = language_of(locale)
    lines = [t(locale, "tournament.alt_line", rank=row.rank, player=row.name,
               points=figure(lang, row.points), played=row.played, skipped=row.skipped,
               opponents=figure(lang, row.opponents_points),
               average=figure(lang, row.opponents_average))
             for row in rows[:MAX_ROWS]]
    for shown in range(len(lines), -1, -1):
        parts = [heading, *lines[:shown]]
        if len(rows) > shown:
            parts.append(t(locale, "render.tournament.more", count=len(rows) - shown))
        told = " ".join(parts)
        if len(told) <= limit:
            return told
    return heading[:limit]
