/// A cache of at most twice `capacity` entries, kept in two generations: new
/// entries go to the current one; when it is full it becomes the previous one
/// and the one before is dropped; a hit in the previous generation moves back
/// to the current. What is used often stays, what was used once goes, and
/// memory is bounded however many keys pass through. A cache only: a value
/// is the same whether it was found or made again.
package struct BoundedCache<Key: Hashable, Value> {
  private let capacity: Int
  private var current: [Key: Value] = [:]
  private var previous: [Key: Value] = [:]

  package init(capacity: Int) {
    precondition(capacity > 0)
    self.capacity = capacity
  }

  /// The value stored for `key`, if it is still kept.
  package mutating func value(for key: Key) -> Value? {
    if let value = current[key] { return value }
    guard let value = previous.removeValue(forKey: key) else { return nil }
    store(value, for: key)
    return value
  }

  /// Stores `value`; returns whether that began a new generation (the
  /// oldest dropped), a moment for a caller to drop what it keeps alongside.
  @discardableResult
  package mutating func store(_ value: Value, for key: Key) -> Bool {
    let turns = current.count >= capacity && current[key] == nil
    if turns {
      previous = current
      current = [:]
      current.reserveCapacity(capacity)
    }
    current[key] = value
    return turns
  }

  /// How many entries are kept now (at most twice the capacity).
  package var count: Int { current.count + previous.count }
}
