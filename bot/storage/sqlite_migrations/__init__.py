"""Numbered SQL migrations (``NNNN_name.sql``) of the SQLite backend, applied in order."""
