-- Since when a table in play waits to be posted: see SQLite's 0013_unposted.sql.

ALTER TABLE tables ADD COLUMN unposted_since DOUBLE PRECISION;
