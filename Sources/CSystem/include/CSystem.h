#ifndef BLANKSLATE_CSYSTEM_H
#define BLANKSLATE_CSYSTEM_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE).
///
/// Returns 0 on success, or -1 with errno set (ENOSYS or EINVAL where the
/// kernel or file system cannot exchange; the caller then falls back).
int blankslate_exchange_paths(const char *first, const char *second);

#endif
