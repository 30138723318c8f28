-- Results and ratings (issue 14, docs/weeks.md). When a game ends its summary
-- (`bot.results.GameSummary`, JSON) is stored with the save that ends it; each
-- server's ratings (`bot.ratings.Ratings`, JSON) are kept beside, with how many
-- of the server's results they include: fewer (a crash between the two writes,
-- a copied database) and they are recomputed from the results.
-- `started_at`: when the game was dealt (NULL in a lobby, and for games started
-- before this migration, which have no result either).

ALTER TABLE games ADD COLUMN started_at REAL;

CREATE TABLE results (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id),
    guild_id INTEGER,                           -- NULL outside a server
    game     TEXT    NOT NULL,
    ended_at REAL    NOT NULL,
    summary  TEXT    NOT NULL                   -- JSON
);

CREATE INDEX results_by_guild ON results (guild_id, ended_at, game_id);

CREATE TABLE ratings (
    guild_id INTEGER PRIMARY KEY,               -- 0 outside a server
    ratings  TEXT    NOT NULL,                  -- JSON
    through  INTEGER NOT NULL                   -- how many of the server's results they include
);
