# ferrodf: the two set-up commands are `make demo` and `make test` (see README.md).
# Both create .venv, install what they need and build the extension themselves.

PYTHON ?= python3
VENV   := $(CURDIR)/.venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.deps-installed
CARGO  ?= cargo
export VIRTUAL_ENV := $(VENV)

.PHONY: demo test build lint cargo-test pytest wheel gpu-check bench bench-io fuzz-io clean

$(STAMP): requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements-dev.txt
	touch $(STAMP)

# Build the Rust extension and install the package into .venv (editable).
build: $(STAMP)
	$(VENV)/bin/maturin develop --release -m pyapi/Cargo.toml

demo: build
	$(PY) examples/quickstart.py
	$(PY) -m jupyter nbconvert --to html --execute notebooks/quickstart.ipynb \
		--output-dir build/demo --output quickstart
	@echo "The executed quickstart notebook, rendered: build/demo/quickstart.html"

lint: $(STAMP)
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# The extension crate links against Python only when loaded, so its Rust tests are the
# Python tests; cargo tests cover the core and the frontend (unit tests and doc examples).
cargo-test: $(STAMP)
	LD_LIBRARY_PATH=$$($(PY) -c "import nvidia, os; print(os.path.join(nvidia.__path__[0], 'cu13', 'lib'))") \
	FERRODF_REQUIRE_NVRTC=1 $(CARGO) test -p ferrodf-core -p ferrodf

pytest: build
	$(PY) -m pytest tests -q

test: lint cargo-test pytest

# An abi3 wheel for the GPU machine (see scripts/gpu_check.sh).
wheel: $(STAMP)
	rm -rf .whl && $(VENV)/bin/maturin build --release -m pyapi/Cargo.toml --out .whl

# The db-benchmark comparison on this machine's CPU (see bench/dbbench/README.md), then the
# plc microbenchmarks.
bench: build
	$(PY) -m pip install -q duckdb matplotlib
	mkdir -p bench/dbbench/results
	$(PY) -m bench.dbbench.run --n 1e6 1e7 --json bench/dbbench/results/cpu.json \
		--png bench/dbbench/results/cpu.png
	$(PY) bench/bench_foundation.py

# I/O benchmark (db-benchmark-shaped table, CSV and Parquet; ROWS=1e7 by default).
ROWS ?= 1e7
bench-io: build
	$(PY) bench/bench_io.py --rows $(ROWS)

# Bounded-time fuzzing of the CSV, Parquet and JSON readers (core/examples/fuzz_io.rs);
# findings land in target/fuzz-io/findings and become regression tests.
FUZZ_SECONDS ?= 60
fuzz-io:
	$(CARGO) run --release -p ferrodf-core --example fuzz_io -- $(FUZZ_SECONDS)

clean:
	$(CARGO) clean
	rm -rf $(VENV) .whl .pytest_cache .hypothesis
