import Testing

@testable import BlankslateSupport

/// The typesetter's cache keeps memory bounded however many texts pass
/// through, and keeps what is used again.
@Suite("A bounded cache")
struct BoundedCacheTests {
  @Test func itNeverHoldsMoreThanTwiceItsCapacityAndKeepsWhatIsUsedAgain() {
    var cache = BoundedCache<Int, String>(capacity: 4)
    for key in 0..<1000 {
      cache.store("\(key)", for: key)
      // Key 0 is asked for after every store: it is never dropped.
      #expect(cache.value(for: 0) == "0")
      #expect(cache.count <= 8)
    }
    #expect(cache.value(for: 999) == "999")
    #expect(cache.value(for: 500) == nil, "a key used once, long ago, is gone")
    // Storing a key again replaces its value, without growing.
    let before = cache.count
    cache.store("again", for: 999)
    #expect(cache.value(for: 999) == "again")
    #expect(cache.count == before)
  }

  /// The typesetter hands the fonts' pages back when its cache turns: a
  /// store says so exactly when it began a generation.
  @Test func aStoreSaysWhenItBeganANewGeneration() {
    var cache = BoundedCache<Int, String>(capacity: 3)
    var turned: [Int] = []
    for key in 0..<10 where cache.store("\(key)", for: key) { turned.append(key) }
    #expect(turned == [3, 6, 9])
    let turnedAgain = cache.store("again", for: 9)
    #expect(!turnedAgain, "a key stored again replaces its value in the same generation")
  }
}
