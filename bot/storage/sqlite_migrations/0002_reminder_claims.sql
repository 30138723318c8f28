-- When a bot process took this turn's reminder to post it (NULL: nobody has).
-- `reminded` becomes 1 once the post is confirmed; a claim left unconfirmed for
-- long (its process died) may be taken again.

ALTER TABLE games ADD COLUMN reminder_claimed_at REAL;
