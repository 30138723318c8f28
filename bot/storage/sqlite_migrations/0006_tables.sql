-- Names (issue 8): "game" is the kind (coal-baron, saboteur...), "table" is one
-- instance of it in a channel. The table of tables is `tables`, and every column
-- that points at one is `table_id`; `tables.game` and `results.game` keep naming
-- the kind. Foreign keys follow a renamed table by themselves; SQLite cannot
-- rename an index, so the two indexes on it are made again under their new names.

ALTER TABLE games RENAME TO tables;

DROP INDEX games_open_per_channel;
CREATE UNIQUE INDEX tables_open_per_channel
    ON tables (channel_id) WHERE status IN ('lobby', 'playing');

DROP INDEX games_playing;
CREATE INDEX tables_playing ON tables (status, reminded);

ALTER TABLE actions RENAME COLUMN game_id TO table_id;
ALTER TABLE taken_back RENAME COLUMN game_id TO table_id;
ALTER TABLE results RENAME COLUMN game_id TO table_id;
ALTER TABLE pause_votes RENAME COLUMN game_id TO table_id;
