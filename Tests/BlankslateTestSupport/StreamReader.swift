import Foundation
import Testing

/// A pipe read as it fills, the one reader of every test that waits for a
/// process to say something: `wait(for:)` returns once the text read so far
/// holds the marker after the last one found. It waits at most two minutes
/// in all, so a broken server fails the test instead of hanging it.
package final class StreamReader {
  package let handle: FileHandle
  package var text = ""
  package var position: String.Index

  package init(_ handle: FileHandle) {
    self.handle = handle
    position = text.startIndex
  }

  /// Waits as `wait(for:)` does; a marker never seen is "" here, not a failure (`quietly`).
  @discardableResult
  package func wait(for marker: String, quietly: Bool = false) -> String {
    // Two minutes in all, however the bytes come (an event stream's heartbeats never let one read time out).
    let deadline = ContinuousClock.now + .seconds(120)
    while text[position...].range(of: marker) == nil {
      let left = deadline - ContinuousClock.now
      guard left > .zero else { break }
      var poller = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, Int32(left.components.seconds * 1000 + 1)) > 0 else { break }
      let data = handle.availableData
      if data.isEmpty { break }
      let offset = text.distance(from: text.startIndex, to: position)
      text += String(decoding: data, as: UTF8.self)
      position = text.index(text.startIndex, offsetBy: offset)
    }
    guard let found = text[position...].range(of: marker) else {
      if !quietly { Issue.record("never saw \(marker): \(text.suffix(2000))") }
      return ""
    }
    let seen = String(text[position..<found.upperBound])
    position = found.upperBound
    return seen
  }
}
