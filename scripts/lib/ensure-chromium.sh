#!/usr/bin/env bash
# Makes sure headless Chromium is installed (Debian package `chromium`), for the tests that render
# SVG and HTML output to PNG. Sourced by .ci/run; tests skip with an install hint without it.

chromium_binary() {
  command -v chromium 2>/dev/null || command -v chromium-browser 2>/dev/null
}

ensure_chromium() {
  if [ -n "$(chromium_binary)" ]; then
    return 0
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: Chromium is missing and this is not a Debian-like system (no apt-get)." >&2
    echo "       Install Chromium by hand; the rendering tests skip without it." >&2
    return 1
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo="sudo"
    else
      echo "error: Chromium is missing and installing it needs root (no password-less sudo)." >&2
      echo "       Run as root, or install by hand: sudo apt-get install -y chromium" >&2
      return 1
    fi
  fi
  echo "==> Chromium not found: installing chromium with apt-get"
  $sudo apt-get update -q || { echo "error: apt-get update failed" >&2; return 1; }
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium \
    || { echo "error: apt-get install chromium failed" >&2; return 1; }
  [ -n "$(chromium_binary)" ] || { echo "error: chromium still not on PATH after install" >&2; return 1; }
  echo "==> installed $("$(chromium_binary)" --version 2>/dev/null)"
}
