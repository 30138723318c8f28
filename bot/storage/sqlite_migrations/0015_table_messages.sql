-- The public messages a table left in its channel (issue 44, docs/platform.md, "A table
-- that ends"): its lobby posts, turn messages and reminders, each kept from its post
-- until it loses its controls (a newer turn message takes them: the row is deleted), and
-- the messages that told its end. When the table ends, every message still `live` is
-- edited once to say so and keeps no control but a finished game's own; its row stays,
-- closed, so that a click on an old control links to the table's last message. Found by
-- id, never by reading the channel: a busy channel or a restart changes nothing.
-- (Numbered 0016: 0015 is another change's.)

CREATE TABLE table_messages (
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    message_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    live       BOOLEAN NOT NULL DEFAULT TRUE,
    PRIMARY KEY (table_id, message_id)
);
