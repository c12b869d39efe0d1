#!/usr/bin/env bash
# apt_install WHAT PACKAGE...: installs Debian packages with apt-get (as root or with
# password-less sudo), saying so; where it cannot, prints the command to run by hand and fails.
# Sourced by the ensure-*.sh helpers, which check first so that a machine that already has a
# package does no network work.

apt_install() {
  local what="$1"; shift
  local packages="$*"
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: $what is missing and this is not a Debian-like system (no apt-get)." >&2
    echo "       Install it by hand (Debian/Ubuntu packages: $packages), then re-run." >&2
    return 1
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo="sudo"
    else
      echo "error: $what is missing and installing it needs root (no password-less sudo)." >&2
      echo "       Run as root, or install by hand: sudo apt-get install -y $packages" >&2
      return 1
    fi
  fi
  echo "==> $what not found: installing $packages with apt-get"
  $sudo apt-get update -q || { echo "error: apt-get update failed" >&2; return 1; }
  # shellcheck disable=SC2086
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $packages \
    || { echo "error: apt-get install $packages failed" >&2; return 1; }
}
