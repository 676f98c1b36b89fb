import Dispatch
import Synchronization

/// Runs independent work items on several threads and returns their results
/// in item order, so the output never depends on the number of workers.
enum ParallelWork {
  static func map<Result: Sendable>(
    count: Int, workers: Int, _ work: @Sendable (Int) -> Result
  ) -> [Result] {
    guard count > 0 else { return [] }
    let results = Mutex<[Result?]>(Array(repeating: nil, count: count))
    let cursor = Mutex<Int>(0)
    DispatchQueue.concurrentPerform(iterations: max(1, min(workers, count))) { _ in
      while true {
        let index = cursor.withLock { value -> Int in
          defer { value += 1 }
          return value
        }
        guard index < count else { return }
        let result = work(index)
        results.withLock { $0[index] = result }
      }
    }
    // Every index was claimed exactly once, so every slot is filled.
    return results.withLock { $0.compactMap { $0 } }
  }
}
