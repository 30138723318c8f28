-- How each player wants one table to tell them it is their turn (issue 9,
-- docs/platform.md, "Pings"): 'ping' (the default, also for a player without a
-- row), 'dm' (a direct message instead of the ping) or 'off' (named, never
-- pinged). `table_id` is a table's id; no foreign key, so this table does not
-- depend on the name of the table of tables (tables are never deleted).

CREATE TABLE ping_modes (
    table_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    mode     TEXT    NOT NULL CHECK (mode IN ('ping', 'dm', 'off')),
    PRIMARY KEY (table_id, user_id)
);
