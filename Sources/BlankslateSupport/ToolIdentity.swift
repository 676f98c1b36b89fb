import CSystem
import Foundation

/// What identifies the running executable's code: its linker build id, or a
/// hash of its bytes where it has none. Never its size or modification time,
/// which a rebuild or a copy can keep or change without changing the code.
package enum ToolIdentity {
  package static let current: String = {
    // The ELF build id (Linux); elsewhere, or with a debug build's
    // BLANKSLATE_FALLBACK=identity, a hash of the executable's bytes.
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = Fallback.isForced(.identity) ? 0 : blankslate_build_id(&bytes, bytes.count)
    if count > 0 { return "build-id:" + bytes.prefix(count).map { String(format: "%02x", $0) }.joined() }
    if let path = Bundle.main.executablePath, let executable = try? FileTree.read(path, limit: 1 << 30) {
      return "content:" + ContentHash.of(executable).hex
    }
    return "unknown"
  }()
}
