# Island: `make run` opens the REPL, `make test` runs the tests. Both install what is
# missing first (libedit-dev, through apt-get, when the machine lacks it).
SWIFT ?= swift
CONFIG ?= debug

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions

.PHONY: run test build release install lint format deps bench fuzz clean pictures

deps:
	@bash .ci/deps

build: deps
	$(SWIFT) build -c $(CONFIG)

release: deps
	$(SWIFT) build -c release

# The release binary and, beside it, the SwiftUI reader it runs (island-swiftui), its man page
# and its bash completion (both written by the binary from its table of subcommands):
# `make install PREFIX=~/.local`, `DESTDIR=` for packaging.
install: release
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR)
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/island" \
	  "$$($(SWIFT) build -c release --show-bin-path)/island-swiftui" $(DESTDIR)$(BINDIR)/
	$(DESTDIR)$(BINDIR)/island help --man > $(DESTDIR)$(MANDIR)/man1/island.1
	$(DESTDIR)$(BINDIR)/island completions bash > $(DESTDIR)$(BASHCOMPDIR)/island
	chmod 644 $(DESTDIR)$(MANDIR)/man1/island.1 $(DESTDIR)$(BASHCOMPDIR)/island

run: build
	@$$($(SWIFT) build -c $(CONFIG) --show-bin-path)/island

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The benchmarks (Benchmarks/, a package of its own): release builds, then the table per
# workload (`make bench BENCH_FLAGS=--quick` for 100k-event journals). orjson, which the
# table compares against, is installed from PyPI when python3 lacks it (here only, not in
# CI). The benchmark package's build plan is dropped first: it does not notice files added.
BENCH_FLAGS ?=
bench: deps
	@python3 -c 'import orjson' 2>/dev/null || python3 -m pip install --quiet orjson \
	  || echo "make bench: no orjson (pip install orjson); its column stays empty"
	$(SWIFT) build -c release --product island
	cd Benchmarks && rm -f .build/release.yaml && $(SWIFT) build -c release \
	  && .build/release/island-bench --island ../.build/release/island $(BENCH_FLAGS)

# The README's pictures (docs/images/), remade by the command line from recorded journals.
ISLAND = $$($(SWIFT) build -c $(CONFIG) --show-bin-path)/island
pictures: build
	@mkdir -p docs/images
	$(ISLAND) replay Journals/seed-000-delivery.jsonl --until 1 --format png > docs/images/compact.png
	$(ISLAND) replay Journals/two-apps-hidden-third.jsonl --until 2 --format png > docs/images/minimal.png
	$(ISLAND) replay Journals/seed-000-delivery.jsonl --until 4 --format png > docs/images/expanded.png
	$(ISLAND) render Journals/seed-000-delivery.jsonl --filmstrip docs/images/seed-000-filmstrip.svg
	$(ISLAND) render Journals/seed-001-alert.jsonl --html docs/images/seed-001-alert.html --scale 2

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build
