@testable import BlankslateCLI
@testable import BlankslateCore
@testable import BlankslateModel
import BlankslateCoreTestSupport
@testable import BlankslateServe
@testable import BlankslateSite
@testable import BlankslateSnapshot
@testable import BlankslateSupport
import BlankslateTestSupport
@testable import BlankslateValidation
import Foundation
import Testing

/// `serve` against a hostile folder and hostile clients: it serves only
/// folders its own build made (held open, never a name re-resolved), answers
/// HTTP as RFC 9112 asks, and no one client can take every slot.
@Suite("serve under attack", .serialized)
struct ServeHardeningTests {
  typealias Server = ServeClient.Server

  /// A folder outside the site holding a secret, to link to.
  static func secretFolder() throws -> URL {
    let folder = temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("the secret\n".utf8).write(to: folder.appending(path: "secret.txt"))
    try Data("<p>the secret page</p>\n".utf8).write(to: folder.appending(path: "index.html"))
    return folder
  }

  /// `serve` in `folder`: what it printed once it exited, or nil (and the run
  /// ended) when it went on serving instead.
  static func refusal(in folder: URL) throws -> (status: Int32, output: String)? {
    let process = Process()
    process.executableURL = CommandRunner.binary
    process.arguments = ["serve", "--port", "0"]
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1", "CI": ""]) { _, new in new }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.runWatched()
    let reader = StreamReader(output.fileHandleForReading)
    // Either it says it serves (a failure here), or the pipe closes as it exits.
    let said = reader.wait(for: "Serving http://", quietly: true)
    if !said.isEmpty {
      process.stop()
      return nil
    }
    process.waitUntilExit()
    return (process.terminationStatus, reader.text)
  }

  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"), arguments: ["_site", "_report"])
  func aLinkedOutputOrReportIsRefusedBeforeAnythingIsServed(_ name: String) throws {
    let secret = try Self.secretFolder()
    defer { try? FileManager.default.removeItem(at: secret) }
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try SiteScaffold.create(at: folder)
    try FileManager.default.createSymbolicLink(at: folder.appending(path: name), withDestinationURL: secret)
    let refused = try Self.refusal(in: folder)
    let (status, output) = try #require(refused, "serve went on serving with \(name) linked to another folder")
    #expect(status == 2, "\(output)")
    #expect(output.contains("\(name) is a symbolic link"), "\(output)")
    #expect(output.contains("serve serves only a"), "\(output)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: secret.path).sorted() == ["index.html", "secret.txt"])
  }

  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"))
  func anOutputOfSomeoneElsesFilesIsRefused() throws {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try SiteScaffold.create(at: folder)
    try FileManager.default.createDirectory(at: folder.appending(path: "_site"), withIntermediateDirectories: true)
    try Data("mine\n".utf8).write(to: folder.appending(path: "_site/notes.txt"))
    let (status, output) = try #require(try Self.refusal(in: folder), "serve served a folder it did not build")
    #expect(status == 2)
    #expect(output.contains("holds files Blankslate did not write"), "\(output)")
    #expect(try String(contentsOf: folder.appending(path: "_site/notes.txt"), encoding: .utf8) == "mine\n")
  }

  /// The folder is held open: a link put in the output's place while serving,
  /// or inside it, is never followed.
  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"))
  func aLinkPutInPlaceWhileServingIsNeverFollowed() throws {
    let secret = try Self.secretFolder()
    defer { try? FileManager.default.removeItem(at: secret) }
    let server = try ServeClient.Server()
    defer { server.stop() }
    let output = server.folder.appending(path: "_site")
    #expect(try ServeClient.status([server.base + "/index.html"]) == "200")
    try FileManager.default.moveItem(at: output, to: server.folder.appending(path: "_site.moved"))
    try FileManager.default.createSymbolicLink(at: output, withDestinationURL: secret)
    #expect(try ServeClient.status([server.base + "/secret.txt"]) == "404")
    #expect(try !ServeClient.curl([server.base + "/"]).contains("the secret"))
    #expect(try !ServeClient.curl([server.base + "/_site/secret.txt"]).contains("the secret"))
    // Links inside the served folder, at a file and at a folder, lead nowhere.
    let moved = server.folder.appending(path: "_site.moved")
    try FileManager.default.createSymbolicLink(
      at: moved.appending(path: "leak.txt"), withDestinationURL: secret.appending(path: "secret.txt"))
    try FileManager.default.createSymbolicLink(at: moved.appending(path: "leaks"), withDestinationURL: secret)
    #expect(try ServeClient.status([server.base + "/leak.txt"]) == "404")
    #expect(try ServeClient.status([server.base + "/leaks/secret.txt"]) == "404")
    #expect(try ServeClient.status([server.base + "/leaks/"]) == "404")
    #expect(try ServeClient.status([server.base + "/designs/favourites/"]) == "200")
  }

