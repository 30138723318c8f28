# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint typecheck pytest bench fuzz previews clean

# The [local] extra: the local table `make run` starts without a token (bot/local/table.py).
$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[local]'
	touch $@

$(BIN)/.installed-dev: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,local]'
	touch $(BIN)/.installed $@

# With DISCORD_TOKEN (environment or .env): the bot on Discord; without: the local table,
# a simulated server in a browser page (`python -m bot auto`). The Procfile's `python -m
# bot` never falls back to it. Exit code 2: it refused to start and said why (a bad
# setting, a database it cannot use); that explanation is the whole answer, without
# make's "Error 2" after it.
run: $(BIN)/.installed
	@$(BIN)/python -m bot auto || [ $$? -eq 2 ]

# The second pytest runs the storage-facing tests and one complete game per game again
# on PostgreSQL (a throwaway server, see tests/postgres_support.py and the rule in
# tests/conftest.py; skipped with the reason where none can start).
# The first runs on one worker process more than there are cores (pytest-xdist): its
# browser tests and simcord games spend much of their time waiting (on the page, on the
# bot's process, on threads), so a third worker on two cores fills the idle CPU (4 min
# 15 s instead of 4 min 46 s, 6 December); the second, short, on one per core (a worker
# more only costs it its start). TEST_WORKERS=0 runs one process. Each test is taken by
# whichever worker is free (worksteal: the long games do not wait behind each other).
# The tests' files (their SQLite databases, the throwaway PostgreSQL server) go to
# tmpfs where there is one: a commit's flush to disk (SQLite's synchronous=FULL) is
# then free, and what is tested is the same.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
PG_TEST_WORKERS ?= auto
TEST_TMPDIR ?= $(if $(wildcard /dev/shm/.),/dev/shm,$(or $(TMPDIR),/tmp))
PYTEST := TMPDIR=$(TEST_TMPDIR) $(BIN)/pytest --dist worksteal

# mypy and the layer rules run while the first leg does, their report printed after
# it: the leg leaves most of a core idle (its browser tests wait on the page), and a
# clean clone's mypy alone took half a minute of the five `make test` may take. Either
# failing fails `make test`.
test: $(BIN)/.installed-dev
	$(BIN)/ruff check .
	@log=$$(mktemp); ($(BIN)/mypy && $(BIN)/lint-imports) > $$log 2>&1 & checks=$$!; \
	$(PYTEST) -n $(TEST_WORKERS); tests=$$?; wait $$checks; static=$$?; \
	echo "mypy, lint-imports:"; cat $$log; rm -f $$log; \
	[ $$tests -eq 0 ] && [ $$static -eq 0 ]
	$(PYTEST) -n $(PG_TEST_WORKERS) --backend=postgresql

bench: $(BIN)/.installed-dev
	$(BIN)/python -m benchmarks

# Hostile input to every command option and component (tests/fuzz.py); prints what broke.
fuzz: $(BIN)/.installed-dev
	$(BIN)/python -m tests.fuzz --inputs 10000

# The screenshots of docs/images (README.md, docs/platform.md, docs/weeks.md): the real bot
# under simcord, simcord's preview page, and Debian's headless chromium (apt-get install
# chromium); the local table's is of `python -m bot local` itself.
previews: $(BIN)/.installed-dev
	$(BIN)/python -m tests.phone_previews
	$(BIN)/python -m tests.lookup_previews
	$(BIN)/python -m tests.local_table_preview

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
