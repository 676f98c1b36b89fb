#include "CMicroHTTPD.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <string.h>
#include <strings.h>

/// The calls `serve` makes, looked up once.
static struct {
  struct MHD_Daemon *(*start_daemon)(unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback accept,
                                     void *accept_context, MHD_AccessHandlerCallback handler, void *handler_context,
                                     ...);
  void (*stop_daemon)(struct MHD_Daemon *daemon);
  const union MHD_DaemonInfo *(*get_daemon_info)(struct MHD_Daemon *daemon, enum MHD_DaemonInfoType type, ...);
  enum MHD_Result (*set_connection_option)(struct MHD_Connection *connection, enum MHD_CONNECTION_OPTION option, ...);
  int (*get_connection_values)(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                               MHD_KeyValueIterator iterator, void *context);
  const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *connection,
                                                         enum MHD_ConnectionInfoType type, ...);
  const char *(*lookup_connection_value)(struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key);
  struct MHD_Response *(*create_response_from_buffer)(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode);
  struct MHD_Response *(*create_response_from_callback)(uint64_t size, size_t block, MHD_ContentReaderCallback read,
                                                        void *context, MHD_ContentReaderFreeCallback release);
  enum MHD_Result (*add_response_header)(struct MHD_Response *response, const char *header, const char *content);
  enum MHD_Result (*queue_response)(struct MHD_Connection *connection, unsigned int status,
                                    struct MHD_Response *response);
  void (*destroy_response)(struct MHD_Response *response);
  const char *(*get_version)(void);
} api;

static const char *failure;
static pthread_once_t opened = PTHREAD_ONCE_INIT;

static void open_library(void) {
#if defined(__APPLE__)
  // Homebrew's (brew install libmicrohttpd), on Apple silicon and on Intel.
  void *library = dlopen("/opt/homebrew/lib/libmicrohttpd.12.dylib", RTLD_NOW | RTLD_LOCAL);
  if (!library) library = dlopen("/usr/local/lib/libmicrohttpd.12.dylib", RTLD_NOW | RTLD_LOCAL);
  if (!library) library = dlopen("libmicrohttpd.12.dylib", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    failure = "libmicrohttpd is not installed (brew install libmicrohttpd)";
    return;
  }
#else
  void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    failure = "libmicrohttpd is not installed (apt-get install libmicrohttpd12)";
    return;
  }
#endif
#define BLANKSLATE_FIND(field, name)              \
  *(void **)(&api.field) = dlsym(library, name); \
  if (!api.field) {                               \
    failure = "libmicrohttpd lacks " name;        \
    return;                                       \
  }
  BLANKSLATE_FIND(start_daemon, "MHD_start_daemon")
  BLANKSLATE_FIND(stop_daemon, "MHD_stop_daemon")
  BLANKSLATE_FIND(get_daemon_info, "MHD_get_daemon_info")
  BLANKSLATE_FIND(set_connection_option, "MHD_set_connection_option")
  BLANKSLATE_FIND(get_connection_values, "MHD_get_connection_values")
  BLANKSLATE_FIND(get_connection_info, "MHD_get_connection_info")
  BLANKSLATE_FIND(lookup_connection_value, "MHD_lookup_connection_value")
  BLANKSLATE_FIND(create_response_from_buffer, "MHD_create_response_from_buffer")
  BLANKSLATE_FIND(create_response_from_callback, "MHD_create_response_from_callback")
  BLANKSLATE_FIND(add_response_header, "MHD_add_response_header")
  BLANKSLATE_FIND(queue_response, "MHD_queue_response")
  BLANKSLATE_FIND(destroy_response, "MHD_destroy_response")
  BLANKSLATE_FIND(get_version, "MHD_get_version")
#undef BLANKSLATE_FIND
}

int blankslate_mhd_open(const char **error) {
  pthread_once(&opened, open_library);
  if (failure) {
    *error = failure;
    return -1;
  }
  return 0;
}

const char *blankslate_mhd_version(void) { return api.get_version(); }

// MARK: - The gate: what libmicrohttpd's own limits do not cover