  /// Bound beyond loopback, pages carry no token and the state-changing
  /// verbs are off, unless `--allow-remote-changes` says otherwise; the
  /// warning says what is exposed.
  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"), arguments: [false, true])
  func beyondLoopbackChangesAreOffUnlessAllowed(_ allowed: Bool) throws {
    let server = try ServeClient.Server(arguments: ["--host", "0.0.0.0"] + (allowed ? ["--allow-remote-changes"] : []))
    defer { server.stop() }
    let host = ["-H", "Host: 0.0.0.0:\(server.port)"]
    #expect(server.log.text.contains("anyone who can reach this address can read the gallery"), "\(server.log.text)")
    let page = try ServeClient.curl(host + [server.base + "/"])
    #expect(page.contains("/_blankslate/live.js"))
    #expect(page.contains("data-token=") == allowed, "\(page.prefix(400))")
    let token = page.components(separatedBy: "data-token=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
    let rebuild = try ServeClient.curl(
      host + [
        "-X", "POST", "-H", "X-Blankslate-Token: \(token ?? "none")", "-w", "\n%{http_code}",
        server.base + "/_blankslate/rebuild",
      ])
    if allowed {
      #expect(rebuild.hasSuffix("202"), "\(rebuild)")
      #expect(server.log.text.contains("--allow-remote-changes, anyone who can load a page"))
    } else {
      #expect(rebuild.hasSuffix("403") && rebuild.contains("Accept and rebuild are off"), "\(rebuild)")
      #expect(server.log.text.contains("Accept and rebuild are off; --allow-remote-changes turns them on"))
    }
  }

  /// A site folder replaced whole (a branch switch, a sync tool, `mv`) is
  /// watched again by its path: the next build shows the new folder's designs.
  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"), arguments: ["moved", "deleted"])
  func aReplacedSiteFolderIsWatchedAgain(_ how: String) throws {
    let server = try ServeClient.Server()
    defer { server.stop() }
    let (events, reader) = try ServeClient.events(of: server)
    defer { if events.isRunning { events.terminate() } }
    let site = server.folder.appending(path: "Site")
    let fresh = server.folder.appending(path: "Site.new")
    try FileManager.default.copyItem(at: site, to: fresh)
    let definition = fresh.appending(path: "placeholders/favourites.json")
    let text = try String(contentsOf: definition, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "No Favourites Yet", with: "Nothing Here").utf8).write(to: definition)
    if how == "moved" {
      try FileManager.default.moveItem(at: site, to: server.folder.appending(path: "Site.old"))
    } else {
      try FileManager.default.removeItem(at: site)
    }
    try FileManager.default.moveItem(at: fresh, to: site)
    // Whatever builds happen on the way (one may find no site), the last reloads with the new title.
    var page = ""
    for _ in 0..<4 where !page.contains("Nothing Here") {
      guard !reader.wait(for: "event: reload").isEmpty else { break }
      page = try ServeClient.curl([server.base + "/designs/favourites/empty.iphone-15.light.en.html"])
    }
    #expect(page.contains("Nothing Here"), "serve said: \(server.log.text.suffix(3000))")
    // And the new folder is watched: an edit in it builds again. A reload of
    // a build on the way may still be queued, so each reload is looked at
    // until the edit's shows (or no reload comes).
    try Data(text.replacingOccurrences(of: "No Favourites Yet", with: "Still Watched").utf8).write(
      to: site.appending(path: "placeholders/favourites.json"))
    page = ""
    for _ in 0..<4 where !page.contains("Still Watched") {
      guard !reader.wait(for: "event: reload").isEmpty else { break }
      page = try ServeClient.curl([server.base + "/designs/favourites/empty.iphone-15.light.en.html"])
    }
    #expect(page.contains("Still Watched"), "serve said: \(server.log.text.suffix(3000))")
  }

