# Installs blankslate like a tool: one self-contained executable (its
# templates are compiled in; it needs the shared libraries and fonts of
# scripts/system-packages.txt at run time).
#
#   make install                      # /usr/local/bin/blankslate
#   make install PREFIX=$HOME/.local  # ~/.local/bin/blankslate
#   make uninstall PREFIX=…
#
# CONFIGURATION=debug installs a debug build (quicker to build, slower to run).
# A release build on Linux carries the Swift runtime and Foundation in itself
# (--static-swift-stdlib): it needs no toolchain at run time and starts in
# half the time (BENCHMARKS.md).
PREFIX ?= /usr/local
CONFIGURATION ?= release
SWIFT ?= swift
STATIC_STDLIB := $(if $(and $(filter release,$(CONFIGURATION)),$(filter Linux,$(shell uname -s))),--static-swift-stdlib)

.PHONY: install uninstall

install:
	$(SWIFT) build -c $(CONFIGURATION) $(STATIC_STDLIB) --product blankslate
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 "$$($(SWIFT) build -c $(CONFIGURATION) $(STATIC_STDLIB) --show-bin-path)/blankslate" "$(DESTDIR)$(PREFIX)/bin/blankslate"
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/blankslate; 'blankslate --version' names the libraries and fonts it found."

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/blankslate"
