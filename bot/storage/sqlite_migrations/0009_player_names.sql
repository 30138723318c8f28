-- Players' display names on each server (issue 22, docs/weeks.md, "Names"): the
-- name a player had when last seen, at the end of a game or when they acted, so
-- that the leaderboard, the statistics and the images name them without the
-- Server Members intent (the bot has no member cache). The newest sighting wins
-- (`seen_at`, Unix time). `guild_id` is 0 outside a server.

CREATE TABLE player_names (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    seen_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
