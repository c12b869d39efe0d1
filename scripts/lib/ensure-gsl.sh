#!/usr/bin/env bash
# Makes sure GSL (headers, libraries and pkg-config metadata) is installed; installs
# libgsl-dev and pkg-config with apt-get when missing. Sourced by scripts/run and scripts/test.

ensure_gsl() {
  if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists gsl; then
    return 0
  fi
  local packages="libgsl-dev pkg-config"
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: GSL is missing and this is not a Debian-like system (no apt-get)." >&2
    echo "       Install GSL's development files and pkg-config by hand (Debian/Ubuntu: $packages;" >&2
    echo "       Fedora: gsl-devel pkgconf; macOS: brew install gsl pkg-config), then re-run." >&2
    return 1
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo="sudo"
    else
      echo "error: GSL is missing and installing it needs root (no password-less sudo)." >&2
      echo "       Run as root, or install by hand: sudo apt-get install -y $packages" >&2
      return 1
    fi
  fi
  echo "==> GSL not found: installing $packages with apt-get"
  $sudo apt-get update -q || { echo "error: apt-get update failed" >&2; return 1; }
  # shellcheck disable=SC2086
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $packages \
    || { echo "error: apt-get install $packages failed" >&2; return 1; }
  pkg-config --exists gsl || { echo "error: GSL still not visible to pkg-config after install" >&2; return 1; }
  echo "==> installed GSL $(pkg-config --modversion gsl)"
}
