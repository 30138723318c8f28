-- The coach's hints (docs/ai.md, "The coach"): per table, seat and moment (the
-- record's length when the hint was asked), the steps already chosen on the seat's
-- panel then (`steps`, a JSON list of notations, one per engine step) and the line the
-- hint gave (`line`: its move, then the coach's plan). A note and a review never call
-- a line played as these said costly. Nothing here is shown to anyone; a lost row
-- only lets the coach's measure speak alone. No foreign key, as for drafts.

CREATE TABLE coach_hints (
    table_id INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    moment   INTEGER NOT NULL,
    steps    TEXT    NOT NULL,
    line     TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat, moment, steps)
);
