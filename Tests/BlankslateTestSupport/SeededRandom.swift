import Foundation

/// A small, fast, seedable generator (SplitMix64), so a fuzz run is repeatable from its seed.
package struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The fuzz settings of this run: `FUZZ_SEED` and `FUZZ_ITERATIONS`, or the fixed defaults.
  package static func fuzzSettings(defaultIterations: Int) -> (seed: UInt64, iterations: Int) {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["FUZZ_SEED"].flatMap(UInt64.init) ?? 20_261_130
    let iterations = environment["FUZZ_ITERATIONS"].flatMap(Int.init) ?? defaultIterations
    return (seed, iterations)
  }
}
