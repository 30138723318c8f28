-- Each user's presence settings (issue 14, docs/weeks.md): away until a date
-- (no reminders and no skips on their turns), and reminders by direct message
-- (off by default). A user without a row has neither.

CREATE TABLE presence (
    user_id      INTEGER PRIMARY KEY,
    away_until   REAL,                          -- unix time; NULL: not away
    dm_reminders INTEGER NOT NULL DEFAULT 0
);
