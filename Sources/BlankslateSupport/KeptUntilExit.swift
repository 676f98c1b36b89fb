/// Values a process that ends after its command leaves for its exit to take
/// back, all at once, instead of taking them apart one by one (as clang's
/// `-disable-free` does): a large site's values are a few percent of a
/// rebuild's or a check's time to free, and freeing them gives the exit
/// nothing it would not take anyway.
package enum KeptUntilExit {
  /// Keeps `value` alive until the process ends.
  package static func keep<Value>(_ value: Value) {
    _ = Unmanaged.passRetained(Box(value))
  }

  private final class Box<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
  }
}
