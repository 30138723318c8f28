-- The public messages a table left: see SQLite's 0016_table_messages.sql.
-- (Numbered 0015: 0014 is another change's.)

CREATE TABLE table_messages (
    table_id   BIGINT NOT NULL REFERENCES tables (id),
    message_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    kind       TEXT NOT NULL,
    live       BOOLEAN NOT NULL DEFAULT TRUE,
    PRIMARY KEY (table_id, message_id)
);
