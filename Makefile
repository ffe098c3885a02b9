# The two quick-start commands: `make play` and `make test`.
# A wrong Python for the venv (PYTHON=python3.10)? `make clean`, then `make play PYTHON=python3.11`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What `make play` needs (the program, its plots), and what `make test` adds (the test tools, Dask).
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
# Arguments for `make play`, e.g. make play ARGS="-r bohnanza/amigo" or ARGS="--resume game.json".
ARGS ?=

.PHONY: play test test-compiled lint bench fast pure reference venv clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[plot]'
	touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(TEST_STAMP)

venv: $(STAMP)

# Start a game: one human seat and three heuristic bots, on the edition that
# fits the user's locale (Korean locale: the Korean edition, else Japanese).
# The program knows where the user's shell is (PWD as make got it: `make -C DIR play` runs in DIR, and a
# shell running the recipe resets PWD), so that the resume hint it prints runs there.
play: $(STAMP)
	CARDRULES_USER_DIR='$(PWD)' $(BIN)/cardrules play $(ARGS)

# The tests, after the checks of the code's shape (lint): CI runs this.
test: lint
	$(BIN)/python -m pytest -n 2 -q

# The code's shape: the layers contract (import-linter), strict types on the lower layers (mypy), style and
# formatting (ruff); their settings are in pyproject.toml. The docs' one Python file is named alone: `ruff format
# docs` would also reformat the Python examples inside the pages.
lint: $(TEST_STAMP)
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/ruff check engine tests benchmarks references docs
	$(BIN)/ruff format --check engine tests benchmarks references docs/generate_reference.py

# Rewrite the generated parameter tables of docs/rulesets/ after a block's parameters change.
reference: $(STAMP)
	$(BIN)/python docs/generate_reference.py --write

# The test extras too: the start-up figure drives a terminal with pexpect, and the adapters' figures need OpenSpiel
# and PettingZoo.
bench: $(TEST_STAMP)
	$(BIN)/python -m benchmarks

# The compiled core (docs/performance.md): the game model and the families' rules compiled with Cython, the same
# sources, the same results, faster. Needs a C compiler. `make pure` removes it (CARDRULES_PURE=1 ignores it).
fast: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[fast]'
	$(BIN)/python -m engine.compile_core

pure:
	$(PYTHON) -m engine.compile_core --clean

# The rules' tests again with the compiled core (CI runs this after `make test`): the games against their plain
# implementations, the golden outputs of every language, the expression language, the families, the core's
# properties, the bots, the learning adapters and the log formats. The compiled modules are removed afterwards,
# pass or fail.
COMPILED_TESTS := tests/games tests/golden tests/language tests/families tests/core tests/fronts/agents \
	tests/fronts/bots tests/fronts/formats tests/logs
test-compiled: fast
	$(BIN)/python -c "import engine.core.state, engine.compiled as c, sys; sys.exit(0 if c.running_compiled() else 'the compiled core was not loaded')"
	$(BIN)/python -m pytest -n 2 -q $(COMPILED_TESTS); status=$$?; $(BIN)/python -m engine.compile_core --clean; exit $$status

clean: pure
	rm -rf $(VENV) build dist *.egg-info
