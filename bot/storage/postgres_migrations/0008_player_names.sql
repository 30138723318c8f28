-- Players' display names on each server: see SQLite's 0009_player_names.sql.

CREATE TABLE player_names (
    guild_id BIGINT           NOT NULL,
    user_id  BIGINT           NOT NULL,
    name     TEXT             NOT NULL,
    seen_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
