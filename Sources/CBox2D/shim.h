// Box2D v3.1.1's C API, from the headers scripts/lib/ensure-box2d.sh unpacks out of PyPI's pinned
// pyb2d3 0.11.1 wheel; Package.swift puts their folder on the include path.
#include <box2d/box2d.h>
