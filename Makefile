# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint typecheck pytest bench fuzz previews clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $@

$(BIN)/.installed-dev: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(BIN)/.installed $@

# Exit code 2: the bot refused to start and said why (no token, a bad setting, a database
# it cannot use); that explanation is the whole answer, without make's "Error 2" after it.
run: $(BIN)/.installed
	@$(BIN)/python -m bot || [ $$? -eq 2 ]

# The second pytest runs the storage-facing tests and one complete game per game again
# on PostgreSQL (a throwaway server, see tests/postgres_support.py and the rule in
# tests/conftest.py; skipped with the reason where none can start).
# Both run on one worker process per core (pytest-xdist; TEST_WORKERS=0 for one process),
# each test taken by whichever worker is free (worksteal: the long games do not wait
# behind each other).
TEST_WORKERS ?= auto
PYTEST := $(BIN)/pytest -n $(TEST_WORKERS) --dist worksteal

test: $(BIN)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(PYTEST)
	$(PYTEST) --backend=postgresql

bench: $(BIN)/.installed-dev
	$(BIN)/python -m benchmarks

# Hostile input to every command option and component (tests/fuzz.py); prints what broke.
fuzz: $(BIN)/.installed-dev
	$(BIN)/python -m tests.fuzz --inputs 10000

# The phone screenshots of docs/images (README.md, docs/platform.md): the real bot under
# simcord, simcord's preview page, and Debian's headless chromium (apt-get install chromium).
previews: $(BIN)/.installed-dev
	$(BIN)/python -m tests.phone_previews
	$(BIN)/python -m tests.lookup_previews

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
