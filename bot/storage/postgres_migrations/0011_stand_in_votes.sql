-- Votes for a computer to stand in for a player away: see SQLite's
-- 0012_stand_in_votes.sql (moved out of the options JSON, which keeps the rest).

CREATE TABLE stand_in_votes (
    table_id BIGINT NOT NULL REFERENCES tables (id),
    away_id  BIGINT NOT NULL,
    voter_id BIGINT NOT NULL,
    PRIMARY KEY (table_id, away_id, voter_id)
);

INSERT INTO stand_in_votes (table_id, away_id, voter_id)
SELECT voted.id, away.key::BIGINT, voter.value::BIGINT
FROM (
    SELECT id, options::jsonb -> 'table' -> 'standin_votes' AS votes
    FROM tables
    WHERE jsonb_typeof(options::jsonb -> 'table' -> 'standin_votes') = 'object'
) AS voted
CROSS JOIN LATERAL jsonb_each(voted.votes) AS away
CROSS JOIN LATERAL jsonb_array_elements_text(
    CASE WHEN jsonb_typeof(away.value) = 'array' THEN away.value ELSE '[]'::jsonb END
) AS voter(value)
ON CONFLICT DO NOTHING;

UPDATE tables SET options = (options::jsonb #- '{table,standin_votes}')::text
WHERE jsonb_typeof(options::jsonb -> 'table') = 'object'
  AND options::jsonb -> 'table' ? 'standin_votes';

UPDATE tables SET options = (options::jsonb - 'table')::text
WHERE options::jsonb -> 'table' = '{}'::jsonb;
