#ifndef BLANKSLATE_CSYSTEM_H
#define BLANKSLATE_CSYSTEM_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE).
///
/// Returns 0 on success, or -1 with errno set (ENOSYS or EINVAL where the
/// kernel or file system cannot exchange; the caller then falls back).
/// macOS counterpart: renamex_np(first, second, RENAME_SWAP).
int blankslate_exchange_paths(const char *first, const char *second);

#include <stddef.h>

/// Copies the running executable's build id (the linker's NT_GNU_BUILD_ID
/// note) into `out` and returns its length, or 0 when it has none.
///
/// macOS counterpart: the LC_UUID load command of the main image.
size_t blankslate_build_id(unsigned char *out, size_t capacity);

/// Makes SIGINT and SIGTERM write one byte to `descriptor` instead of ending
/// the process, from the moment this returns: a handler installed with
/// sigaction is process-wide and in force at once (a dispatch signal source
/// registers later, and a signal ignored before it does is lost). Returns 0,
/// or -1 with errno set.
int blankslate_catch_stop_signals(int descriptor);

#endif
