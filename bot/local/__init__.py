"""The local table: the real bot on simcord's simulated Discord, played in a browser page
(`make run` without a token): `table` runs it, `welcome` is the message it opens on,
`simcord_page` what it needs of simcord's preview page beyond its public interface."""
