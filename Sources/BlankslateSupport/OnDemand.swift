import Foundation

/// A value made the first time any thread asks for it, and kept: work that
/// a run may not need (reading an earlier build's files) is done only when
/// it is needed, once.
package final class OnDemand<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var made: Value?
  private let make: @Sendable () -> Value

  package init(_ make: @escaping @Sendable () -> Value) {
    self.make = make
  }

  package var value: Value {
    lock.withLock {
      if let made { return made }
      let value = make()
      made = value
      return value
    }
  }
}
