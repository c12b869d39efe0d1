// Chipmunk 7 (Debian's libchipmunk-dev), for the benchmark's side-by-side measurement only.
// cpFloat is double in Debian's build (CP_USE_DOUBLES defaults to 1 off Apple platforms).
#include <chipmunk/chipmunk.h>
