-- How each player wants one table to tell them it is their turn: see SQLite's
-- 0007_ping_modes.sql.

CREATE TABLE ping_modes (
    table_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    mode     TEXT   NOT NULL CHECK (mode IN ('ping', 'dm', 'off')),
    PRIMARY KEY (table_id, user_id)
);
