"""Numbered SQL migrations (``NNNN_name.sql``) of the PostgreSQL backend, applied in order."""
