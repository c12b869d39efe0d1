#!/usr/bin/env bash
# Makes sure headless Chromium is installed (Debian package `chromium`), for the tests that render
# SVG and HTML output to PNG. Sourced by .ci/run; those tests skip with an install hint without it.
source "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh"

chromium_binary() {
  command -v chromium 2>/dev/null || command -v chromium-browser 2>/dev/null
}

ensure_chromium() {
  if [ -n "$(chromium_binary)" ]; then
    return 0
  fi
  apt_install Chromium chromium || return 1
  [ -n "$(chromium_binary)" ] || { echo "error: chromium still not on PATH after install" >&2; return 1; }
  echo "==> installed $("$(chromium_binary)" --version 2>/dev/null)"
}
