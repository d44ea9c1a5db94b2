# ferrodf: the two set-up commands are `make demo` and `make test` (see README.md).
# Both create .venv, install what they need and build the extension themselves.

PYTHON ?= python3
VENV   := $(CURDIR)/.venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.deps-installed
CARGO  ?= cargo
export VIRTUAL_ENV := $(VENV)

.PHONY: demo test build lint cargo-test pytest evcxr chromium wheel kernels kernels-check polars-pack gpu-check bench bench-io bench-io-shapes fuzz-io fuzz fuzz-libfuzzer clean

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

# NVRTC from the nvidia-cuda-nvrtc wheel of requirements-dev.txt (no GPU needed).
NVRTC_LIB = $$($(PY) -c "import nvidia, os; print(os.path.join(nvidia.__path__[0], 'cu13', 'lib'))")

# The extension crate links against Python only when loaded, so its Rust tests are the
# Python tests; cargo tests cover the core and the frontend (unit tests and doc examples).
cargo-test: $(STAMP)
	LD_LIBRARY_PATH=$(NVRTC_LIB) FERRODF_REQUIRE_NVRTC=1 $(CARGO) test -p ferrodf-core -p ferrodf

# The evcxr and browser tests must run here, not skip: the tools are installed first.
pytest: build evcxr chromium
	FERRODF_REQUIRE_EVCXR=1 FERRODF_REQUIRE_BROWSER=1 $(PY) -m pytest tests -q --durations=10

# evcxr, the Rust Jupyter kernel and REPL (tests/notebooks/test_evcxr.py). Installed ones
# are reused; otherwise cargo builds both once into $(CARGO_HOME)/bin, in the dev profile:
# about 7 min on 2 cores instead of about 45 for a release build, and evcxr's own speed
# barely matters (rustc compiles the code it runs).
# The kernel is registered for the user (`evcxr_jupyter --install`); rust-src lets evcxr
# infer the types of variables.
CARGO_HOME ?= $(HOME)/.cargo
evcxr:
	@export PATH="$(CARGO_HOME)/bin:$$PATH"; \
	if command -v evcxr_jupyter >/dev/null && command -v evcxr >/dev/null; then \
		echo "evcxr: using $$(command -v evcxr_jupyter) and $$(command -v evcxr)"; \
	else \
		echo "evcxr: building evcxr_jupyter and evcxr_repl with cargo install (once)"; \
		nice $(CARGO) install --locked --debug --target-dir $(CURDIR)/build/cargo-install \
			evcxr_jupyter evcxr_repl && rm -rf $(CURDIR)/build/cargo-install || exit 1; \
	fi; \
	if command -v rustup >/dev/null; then rustup component add rust-src; fi; \
	evcxr_jupyter --install

# Debian's Chromium for the real-browser check (tests/browser), when it is missing.
chromium:
	@if [ -x /usr/bin/chromium ]; then echo "chromium: /usr/bin/chromium"; else \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		$$SUDO apt-get update && $$SUDO env DEBIAN_FRONTEND=noninteractive \
			apt-get install -y --no-install-recommends chromium fonts-dejavu-core; \
	fi

test: lint cargo-test pytest

# An abi3 wheel for the GPU machine (see scripts/gpu_check.sh), with the prebuilt kernels.
wheel: kernels
	rm -f .whl/*.whl && $(VENV)/bin/maturin build --release -m pyapi/Cargo.toml --out .whl

# The prebuilt kernels the wheel carries (docs/gpu.md, "Cold start"): the manifest's modules
# compiled by NVRTC for each GPU architecture, one file per target in $(KERNELS)
# (git-ignored). Rebuilt when a core source changes.
KERNELS := pyapi/python/ferrodf/_kernels
$(KERNELS)/.built: $(STAMP) Cargo.toml $(shell find core/src core/examples/kernel_bundle.rs -name '*.rs' -o -name '*.cu' -o -name '*.cuh')
	LD_LIBRARY_PATH=$(NVRTC_LIB) $(CARGO) run --release -p ferrodf-core --example kernel_bundle -- --out $(KERNELS)
	touch $@
kernels: $(KERNELS)/.built

# Every module of the manifest (the on-demand binary operations too) compiled by NVRTC for
# one architecture: longer than `make test` should take, so a target of its own.
kernels-check: $(STAMP)
	LD_LIBRARY_PATH=$(NVRTC_LIB) FERRODF_REQUIRE_NVRTC=1 $(CARGO) test --release -p ferrodf-core \
		--test kernels_compile -- --ignored

# polars' installed files from the venv, packed for scripts/gpu_dbbench.sh: the GPU machine
# has no polars, and its wheels are too big to travel with ferrodf's in one device call.
polars-pack: $(STAMP)
	mkdir -p .whl && cd $$($(PY) -c "import polars, pathlib; print(pathlib.Path(polars.__file__).parents[1])") && \
		tar cf - polars polars-*.dist-info _polars_runtime_32 polars_runtime_32-*.dist-info \
		| xz -T0 -6 > $(CURDIR)/.whl/polars-site.tar.xz

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

# Reads of one-column files of each common type and mixed files (5*10^6 rows).
bench-io-shapes: build
	$(PY) bench/bench_io_shapes.py

# Bounded-time fuzzing of the CSV, Parquet and JSON readers (core/examples/fuzz_io.rs);
# findings land in target/fuzz-io/findings and become regression tests.
FUZZ_SECONDS ?= 60
fuzz-io:
	$(CARGO) run --release -p ferrodf-core --example fuzz_io -- $(FUZZ_SECONDS)

# Coverage-guided fuzzing (cargo-fuzz / libFuzzer, a nightly toolchain) of the CSV, JSON and
# Parquet readers and of the regex engines (fuzz/), FUZZ_TARGET_SECONDS per target; writes
# the libFuzzer table of docs/reliability.md.
FUZZ_TARGET_SECONDS ?= 1800
fuzz-libfuzzer:
	$(PY) scripts/libfuzzer_campaign.py --seconds $(FUZZ_TARGET_SECONDS)

# The long fuzz campaign (tests/fuzz, random cases, and the suite's property tests under
# the 500-example hypothesis profile); writes the figures of docs/reliability.md and the
# error catalogue docs/errors.md. `make test` runs the same tests short and seeded.
FUZZ_MINUTES ?= 20
fuzz: build
	$(PY) scripts/fuzz_campaign.py --minutes $(FUZZ_MINUTES)

clean:
	$(CARGO) clean
	rm -rf $(VENV) .whl .pytest_cache .hypothesis build $(KERNELS)
