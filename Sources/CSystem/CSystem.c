#define _GNU_SOURCE
#include "CSystem.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

int blankslate_exchange_paths(const char *first, const char *second) {
#if defined(__linux__) && defined(SYS_renameat2)
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
  return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
  errno = ENOSYS;
  return -1;
#endif
}

#if defined(__linux__)
#include <link.h>
#include <string.h>

struct build_id_search {
  unsigned char *out;
  size_t capacity;
  size_t found;
};

/// Reads the NT_GNU_BUILD_ID note of the first object dl_iterate_phdr
/// reports, which is the main executable.
static int find_build_id(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  struct build_id_search *search = data;
  for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
    const ElfW(Phdr) *header = &info->dlpi_phdr[index];
    if (header->p_type != PT_NOTE) continue;
    const unsigned char *note = (const unsigned char *)(info->dlpi_addr + header->p_vaddr);
    const unsigned char *end = note + header->p_memsz;
    while (note + sizeof(ElfW(Nhdr)) <= end) {
      const ElfW(Nhdr) *entry = (const ElfW(Nhdr) *)note;
      const unsigned char *name = note + sizeof(ElfW(Nhdr));
      const unsigned char *desc = name + ((entry->n_namesz + 3) & ~3u);
      const unsigned char *next = desc + ((entry->n_descsz + 3) & ~3u);
      if (next > end) break;
      if (entry->n_type == NT_GNU_BUILD_ID && entry->n_namesz == 4 && memcmp(name, "GNU", 4) == 0) {
        size_t count = entry->n_descsz < search->capacity ? entry->n_descsz : search->capacity;
        memcpy(search->out, desc, count);
        search->found = count;
        return 1;
      }
      note = next;
    }
  }
  return 1;  // only the main executable counts
}
#endif

size_t blankslate_build_id(unsigned char *out, size_t capacity) {
#if defined(__linux__)
  struct build_id_search search = {out, capacity, 0};
  dl_iterate_phdr(find_build_id, &search);
  return search.found;
#else
  (void)out;
  (void)capacity;
  return 0;
#endif
}

static volatile sig_atomic_t stop_descriptor = -1;

/// Async-signal-safe: one write, errno kept.
static void note_stop_signal(int signal_number) {
  int saved = errno;
  unsigned char byte = (unsigned char)signal_number;
  if (stop_descriptor >= 0) (void)write(stop_descriptor, &byte, 1);
  errno = saved;
}

int blankslate_catch_stop_signals(int descriptor) {
  stop_descriptor = descriptor;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = note_stop_signal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  if (sigaction(SIGINT, &action, NULL) != 0) return -1;
  return sigaction(SIGTERM, &action, NULL);
}