/// One open connection, as the gate sees it. Slots never move while in use:
/// a connection's socket context points at its own.
struct tracked {
  struct gate *gate;
  int in_use;
  int fd;
  /// When the request being read started (accepted, or the last request ended).
  struct timespec started;
  /// Whether this request is in whole, headers and body (a response was queued for it).
  int received;
  /// Whether the watchdog shut the socket already.
  int cut;
  unsigned char peer[16];
  socklen_t peer_length;
};

/// A request, headers and body, must arrive whole within `header_seconds` of
/// its start, however slowly bytes trickle in (libmicrohttpd's timeout is an
/// idle one, which a byte every few seconds resets); one peer holds at most
/// `per_peer` connections; and the last `reserve` slots go only to peers that
/// hold none, so a few addresses cannot take every slot.
struct gate {
  pthread_mutex_t lock;
  pthread_cond_t wake;
  pthread_t watchdog;
  int stopping;
  struct MHD_Daemon *daemon;
  MHD_RequestCompletedCallback completed;
  void *context;
  unsigned int limit, reserve, per_peer, header_seconds;
  struct tracked *slots;
};

static struct gate *gates[64];
static pthread_mutex_t gates_lock = PTHREAD_MUTEX_INITIALIZER;

static socklen_t peer_bytes(const struct sockaddr *address, unsigned char out[16]) {
  if (!address) return 0;
  if (address->sa_family == AF_INET) {
    memcpy(out, &((const struct sockaddr_in *)address)->sin_addr, 4);
    return 4;
  }
  if (address->sa_family == AF_INET6) {
    memcpy(out, &((const struct sockaddr_in6 *)address)->sin6_addr, 16);
    return 16;
  }
  return 0;
}

/// How many connections the gate holds, and how many of them are `peer`'s. Called with the lock held.
static void count(struct gate *gate, const unsigned char *peer, socklen_t length, unsigned int *all,
                  unsigned int *own) {
  *all = 0;
  *own = 0;
  for (unsigned int index = 0; index < gate->limit; index++) {
    struct tracked *slot = &gate->slots[index];
    if (!slot->in_use) continue;
    (*all)++;
    if (slot->peer_length == length && memcmp(slot->peer, peer, length) == 0) (*own)++;
  }
}

static enum MHD_Result gate_accept(void *context, const struct sockaddr *address, socklen_t length) {
  (void)length;
  struct gate *gate = context;
  unsigned char peer[16];
  socklen_t peer_length = peer_bytes(address, peer);
  unsigned int all, own;
  pthread_mutex_lock(&gate->lock);
  count(gate, peer, peer_length, &all, &own);
  pthread_mutex_unlock(&gate->lock);
  if (own >= gate->per_peer) return MHD_NO;
  if (own > 0 && all + gate->reserve >= gate->limit) return MHD_NO;
  return MHD_YES;
}

static void gate_notify(void *context, struct MHD_Connection *connection, void **socket_context,
                        enum MHD_ConnectionNotificationCode code) {
  struct gate *gate = context;
  pthread_mutex_lock(&gate->lock);
  if (code == MHD_CONNECTION_NOTIFY_STARTED) {
    *socket_context = NULL;
    for (unsigned int index = 0; index < gate->limit; index++) {
      struct tracked *slot = &gate->slots[index];
      if (slot->in_use) continue;
      const union MHD_ConnectionInfo *fd = api.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
      const union MHD_ConnectionInfo *address =
          api.get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
      memset(slot, 0, sizeof *slot);
      slot->gate = gate;
      slot->in_use = 1;
      slot->fd = fd ? fd->connect_fd : -1;
      slot->peer_length = peer_bytes(address ? address->client_addr : NULL, slot->peer);
      clock_gettime(CLOCK_MONOTONIC, &slot->started);
      *socket_context = slot;
      break;
    }
  } else if (code == MHD_CONNECTION_NOTIFY_CLOSED && *socket_context) {
    // Before libmicrohttpd closes the socket: the watchdog never shuts a number reused since.
    ((struct tracked *)*socket_context)->in_use = 0;
    *socket_context = NULL;
  }
  pthread_mutex_unlock(&gate->lock);
}

