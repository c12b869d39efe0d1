// Chipmunk 7 from Debian's libchipmunk-dev (headers under chipmunk/, no pkg-config file).
// cpFloat is double in Debian's build (CP_USE_DOUBLES defaults to 1 off Apple platforms).
#include <chipmunk/chipmunk.h>
