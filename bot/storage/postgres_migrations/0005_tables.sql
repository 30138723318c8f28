-- Names (issue 8): "game" is the kind (coal-baron, saboteur...), "table" is one
-- instance of it in a channel. The table of tables is `tables`, and every column
-- that points at one is `table_id`; `tables.game` and `results.game` keep naming
-- the kind. The same as SQLite's 0006_tables.sql; here the indexes, constraints
-- and the id sequence named after `games` are renamed too.

ALTER TABLE games RENAME TO tables;
ALTER SEQUENCE games_id_seq RENAME TO tables_id_seq;
ALTER INDEX games_pkey RENAME TO tables_pkey;
ALTER TABLE tables RENAME CONSTRAINT games_status_check TO tables_status_check;
ALTER INDEX games_open_per_channel RENAME TO tables_open_per_channel;
ALTER INDEX games_playing RENAME TO tables_playing;

ALTER TABLE actions RENAME COLUMN game_id TO table_id;
ALTER TABLE actions RENAME CONSTRAINT actions_game_id_fkey TO actions_table_id_fkey;
ALTER INDEX actions_game_id_seq_key RENAME TO actions_table_id_seq_key;

ALTER TABLE taken_back RENAME COLUMN game_id TO table_id;
ALTER TABLE taken_back RENAME CONSTRAINT taken_back_game_id_fkey TO taken_back_table_id_fkey;

ALTER TABLE results RENAME COLUMN game_id TO table_id;
ALTER TABLE results RENAME CONSTRAINT results_game_id_fkey TO results_table_id_fkey;

ALTER TABLE pause_votes RENAME COLUMN game_id TO table_id;
ALTER TABLE pause_votes RENAME CONSTRAINT pause_votes_game_id_fkey TO pause_votes_table_id_fkey;
