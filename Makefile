# Set-up and everyday commands. `make demo` and `make test` install what they need
# (libical-dev, tzdata, pkg-config, man-db, jq) through apt-get when it is missing.

SWIFT ?= swift
APT_PACKAGES := libical-dev tzdata pkg-config man-db jq
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
ICS := .build/debug/ics
# `make install` puts the release binary (Swift's runtime linked in, so it runs without the
# toolchain), the manual page and the completion scripts under $(DESTDIR)$(PREFIX).
PREFIX ?= /usr/local
DESTDIR ?=
# The binary `make install` installs; naming another one (a debug build) skips the release build.
BINARY ?= .build/release/ics

# The shared corpus of real calendars the tests read: the folder ICS_CORPUS names, else
# ../shared/corpus when it is there (a plain `swift test` reads one only when it is named).
CORPUS := $(or $(ICS_CORPUS),$(wildcard ../shared/corpus))

.PHONY: deps build release man install test demo bench format clean

deps:
	@if ! command -v pkg-config >/dev/null || ! pkg-config --exists libical \
	    || [ ! -e /usr/share/zoneinfo/Europe/Berlin ] || ! command -v man >/dev/null || ! command -v jq >/dev/null; then \
	  echo "Installing $(APT_PACKAGES) with apt-get"; \
	  $(SUDO) apt-get update && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $(APT_PACKAGES); \
	fi

build: deps
	$(SWIFT) build --product ics

release: deps
	$(SWIFT) build -c release --static-swift-stdlib --product ics

man: build
	$(ICS) help --man > .build/ics.1
	@echo "Wrote .build/ics.1; read it with: man -l .build/ics.1"

install: $(if $(filter .build/release/ics,$(BINARY)),release)
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 "$(BINARY)" "$(DESTDIR)$(PREFIX)/bin/ics"
	"$(BINARY)" help --man > "$(DESTDIR)$(PREFIX)/share/man/man1/ics.1.tmp"
	"$(BINARY)" completion bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/ics.tmp"
	"$(BINARY)" completion zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_ics.tmp"
	"$(BINARY)" completion fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/ics.fish.tmp"
	for file in share/man/man1/ics.1 share/bash-completion/completions/ics \
	    share/zsh/site-functions/_ics share/fish/vendor_completions.d/ics.fish; do \
	  chmod 644 "$(DESTDIR)$(PREFIX)/$$file.tmp" && \
	  mv "$(DESTDIR)$(PREFIX)/$$file.tmp" "$(DESTDIR)$(PREFIX)/$$file" || exit 1; \
	done
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/ics, its manual page and bash, zsh and fish completion"

demo: build
	$(ICS) layout week Fixtures/demo/team-week.ics --date 2026-12-08 --week-start monday --tz Europe/Berlin
	@echo
	$(ICS) conflicts Fixtures/demo/team-week.ics --tz Europe/Berlin || [ $$? -eq 1 ]

test: deps
	ICS_CORPUS="$(CORPUS)" $(SWIFT) test
	SWIFT="$(SWIFT)" Fuzz/check.sh
	Differential/run.sh
	Pipelines/run.sh
	ScaleOut/run.sh

bench: deps
	Benchmarks/run.sh

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build
