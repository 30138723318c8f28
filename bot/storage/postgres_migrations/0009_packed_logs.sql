-- A finished game's action log packed in one row: see SQLite's 0010_packed_logs.sql.

CREATE TABLE packed_logs (
    table_id   BIGINT  PRIMARY KEY REFERENCES tables (id),
    actions    INTEGER NOT NULL,  -- how many actions the log holds
    taken_back INTEGER NOT NULL,  -- how many of them were taken back
    log        BYTEA   NOT NULL
);

-- A log's rows may be deleted once their packed copy is stored, and not before.
CREATE FUNCTION actions_delete_once_packed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM packed_logs WHERE table_id = OLD.table_id) THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'the action log is append-only';
END;
$$;

-- Nothing is appended to a packed log.
CREATE FUNCTION actions_not_after_packing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM packed_logs WHERE table_id = NEW.table_id) THEN
        RAISE EXCEPTION 'the action log is append-only: it was packed when the game ended';
    END IF;
    RETURN NEW;
END;
$$;

DROP TRIGGER actions_no_update ON actions;
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
    FOR EACH ROW EXECUTE FUNCTION actions_append_only();
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
    FOR EACH ROW EXECUTE FUNCTION actions_delete_once_packed();
CREATE TRIGGER actions_not_after_packing BEFORE INSERT ON actions
    FOR EACH ROW EXECUTE FUNCTION actions_not_after_packing();

CREATE TRIGGER packed_logs_no_change BEFORE UPDATE OR DELETE ON packed_logs
    FOR EACH ROW EXECUTE FUNCTION actions_append_only();
CREATE TRIGGER packed_logs_no_truncate BEFORE TRUNCATE ON packed_logs
    FOR EACH STATEMENT EXECUTE FUNCTION actions_append_only();
