// glibc's allocator controls (mallopt and its parameters), which the Glibc module of Swift
// does not export.
#include <malloc.h>
