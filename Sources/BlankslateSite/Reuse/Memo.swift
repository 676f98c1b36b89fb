import Synchronization

/// What a long-lived process (`serve`) keeps of one kind of artefact between
/// builds: by key, the value made and the inputs it was made from.
///
/// The inputs are one value the maker reads and nothing else besides, so the
/// check that gives a kept value again and the making agree on what the value
/// depends on: a value is given again only for equal inputs, and a build with
/// a memo makes exactly what one without it makes.
final class Memo<Key: Hashable & Sendable, Inputs: Equatable & Sendable, Value: Sendable>: Sendable {
  private let kept = Mutex<[Key: (inputs: Inputs, value: Value)]>([:])
  private let made = Atomic<Int>(0)

  init() {}

  /// The value kept for `key` when it was made from `inputs`.
  func value(for key: Key, madeFrom inputs: Inputs) -> Value? {
    kept.withLock { kept in kept[key].flatMap { $0.inputs == inputs ? $0.value : nil } }
  }

  /// The value kept for `key` when it was made from `inputs`; else the one
  /// `make` makes from them, kept.
  func value(for key: Key, madeFrom inputs: Inputs, make: (Inputs) -> Value) -> Value {
    if let found = value(for: key, madeFrom: inputs) { return found }
    let value = make(inputs)
    keep(value, for: key, madeFrom: inputs)
    return value
  }

  /// Keeps `value` for `key`, made from `inputs`.
  func keep(_ value: Value, for key: Key, madeFrom inputs: Inputs) {
    made.wrappingAdd(1, ordering: .relaxed)
    kept.withLock { $0[key] = (inputs, value) }
  }

  /// Forgets every key `keeps` refuses.
  func keepOnly(_ keeps: (Key) -> Bool) {
    kept.withLock { kept in kept = kept.filter { keeps($0.key) } }
  }

  /// How many values were made and kept (each one that was not given again).
  var madeCount: Int { made.load(ordering: .relaxed) }
}
