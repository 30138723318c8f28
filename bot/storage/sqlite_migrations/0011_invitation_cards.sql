-- The invitation cards of lobbies (issue 26, docs/weeks.md, "Open tables in the
-- server"): each message that advertises a lobby in another channel (`/game invite
-- channel:`), so that the bot edits it at every change of the lobby, from any process
-- and after a restart. A row lives while its table is a lobby: it is deleted once
-- the table starts or closes (its card edited one last time) or when its message is
-- gone (deleted, or its channel out of the bot's reach).

CREATE TABLE invitation_cards (
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (table_id, message_id)
);
