-- The turn builder's panels: see SQLite's 0008_drafts.sql.

CREATE TABLE drafts (
    table_id BIGINT  NOT NULL,
    seat     INTEGER NOT NULL,
    token    INTEGER NOT NULL,
    steps    TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat)
);
