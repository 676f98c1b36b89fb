import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Headless Chromium driven over the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: the browser reads commands on fd 3 and writes
/// answers and events on fd 4, each message a JSON object ended by a NUL).
///
/// A test acts, then waits for the browser's own report of what followed (a
/// page's load event, a promise the page resolves): no sleeps, no polling of
/// the clock. Every read waits at most two minutes for bytes, so a browser
/// that never answers fails the test rather than hanging it.
package final class DevTools {
  package enum Failure: Error, CustomStringConvertible {
    case spawn(Int32)
    case closed(String)
    case silent(String)
    case protocolError(String, String)
    case thrown(String)

    package var description: String {
      switch self {
      case .spawn(let code): "could not start chromium: \(String(cString: strerror(code)))"
      case .closed(let waiting): "chromium closed its pipe while waiting for \(waiting)"
      case .silent(let waiting): "chromium said nothing for two minutes while waiting for \(waiting)"
      case .protocolError(let method, let message): "\(method) failed: \(message)"
      case .thrown(let message): "the page threw: \(message)"
      }
    }
  }

  /// `DEVTOOLS_TRACE=1` prints every message (and the page's requests) as it arrives.
  package static let tracing = ProcessInfo.processInfo.environment["DEVTOOLS_TRACE"] != nil

  private let pid: pid_t
  private let commands: Int32
  private let answers: Int32
  private let profile: URL
  private var buffer: [UInt8] = []
  /// Messages read but not yet asked for (events, mostly), in arrival order.
  private var unread: [[String: Any]] = []
  private var nextID = 1
  /// The page this browser drives (`Target.attachToTarget` in flat mode).
  private var session = ""

  /// Starts a browser with one blank page attached; `flags` as `--window-size=390,900`.
  package init(flags: [String] = []) throws {
    guard let executable = Chromium.executable else { throw Chromium.Failure.missing }
    profile = scratchFolder.appending(path: "blankslate-devtools-\(UUID().uuidString)")
    var toBrowser: [Int32] = [0, 0]
    var fromBrowser: [Int32] = [0, 0]
    guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw Failure.spawn(errno) }
    // Close-on-exec, and above 4, so that placing one end on 3 cannot overwrite the other.
    for index in 0..<2 {
      toBrowser[index] = Self.raised(toBrowser[index])
      fromBrowser[index] = Self.raised(fromBrowser[index])
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // dup2 onto 3 and 4 clears close-on-exec there; the originals close on exec.
    posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
    posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let arguments =
      [
        executable.path, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
        "--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
      ] + flags + ["about:blank"]
    var argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, executable.path, &actions, nil, &argv, environ)
    close(toBrowser[0])
    close(fromBrowser[1])
    guard spawned == 0 else {
      close(toBrowser[1])
      close(fromBrowser[0])
      throw Failure.spawn(spawned)
    }
    pid = child
    commands = toBrowser[1]
    answers = fromBrowser[0]
    let target = try call("Target.createTarget", ["url": "about:blank"], inPage: false)
    let attached = try call(
      "Target.attachToTarget", ["targetId": target["targetId"] as? String ?? "", "flatten": true], inPage: false)
    session = attached["sessionId"] as? String ?? ""
    _ = try call("Page.enable")
    _ = try call("Runtime.enable")
    if Self.tracing { _ = try call("Network.enable") }
  }

  /// `descriptor` moved to a number above 9, closed on exec.
  private static func raised(_ descriptor: Int32) -> Int32 {
    let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 10)
    close(descriptor)
    return moved
  }

  deinit {
    close(commands)
    close(answers)
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    try? FileManager.default.removeItem(at: profile)
  }

  /// Sends `method` and returns its result; events that arrive meanwhile stay unread.
  @discardableResult
  package func call(_ method: String, _ parameters: [String: Any] = [:], inPage: Bool = true) throws -> [String: Any] {
    let id = nextID
    nextID += 1
    var message: [String: Any] = ["id": id, "method": method, "params": parameters]
    if inPage { message["sessionId"] = session }
    var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
    bytes.append(0)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
      guard count > 0 else { throw Failure.closed(method) }
      written += count
    }
    let answer = try next(method) { ($0["id"] as? Int) == id }
    if let error = answer["error"] as? [String: Any] {
      throw Failure.protocolError(method, error["message"] as? String ?? "\(error)")
    }
    return answer["result"] as? [String: Any] ?? [:]
  }

  /// Waits for the page's next `event` (as `Page.loadEventFired`) and returns its parameters.
  @discardableResult
  package func waitFor(event: String) throws -> [String: Any] {
    let message = try next(event) { ($0["method"] as? String) == event && ($0["sessionId"] as? String) == session }
    return message["params"] as? [String: Any] ?? [:]
  }

  /// Waits for the browser's own next `event` (as `Browser.downloadProgress`) that `matching` accepts.
  @discardableResult
  package func waitFor(browserEvent event: String, matching: ([String: Any]) -> Bool = { _ in true }) throws
    -> [String: Any]
  {
    let message = try next(event) { message in
      (message["method"] as? String) == event && message["sessionId"] == nil
        && matching(message["params"] as? [String: Any] ?? [:])
    }
    return message["params"] as? [String: Any] ?? [:]
  }

  /// Forgets events read so far, so the next `waitFor(event:)` sees only what follows.
  package func forgetEvents() {
    unread.removeAll { $0["id"] == nil }
  }

  /// Opens `url` in the page and waits for its load event.
  package func open(_ url: String) throws {
    forgetEvents()
    try call("Page.navigate", ["url": url])
    try waitFor(event: "Page.loadEventFired")
  }

  /// The value of `expression` in the page; a promise is awaited (so a page can
  /// resolve it at the moment something happens).
  package func evaluate(_ expression: String) throws -> Any? {
    let result = try call(
      "Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
    if let exception = result["exceptionDetails"] as? [String: Any] {
      let thrown = (exception["exception"] as? [String: Any])?["description"] as? String
      throw Failure.thrown(thrown ?? exception["text"] as? String ?? "\(exception)")
    }
    return (result["result"] as? [String: Any])?["value"]
  }

  /// The first unread message `matching`, reading more from the pipe as needed.
  private func next(_ waiting: String, matching: ([String: Any]) -> Bool) throws -> [String: Any] {
    while true {
      if let index = unread.firstIndex(where: matching) { return unread.remove(at: index) }
      if let end = buffer.firstIndex(of: 0) {
        let data = Data(buffer[..<end])
        buffer.removeSubrange(...end)
        if Self.tracing { print("devtools:", String(decoding: data.prefix(300), as: UTF8.self)) }
        if let message = try JSONSerialization.jsonObject(with: data) as? [String: Any] { unread.append(message) }
        continue
      }
      var poller = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 120_000) > 0 else { throw Failure.silent(waiting) }
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      let count = chunk.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
      guard count > 0 else { throw Failure.closed(waiting) }
      buffer += chunk[..<count]
    }
  }
}
