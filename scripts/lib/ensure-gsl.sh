#!/usr/bin/env bash
# Makes sure GSL (headers, libraries and pkg-config metadata) is installed; installs
# libgsl-dev and pkg-config with apt-get when missing. Sourced by scripts/run and scripts/test.
source "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh"

ensure_gsl() {
  if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists gsl; then
    return 0
  fi
  apt_install GSL libgsl-dev pkg-config || return 1
  pkg-config --exists gsl || { echo "error: GSL still not visible to pkg-config after install" >&2; return 1; }
  echo "==> installed GSL $(pkg-config --modversion gsl)"
}
