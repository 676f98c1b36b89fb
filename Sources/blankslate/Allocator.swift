import CMimalloc
import Foundation

/// The process's allocator. The executable links mimalloc, which takes over
/// `malloc` for every library in the process; this says whether it did.
enum Allocator {
  /// `mimalloc 2.0.9` when a `malloc`ed block lives in mimalloc's heap, else `system malloc`.
  static var description: String {
    guard let block = malloc(64) else { return "system malloc" }
    defer { free(block) }
    guard mi_is_in_heap_region(block) else { return "system malloc" }
    let version = Int(mi_version())
    return "mimalloc \(version / 100).\(version / 10 % 10).\(version % 10)"
  }
}
