#!/usr/bin/env bash
# Installs the Debian packages of scripts/system-packages.txt that this
# machine lacks, saying which; does nothing when none is missing.
#   bash scripts/install-packages.sh          # what building and testing need (and the
#                                             # checkers of scripts/test-checkers.txt)
#   bash scripts/install-packages.sh build    # only what building and running need
#   bash scripts/install-packages.sh run      # only what a built blankslate needs to run
set -euo pipefail
list="$(dirname "$0")/system-packages.txt"
want="${1:-test}"
missing=()
while read -r package need _; do
  case "$package" in "" | "#"*) continue ;; esac
  case "$want:$need" in
    run:run | build:run | build:build | test:*) ;;
    *) continue ;;
  esac
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done < "$list"
if [ "${#missing[@]}" -eq 0 ]; then
  echo "System packages: all installed."
else
  echo "Installing the system packages this machine lacks: ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# The tests also hold the gallery's pages to two checkers that Debian does not package.
[ "$want" = test ] && bash "$(dirname "$0")/install-checkers.sh"
exit 0
