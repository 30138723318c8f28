-- The coach's hints: see SQLite's 0016_coach_hints.sql.

CREATE TABLE coach_hints (
    table_id BIGINT  NOT NULL,
    seat     INTEGER NOT NULL,
    moment   INTEGER NOT NULL,
    steps    TEXT    NOT NULL,
    line     TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat, moment, steps)
);
