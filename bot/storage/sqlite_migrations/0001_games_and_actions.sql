-- One row per table (a game in a channel), and the append-only log of its actions.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    game             TEXT    NOT NULL,
    creator_id       INTEGER NOT NULL,
    seats            TEXT    NOT NULL,          -- JSON list of user ids, index = engine seat
    status           TEXT    NOT NULL
                     CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
    options          TEXT    NOT NULL,          -- JSON object
    seed             INTEGER NOT NULL,
    state            TEXT,                      -- JSON, NULL in the lobby
    version          INTEGER NOT NULL,
    reminder_minutes INTEGER NOT NULL,
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL,
    turn_started_at  REAL    NOT NULL,
    reminded         INTEGER NOT NULL DEFAULT 0
);

-- At most one open table (lobby or playing) per channel.
CREATE UNIQUE INDEX games_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'playing');

CREATE INDEX games_playing ON games (status, reminded);

CREATE TABLE actions (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL,                -- 0, 1, 2... within the game
    seat       INTEGER NOT NULL,
    notation   TEXT    NOT NULL,                -- canonical notation
    created_at REAL    NOT NULL,
    UNIQUE (game_id, seq)
);

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;
