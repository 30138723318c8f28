-- Each user's presence settings: see SQLite's 0005_presence.sql.

CREATE TABLE presence (
    user_id      BIGINT           PRIMARY KEY,
    away_until   DOUBLE PRECISION,           -- unix time; NULL: not away
    dm_reminders BOOLEAN          NOT NULL DEFAULT FALSE
);