static struct tracked *slot_of(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = api.get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info ? (struct tracked *)info->socket_context : NULL;
}

static void gate_completed(void *context, struct MHD_Connection *connection, void **request,
                           enum MHD_RequestTerminationCode code) {
  struct gate *gate = context;
  struct tracked *slot = slot_of(connection);
  if (slot) {
    // The next request on a kept-alive connection has its own deadline.
    pthread_mutex_lock(&gate->lock);
    slot->received = 0;
    clock_gettime(CLOCK_MONOTONIC, &slot->started);
    pthread_mutex_unlock(&gate->lock);
  }
  if (gate->completed) gate->completed(gate->context, connection, request, code);
}

static void *gate_watch(void *context) {
  struct gate *gate = context;
  pthread_mutex_lock(&gate->lock);
  while (!gate->stopping) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    for (unsigned int index = 0; index < gate->limit; index++) {
      struct tracked *slot = &gate->slots[index];
      if (!slot->in_use || slot->received || slot->cut || slot->fd < 0) continue;
      if (now.tv_sec - slot->started.tv_sec >= (time_t)gate->header_seconds) {
        // The connection's own thread sees the end of its stream and closes it.
        shutdown(slot->fd, SHUT_RDWR);
        slot->cut = 1;
      }
    }
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 250 * 1000 * 1000;
    if (until.tv_nsec >= 1000 * 1000 * 1000) {
      until.tv_sec += 1;
      until.tv_nsec -= 1000 * 1000 * 1000;
    }
    pthread_cond_timedwait(&gate->wake, &gate->lock, &until);
  }
  pthread_mutex_unlock(&gate->lock);
  return NULL;
}

static void gate_free(struct gate *gate) {
  pthread_mutex_lock(&gate->lock);
  gate->stopping = 1;
  pthread_cond_signal(&gate->wake);
  pthread_mutex_unlock(&gate->lock);
  pthread_join(gate->watchdog, NULL);
  pthread_cond_destroy(&gate->wake);
  pthread_mutex_destroy(&gate->lock);
  free(gate->slots);
  free(gate);
}

struct MHD_Daemon *blankslate_mhd_start(const char *address, uint16_t port, unsigned int connections,
                                        MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
                                        void *context) {
  struct sockaddr_in v4;
  struct sockaddr_in6 v6;
  memset(&v4, 0, sizeof v4);
  memset(&v6, 0, sizeof v6);
  unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD;
  const struct sockaddr *socket = NULL;
  if (inet_pton(AF_INET, address, &v4.sin_addr) == 1) {
    v4.sin_family = AF_INET;
    v4.sin_port = htons(port);
    socket = (const struct sockaddr *)&v4;
  } else if (inet_pton(AF_INET6, address, &v6.sin6_addr) == 1) {
    v6.sin6_family = AF_INET6;
    v6.sin6_port = htons(port);
    socket = (const struct sockaddr *)&v6;
    flags |= MHD_USE_IPv6;
  } else {
    return NULL;
  }
  struct gate *gate = calloc(1, sizeof *gate);
  if (!gate) return NULL;
  gate->slots = calloc(connections, sizeof *gate->slots);
  if (!gate->slots) {
    free(gate);
    return NULL;
  }
  gate->limit = connections;
  gate->reserve = connections / 8;
  gate->per_peer = connections / 2;
  gate->header_seconds = BLANKSLATE_MHD_HEADER_SECONDS;
  gate->completed = completed;
  gate->context = context;
  pthread_mutex_init(&gate->lock, NULL);
  pthread_cond_init(&gate->wake, NULL);
  if (pthread_create(&gate->watchdog, NULL, gate_watch, gate) != 0) {
    pthread_cond_destroy(&gate->wake);
    pthread_mutex_destroy(&gate->lock);
    free(gate->slots);
    free(gate);
    return NULL;
  }
  // A connection idle for 10 s is closed too; event streams lift this for themselves.
  struct MHD_Daemon *daemon = api.start_daemon(
      flags, port, gate_accept, gate, handler, context, MHD_OPTION_SOCK_ADDR, socket, MHD_OPTION_CONNECTION_LIMIT,
      connections, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)10, MHD_OPTION_NOTIFY_COMPLETED, gate_completed, gate,
      MHD_OPTION_NOTIFY_CONNECTION, gate_notify, gate, MHD_OPTION_END);
  if (!daemon) {
    gate_free(gate);
    return NULL;
  }
  gate->daemon = daemon;
  pthread_mutex_lock(&gates_lock);
  int kept = 0;
  for (unsigned int index = 0; index < sizeof gates / sizeof gates[0]; index++) {
    if (!gates[index]) {
      gates[index] = gate;
      kept = 1;
      break;
    }
  }
  pthread_mutex_unlock(&gates_lock);
  if (!kept) {
    api.stop_daemon(daemon);
    gate_free(gate);
    return NULL;
  }
  return daemon;
}

