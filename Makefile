# Tableside: `make run` serves the app, `make test` runs every test.
# Both set everything up on a fresh Debian/Ubuntu machine and are quick the second time.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# System packages: the app itself needs none (Tesseract was measured and not used: README,
# "Reading photos"); the tests need PDF rendering, card artwork and a headless browser.
RUN_PKGS  :=
TEST_PKGS := $(RUN_PKGS) poppler-utils librsvg2-bin gnome-cards-data fonts-dejavu-core chromium
# the benchmark's held-out card decks (never used while tuning) come from KDE's decks
BENCH_PKGS := $(TEST_PKGS) kdegames-card-data-kf5
export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: run test install bench clean bytecode system-run system-test system-bench

# `make run PORT=8080 DATA=~/tableside-games`: passed on as `--port` / `--data` when given
PORT ?=
DATA ?=
run: system-run $(STAMP) bytecode
	$(BIN)/tableside serve $(if $(PORT),--port $(PORT)) $(if $(DATA),--data $(DATA))

test: system-test $(STAMP) bytecode
	$(BIN)/python -m pytest

install: system-run $(STAMP) bytecode

bench: system-bench $(STAMP)
	$(BIN)/python benchmarks/run_all.py

$(STAMP): pyproject.toml $(wildcard setup.py) $(wildcard assistant/*/*.c)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q -e '.[test]' --config-settings editable_mode=compat
	touch $@

# Compiled bytecode for our packages, refreshed where a source changed: a command starts
# in half the time when Python need not compile 60 modules first, and nothing else writes
# it where PYTHONDONTWRITEBYTECODE is set (as on CI machines).
bytecode: $(STAMP)
	@$(BIN)/python -m compileall -q assistant recognizer printables

system-run:
	@sh scripts/system-packages.sh $(RUN_PKGS)

system-test:
	@sh scripts/system-packages.sh $(TEST_PKGS)

system-bench:
	@sh scripts/system-packages.sh $(BENCH_PKGS)

clean:
	rm -rf $(VENV) build *.egg-info assistant/bowling/*.so
