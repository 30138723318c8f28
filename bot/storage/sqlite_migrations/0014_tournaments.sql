-- Tournaments (issue 38, docs/tournaments.md): one row each. What the bot does with it
-- is in `data` (JSON: settings, entrants, rounds and their tables); the columns are
-- what is looked up (a server's, a channel's, those still going on, those due) and
-- the version every change is saved over (compare-and-set), so that of two processes
-- advancing a round at once exactly one does.

CREATE TABLE tournaments (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER,
    channel_id INTEGER NOT NULL,
    status     TEXT    NOT NULL
               CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    version    INTEGER NOT NULL,
    due_at     REAL,
    created_at REAL    NOT NULL,
    updated_at REAL    NOT NULL,
    data       TEXT    NOT NULL
);

CREATE INDEX tournaments_of_server ON tournaments (guild_id, status);