void blankslate_mhd_stop(struct MHD_Daemon *daemon) {
  api.stop_daemon(daemon);
  struct gate *gate = NULL;
  pthread_mutex_lock(&gates_lock);
  for (unsigned int index = 0; index < sizeof gates / sizeof gates[0]; index++) {
    if (gates[index] && gates[index]->daemon == daemon) {
      gate = gates[index];
      gates[index] = NULL;
      break;
    }
  }
  pthread_mutex_unlock(&gates_lock);
  if (gate) gate_free(gate);
}

uint16_t blankslate_mhd_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = api.get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info ? info->port : 0;
}

void blankslate_mhd_keep_open(struct MHD_Connection *connection) {
  api.set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, (unsigned int)0);
}

static enum MHD_Result count_host(void *count, enum MHD_ValueKind kind, const char *key, const char *value) {
  (void)kind;
  (void)value;
  if (key && strcasecmp(key, "Host") == 0) (*(int *)count)++;
  return MHD_YES;
}

int blankslate_mhd_host_count(struct MHD_Connection *connection) {
  int count = 0;
  api.get_connection_values(connection, MHD_HEADER_KIND, count_host, &count);
  return count;
}

int blankslate_mhd_peer(struct MHD_Connection *connection, char *out, size_t size) {
  const union MHD_ConnectionInfo *info = api.get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (!info || !info->client_addr) return -1;
  const struct sockaddr *address = info->client_addr;
  const void *bytes = NULL;
  if (address->sa_family == AF_INET) bytes = &((const struct sockaddr_in *)address)->sin_addr;
  else if (address->sa_family == AF_INET6) bytes = &((const struct sockaddr_in6 *)address)->sin6_addr;
  else return -1;
  return inet_ntop(address->sa_family, bytes, out, (socklen_t)size) ? 0 : -1;
}

const char *blankslate_mhd_value(struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key) {
  return api.lookup_connection_value(connection, kind, key);
}

struct MHD_Response *blankslate_mhd_response_copying(const void *bytes, size_t size) {
  return api.create_response_from_buffer(size, (void *)bytes, MHD_RESPMEM_MUST_COPY);
}

struct MHD_Response *blankslate_mhd_response_from_callback(uint64_t size, size_t block, MHD_ContentReaderCallback read,
                                                           void *context, MHD_ContentReaderFreeCallback release) {
  return api.create_response_from_callback(size, block, read, context, release);
}

void blankslate_mhd_add_header(struct MHD_Response *response, const char *name, const char *value) {
  api.add_response_header(response, name, value);
}

enum MHD_Result blankslate_mhd_queue(struct MHD_Connection *connection, unsigned int status,
                                     struct MHD_Response *response) {
  // A response is queued once the request is in whole: its deadline no longer runs.
  struct tracked *slot = slot_of(connection);
  if (slot) {
    pthread_mutex_lock(&slot->gate->lock);
    slot->received = 1;
    pthread_mutex_unlock(&slot->gate->lock);
  }
  return api.queue_response(connection, status, response);
}

void blankslate_mhd_destroy_response(struct MHD_Response *response) { api.destroy_response(response); }
