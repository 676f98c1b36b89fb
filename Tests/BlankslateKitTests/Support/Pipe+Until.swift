import Foundation

extension Pipe {
  /// Reads what the process writes until `text` appears, or until it closes
  /// the pipe (it ended first). No clock: the read blocks on the process.
  ///
  /// Returns everything read, and whether `text` was among it.
  func read(until text: String) -> (said: String, found: Bool) {
    var said = Data()
    while true {
      let sofar = String(decoding: said, as: UTF8.self)
      if sofar.contains(text) { return (sofar, true) }
      let chunk = fileHandleForReading.availableData
      if chunk.isEmpty { return (sofar, false) }
      said.append(chunk)
    }
  }
}
