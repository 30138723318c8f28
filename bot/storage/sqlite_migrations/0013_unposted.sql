-- Since when a table in play waits to be posted (NULL: its channel shows it). Set when
-- Discord refused or failed the post of a change already stored (a permission missing,
-- a locked thread, a server error); cleared by the next post that succeeds there
-- (docs/platform.md, "A post that fails").

ALTER TABLE tables ADD COLUMN unposted_since REAL;
