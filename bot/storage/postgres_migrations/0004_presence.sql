-- Each user's presence settings: see SQLite's 0005_presence.sql.

CREATE TABLE presence (
    user_id      BIGINT           PRIMARY KEY,
    away_until   DOUBLE PRECISION,           -- unix time; NULL: not away
    dm_reminders BOOLEAN          NOT NULL DEFAULT FALSE
);

CREATE TABLE pause_votes (
    game_id    BIGINT           NOT NULL REFERENCES games (id),
    away_id    BIGINT           NOT NULL,
    away_until DOUBLE PRECISION NOT NULL,
    voter_id   BIGINT           NOT NULL,
    PRIMARY KEY (game_id, away_id, away_until, voter_id)
);
