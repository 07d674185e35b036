// ICU's C API, for the CUnicode target only. Swift never imports this module: Foundation
// carries its own copy of these headers, and the two copies clash in one Swift module.
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/uchar.h>
