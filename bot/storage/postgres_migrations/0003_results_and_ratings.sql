-- Results and ratings: see SQLite's 0004_results_and_ratings.sql.

ALTER TABLE games ADD COLUMN started_at DOUBLE PRECISION;

CREATE TABLE results (
    game_id  BIGINT           PRIMARY KEY REFERENCES games (id),
    guild_id BIGINT,                     -- NULL outside a server
    game     TEXT             NOT NULL,
    ended_at DOUBLE PRECISION NOT NULL,
    summary  TEXT             NOT NULL   -- JSON
);

CREATE INDEX results_by_guild ON results (guild_id, ended_at, game_id);

CREATE TABLE ratings (
    guild_id BIGINT  PRIMARY KEY,        -- 0 outside a server
    ratings  TEXT    NOT NULL,           -- JSON
    through  INTEGER NOT NULL            -- how many of the server's results they include
);
