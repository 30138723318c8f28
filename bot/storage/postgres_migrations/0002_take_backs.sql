-- Take-backs: see SQLite's 0003_take_backs.sql.

ALTER TABLE actions ADD COLUMN played_by BIGINT;

CREATE TABLE taken_back (
    game_id    BIGINT           NOT NULL REFERENCES games (id),
    seq        INTEGER          NOT NULL,  -- the `actions.seq` taken back
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seq)
);
