import Dispatch
import Foundation
import Synchronization

/// Runs independent work items on several threads and returns their results
/// in item order, so the output never depends on the number of workers.
package enum ParallelWork {
  package static func map<Result: Sendable>(
    count: Int, workers: Int, _ work: @Sendable (Int) -> Result
  ) -> [Result] {
    guard count > 0 else { return [] }
    let results = ResultSlots<Result>(count: count)
    let cursor = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: max(1, min(workers, count))) { _ in
      while true {
        let index = cursor.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < count else { return }
        results.store(work(index), at: index)
      }
    }
    return results.collect()
  }
}

/// One slot per work item, filled by whichever worker ran it.
///
/// An `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`: the
/// sanitizers see its happens-before edges, so ThreadSanitizer runs clean.
private final class ResultSlots<Result: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Result?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  func store(_ result: Result, at index: Int) {
    lock.lock()
    defer { lock.unlock() }
    slots[index] = result
  }

  /// Every result in item order; each index was claimed exactly once.
  func collect() -> [Result] {
    lock.lock()
    defer { lock.unlock() }
    return slots.compactMap { $0 }
  }
}
