"""Tests (a package, so test helpers such as `tests.tinygame` can be imported)."""
