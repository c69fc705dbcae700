# Set-up and everyday commands. `make demo` and `make test` install what they need
# (libical-dev, tzdata, pkg-config) through apt-get when it is missing.

SWIFT ?= swift
APT_PACKAGES := libical-dev tzdata pkg-config
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
ICS := .build/debug/ics

.PHONY: deps build test demo bench format clean

deps:
	@if ! command -v pkg-config >/dev/null || ! pkg-config --exists libical \
	    || [ ! -e /usr/share/zoneinfo/Europe/Berlin ]; then \
	  echo "Installing $(APT_PACKAGES) with apt-get"; \
	  $(SUDO) apt-get update && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends $(APT_PACKAGES); \
	fi

build: deps
	$(SWIFT) build --product ics

demo: build
	$(ICS) layout week Fixtures/demo/team-week.ics --date 2026-12-08 --week-start monday --tz Europe/Berlin
	@echo
	$(ICS) conflicts Fixtures/demo/team-week.ics --tz Europe/Berlin || [ $$? -eq 1 ]

test: deps
	$(SWIFT) test
	Differential/run.sh

bench: deps
	Benchmarks/run.sh

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build
