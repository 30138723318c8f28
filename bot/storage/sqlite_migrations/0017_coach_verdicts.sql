-- The coach's verdicts (docs/ai.md, "The coach"): one judgement per position, computed
-- once and read by the hint, the note and the review. Keyed as coach_hints (per table,
-- seat, moment and the steps already chosen on the seat's panel, a JSON list of
-- notations); `position` is a digest of the record's first `moment` actions: after a
-- take-back, the moment names another position, and a verdict kept for the old one is
-- never read (the new one replaces it). `verdict` is the coach worker's JSON (its
-- candidates best first, each with its value, its gains per term and its plan, and the
-- game's margin). A lost row is computed again, the same. No foreign key, as for drafts.

CREATE TABLE coach_verdicts (
    table_id INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    moment   INTEGER NOT NULL,
    steps    TEXT    NOT NULL,
    position TEXT    NOT NULL,
    verdict  TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat, moment, steps)
);
