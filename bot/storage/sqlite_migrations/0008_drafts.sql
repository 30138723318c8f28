-- The turn builder's panels (docs/platform.md, "The turn builder"): per table and
-- seat, the steps chosen so far on the seat's latest panel (`steps`, a JSON list
-- of the engine's steps) and that panel's number (`token`, bumped by each new
-- panel, carried by its buttons: a click on an older panel is refused). Nothing
-- here is shown to anyone; a lost row only closes a panel. No foreign key, as for
-- ping_modes.

CREATE TABLE drafts (
    table_id INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    token    INTEGER NOT NULL,
    steps    TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat)
);
