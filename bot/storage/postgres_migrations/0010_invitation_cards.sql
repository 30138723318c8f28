-- The invitation cards of lobbies: see SQLite's 0011_invitation_cards.sql.

CREATE TABLE invitation_cards (
    table_id   BIGINT NOT NULL REFERENCES tables (id),
    channel_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    PRIMARY KEY (table_id, message_id)
);
