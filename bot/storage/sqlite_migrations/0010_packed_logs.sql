-- A finished game's action log packed in one row (issue 24: what a server's history
-- keeps). When a game ends, its log (every action, who played it, its take-back) is
-- written here as one zlib-compressed block (`bot/storage/packed.py`), with how many
-- actions and take-backs it holds, and its rows in `actions` and `taken_back` are
-- deleted in the same transaction: about a tenth of the bytes, and no index entry
-- per action. The log stays append-only: its rows may be deleted only once their
-- packed copy is stored, a packed log is never changed, and nothing is appended
-- after it. Finished games stored before this migration keep their rows (read as
-- before).

CREATE TABLE packed_logs (
    table_id   INTEGER PRIMARY KEY REFERENCES tables (id),
    actions    INTEGER NOT NULL,  -- how many actions the log holds
    taken_back INTEGER NOT NULL,  -- how many of them were taken back
    log        BLOB    NOT NULL
);

DROP TRIGGER actions_no_delete;
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
WHEN NOT EXISTS (SELECT 1 FROM packed_logs WHERE table_id = OLD.table_id)
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TRIGGER actions_not_after_packing BEFORE INSERT ON actions
WHEN EXISTS (SELECT 1 FROM packed_logs WHERE table_id = NEW.table_id)
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only: it was packed when the game ended');
END;

CREATE TRIGGER packed_logs_no_update BEFORE UPDATE ON packed_logs
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TRIGGER packed_logs_no_delete BEFORE DELETE ON packed_logs
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;