  /// A save is laid out and drawn once: the build draws the changed design's
  /// renders, and the report that follows compares the bytes the build
  /// published instead of drawing them again (the debug build notes each render).
  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"))
  func aSaveDrawsEachChangedRenderOnce() throws {
    let server = try ServeClient.Server(environment: ["BLANKSLATE_NOTE": "render"])
    defer { server.stop() }
    // The first build and its report are done before serve says where it serves.
    let (events, reader) = try ServeClient.events(of: server)
    defer { if events.isRunning { events.terminate() } }
    let before = server.log.text.components(separatedBy: "note render\n").count
    try server.retitle()
    reader.wait(for: "event: reload")
    reader.wait(for: "event: report")
    server.log.wait(for: "Built 16 renders")
    let drawn = server.log.text.components(separatedBy: "note render\n").count - before
    #expect(drawn == 16, "a save drew \(drawn) renders for 16 changed ones")
    #expect(
      try String(contentsOf: server.folder.appending(path: "_report/index.html"), encoding: .utf8).contains(
        "Nothing Saved"))
  }

  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"))
  func headSendsTheLengthOfTheBodyGetWouldSend() throws {
    let server = try ServeClient.Server()
    defer { server.stop() }
    for path in ["/designs/favourites/empty.iphone-15.light.en.svg", "/gallery.css", "/_blankslate/live.js"] {
      let body = try ServeClient.curl([server.base + path])
      let headers = try ServeClient.curl(["-I", server.base + path])
      let length = headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
      #expect(
        length.map { $0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces) } == "\(body.utf8.count)",
        "\(path): \(headers)")
      #expect(body.utf8.count > 0)
    }
  }

  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"))
  func aRequestWithTwoHostsIsRefused() throws {
    let server = try ServeClient.Server()
    defer { server.stop() }
    let host = "127.0.0.1:\(server.port)"
    let answer = try ServeClient.raw(
      port: server.port, "GET / HTTP/1.1\r\nHost: \(host)\r\nHost: attacker.example\r\nConnection: close\r\n\r\n")
    #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer.prefix(200))")
    let alone = try ServeClient.raw(port: server.port, "GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
    #expect(alone.hasPrefix("HTTP/1.1 200"), "\(alone.prefix(200))")
  }

  /// Event streams are capped per address and in all; page requests still pass.
  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"))
  func oneClientCannotHoldEveryEventStream() throws {
    let server = try ServeClient.Server()
    defer { server.stop() }
    var streams: [Process] = []
    defer { for stream in streams where stream.isRunning { stream.terminate() } }
    func open(from address: String) throws -> StreamReader {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
      process.arguments = ["-sN", "-i", "--interface", address, server.base + "/_blankslate/events"]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.runWatched()
      streams.append(process)
      return StreamReader(pipe.fileHandleForReading)
    }
    for _ in 0..<16 { try open(from: "127.0.0.1").wait(for: "retry: 1000") }
    #expect(try open(from: "127.0.0.1").wait(for: "\r\n").hasPrefix("HTTP/1.1 503"))
    // Other addresses have their own share, up to the total.
    for address in ["127.0.0.2", "127.0.0.3", "127.0.0.4"] {
      for _ in 0..<16 { try open(from: address).wait(for: "retry: 1000") }
    }
    #expect(try open(from: "127.0.0.5").wait(for: "\r\n").hasPrefix("HTTP/1.1 503"))
    #expect(try ServeClient.status([server.base + "/designs/favourites/"]) == "200")
  }

  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"))
  func requestHeadersThatNeverEndAreCutOff() throws {
    let server = try ServeClient.Server()
    defer { server.stop() }
    let socket = try ServeClient.connect(port: server.port)
    defer { close(socket) }
    let partial = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Slow: ".utf8)
    #expect(write(socket, partial, partial.count) == partial.count)
    // The server closes the connection (read returns 0) once it has been idle
    // for its timeout; the wait is bounded well above it.
    var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    #expect(poll(&poller, 1, 60_000) == 1, "the server kept a never-ending header open for a minute")
    var byte: UInt8 = 0
    #expect(read(socket, &byte, 1) <= 0)
  }

  /// A request that trickles in a byte every two seconds (each resetting an idle timeout), in its
  /// headers or in its body, is cut off once it is ten seconds old: the trickle goes on until the
  /// server closes, and fails if it never does.
  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"), arguments: ["header", "body"])
  func aTricklingRequestIsCutOffAtItsDeadline(part: String) throws {
    let server = try ServeClient.Server()
    defer { server.stop() }
    let socket = try ServeClient.connect(port: server.port, from: "127.0.0.2")
    defer { close(socket) }
    let start = Array(
      (part == "header"
        ? "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Slow: "
        : "POST /_blankslate/accept HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 4000\r\n\r\n{").utf8)
    #expect(write(socket, start, start.count) == start.count)
    var closed = false
    var sent = 0
    // At most 40 bytes, two seconds apart: 80 s of trickle against a 10 s deadline.
    while !closed && sent < 40 {
      var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      if poll(&poller, 1, 2_000) == 1 {
        var byte: UInt8 = 0
        closed = read(socket, &byte, 1) <= 0
        continue
      }
      var byte = UInt8(ascii: "a")
      if write(socket, &byte, 1) != 1 { closed = true }
      sent += 1
    }
    #expect(closed, "the server kept a trickling header open for \(sent * 2) s")
    #expect(sent <= 8, "closed after \(sent) trickled bytes, past the 10 s deadline")
    // The server still answers others.
    #expect(try ServeClient.status([server.base + "/"]) == "200")
  }

  /// Peers that hold every slot they may cannot take the last ones: a new peer still gets its page.
  @Test(.enabled(if: ServeClient.curlExists, "curl is not installed"))
  func aFewPeersCannotHoldEverySlot() throws {
    let server = try ServeClient.Server()
    defer { server.stop() }
    var held: [Int32] = []
    defer { for socket in held { close(socket) } }
    /// Whether a connection from `source` is kept open (true) or closed at once by the server.
    func isKept(_ socket: Int32) -> Bool {
      var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 300) == 1 else { return true }
      var byte: UInt8 = 0
      return read(socket, &byte, 1) > 0
    }
    // One peer takes its half (256 of 512), holding them with nothing sent, and gets no more.
    for _ in 0..<256 { held.append(try ServeClient.connect(port: server.port, from: "127.0.0.2")) }
    let over = try ServeClient.connect(port: server.port, from: "127.0.0.2")
    held.append(over)
    #expect(!isKept(over), "a 257th connection from one peer was kept")
    // A second peer takes what is left up to the reserve (448), and no slot of the reserve.
    for _ in 0..<192 { held.append(try ServeClient.connect(port: server.port, from: "127.0.0.3")) }
    let reserved = try ServeClient.connect(port: server.port, from: "127.0.0.3")
    held.append(reserved)
    #expect(!isKept(reserved), "a peer that holds 192 slots took one of the reserve")
    // Past 448, a peer that already holds one gets no second; a new peer gets its page.
    let first = try ServeClient.connect(port: server.port, from: "127.0.0.9")
    held.append(first)
    let second = try ServeClient.connect(port: server.port, from: "127.0.0.9")
    held.append(second)
    #expect(!isKept(second), "a second connection was kept in the reserve")
    let answer = try ServeClient.raw(
      port: server.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n",
      from: "127.0.0.10")
    #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(200))")
  }
}
