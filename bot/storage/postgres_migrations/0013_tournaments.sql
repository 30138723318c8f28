-- Tournaments: see SQLite's 0013_tournaments.sql.

CREATE TABLE tournaments (
    id         BIGSERIAL PRIMARY KEY,
    guild_id   BIGINT,
    channel_id BIGINT NOT NULL,
    status     TEXT   NOT NULL
               CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    version    BIGINT NOT NULL,
    due_at     DOUBLE PRECISION,
    created_at DOUBLE PRECISION NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    data       TEXT   NOT NULL
);

CREATE INDEX tournaments_of_server ON tournaments (guild_id, status);
