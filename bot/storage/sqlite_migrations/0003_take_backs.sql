-- Take-backs (issue 14, docs/weeks.md). The action log stays append-only:
-- `played_by` says which user played each action from now on (NULL for actions
-- logged before this migration, and unknown then); a take-back is a fact of its
-- own, one row per action taken back (always by the user who played it), left out of every record built afterwards.

ALTER TABLE actions ADD COLUMN played_by INTEGER;

CREATE TABLE taken_back (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL,                -- the `actions.seq` taken back
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);
