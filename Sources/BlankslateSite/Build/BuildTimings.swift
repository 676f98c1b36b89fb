import BlankslateCore
import BlankslateSupport
import BlankslateValidation

/// Where a build's time went, summed over every worker (CPU time, not wall
/// time): what `build --timings` prints and BENCHMARKS.md profiles.
public struct BuildTimings: Sendable, Equatable {
  /// The phases of a build, in pipeline order.
  public enum Phase: String, Sendable, CaseIterable {
    case load = "load definitions, templates, assets"
    case layout = "layout (scenes)"
    case lint = "lint"
    case svg = "render SVG"
    case png = "render PNG (librsvg)"
    case page = "render HTML pages"
    case validate = "validate (libxml2)"
    case write = "write files"
    case reuse = "reuse unchanged designs"
    case site = "index, index.json, search"
    case links = "link check"
    case publish = "publish (swap)"
  }

  private var durations: [Phase: Duration] = [:]

  /// No time spent yet.
  public init() {}

  /// The time spent in `phase`.
  public subscript(phase: Phase) -> Duration {
    durations[phase] ?? .zero
  }

  /// Runs `body`, adding its duration to `phase`.
  public mutating func measure<Result, Failure: Error>(
    _ phase: Phase, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let clock = ContinuousClock()
    let start = clock.now
    defer { durations[phase, default: .zero] += clock.now - start }
    return try body()
  }

  /// Adds `other`'s time, phase by phase.
  public mutating func add(_ other: BuildTimings) {
    for (phase, duration) in other.durations { durations[phase, default: .zero] += duration }
  }

  /// The total of every phase.
  public var total: Duration {
    durations.values.reduce(.zero, +)
  }
}
