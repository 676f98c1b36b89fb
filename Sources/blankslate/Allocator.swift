#if canImport(CMimalloc)
  import CMimalloc
#endif
import Foundation

/// The process's allocator. The executable links mimalloc, which takes over
/// `malloc` for every library in the process; this says whether it did.
enum Allocator {
  /// Sets mimalloc up before the first command runs: a page that falls
  /// empty goes back to the kernel at once (`decommit_delay` 0 ms, where
  /// mimalloc's default keeps it 25 ms for reuse). A build frees most of what
  /// it allocates within a design; kept for reuse, those pages were 6–8 MB of
  /// a 10,000-render build's peak (72 → 66 MB on the team-shaped bench site,
  /// 90 → 82 MB on 1,250 designs in two locales), for 0.1–0.25 s more system
  /// time over a build of 6 s of CPU and no change in its wall time beyond
  /// the noise. `MIMALLOC_DECOMMIT_DELAY` in the environment still decides.
  static func configure() {
    #if canImport(CMimalloc)
      mi_option_set_default(mi_option_decommit_delay, 0)
    #endif
  }

  /// A delay before an empty page goes back, for a process that allocates
  /// the same pages again within milliseconds, unless
  /// `MIMALLOC_DECOMMIT_DELAY` in the environment decides.
  ///
  /// - `serve` keeps them 25 ms, mimalloc's own delay. A save's build
  ///   frees and allocates the same pages within milliseconds; given back at
  ///   once, they went back and were faulted in again some 900 times in each
  ///   save's loading alone (`madvise`), and each save took 65–79 ms where it
  ///   takes 41–51 ms with them kept (the team-shaped bench site, 417 designs,
  ///   10,008 renders; `bench/reload.py`).
  /// - A rebuild (`build` over an earlier build) keeps them 1,000 ms, for its
  ///   whole run: it reads and decodes the earlier build's definitions and
  ///   caches and frees them as it goes. On 1,250 designs in two locales, a
  ///   rebuild after one title edit took 0.149 s at 1,000 ms, 0.159 s at
  ///   25 ms and 0.167 s at 0 ms (medians of 11 alternating runs), for a
  ///   peak of 80 MB where it was 75 MB.
  static func keepEmptyPagesForReuse(milliseconds: Int) {
    #if canImport(CMimalloc)
      guard getenv("MIMALLOC_DECOMMIT_DELAY") == nil else { return }
      mi_option_set(mi_option_decommit_delay, milliseconds)
    #endif
  }

  /// `mimalloc 2.0.9, pages back after 0 ms` when a `malloc`ed block lives in
  /// mimalloc's heap, else `system malloc`.
  static var description: String {
    #if canImport(CMimalloc)
      guard let block = malloc(64) else { return "system malloc" }
      defer { free(block) }
      guard mi_is_in_heap_region(block) else { return "system malloc" }
      let version = Int(mi_version())
      return "mimalloc \(version / 100).\(version / 10 % 10).\(version % 10), pages back after "
        + "\(mi_option_get(mi_option_decommit_delay)) ms"
    #else
      return "system malloc"
    #endif
  }
}
