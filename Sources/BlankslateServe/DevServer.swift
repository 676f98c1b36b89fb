import CMicroHTTPD
import Foundation
import BlankslateCore
import BlankslateSite
import BlankslateSupport

/// The HTTP side of `blankslate serve`, on GNU libmicrohttpd: the files of the
/// output folder, a server-sent event stream that tells open pages to reload
/// (or shows a build's error over them), and one state-changing verb.
///
/// Safe by default: it answers only a `Host` naming the address it is bound
/// to (DNS rebinding), serves only regular files of the folders it was handed
/// open (`ServedFolder`: the output this run built, the report it wrote),
/// allows GET and HEAD on files, and POST only where a verb needs it, with
/// the per-run token in `X-Blankslate-Token`.
package final class DevServer: @unchecked Sendable {
  /// Where the reload script and the event stream live (no output file starts with `_blankslate`).
  static let prefix = "/_blankslate/"

  /// The output folder's name, under which the report's links reach it (`/_site/…`).
  let outputName: String
  let token: String
  /// Why state-changing verbs are off (a server bound beyond loopback without
  /// `--allow-remote-changes`): they answer 403 with it, and pages carry no token.
  var changesRefusal: String?
  let live: LiveState
  /// The `Host` values a request may carry: the bound address and `localhost`, with the port.
  private(set) var allowedHosts: Set<String> = []
  /// Called for an authorised `POST /_blankslate/rebuild`.
  let rebuild: @Sendable () -> Void
  private let folders = NSLock()
  /// The output this run's last good build published; nil before the first.
  private var output: ServedFolder?
  /// The snapshot report this run last wrote, served under `/_report/`.
  private var report: ServedFolder?
  /// Called for an authorised `POST /_blankslate/accept` with its body (a
  /// decisions document: the renders and the hashes the reviewer saw);
  /// the HTTP status and a message.
  var accept: (@Sendable ([UInt8]) -> (status: UInt32, message: String))?
  /// The largest request body read (Accept's decisions).
  static let maximumBody = 4 << 20
  private var daemon: OpaquePointer?
  package private(set) var port: UInt16 = 0

  init(outputName: String, token: String, live: LiveState, rebuild: @escaping @Sendable () -> Void) {
    self.outputName = outputName
    self.token = token
    self.live = live
    self.rebuild = rebuild
  }

  /// libmicrohttpd opened (once per process), or why it cannot be.
  static func openLibrary() -> Result<Void, ServeError> {
    var reason: UnsafePointer<CChar>?
    guard blankslate_mhd_open(&reason) == 0 else {
      return .failure(ServeError(description: reason.map { String(cString: $0) } ?? "libmicrohttpd cannot be opened"))
    }
    return .success(())
  }

  /// Listens on `host`:`port` (0: a free port); false when the address
  /// cannot be bound. libmicrohttpd must be open (`openLibrary`).
  func start(host: String, port requested: UInt16, connections: UInt32 = 512) -> Bool {
    guard case .success = Self.openLibrary() else { return false }
    let context = Unmanaged.passUnretained(self).toOpaque()
    guard
      let daemon = blankslate_mhd_start(host, requested, connections, DevServer.handle, DevServer.completed, context)
    else {
      return false
    }
    self.daemon = daemon
    port = blankslate_mhd_port(daemon)
    let bracketed = host.contains(":") ? "[\(host)]" : host
    var names = [bracketed]
    if host == "127.0.0.1" || host == "::1" { names += ["localhost", "127.0.0.1", "[::1]"] }
    allowedHosts = Set(names.map { "\($0):\(port)" })
    return true
  }

  /// From now on, serves the gallery from `folder` (a build's output, opened after it was published).
  func serve(output folder: ServedFolder) {
    folders.withLock { output = folder }
  }

  /// Whether a build's output is being served.
  var servesOutput: Bool { folders.withLock { output != nil } }

  /// From now on, serves the report from `folder`.
  func serve(report folder: ServedFolder) {
    folders.withLock { report = folder }
  }

  func stop() {
    live.stop()
    if let daemon { blankslate_mhd_stop(daemon) }
    daemon = nil
  }

  // MARK: - Requests

  private static let handle:
    @convention(c) (
      UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
      UnsafePointer<CChar>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> MHD_Result = { context, connection, url, method, _, upload, uploadSize, request in
      guard let context, let connection, let url, let method, let request else { return blankslate_mhd_no }
      let server = Unmanaged<DevServer>.fromOpaque(context).takeUnretainedValue()
      let verb = String(cString: method)
      guard verb == "POST" else {
        // Only a POST's body is read; any other is consumed unread.
        if let uploadSize, uploadSize.pointee > 0 {
          uploadSize.pointee = 0
          return blankslate_mhd_yes
        }
        return server.respond(connection, path: String(cString: url), method: verb, body: [])
      }
      // A POST's body comes in pieces after a first call without any; the request's box gathers it.
      guard let opaque = request.pointee else {
        request.pointee = Unmanaged.passRetained(RequestBody()).toOpaque()
        return blankslate_mhd_yes
      }
      let body = Unmanaged<RequestBody>.fromOpaque(opaque).takeUnretainedValue()
      if let uploadSize, uploadSize.pointee > 0 {
        if let upload, body.bytes.count + uploadSize.pointee <= maximumBody {
          upload.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
            body.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
          }
        } else {
          body.isTooLarge = true
        }
        uploadSize.pointee = 0
        return blankslate_mhd_yes
      }
      guard !body.isTooLarge else {
        return server.send(connection, status: 413, text: "A request body is limited to \(maximumBody) bytes.\n")
      }
      return server.respond(connection, path: String(cString: url), method: verb, body: body.bytes)
    }

  /// A POST's body as it arrives.
  private final class RequestBody {
    var bytes: [UInt8] = []
    var isTooLarge = false
  }

  /// Releases a request's body box once the request is done, however it ended.
  private static let completed:
    @convention(c) (
      UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
      MHD_RequestTerminationCode
    ) -> Void = { _, _, request, _ in
      guard let request, let opaque = request.pointee else { return }
      Unmanaged<RequestBody>.fromOpaque(opaque).release()
      request.pointee = nil
    }

  private func argument(_ connection: OpaquePointer, _ name: String) -> String? {
    blankslate_mhd_value(connection, blankslate_mhd_argument_kind, name).map { String(cString: $0) }
  }

  private func header(_ connection: OpaquePointer, _ name: String) -> String? {
    blankslate_mhd_value(connection, blankslate_mhd_header_kind, name).map { String(cString: $0) }
  }

  private func respond(_ connection: OpaquePointer, path: String, method: String, body: [UInt8]) -> MHD_Result {
    // RFC 9112 §3.2: a request with more than one Host (or none) is answered 400.
    guard blankslate_mhd_host_count(connection) == 1 else {
      return send(connection, status: 400, text: "A request needs exactly one Host header.\n")
    }
    guard let host = header(connection, "Host"), allowedHosts.contains(host.lowercased()) else {
      return send(
        connection, status: 421, text: "This server answers only \(allowedHosts.sorted().joined(separator: ", ")).\n")
    }
    if path == Self.prefix + "rebuild" || path == Self.prefix + "accept" {
      guard method == "POST" else { return send(connection, status: 405, text: "POST only.\n", allow: "POST") }
      if let changesRefusal { return send(connection, status: 403, text: changesRefusal + "\n") }
      guard header(connection, "X-Blankslate-Token") == token else {
        return send(connection, status: 403, text: "A state-changing request needs this run's token.\n")
      }
      guard path == Self.prefix + "accept" else {
        rebuild()
        return send(connection, status: 202, text: "Rebuilding.\n")
      }
      guard let accept else { return send(connection, status: 503, text: "Accept is not available.\n") }
      let (status, message) = accept(body)
      return send(connection, status: status, text: message + "\n")
    }
    guard method == "GET" || method == "HEAD" else {
      return send(connection, status: 405, text: "GET and HEAD only.\n", allow: "GET, HEAD")
    }
    if path == Self.prefix + "events" { return events(connection) }
    if path == Self.prefix + "live.js" {
      return send(connection, status: 200, bytes: Array(LiveScript.source.utf8), type: "text/javascript; charset=utf-8")
    }
    // Read before the file: a build published in between makes the page reload
    // once more, never miss a build.
    let served = live.snapshot
    guard let file = read(path) else {
      if path.hasSuffix("/") || path.hasSuffix(".html"), folders.withLock({ output == nil }) {
        // No build of this run has succeeded yet: a page that shows its failure and reloads when one does.
        let page = LiveScript.inject(into: Array(Self.waitingPage.utf8), token: pageToken, served: served)
        return send(connection, status: 503, bytes: page, type: "text/html; charset=utf-8")
      }
      return send(connection, status: 404, text: "Not found.\n")
    }
    var bytes = file.bytes
    let type = Self.contentType(of: file.name)
    if type.hasPrefix("text/html") { bytes = LiveScript.inject(into: bytes, token: pageToken, served: served) }
    return send(connection, status: 200, bytes: bytes, type: type)
  }

  /// The token pages carry: none while state-changing verbs are off.
  private var pageToken: String? { changesRefusal == nil ? token : nil }

  /// What `serve` shows before its first good build.
  static let waitingPage = """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"><title>Blankslate: waiting for a good build</title></head>
    <body><p>Blankslate is waiting for the site to build; this page reloads when it does.</p></body></html>

    """

  /// The file a URL path names, read from the folder it belongs to:
  /// `/_report/…` the report, `/<output name>/…` and everything else the
  /// output; `/` and folders mean their `index.html`. Nil for `..`, a NUL, a
  /// hidden name (`.blankslate-output`), a link, or anything that is not a
  /// regular file (`ServedFolder.read`).
  func read(_ path: String) -> (bytes: [UInt8], name: String)? {
    guard path.hasPrefix("/"), !path.contains("\0"), !path.contains("\\") else { return nil }
    var parts = path.split(separator: "/", omittingEmptySubsequences: true)
    guard !parts.contains(where: { $0 == ".." || $0 == "." || $0.hasPrefix(".") }) else { return nil }
    let isReport = parts.first == "_report"
    if isReport || parts.first.map(String.init) == outputName { parts.removeFirst() }
    let folder: ServedFolder? = folders.withLock {
      let held = isReport ? report : output
      guard let held, held.isGone else { return held }
      let reopened = try? ServedFolder(held.path)
      if isReport { report = reopened } else { output = reopened }
      return reopened
    }
    return folder?.read(parts)
  }

  static func contentType(of path: String) -> String {
    switch (path as NSString).pathExtension {
    case "html": "text/html; charset=utf-8"
    case "css": "text/css; charset=utf-8"
    case "js": "text/javascript; charset=utf-8"
    case "json": "application/json"
    case "svg": "image/svg+xml"
    case "png": "image/png"
    default: "application/octet-stream"
    }
  }

  private func send(
    _ connection: OpaquePointer, status: UInt32, text: String, allow: String? = nil
  ) -> MHD_Result {
    send(connection, status: status, bytes: Array(text.utf8), type: "text/plain; charset=utf-8", allow: allow)
  }

  /// Queues a response; for HEAD libmicrohttpd sends the headers alone, with the body's real length.
  private func send(
    _ connection: OpaquePointer, status: UInt32, bytes: [UInt8], type: String, allow: String? = nil
  ) -> MHD_Result {
    let response = bytes.withUnsafeBytes { buffer in
      blankslate_mhd_response_copying(buffer.baseAddress, buffer.count)
    }
    guard let response else { return blankslate_mhd_no }
    defer { blankslate_mhd_destroy_response(response) }
    blankslate_mhd_add_header(response, "Content-Type", type)
    blankslate_mhd_add_header(response, "Cache-Control", "no-store")
    blankslate_mhd_add_header(response, "X-Content-Type-Options", "nosniff")
    blankslate_mhd_add_header(response, "Referrer-Policy", "no-referrer")
    blankslate_mhd_add_header(
      response, "Content-Security-Policy",
      "default-src 'self'; img-src 'self' data:; font-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        + "script-src 'self'; connect-src 'self'; frame-ancestors 'self'")
    if let allow { blankslate_mhd_add_header(response, "Allow", allow) }
    return blankslate_mhd_queue(connection, status, response)
  }

  // MARK: - Server-sent events

  /// Event streams open at once, in all and from one address: each holds a
  /// connection's thread, so past these a new stream is refused (503) and
  /// the other slots stay for pages.
  static let maximumStreams = 64
  static let maximumStreamsPerPeer = 16
  private let streamsLock = NSLock()
  private var streamsByPeer: [String: Int] = [:]

  /// Counts a new stream from `peer`; false when a cap is reached.
  private func openStream(from peer: String) -> Bool {
    streamsLock.withLock {
      guard streamsByPeer.values.reduce(0, +) < Self.maximumStreams,
        streamsByPeer[peer, default: 0] < Self.maximumStreamsPerPeer
      else { return false }
      streamsByPeer[peer, default: 0] += 1
      return true
    }
  }

  private func closeStream(from peer: String) {
    streamsLock.withLock {
      streamsByPeer[peer, default: 1] -= 1
      if streamsByPeer[peer] == 0 { streamsByPeer[peer] = nil }
    }
  }

  private static func peer(of connection: OpaquePointer) -> String {
    var text = [CChar](repeating: 0, count: 64)
    guard blankslate_mhd_peer(connection, &text, text.count) == 0 else { return "unknown" }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// One open event stream: what its page has been told, and what is still to write.
  private final class Stream {
    let server: DevServer
    let peer: String
    var seen: LiveState.Snapshot
    var pending: [UInt8]

    init(server: DevServer, peer: String, seen: LiveState.Snapshot, pending: [UInt8]) {
      self.server = server
      self.peer = peer
      self.seen = seen
      self.pending = pending
    }

    deinit {
      server.closeStream(from: peer)
    }
  }

  /// A page's stream starts from the state it was served at (`?generation=&report=`),
  /// so a build that lands between sending the page and opening the stream is
  /// not missed: the page hears of it at once.
  private func events(_ connection: OpaquePointer) -> MHD_Result {
    let peer = Self.peer(of: connection)
    guard openStream(from: peer) else {
      return send(
        connection, status: 503,
        text: "Too many open event streams (\(Self.maximumStreamsPerPeer) from one address, "
          + "\(Self.maximumStreams) in all); close a tab.\n")
    }
    let now = live.snapshot
    var seen = now
    if let generation = argument(connection, "generation").flatMap(Int.init) { seen.generation = generation }
    if let report = argument(connection, "report").flatMap(Int.init) { seen.report = report }
    seen.failure = nil
    // A page that opens while a build is failing sees the failure at once.
    var first = "retry: 1000\n\n"
    first += Self.changes(from: seen, to: now)
    let stream = Stream(server: self, peer: peer, seen: now, pending: Array(first.utf8))
    let context = Unmanaged.passRetained(stream).toOpaque()
    guard
      let response = blankslate_mhd_response_from_callback(
        UInt64.max, 1024, DevServer.readEvents, context, DevServer.releaseStream)
    else {
      Unmanaged<Stream>.fromOpaque(context).release()
      return blankslate_mhd_no
    }
    defer { blankslate_mhd_destroy_response(response) }
    blankslate_mhd_add_header(response, "Content-Type", "text/event-stream")
    blankslate_mhd_add_header(response, "Cache-Control", "no-store")
    blankslate_mhd_keep_open(connection)
    return blankslate_mhd_queue(connection, 200, response)
  }

  /// The events that take a page from `seen` to `next`: a failure, else a new
  /// build (pages reload) and a rewritten report (its page reloads), both
  /// when both happened.
  static func changes(from seen: LiveState.Snapshot, to next: LiveState.Snapshot) -> String {
    if let failure = next.failure { return failureEvent(failure) }
    var events = ""
    if next.generation != seen.generation { events += "event: reload\ndata: \(next.generation)\n\n" }
    if next.report != seen.report { events += "event: report\ndata: \(next.report)\n\n" }
    return events
  }

  /// A failure as one event: its lines as `data:` lines, cut at every line
  /// end the event stream knows (CR, LF, CRLF: the HTML standard's
  /// "server-sent events"), each with its controls escaped, so no text of a
  /// definition starts an event of its own.
  static func failureEvent(_ message: String) -> String {
    var lines: [Substring] = []
    var rest = Substring(message)
    while let end = rest.unicodeScalars.firstIndex(where: { $0 == "\n" || $0 == "\r" }) {
      lines.append(rest[..<end])
      let isCarriageReturn = rest.unicodeScalars[end] == "\r"
      rest = rest[rest.unicodeScalars.index(after: end)...]
      if isCarriageReturn, rest.unicodeScalars.first == "\n" {
        rest = rest[rest.unicodeScalars.index(after: rest.startIndex)...]
      }
    }
    lines.append(rest)
    return "event: failure\n" + lines.map { "data: " + TerminalText.escaped(String($0)) + "\n" }.joined() + "\n"
  }

  /// Writes what is pending, else waits (in this connection's own thread) for the next build.
  private static let readEvents:
    @convention(c) (UnsafeMutableRawPointer?, UInt64, UnsafeMutablePointer<CChar>?, Int) -> Int = {
      context, _, buffer, capacity in
      guard let context, let buffer else { return -1 }
      let stream = Unmanaged<Stream>.fromOpaque(context).takeUnretainedValue()
      while stream.pending.isEmpty {
        guard let next = stream.server.live.wait(after: stream.seen, timeout: 15) else { return -1 }
        if next == stream.seen {
          stream.pending = Array(": still here\n\n".utf8)  // finds a closed connection
        } else {
          stream.pending = Array(changes(from: stream.seen, to: next).utf8)
        }
        stream.seen = next
      }
      let count = min(capacity, stream.pending.count)
      stream.pending.withUnsafeBytes { bytes in
        guard let source = bytes.baseAddress else { return }
        UnsafeMutableRawPointer(buffer).copyMemory(from: source, byteCount: count)
      }
      stream.pending.removeFirst(count)
      return count
    }

  private static let releaseStream: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
    guard let context else { return }
    Unmanaged<Stream>.fromOpaque(context).release()
  }
}

extension DevServer {
  /// GNU libmicrohttpd's version where it was opened, or why it was not (`--version`).
  package static var libraryVersion: String {
    switch openLibrary() {
    case .success: "libmicrohttpd " + String(cString: blankslate_mhd_version())
    case .failure(let error): "libmicrohttpd not found: \(error.description) (only serve needs it)"
    }
  }
}
