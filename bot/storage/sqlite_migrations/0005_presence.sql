-- Each user's presence settings (issue 14, docs/weeks.md): away until a date
-- (no reminders and no skips on their turns), and reminders by direct message
-- (off by default). A user without a row has neither.

CREATE TABLE presence (
    user_id      INTEGER PRIMARY KEY,
    away_until   REAL,                          -- unix time; NULL: not away
    dm_reminders INTEGER NOT NULL DEFAULT 0
);

-- Votes to pause a table while one of its players is away: one per voter, for
-- that player's away period (a new period needs a new vote).
CREATE TABLE pause_votes (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    away_id    INTEGER NOT NULL,                -- the player away
    away_until REAL    NOT NULL,                -- their away period, as voted on
    voter_id   INTEGER NOT NULL,
    PRIMARY KEY (game_id, away_id, away_until, voter_id)
);
