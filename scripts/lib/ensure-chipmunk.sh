#!/usr/bin/env bash
# Makes sure Chipmunk 7 (Debian's libchipmunk-dev: headers under chipmunk/, no pkg-config file) is
# installed; installs it with apt-get when its header is missing. Sourced by scripts/test, scripts/run and
# scripts/bench; Package.swift builds the Chipmunk adapter only when the header is there.
source "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh"

ensure_chipmunk() {
  [ -f /usr/include/chipmunk/chipmunk.h ] && return 0
  apt_install "Chipmunk 7" libchipmunk-dev || return 1
  [ -f /usr/include/chipmunk/chipmunk.h ] || { echo "error: chipmunk/chipmunk.h still missing after install" >&2; return 1; }
  echo "==> installed Chipmunk $(dpkg-query -W -f='${Version}' libchipmunk-dev)"
}
