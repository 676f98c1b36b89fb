# Installs blankslate like a tool: one self-contained executable (its
# templates are compiled in; it needs the shared libraries and fonts of
# scripts/system-packages.txt at run time).
#
#   make install                      # /usr/local/bin/blankslate
#   make install PREFIX=$HOME/.local  # ~/.local/bin/blankslate
#   make uninstall PREFIX=…
#
# CONFIGURATION=debug installs a debug build (quicker to build, slower to run).
PREFIX ?= /usr/local
CONFIGURATION ?= release
SWIFT ?= swift

.PHONY: install uninstall

install:
	$(SWIFT) build -c $(CONFIGURATION) --product blankslate
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/blankslate" "$(DESTDIR)$(PREFIX)/bin/blankslate"
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/blankslate; 'blankslate --version' names the libraries and fonts it found."

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/blankslate"
