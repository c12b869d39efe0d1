#!/usr/bin/env bash
# Makes sure Box2D v3.1.1 (its C headers and static library) is unpacked in the cache folder that
# Package.swift looks in: ${BOX2D_HOME:-$HOME/.cache/dynamics-harness/box2d-3.1.1}, outside git.
# Debian has no Box2D v3; PyPI's pyb2d3 0.11.1 wheel for CPython 3.11 on x86-64 Linux ships it as
# include/box2d/*.h and lib64/libbox2d.a (an SSE2 build). The wheel is fetched with pip, its
# SHA-256 checked against the pin below, and only those files kept; nothing is fetched when they
# are there already. Sourced by scripts/test, scripts/run and scripts/bench.

BOX2D_WHEEL=pyb2d3-0.11.1-cp311-cp311-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl
BOX2D_WHEEL_SHA256=a7612910aa5b087874c98c5090895348bdce9f2967a575290fb1c57f727b7479

box2d_home() {
  echo "${BOX2D_HOME:-$HOME/.cache/dynamics-harness/box2d-3.1.1}"
}

ensure_box2d() {
  local home
  home="$(box2d_home)"
  [ -f "$home/include/box2d/box2d.h" ] && [ -f "$home/lib64/libbox2d.a" ] && return 0
  if [ "$(uname -m)" != x86_64 ] || [ "$(uname -s)" != Linux ]; then
    echo "error: Box2D v3.1.1 comes from pyb2d3's x86-64 Linux wheel; this is $(uname -s) $(uname -m)." >&2
    echo "       Unpack Box2D v3.1.1's include/ and lib64/libbox2d.a into $home by hand." >&2
    return 1
  fi
  local python
  python="$(command -v python3 || command -v python)" || { echo "error: Box2D needs pip, and there is no python3" >&2; return 1; }
  echo "==> Box2D v3.1.1 not found in $home: fetching PyPI's pyb2d3 0.11.1 wheel with pip"
  local work
  work="$(mktemp -d)"
  "$python" -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.11 \
      --platform manylinux_2_28_x86_64 --implementation cp -d "$work" pyb2d3==0.11.1 \
    || { echo "error: pip could not download pyb2d3==0.11.1" >&2; rm -rf "$work"; return 1; }
  if [ ! -f "$work/$BOX2D_WHEEL" ]; then
    echo "error: pip fetched $(ls "$work"), not $BOX2D_WHEEL" >&2; rm -rf "$work"; return 1
  fi
  local sum
  sum="$(sha256sum "$work/$BOX2D_WHEEL" | cut -d' ' -f1)"
  if [ "$sum" != "$BOX2D_WHEEL_SHA256" ]; then
    echo "error: $BOX2D_WHEEL has SHA-256 $sum, not the pinned $BOX2D_WHEEL_SHA256" >&2; rm -rf "$work"; return 1
  fi
  "$python" - "$work/$BOX2D_WHEEL" "$work/unpacked" <<'PY' || { echo "error: could not unpack $BOX2D_WHEEL" >&2; rm -rf "$work"; return 1; }
import sys, zipfile
wheel, target = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as archive:
    names = [n for n in archive.namelist()
             if (n.startswith("include/box2d/") and n.endswith(".h")) or n == "lib64/libbox2d.a"
             or n.endswith("LICENSE_BOX2D")]
    archive.extractall(target, names)
PY
  # Moved into place whole, so an interrupted fetch never leaves half a library behind.
  mkdir -p "$(dirname "$home")"
  rm -rf "$home.partial" && mv "$work/unpacked" "$home.partial" && rm -rf "$home" && mv "$home.partial" "$home"
  rm -rf "$work"
  [ -f "$home/include/box2d/box2d.h" ] && [ -f "$home/lib64/libbox2d.a" ] \
    || { echo "error: box2d.h or libbox2d.a still missing in $home" >&2; return 1; }
  echo "==> unpacked Box2D v3.1.1 into $home"
}
