import BlankslateSupport
import Foundation
import Testing

/// A `serve` run for a test, and the clients that talk to it: curl and raw sockets.
package enum ServeClient {

  /// A running `serve` of a fresh `init` site, on a free port.
  package final class Server {
    package let folder = temporaryFolder()
    package let process = Process()
    package let output = Pipe()
    package var port = 0
    package var base: String { "http://127.0.0.1:\(port)" }
    package var definition: URL { folder.appending(path: "Site/placeholders/favourites.json") }
    /// The sample definition as `init` wrote it.
    package private(set) var original = ""

    /// What the server prints, read as it comes.
    package lazy var log = StreamReader(output.fileHandleForReading)

    /// `environment`: added to the test's (a debug build's hold and note points).
    /// `arguments`: added to `serve --port 0`.
    package init(environment: [String: String] = [:], arguments: [String] = []) throws {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      _ = try CommandRunner.output(CommandRunner.binary.path, ["init"], in: folder)
      original = try String(contentsOf: definition, encoding: .utf8)
      process.executableURL = CommandRunner.binary
      process.arguments = ["serve", "--port", "0"] + arguments
      process.currentDirectoryURL = folder
      process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1", "CI": ""]) { _, new in new }
        .merging(environment) { _, new in new }
      process.standardOutput = output
      process.standardError = output
      try process.runWatched()
      // The moment it serves is the line that names its address.
      log.wait(
        for: "Serving http://" + (arguments.firstIndex(of: "--host").map { arguments[$0 + 1] } ?? "127.0.0.1") + ":")
      let digits = log.wait(for: "/").prefix { $0.isNumber }
      port = try #require(Int(digits))
    }

    /// The definition as `init` wrote it, with `old` replaced by `new` (as a save writes it).
    package func save(replacing old: String, with new: String) throws {
      try Data(original.replacingOccurrences(of: old, with: new).utf8).write(to: definition)
    }

    /// The definition back as `init` wrote it.
    package func restore() throws { try Data(original.utf8).write(to: definition) }

    /// Retitles the sample ("No Favourites Yet" → "Nothing Saved"): a change to its goldens.
    package func retitle() throws { try save(replacing: "No Favourites Yet", with: "Nothing Saved") }

    /// Makes the sample unbuildable: its layout a number, on line 5.
    package func breakLayout() throws {
      try save(replacing: #""layout": "content-unavailable""#, with: #""layout": 7"#)
    }

    package func stop() {
      process.stop()
      try? FileManager.default.removeItem(at: folder)
    }
  }

  /// A `curl` following the server's event stream, once it is connected.
  package static func events(of server: Server) throws -> (Process, StreamReader) {
    let events = Process()
    events.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    events.arguments = ["-sN", server.base + "/_blankslate/events"]
    let stream = Pipe()
    events.standardOutput = stream
    try events.runWatched()
    let reader = StreamReader(stream.fileHandleForReading)
    reader.wait(for: "retry: 1000")
    return (events, reader)
  }

  /// `curl` with `arguments`; its standard output.
  package static func curl(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = ["-s"] + arguments
    let out = Pipe()
    process.standardOutput = out
    try process.runWatched()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  package static func status(_ arguments: [String]) throws -> String {
    try curl(["-o", "/dev/null", "-w", "%{http_code}"] + arguments)
  }

  package static var curlExists: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") }

  /// A TCP connection to the server on loopback.
  package static func connect(port: Int, from source: String? = nil) throws -> Int32 {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    if let source {
      // A loopback address of its own (127.0.0.0/8): another peer, as the server tells peers apart.
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      local.sin_addr.s_addr = inet_addr(source)
      let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Foundation.bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      try #require(bound == 0, "cannot bind to \(source)")
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Foundation.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try #require(connected == 0, "cannot connect to 127.0.0.1:\(port)")
    return socket
  }

  /// Sends `request` as it is and reads the answer until the server closes.
  package static func raw(port: Int, _ request: String, from source: String? = nil) throws -> String {
    let socket = try connect(port: port, from: source)
    defer { close(socket) }
    let bytes = Array(request.utf8)
    _ = write(socket, bytes, bytes.count)
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 30_000) == 1 else { break }
      let count = read(socket, &buffer, buffer.count)
      guard count > 0 else { break }
      answer += buffer[0..<count]
    }
    return String(decoding: answer, as: UTF8.self)
  }
}
