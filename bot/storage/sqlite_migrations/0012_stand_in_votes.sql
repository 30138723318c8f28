-- Votes for a computer to stand in for a player away (docs/platform.md, "Computers
-- standing in"), kept as rows like the pause votes: one per voter and player away,
-- held until that player acts again or takes their seat back. They were kept in the
-- table's options JSON (``"table": {"standin_votes": {away: [voters]}}``): moved here,
-- then that key removed (and the settings object with it once empty).

CREATE TABLE stand_in_votes (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    away_id  INTEGER NOT NULL,                  -- the player away
    voter_id INTEGER NOT NULL,
    PRIMARY KEY (table_id, away_id, voter_id)
);

INSERT OR IGNORE INTO stand_in_votes (table_id, away_id, voter_id)
SELECT tables.id, CAST(away.key AS INTEGER), CAST(voter.value AS INTEGER)
FROM tables,
     json_each(tables.options, '$.table.standin_votes') AS away,
     json_each(away.value) AS voter
WHERE json_type(tables.options, '$.table.standin_votes') = 'object'
  AND away.type = 'array';

UPDATE tables SET options = json_remove(options, '$.table.standin_votes')
WHERE json_type(options, '$.table.standin_votes') IS NOT NULL;

UPDATE tables SET options = json_remove(options, '$.table')
WHERE json_type(options, '$.table') = 'object' AND json_extract(options, '$.table') = '{}';
