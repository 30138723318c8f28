-- The coach's verdicts: see SQLite's 0017_coach_verdicts.sql.

CREATE TABLE coach_verdicts (
    table_id BIGINT  NOT NULL,
    seat     INTEGER NOT NULL,
    moment   INTEGER NOT NULL,
    steps    TEXT    NOT NULL,
    position TEXT    NOT NULL,
    verdict  TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat, moment, steps)
);
