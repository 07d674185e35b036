// Naming the calling thread, which the Glibc module of Swift does not export (glibc declares
// pthread_setname_np only under _GNU_SOURCE). Linux keeps 15 bytes of a name and refuses a
// longer one (ERANGE).
#pragma once

#include <pthread.h>

int pthread_setname_np(pthread_t thread, const char *name);

/// Names the calling thread `name` (at most 15 bytes); 0, or the error number.
static inline int contacts_name_this_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}
